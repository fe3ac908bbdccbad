/// A rotation as a 3×3 matrix, with the element names of Core Motion's
/// `CMRotationMatrix` (`m11` is row 1, column 1).
///
/// The matrix multiplies column vectors: `matrix * v`. As a rotation it is
/// orthonormal, so its inverse is its ``transposed`` matrix.
///
/// ```swift
/// let matrix = RotationMatrix(Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: .pi / 2))
/// matrix * Vector3(x: 1, y: 0, z: 0)   // ≈ (0, 1, 0)
/// ```
///
/// ## See Also
/// - ``Attitude/rotationMatrix``
/// - ``Quaternion``
public struct RotationMatrix: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    public static let identity = RotationMatrix(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The matrix that rotates vectors as `quaternion` does:
    /// `RotationMatrix(q) * v == q.rotate(v)`. `quaternion` should be a unit quaternion.
    @inlinable
    public init(_ q: Quaternion) {
        let xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z
        let xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z
        let wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z
        self.init(
            m11: 1 - 2 * (yy + zz), m12: 2 * (xy - wz), m13: 2 * (xz + wy),
            m21: 2 * (xy + wz), m22: 1 - 2 * (xx + zz), m23: 2 * (yz - wx),
            m31: 2 * (xz - wy), m32: 2 * (yz + wx), m33: 1 - 2 * (xx + yy))
    }

    /// The transpose: for a rotation, the opposite rotation.
    @inlinable
    public var transposed: RotationMatrix {
        RotationMatrix(m11: m11, m12: m21, m13: m31, m21: m12, m22: m22, m23: m32, m31: m13, m32: m23, m33: m33)
    }

    @inlinable
    public static func * (matrix: RotationMatrix, vector: Vector3) -> Vector3 {
        Vector3(
            x: matrix.m11 * vector.x + matrix.m12 * vector.y + matrix.m13 * vector.z,
            y: matrix.m21 * vector.x + matrix.m22 * vector.y + matrix.m23 * vector.z,
            z: matrix.m31 * vector.x + matrix.m32 * vector.y + matrix.m33 * vector.z)
    }

    @inlinable
    public static func * (lhs: RotationMatrix, rhs: RotationMatrix) -> RotationMatrix {
        RotationMatrix(
            m11: lhs.m11 * rhs.m11 + lhs.m12 * rhs.m21 + lhs.m13 * rhs.m31,
            m12: lhs.m11 * rhs.m12 + lhs.m12 * rhs.m22 + lhs.m13 * rhs.m32,
            m13: lhs.m11 * rhs.m13 + lhs.m12 * rhs.m23 + lhs.m13 * rhs.m33,
            m21: lhs.m21 * rhs.m11 + lhs.m22 * rhs.m21 + lhs.m23 * rhs.m31,
            m22: lhs.m21 * rhs.m12 + lhs.m22 * rhs.m22 + lhs.m23 * rhs.m32,
            m23: lhs.m21 * rhs.m13 + lhs.m22 * rhs.m23 + lhs.m23 * rhs.m33,
            m31: lhs.m31 * rhs.m11 + lhs.m32 * rhs.m21 + lhs.m33 * rhs.m31,
            m32: lhs.m31 * rhs.m12 + lhs.m32 * rhs.m22 + lhs.m33 * rhs.m32,
            m33: lhs.m31 * rhs.m13 + lhs.m32 * rhs.m23 + lhs.m33 * rhs.m33)
    }
}
