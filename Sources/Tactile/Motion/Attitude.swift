import Foundation

/// A device's orientation in space relative to a reference frame, in the
/// guide's three representations: a quaternion, a rotation matrix, and the
/// Euler angles roll, pitch and yaw.
///
/// ## The reference frame
///
/// As in Core Motion, the reference frame is fixed when device-motion
/// updates start: its z axis points straight up, against gravity, and its x
/// and y axes are horizontal, with y where the device's top pointed (yaw 0).
/// Without a magnetometer nothing ties the x and y axes to north, so yaw is
/// relative to that starting heading and drifts slowly with any gyroscope
/// bias that is left; roll and pitch are held to gravity and do not drift.
///
/// ## The three representations
///
/// - ``quaternion`` is the rotation that takes the reference frame's axes to
///   the device's axes: draw a 3-D model of the device with it.
/// - ``rotationMatrix`` is the guide's `R`, which takes a vector given in the
///   reference frame to the same vector in the device's frame, so that
///   `gravity = R × (0, 0, −1)` exactly as the guide writes it. It is the
///   transpose of the matrix of ``quaternion`` (as Core Motion's
///   `CMRotationMatrix` is of its `CMQuaternion`).
/// - ``roll``, ``pitch`` and ``yaw`` are the angles of Core Motion:
///   the device's rotation is yaw about the vertical z axis, then pitch about
///   the device's x axis (its left-to-right axis; positive lifts the top edge),
///   then roll about its y axis (bottom-to-top; positive lowers the right
///   edge). Pitch is in −π/2…π/2, roll and yaw in −π…π.
///
/// ## Changing the reference
///
/// ``multiply(byInverseOf:)`` re-expresses an attitude relative to another,
/// as the guide's bat-swing example does to turn the current attitude into
/// the change since the pitch began:
///
/// ```swift
/// // at the start of the pitch
/// referenceAttitude = manager.deviceMotion?.attitude
/// // each frame
/// if var attitude = manager.deviceMotion?.attitude, let referenceAttitude {
///     attitude.multiply(byInverseOf: referenceAttitude)
///     bat.rotation = attitude.quaternion
/// }
/// ```
///
/// ## See Also
/// - ``DeviceMotion``
public struct Attitude: Hashable, Sendable {
    /// The rotation from the reference frame's axes to the device's axes.
    public var quaternion: Quaternion

    @inlinable
    public init(quaternion: Quaternion) {
        self.quaternion = quaternion
    }

    /// The attitude with these Euler angles, in radians (see the type's
    /// documentation for their order and meaning).
    public init(roll: Double, pitch: Double, yaw: Double) {
        let z = Vector3(x: 0, y: 0, z: 1), x = Vector3(x: 1, y: 0, z: 0), y = Vector3(x: 0, y: 1, z: 0)
        quaternion = Quaternion(axis: z, angle: yaw) * Quaternion(axis: x, angle: pitch) * Quaternion(axis: y, angle: roll)
    }

    /// The reference attitude itself: the device as it was when updates began.
    public static let identity = Attitude(quaternion: .identity)

    /// The guide's `R`: takes a vector in the reference frame to the device's
    /// frame. `rotationMatrix * Vector3(x: 0, y: 0, z: -1)` is gravity as the
    /// device feels it.
    @inlinable
    public var rotationMatrix: RotationMatrix { RotationMatrix(quaternion).transposed }

    /// Rotation about the device's y axis, −π…π; positive lowers its right edge.
    public var roll: Double { eulerAngles.roll }

    /// Rotation about the device's x axis, −π/2…π/2; positive lifts its top edge.
    public var pitch: Double { eulerAngles.pitch }

    /// Rotation about the vertical, −π…π, relative to the heading when the
    /// reference was set; positive turns counter-clockwise seen from above.
    public var yaw: Double { eulerAngles.yaw }

    /// All three Euler angles at once, for the price of one matrix.
    public var eulerAngles: (roll: Double, pitch: Double, yaw: Double) {
        // The device's rotation is D = Rz(yaw) Rx(pitch) Ry(roll); R is its
        // transpose. Expanding D gives D32 = sin(pitch),
        // D31 = −cos(pitch) sin(roll), D33 = cos(pitch) cos(roll),
        // D12 = −sin(yaw) cos(pitch), D22 = cos(yaw) cos(pitch); in R those
        // are m23, m13, m33, m21 and m22.
        let r = rotationMatrix
        let sinePitch = min(1, max(-1, r.m23))
        let pitch = asin(sinePitch)
        // Within about 0.03° of straight up or down, roll and yaw turn about
        // the same axis and only their sum is defined: call it all yaw.
        if abs(sinePitch) > 1 - 1e-10 {
            return (0, pitch, atan2(r.m12, r.m11))
        }
        return (atan2(-r.m13, r.m33), pitch, atan2(-r.m21, r.m22))
    }

    /// Changes this attitude to the rotation from `reference` to it: what the
    /// device did since it was at `reference`.
    ///
    /// In matrices this is the guide's `R × R_reference⁻¹`; in quaternions
    /// `q_reference⁻¹ × q`. An attitude multiplied by the inverse of itself is
    /// the identity.
    public mutating func multiply(byInverseOf reference: Attitude) {
        quaternion = (reference.quaternion.conjugate * quaternion).normalized()
    }

    /// The rotation from `reference` to this attitude, leaving this one as it is.
    public func multiplied(byInverseOf reference: Attitude) -> Attitude {
        var copy = self
        copy.multiply(byInverseOf: reference)
        return copy
    }

    /// Gravity as the device in this attitude feels it, in g: the guide's
    /// `R × (0, 0, −1)`.
    @inlinable
    public var gravity: Vector3 {
        // The third column of R, negated, without building all of R.
        let q = quaternion
        return Vector3(
            x: -2 * (q.x * q.z - q.w * q.y),
            y: -2 * (q.y * q.z + q.w * q.x),
            z: -(1 - 2 * (q.x * q.x + q.y * q.y)))
    }

    /// The attitude level with `gravity` (a direction in the device's frame)
    /// at heading `yaw`: the one rotation with that yaw whose ``gravity``
    /// points along `gravity`. `nil` when `gravity` has no direction.
    public init?(gravity: Vector3, yaw: Double = 0) {
        guard let g = gravity.normalized else { return nil }
        // With yaw 0, gravity = (cos p sin r, −sin p, −cos p cos r).
        let pitch = asin(min(1, max(-1, -g.y)))
        let roll = atan2(g.x, -g.z)
        self.init(roll: roll, pitch: pitch, yaw: yaw)
    }
}
