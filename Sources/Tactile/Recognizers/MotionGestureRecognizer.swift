/// The shared life of a gesture of the device itself (a shake, a flick, a
/// tilt, a twist, a knock): it listens to the motion readings a
/// ``MotionManager`` hands the scene, and sorts them so that a subclass
/// only detects.
///
/// A motion recognizer listens to ``InputSource/motion`` wherever its layer
/// is in the scene, follows no touch (its
/// ``GestureRecognizer/allowedPointerKinds`` is empty), and is not exclusive (``GestureRecognizer/isExclusive``
/// is `false`): the device's shake, tilt, flick and twist do not stop each
/// other unless the game makes one exclusive or requires one to fail, while
/// a touch gesture and a motion gesture still compete by the arena's rules
/// (require-to-fail, delegates, simultaneity). The rules here:
///
/// - Each accelerometer, gyroscope or device-motion reading goes to
///   ``receiveAccelerometer(_:)``, ``receiveGyro(_:)`` or
///   ``receiveDeviceMotion(_:)``; keys, buttons and axes never come (the
///   recognizer does not listen to them).
/// - When the readings break off (a gap, a new source, focus lost, the
///   motion manager's receiver changed), ``readingsBrokeOff()`` says so:
///   what the subclass's detector held no longer holds. The arena then
///   stops the gesture, cancelled if under way, failed otherwise.
/// - A discrete gesture recognizes with ``recognize()``, which does nothing
///   unless the recognizer is possible: the motion of an attempt that
///   another gesture won, or that is waiting to reset, never recognizes.
///
/// A custom motion gesture overrides the hooks it needs:
///
/// ```swift
/// final class JumpRecognizer: MotionGestureRecognizer {
///     private var lastZ = 0.0
///     override func receiveAccelerometer(_ data: AccelerometerData) {
///         defer { lastZ = data.acceleration.z }
///         if data.acceleration.z - lastZ > 1.5 { recognize() }
///     }
///     override func readingsBrokeOff() { lastZ = 0 }
/// }
/// ```
///
/// Like every built-in recognizer, it uses only the public recognizer
/// contract (the `PublicContractTests` target compiles a copy of it with a
/// plain `import Tactile`).
///
/// The built-in subclasses are the shake, flick, tilt, twist and knock
/// recognizers; ``MotionEventReceiver`` says how the readings reach the scene.
///
/// ## See Also
/// - ``ShakeGestureRecognizer``
/// - ``FlickGestureRecognizer``
/// - ``TiltGestureRecognizer``
/// - ``TwistGestureRecognizer``
/// - ``KnockGestureRecognizer``
/// - ``MotionEventReceiver``
@MainActor
open class MotionGestureRecognizer: GestureRecognizer {
    /// A recognizer listening to ``InputSource/motion``, not exclusive.
    public override init() {
        super.init()
        inputSources = [.motion]
        isExclusive = false
        // Follows no touch: on a layer, it would otherwise join the arena of
        // every touch on that layer (the scene's shake, on the root, every
        // touch in the scene), hold back its lift and be failed by it.
        allowedPointerKinds = []
    }

    /// Sorts a motion reading, or the loss of the readings, into the hooks
    /// below. A subclass overrides the hooks rather than this.
    open override func receive(_ subEvent: InputSubEvent) {
        switch subEvent {
        case .accelerometer(let data): receiveAccelerometer(data)
        case .gyro(let data): receiveGyro(data)
        case .deviceMotion(let motion): receiveDeviceMotion(motion)
        case .sourceLost: readingsBrokeOff()
        // Not a motion source: never delivered to a recognizer that only
        // listens to motion, unless a subclass adds sources of its own.
        case .key, .button, .axis: break
        }
    }

    /// An accelerometer reading, in g, gravity included. Does nothing by default.
    open func receiveAccelerometer(_ data: AccelerometerData) {}

    /// A gyroscope reading, in radians per second. Does nothing by default.
    open func receiveGyro(_ data: GyroData) {}

    /// A fused device-motion reading (only while device-motion updates are
    /// on and the game hands them to the scene). Does nothing by default.
    open func receiveDeviceMotion(_ motion: DeviceMotion) {}

    /// The readings broke off: forget what the detection held. The arena
    /// stops the gesture right after. Does nothing by default.
    open func readingsBrokeOff() {}

    /// Recognizes a discrete motion gesture (``GestureRecognizer/State/ended``)
    /// if the recognizer is possible; returns whether it did. A recognizer
    /// that is not possible is in an attempt that is over or under way.
    @discardableResult
    public func recognize() -> Bool {
        guard state == .possible else { return false }
        state = .ended
        return true
    }
}

// MARK: Readings a built-in recognizer does nothing with

extension MotionGestureRecognizer {
    /// The bit of a motion reading in ``readingsIgnored(by:)``'s mask; 0
    /// for any other sub-event (the source's loss included).
    nonisolated static func readingBit(of subEvent: InputSubEvent) -> UInt8 {
        switch subEvent {
        case .accelerometer: 1
        case .gyro: 2
        case .deviceMotion: 4
        case .key, .button, .axis, .sourceLost: 0
        }
    }

    /// The readings that `recognizer`, if it is of exactly one of the
    /// built-in motion classes, does nothing with once it follows the
    /// source: its `receive` calls only hooks it does not override (a
    /// shake, tilt or knock reads the accelerometer, a flick or twist the
    /// gyroscope; none reads device motion). 0 for any other recognizer,
    /// subclasses included, which may do anything in `receive`. The arena
    /// leaves such a reading out for it (ArenaListeners+Quiet.swift): a
    /// scene with a shake, a tilt, a flick and a twist hands each reading
    /// to two of them that do nothing with it (callgrind: about 80
    /// instructions each).
    static func readingsIgnored(by recognizer: GestureRecognizer) -> UInt8 {
        let kind = type(of: recognizer)
        if kind == ShakeGestureRecognizer.self || kind == TiltGestureRecognizer.self || kind == KnockGestureRecognizer.self {
            return 2 | 4
        }
        if kind == FlickGestureRecognizer.self || kind == TwistGestureRecognizer.self { return 1 | 4 }
        return 0
    }
}
