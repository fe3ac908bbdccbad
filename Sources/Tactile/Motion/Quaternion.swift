import Foundation

/// A rotation in three dimensions, as a unit quaternion `w + xi + yj + zk`:
/// the representation ``Attitude`` keeps, because composing and integrating
/// rotations with it is cheap and never drifts away from a rotation by more
/// than a normalisation repairs.
///
/// The rotation of a quaternion made with ``init(axis:angle:)`` follows the
/// right-hand rule, as the event-handling guide describes for rotation rates:
/// with the right thumb along `axis`, a positive angle turns the way the
/// fingers curl. `(a * b)` is the rotation `b` followed by `a`, as with
/// rotation matrices; ``rotate(_:)`` applies the rotation to a vector.
///
/// ```swift
/// let quarterTurn = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: .pi / 2)
/// quarterTurn.rotate(Vector3(x: 1, y: 0, z: 0))   // ≈ (0, 1, 0)
/// ```
///
/// Operations expect unit quaternions except where they say otherwise; a
/// long chain of products should be ``normalized()`` now and then (the
/// fusion filter does so every sample).
///
/// ## See Also
/// - ``Attitude``
/// - ``RotationMatrix``
public struct Quaternion: Hashable, Sendable {
    /// The scalar part: `cos(angle / 2)`.
    public var w: Double
    /// The vector part: `sin(angle / 2)` times the rotation axis.
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// No rotation.
    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `angle` radians about `axis` (right-hand rule).
    /// An axis of zero length gives the identity.
    public init(axis: Vector3, angle: Double) {
        guard let unit = axis.normalized else {
            self = .identity
            return
        }
        let half = angle / 2
        let sine = sin(half)
        self.init(w: cos(half), x: unit.x * sine, y: unit.y * sine, z: unit.z * sine)
    }

    /// The rotation whose axis is `vector`'s direction and whose angle is its
    /// length: the exponential map, exact for a constant rotation rate `ω`
    /// held for `dt` when given `ω × dt`.
    @inlinable
    public init(rotationVector vector: Vector3) {
        let angle = vector.length
        // Below this the sine's Taylor series (1 - θ²/24 for sin(θ/2)/θ) is
        // exact to double precision and avoids dividing by a tiny angle.
        if angle < 1e-6 {
            let scale = 0.5 - angle * angle / 48
            self.init(w: 1 - angle * angle / 8, x: vector.x * scale, y: vector.y * scale, z: vector.z * scale)
        } else {
            let scale = sin(angle / 2) / angle
            self.init(w: cos(angle / 2), x: vector.x * scale, y: vector.y * scale, z: vector.z * scale)
        }
    }

    /// The Hamilton product: the rotation `rhs` followed by `lhs`.
    @inlinable
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w)
    }

    /// The conjugate: for a unit quaternion, the opposite rotation.
    @inlinable
    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The length; 1 for a rotation.
    @inlinable
    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The opposite rotation. Works for any non-zero quaternion; the
    /// identity for zero (which is no rotation at all).
    @inlinable
    public var inverse: Quaternion {
        let squared = w * w + x * x + y * y + z * z
        guard squared > 0, squared.isFinite else { return .identity }
        return Quaternion(w: w / squared, x: -x / squared, y: -y / squared, z: -z / squared)
    }

    /// The same rotation with length exactly 1; the identity for a
    /// quaternion that is zero or not finite, which is no rotation.
    @inlinable
    public func normalized() -> Quaternion {
        let length = norm
        guard length > 0, length.isFinite else { return .identity }
        return Quaternion(w: w / length, x: x / length, y: y / length, z: z / length)
    }

    /// `vector` rotated by this rotation: `q v q*`.
    @inlinable
    public func rotate(_ vector: Vector3) -> Vector3 {
        // The expanded form of q v q*: two cross products instead of two
        // quaternion products (t = 2 q.xyz × v; v' = v + w t + q.xyz × t).
        let axis = Vector3(x: x, y: y, z: z)
        let t = axis.cross(vector) * 2
        return vector + t * w + axis.cross(t)
    }

    /// The angle of the rotation, in radians, 0…π.
    public var angle: Double {
        let vector = (x * x + y * y + z * z).squareRoot()
        // atan2 stays accurate near 0 and π, where acos(w) loses digits.
        return 2 * atan2(vector, abs(w))
    }

    /// The angle of the rotation that takes this one to `other`, 0…π: how
    /// far apart two attitudes are, whatever the axis.
    public func angle(to other: Quaternion) -> Double {
        (conjugate * other).angle
    }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }
}
