import Foundation

/// A stand-in for motion sensors on machines that have none: the arrow keys,
/// a mouse drag or a controller's right stick tilt a simulated device, and a
/// key shakes it.
///
/// The simulated device makes accelerometer and gyroscope readings that
/// agree with each other (the gyroscope reports exactly how the tilt
/// changes), so everything downstream (filters, fusion, shake and
/// orientation detection) runs as it does on real sensors. Readings are made
/// every ``Settings/sampleInterval`` of the game's clock as
/// ``MotionManager/update()`` advances it.
///
/// | input | tilts the device |
/// |---|---|
/// | ← / → held | the left / right edge goes down (roll), at ``Settings/tiltRate`` |
/// | ↑ / ↓ held | the top / bottom edge goes down (pitch) |
/// | drag with ``Controls/mouseButton`` | by ``Settings/mouseSensitivity`` per point, like the arrows |
/// | right stick | adds up to ``Settings/maximumTilt`` in the stick's direction, back when released |
/// | ``Controls/shake`` with ``Controls/shakeModifiers`` | shakes along x for as long as held, at least ``Settings/shakeMinimumDuration`` |
///
/// The edge in the direction pressed goes down, as if the keys pushed a ball
/// across the screen. The device starts flat, face up. Tilts are limited to
/// ``Settings/maximumTilt`` each way, which with the default of 90° reaches
/// the portrait and landscape orientations.
///
/// ```swift
/// let motion = MotionManager(clock: app.gameClock, sensorControl: app.pump)
/// motion.simulation = SimulatedMotion()    // used when no real sensor is present
/// ```
///
/// The simulation is off unless set, so that on a machine without sensors
/// ``MotionManager/isAccelerometerAvailable`` tells the truth by default and
/// the arrow keys belong to the game.
///
/// ## See Also
/// - ``MotionSource/simulated``
/// - ``MotionManager/simulation``
public struct SimulatedMotion: Hashable, Sendable {
    /// Which keys and buttons drive the simulation.
    public struct Controls: Hashable, Sendable {
        /// Scancodes (USB HID keyboard usages, SDL's `SDL_Scancode`): the arrow keys.
        public var tiltLeft: Int32 = 80
        public var tiltRight: Int32 = 79
        public var tiltForward: Int32 = 82
        public var tiltBack: Int32 = 81
        /// The shake key: Z, with ``shakeModifiers``. The iOS Simulator's
        /// shake gesture is Control-Command-Z; Command (Super) is the
        /// desktop's on Linux, so Control-Z.
        public var shake: Int32 = 29
        /// Modifiers, any of which must be held with ``shake``; empty for none.
        public var shakeModifiers: KeyModifiers = .control
        /// The mouse button whose drag tilts; `nil` for no mouse. The right
        /// button, because the left is a touch.
        public var mouseButton: MouseButton? = .right
        /// Whether a controller's right stick tilts.
        public var usesRightStick = true

        public init() {}
    }

    /// How the simulated device moves.
    public struct Settings: Hashable, Sendable {
        /// How fast an arrow key tilts, in rad/s: a quarter turn a second.
        public var tiltRate: Double = .pi / 2
        /// The largest tilt each way, in radians: 90°, upright or on its side.
        public var maximumTilt: Double = .pi / 2
        /// Radians of tilt per point of mouse drag: a quarter turn in 157 points.
        public var mouseSensitivity: Double = 0.01
        /// The fastest the device follows its keys, mouse and stick, in
        /// rad/s: a stick flicked to the side becomes a quick turn (a
        /// quarter turn in 0.25 s) that the gyroscope can report, not a jump.
        public var followRate: Double = 2 * .pi
        /// The shake's peak acceleration, in g: a deliberate shake, well
        /// above ``ShakeSettings/joltThreshold``.
        public var shakeAmplitude: Double = 2
        /// The shake's frequency, in Hz, within the 2–8 Hz a hand shakes at.
        public var shakeFrequency: Double = 5
        /// The shortest shake, in seconds, so that a tap of the key is a
        /// whole shake: 2.5 cycles at 5 Hz, four reversals.
        public var shakeMinimumDuration: Double = 0.5
        /// Seconds between readings: 100 Hz, the guide's fastest accelerometer rate.
        public var sampleInterval: Double = 0.01
        /// The most time a single update catches up on, in seconds; after a
        /// longer stall the simulation skips ahead rather than produce a
        /// burst of readings (the same limit as `SDLApp`'s fixed steps).
        public var maximumCatchUp: Double = 0.25

