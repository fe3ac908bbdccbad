// The one place where SDL's sensor units and axes become the guide's.
//
// | | SDL (and `SensorSample`) | Tactile's motion types (the guide, Core Motion) |
// |---|---|---|
// | accelerometer unit | m/s² | g = 9.80665 m/s² (SDL_STANDARD_GRAVITY) |
// | at rest, lying face up | (0, 0, +9.81): "a value of SDL_STANDARD_GRAVITY away from the center of the earth" | (0, 0, −1): gravity itself, "the vector [0, 0, −1]" |
// | gyroscope unit | rad/s | rad/s |
// | axes | x right, y top, z towards the viewer ("For phones held in portrait mode and game controllers held in front of you") | the same |
// | positive rotation | counter-clockwise seen from the positive axis | right-hand rule: the same |
//
// SDL_sensor.h (SDL 2.26) documents both columns' SDL side. The axes agree,
// so only the accelerometer changes: SDL reports the force that holds the
// device up (the specific force, as Android does), the guide reports the
// acceleration of gravity, which points the other way. Dividing by
// −SDL_STANDARD_GRAVITY does both at once.

extension SensorSample {
    /// SDL's standard gravity, `SDL_STANDARD_GRAVITY`: metres per second
    /// squared in one g.
    public static let standardGravity = 9.80665

    /// The reading in the guide's units and sign convention: acceleration in
    /// g with gravity pointing down (`(0, 0, −1)` for a device lying face
    /// up), rotation rate in radians per second. Axes are unchanged: SDL's
    /// are the guide's.
    @inlinable
    public var motionValue: Vector3 {
        switch kind {
        case .accelerometer: value * (-1 / SensorSample.standardGravity)
        case .gyroscope: value
        }
    }
}
