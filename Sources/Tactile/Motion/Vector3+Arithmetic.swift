// The vector arithmetic the motion code needs: sums, scaling, dot and cross
// products, length. Plain component-wise code, so that every operation
// inlines to a handful of multiplications and nothing allocates.

extension Vector3 {
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    @inlinable
    public static prefix func - (vector: Vector3) -> Vector3 {
        Vector3(x: -vector.x, y: -vector.y, z: -vector.z)
    }

    @inlinable
    public static func * (vector: Vector3, scale: Double) -> Vector3 {
        Vector3(x: vector.x * scale, y: vector.y * scale, z: vector.z * scale)
    }

    @inlinable
    public static func * (scale: Double, vector: Vector3) -> Vector3 {
        vector * scale
    }

    @inlinable
    public static func / (vector: Vector3, divisor: Double) -> Vector3 {
        Vector3(x: vector.x / divisor, y: vector.y / divisor, z: vector.z / divisor)
    }

    @inlinable
    public static func += (lhs: inout Vector3, rhs: Vector3) {
        lhs = lhs + rhs
    }

    @inlinable
    public static func -= (lhs: inout Vector3, rhs: Vector3) {
        lhs = lhs - rhs
    }

    /// The dot product.
    @inlinable
    public func dot(_ other: Vector3) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The cross product `self × other`, right-handed: x̂ × ŷ = ẑ.
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// The Euclidean length.
    @inlinable
    public var length: Double { dot(self).squareRoot() }

    /// The vector scaled to length 1, or `nil` for the zero vector (or one
    /// too short to have a meaningful direction).
    @inlinable
    public var normalized: Vector3? {
        let length = self.length
        return length > 1e-12 && length.isFinite ? self / length : nil
    }

    /// The largest absolute value of the three components.
    @inlinable
    public var maximumMagnitude: Double { max(abs(x), abs(y), abs(z)) }
}