        public init() {}
    }

    public var controls: Controls
    public var settings: Settings

    /// The simulated device's roll and pitch, in radians (see ``Attitude``).
    public private(set) var roll = 0.0
    public private(set) var pitch = 0.0

    /// The tilt the keys and the mouse have set; the stick adds to it.
    private var commandedRoll = 0.0
    private var commandedPitch = 0.0
    private var stickX = 0.0
    private var stickY = 0.0
    private var left = false, right = false, forward = false, back = false
    private var dragging: Point?
    private var shakeKeyHeld = false
    private var shakeStart: Double?
    private var lastSampleTime: Double?
    /// What the last reading's attitude worked out, kept for the next:
    /// see ``Derived``.
    private var derived = Derived()

    public init(controls: Controls = Controls(), settings: Settings = Settings()) {
        self.controls = controls
        self.settings = settings
    }

    /// Whether the simulated device is shaking.
    public var isShaking: Bool { shakeStart != nil }

    /// Takes an input event that may drive the simulation; others are ignored.
    public mutating func handle(_ event: InputEvent) {
        switch event.kind {
        case .key(let key) where !key.isRepeat:
            switch key.scancode {
            case controls.tiltLeft: left = key.isDown
            case controls.tiltRight: right = key.isDown
            case controls.tiltForward: forward = key.isDown
            case controls.tiltBack: back = key.isDown
            case controls.shake:
                let modifiersHeld = controls.shakeModifiers.isEmpty || !key.modifiers.isDisjoint(with: controls.shakeModifiers)
                if key.isDown, modifiersHeld {
                    shakeKeyHeld = true
                    if shakeStart == nil { shakeStart = event.timestamp }
                } else if !key.isDown {
                    shakeKeyHeld = false
                }
            default:
                break
            }
        case .controller(.axis(_, let axis, let value)) where controls.usesRightStick:
            if axis == .rightX { stickX = value.isFinite ? value : 0 }
            if axis == .rightY { stickY = value.isFinite ? value : 0 }
        case .controller(.removed):
            stickX = 0
            stickY = 0
        case .mouseButton(let button) where button.button == controls.mouseButton:
            dragging = button.isDown ? button.location : nil
        case .mouseHover(let location):
            guard let from = dragging, location.x.isFinite, location.y.isFinite else { return }
            commandedRoll = clampTilt(commandedRoll + (location.x - from.x) * settings.mouseSensitivity)
            commandedPitch = clampTilt(commandedPitch + (location.y - from.y) * settings.mouseSensitivity)
            dragging = location
        case .interrupted:
            // Keys and buttons held when focus went will not send their ups.
            left = false; right = false; forward = false; back = false
            shakeKeyHeld = false
            dragging = nil
        default:
            break
        }
    }

    /// Starts making readings from `time`: the first comes one interval later.
    mutating func restart(at time: Double) {
        lastSampleTime = time
    }

