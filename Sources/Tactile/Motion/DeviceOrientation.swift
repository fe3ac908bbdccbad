/// The general orientation of the device, as the guide's `UIDeviceOrientation`
/// gives it: which way up it is held, or lying face up or down.
///
/// These are the device's physical orientation, not the orientation of a
/// game's interface. Each is the orientation in which gravity points along
/// one of the device's axes (Core Motion's axes: x right, y to the top, z
/// out of the screen):
///
/// | orientation | held | gravity |
/// |---|---|---|
/// | ``portrait`` | upright, top up | −y |
/// | ``portraitUpsideDown`` | upright, top down | +y |
/// | ``landscapeLeft`` | on its side, top to the left (home button on the right) | −x |
/// | ``landscapeRight`` | on its side, top to the right | +x |
/// | ``faceUp`` | flat, screen up | −z |
/// | ``faceDown`` | flat, screen down | +z |
///
/// A game controller held in front of you reads as ``portrait`` (see
/// ``AccelerometerData``).
///
/// ```swift
/// motion.beginGeneratingOrientationNotifications()
/// motion.onOrientationChange = { orientation, _ in
///     if orientation.isLandscape { hud.layOutWide() }
/// }
/// ```
///
/// ## See Also
/// - ``OrientationSettings``
/// - ``MotionManager/beginGeneratingOrientationNotifications()``
public enum DeviceOrientation: String, Hashable, Sendable, CaseIterable {
    /// Not known: no reading yet, updates off, or the source went away.
    case unknown
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"
    case faceUp = "face-up"
    case faceDown = "face-down"

    /// Whether the device is upright, either way up.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the device is on its side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device is lying flat.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }

    /// The direction of gravity in this orientation, on the device's axes;
    /// `nil` for ``unknown``.
    public var gravity: Vector3? {
        switch self {
        case .unknown: nil
        case .portrait: Vector3(x: 0, y: -1, z: 0)
        case .portraitUpsideDown: Vector3(x: 0, y: 1, z: 0)
        case .landscapeLeft: Vector3(x: -1, y: 0, z: 0)
        case .landscapeRight: Vector3(x: 1, y: 0, z: 0)
        case .faceUp: Vector3(x: 0, y: 0, z: -1)
        case .faceDown: Vector3(x: 0, y: 0, z: 1)
        }
    }

    /// The six known orientations.
    static let known: [DeviceOrientation] = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp, .faceDown]
}