    /// The next reading due by `now`, as (acceleration in g, rotation rate
    /// in rad/s, time), or `nil` when none is due.
    mutating func nextSample(until now: Double) -> (acceleration: Vector3, rotationRate: Vector3, time: Double)? {
        // Settings a game got wrong (NaN, zero) fall back to the defaults
        // rather than stall the frame or flood it.
        let interval = settings.sampleInterval.isFinite && settings.sampleInterval >= 0.001 ? settings.sampleInterval : 0.01
        let catchUp = settings.maximumCatchUp.isFinite ? min(max(settings.maximumCatchUp, interval), 1) : 0.25
        guard now.isFinite else { return nil }
        guard var last = lastSampleTime else {
            lastSampleTime = now
            return nil
        }
        if now - last > catchUp { last = now - interval }
        let time = last + interval
        // A sliver of tolerance so that a clock advanced by exactly the
        // interval in floating point makes its reading.
        guard time <= now + interval * 1e-9 else { return nil }
        lastSampleTime = time

        let direction = (right ? 1.0 : 0) - (left ? 1 : 0)
        let tilt = (back ? 1.0 : 0) - (forward ? 1 : 0)
        commandedRoll = clampTilt(commandedRoll + direction * settings.tiltRate * interval)
        commandedPitch = clampTilt(commandedPitch + tilt * settings.tiltRate * interval)
        let targetRoll = clampTilt(commandedRoll + stickX * settings.maximumTilt)
        let targetPitch = clampTilt(commandedPitch + stickY * settings.maximumTilt)
        let maximumStep = settings.followRate * interval
        let rollStep = min(maximumStep, max(-maximumStep, targetRoll - roll))
        let pitchStep = min(maximumStep, max(-maximumStep, targetPitch - pitch))
        roll += rollStep
        pitch += pitchStep

        // For the attitude Rx(pitch) Ry(roll) the body rate is
        // (ṗ cos r, ṙ, ṗ sin r); the midpoint roll keeps it second-order accurate.
        let midRoll = roll - rollStep / 2
        let pitchRate = pitchStep / interval
        let (cosine, sine) = derived.cosineAndSine(of: midRoll)
        let rotationRate = Vector3(x: pitchRate * cosine, y: rollStep / interval, z: pitchRate * sine)
        var acceleration = derived.gravity(roll: roll, pitch: pitch)
        if let start = shakeStart {
            if shakeKeyHeld || time < start + settings.shakeMinimumDuration {
                let phase = 2 * Double.pi * settings.shakeFrequency * (time - start)
                acceleration.x += settings.shakeAmplitude * sin(phase)
            } else {
                shakeStart = nil
            }
        }
        return (acceleration, rotationRate, time)
    }

    private func clampTilt(_ angle: Double) -> Double {
        min(settings.maximumTilt, max(-settings.maximumTilt, angle))
    }
}

extension SimulatedMotion {
    /// The trigonometry of the last reading, kept with the angles it was
    /// worked out for and reused when they are the same to the bit: a
    /// device nobody tilts (no key, drag or stick: most frames of a game,
    /// every frame of a replay without them) reads the same attitude every
    /// interval, and its eight sines and cosines (the attitude's quaternion
    /// from three half angles, the rate's midpoint roll) were most of a
    /// reading's cost (callgrind, Tilt Maze's ten-contact replay: about 720
    /// instructions a reading, 1.7 readings a frame). The readings are the
    /// same either way. Derived from the other fields, so not part of the
    /// simulation's value: any two compare equal and hash alike.
    struct Derived: Hashable, Sendable {
        private var midRoll = 0.0
        private var midRollCosine = 1.0
        private var midRollSine = 0.0
        private var roll = 0.0
        private var pitch = 0.0
        private var gravity = Attitude(roll: 0, pitch: 0, yaw: 0).gravity

        /// `(cos(angle), sin(angle))`.
        mutating func cosineAndSine(of angle: Double) -> (Double, Double) {
            // Bit patterns, not `==`: 0 and -0 are equal but their sines are not.
            if angle.bitPattern != midRoll.bitPattern {
                midRoll = angle
                midRollCosine = cos(angle)
                midRollSine = sin(angle)
            }
            return (midRollCosine, midRollSine)
        }

        /// `Attitude(roll: roll, pitch: pitch, yaw: 0).gravity`.
        mutating func gravity(roll: Double, pitch: Double) -> Vector3 {
            if roll.bitPattern != self.roll.bitPattern || pitch.bitPattern != self.pitch.bitPattern {
                self.roll = roll
                self.pitch = pitch
                gravity = Attitude(roll: roll, pitch: pitch, yaw: 0).gravity
            }
            return gravity
        }

        static func == (_: Derived, _: Derived) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
}
