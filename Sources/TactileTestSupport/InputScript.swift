import Foundation
import Tactile

/// A time-stamped stream of input events written gesture by gesture: what a
/// game's test feeds its scene or loop instead of building every
/// `InputEvent` by hand.
///
/// A script has a clock of its own, ``time``. Each gesture starts there,
/// appends its events with increasing timestamps (moves every
/// ``sampleInterval``, as a 60 Hz touch screen reports them), and leaves
/// ``time`` a ``pauseAfterGesture`` past its last event, so that the next
/// gesture is a gesture of its own: never a second tap of this one, and
/// every recognizer window it opened has closed. ``wait(_:)`` adds time;
/// the touch primitives (`touchDown(at:)`, `move(_:to:over:)`, `lift(_:)`)
/// add no pause and write any sequence of fingers.
///
/// ```swift
/// var script = InputScript()
/// script.tap(at: Point(x: 100, y: 100))
/// script.doubleTap(at: Point(x: 300, y: 100))
/// script.swipe(from: Point(x: 200, y: 300), direction: .left)
/// script.pinch(center: Point(x: 400, y: 300), from: 100, to: 200)
/// for event in script.events { scene.send(event) }   // or GameHarness.run(script)
/// ```
///
/// The defaults are the built-in recognizers' own (`GestureDefaults`),
/// with a margin each way: a tap is held far shorter than a long press
/// takes, a double tap's second tap lands well within the tap window, a
/// swipe travels twice the minimum distance in a third of the longest time
/// allowed. So a script's gesture is recognized by the recognizer of that
/// name with its default settings, and by nothing that needs more.
///
/// Every finger is a `finger` pointer of touch device ``device``; each
/// gesture takes new finger indices, as a touch screen gives each contact a
/// new id. Locations are window points, timestamps seconds on whatever
/// clock the script's ``time`` is read on (a `ManualClock` from 0, with
/// ``GameHarness``). Bad input has a defined outcome: a negative or
/// non-finite duration, wait or distance counts as 0 (a move of a finger
/// after its lift is written as asked, and the scene reports it as it would
/// a real one).
///
/// ``GameHarness`` runs a script through a scene or a game loop on a manual
/// clock and reports what recognizers and layers did.
///
/// ## See Also
/// - ``GameHarness``
public struct InputScript: Hashable, Sendable {
    // MARK: Defaults

    /// How long a tap's finger stays down: a tenth of
    /// `GestureDefaults.longPressDuration`, a quick tap nowhere near a
    /// long press.
    public static let tapDuration = GestureDefaults.longPressDuration / 10
    /// From one tap's lift to the next tap's landing in a multi-tap: a third
    /// of `GestureDefaults.doubleTapTimeout`, well inside the window.
    public static let tapGap = GestureDefaults.doubleTapTimeout / 3
    /// How long a long press is held: half as long again as
    /// `GestureDefaults.longPressDuration`, so it has begun well before the lift.
    public static let longPressDuration = GestureDefaults.longPressDuration * 1.5
    /// How long a drag, pinch, rotation or edge pan takes: 0.25 s, an
    /// unhurried movement (no recognizer reads it).
    public static let movementDuration = 0.25
    /// How far a swipe travels: twice `GestureDefaults.swipeMinimumDistance`.
    public static let swipeDistance = GestureDefaults.swipeMinimumDistance * 2
    /// How long a swipe takes: a third of `GestureDefaults.swipeMaximumDuration`.
    public static let swipeDuration = GestureDefaults.swipeMaximumDuration / 3
    /// How far in from its edge an edge pan starts: a quarter of
    /// `GestureDefaults.screenEdgeMargin`.
    public static let edgeInset = GestureDefaults.screenEdgeMargin / 4
    /// The time after a gesture before the next one starts: twice
    /// `GestureDefaults.doubleTapTimeout`, so a later tap is never the
    /// second tap of an earlier one, and a single tap waiting for a double
    /// tap to fail has been released.
    public static let pauseAfterGesture = GestureDefaults.doubleTapTimeout * 2
    /// How long a controller button or key is held: 0.1 s, a quick press.
    public static let pressDuration = 0.1
    /// How often motion sensors report: 100 Hz, what SDL's controller and
    /// device sensors deliver on Linux.
    public static let sensorInterval = 0.01

    // MARK: State

    /// The events written so far, in order, with nondecreasing timestamps.
    public private(set) var events: [InputEvent] = []
    /// Where the next event goes, in seconds.
    public private(set) var time: Double
    /// Seconds between the moves of a finger: 1/60, a 60 Hz touch screen.
    public var sampleInterval = 1.0 / 60
    /// The touch device of the script's fingers.
    public var device: Int64 = 1
    /// The sensor the motion samples (``tilt(toRoll:pitch:over:)``,
    /// ``shake(for:amplitude:frequency:)``) come from: the machine's own
    /// by default; `.controller(id)` for a pad's, after ``connect(controller:)``.
    public var sensor = SensorSource.device(1)
    /// The device's attitude as the motion samples have left it: lying face
    /// up at first.
    public private(set) var attitude = Attitude.identity
    private var nextFinger: Int64 = 1

    /// An empty script whose first event is at `start` seconds.
    public init(start: Double = 0) {
        time = start.isFinite ? start : 0
    }

    /// One finger of the script, down at ``location``.
    public struct Finger: Hashable, Sendable {
        public let id: PointerID
        /// Where the finger is, in window points.
        public fileprivate(set) var location: Point
    }

    // MARK: Time and single events

    /// Lets `seconds` pass before the next event.
    public mutating func wait(_ seconds: Double) {
        time += Self.duration(seconds)
    }

    /// Appends an event of any kind at ``time``.
    public mutating func append(_ kind: InputEvent.Kind) {
        events.append(InputEvent(timestamp: time, kind))
    }

    /// Appends another script's events after this one's, shifted to start
    /// at ``time``, and moves ``time`` to where the other's ends.
    public mutating func append(_ other: InputScript) {
        let start = other.events.first?.timestamp ?? other.time
        let shift = time - start
        events += other.events.map { InputEvent(timestamp: $0.timestamp + shift, $0.kind) }
        time = other.time + shift
    }

    // MARK: Fingers

    /// Puts a new finger down at `location`.
    @discardableResult
    public mutating func touchDown(at location: Point) -> Finger {
        let finger = Finger(id: PointerID(kind: .finger, device: device, index: nextFinger), location: location)
        nextFinger += 1
        append(.pointer(PointerEvent(.down, id: finger.id, location: location)))
        return finger
    }

    /// Puts new fingers down at `locations`, all at once.
    @discardableResult
    public mutating func touchDown(at locations: [Point]) -> [Finger] {
        locations.map { touchDown(at: $0) }
    }

    /// Moves `finger` in a straight line to `location` over `duration`
    /// seconds, one move per ``sampleInterval`` (at least one).
    public mutating func move(_ finger: inout Finger, to location: Point, over duration: Double = 0) {
        var fingers = [finger]
        move(&fingers, to: [location], over: duration)
        finger = fingers[0]
    }

    /// Moves `fingers` together, each in a straight line to its place in
    /// `locations`, over `duration` seconds: one move of each finger per
    /// sample. Fingers beyond `locations` stay put.
    public mutating func move(_ fingers: inout [Finger], to locations: [Point], over duration: Double = 0) {
        let starts = fingers.map(\.location)
        move(&fingers, over: duration) { index, fraction in
            guard index < locations.count else { return starts[index] }
            return starts[index] + scaled(locations[index] - starts[index], by: fraction)
        }
    }

    /// Lifts `finger` where it is.
    public mutating func lift(_ finger: Finger) {
        append(.pointer(PointerEvent(.up, id: finger.id, location: finger.location)))
    }

    /// Lifts `fingers`, one after another at the same time.
    public mutating func lift(_ fingers: [Finger]) {
        for finger in fingers { lift(finger) }
    }

    /// Cancels `finger` where it is, as a lost touch is.
    public mutating func cancel(_ finger: Finger) {
        append(.pointer(PointerEvent(.cancel, id: finger.id, location: finger.location)))
    }

    /// Moves `fingers` along `path` (a finger's index and the fraction of
    /// the way, 0…1, to its location) over `duration`, one sample per
    /// ``sampleInterval``; the last sample is at the fraction 1.
    private mutating func move(_ fingers: inout [Finger], over duration: Double, path: (Int, Double) -> Point) {
        let duration = Self.duration(duration)
        let interval = sampleInterval.isFinite && sampleInterval > 0 ? sampleInterval : 1.0 / 60
        let samples = max(1, Int((duration / interval).rounded(.up)))
        let start = time
        for sample in 1...samples {
            let fraction = Double(sample) / Double(samples)
            time = start + duration * fraction
            for index in fingers.indices {
                fingers[index].location = path(index, fraction)
                append(.pointer(PointerEvent(.move, id: fingers[index].id, location: fingers[index].location)))
            }
        }
    }

    /// Ends a gesture: the pause that keeps the next one apart.
    private mutating func endGesture() {
        time += Self.pauseAfterGesture
    }

    private static func duration(_ seconds: Double) -> Double {
        seconds.isFinite && seconds > 0 ? seconds : 0
    }

    // MARK: Touch gestures

    /// A tap: down, ``tapDuration``, up, in one place.
    public mutating func tap(at location: Point) {
        tap(at: [location], count: 1)
    }

    /// A double tap: two taps ``tapGap`` apart, in one place.
    public mutating func doubleTap(at location: Point) {
        tap(at: [location], count: 2)
    }

    /// `count` taps of as many fingers as `locations` has, all landing and
    /// lifting together, ``tapGap`` apart: a two-finger tap is
    /// `tap(at: [a, b])`. A count below 1 taps nothing.
    public mutating func tap(at locations: [Point], count: Int) {
        guard count > 0, !locations.isEmpty else { return }
        for index in 0..<count {
            if index > 0 { wait(Self.tapGap) }
            let fingers = touchDown(at: locations)
            wait(Self.tapDuration)
            lift(fingers)
        }
        endGesture()
    }

    /// A long press: down, held for `duration` seconds, up.
    public mutating func longPress(at location: Point, duration: Double = InputScript.longPressDuration) {
        let finger = touchDown(at: location)
        wait(duration)
        lift(finger)
        endGesture()
    }

    /// A drag of one finger from `start` to `end` over `duration`: a pan.
    public mutating func drag(from start: Point, to end: Point, duration: Double = InputScript.movementDuration) {
        drag(from: [start], by: end - start, duration: duration)
    }

    /// A drag of as many fingers as `starts` has, moving together by
    /// `offset` over `duration`: a two-finger pan is `drag(from: [a, b], by: d)`.
    public mutating func drag(from starts: [Point], by offset: Point, duration: Double = InputScript.movementDuration) {
        guard !starts.isEmpty else { return }
        var fingers = touchDown(at: starts)
        move(&fingers, to: starts.map { $0 + offset }, over: duration)
        lift(fingers)
        endGesture()
    }

    /// A swipe of `distance` points in `direction` over `duration`. Several
    /// directions make a diagonal (`[.right, .down]`); none, or opposite
    /// ones, leave the finger where it landed.
    public mutating func swipe(
        from start: Point, direction: SwipeGestureRecognizer.Direction,
        distance: Double = InputScript.swipeDistance, duration: Double = InputScript.swipeDuration
    ) {
        var heading = Point.zero
        if direction.contains(.right) { heading.x += 1 }
        if direction.contains(.left) { heading.x -= 1 }
        if direction.contains(.down) { heading.y += 1 }
        if direction.contains(.up) { heading.y -= 1 }
        let length = heading.distance(to: .zero)
        let offset = length > 0 && distance.isFinite ? scaled(heading, by: distance / length) : .zero
        drag(from: start, to: start + offset, duration: duration)
    }

    /// A pinch: two fingers on a horizontal line through `center`, `span`
    /// points apart, spreading (or closing) to `endSpan` over `duration`.
    /// The scale a pinch recognizer reports is `endSpan / span`.
    public mutating func pinch(
        center: Point, from span: Double = 100, to endSpan: Double = 200, duration: Double = InputScript.movementDuration
    ) {
        func ends(_ span: Double) -> [Point] {
            [Point(x: center.x - span / 2, y: center.y), Point(x: center.x + span / 2, y: center.y)]
        }
        var fingers = touchDown(at: ends(span))
        move(&fingers, to: ends(endSpan), over: duration)
        lift(fingers)
        endGesture()
    }

    /// A rotation: two fingers `radius` points either side of `center`,
    /// turning about it by `angle` radians (clockwise on screen for a
    /// positive angle, as y points down) over `duration`, along the circle.
    public mutating func rotation(
        center: Point, radius: Double = 60, by angle: Double = .pi / 4, duration: Double = InputScript.movementDuration
    ) {
        func place(_ index: Int, _ turned: Double) -> Point {
            let direction = turned + (index == 0 ? .pi : 0)
            return Point(x: center.x + radius * cos(direction), y: center.y + radius * sin(direction))
        }
        var fingers = touchDown(at: [place(0, 0), place(1, 0)])
        let angle = angle.isFinite ? angle : 0
        move(&fingers, over: duration) { index, fraction in place(index, angle * fraction) }
        lift(fingers)
        endGesture()
    }

    /// A window edge, for ``edgePan(from:of:distance:duration:)``.
    public enum Edge: Hashable, Sendable {
        case top, left, bottom, right
    }

    /// A pan in from `edge` of a window of `size` points: down
    /// ``edgeInset`` in from the edge, halfway along it, then `distance`
    /// points straight in over `duration`.
    public mutating func edgePan(
        from edge: Edge, of size: Size, distance: Double = 100, duration: Double = InputScript.movementDuration
    ) {
        let inset = Self.edgeInset
        let (start, heading): (Point, Point) = switch edge {
        case .left: (Point(x: inset, y: size.height / 2), Point(x: 1, y: 0))
        case .right: (Point(x: size.width - inset, y: size.height / 2), Point(x: -1, y: 0))
        case .top: (Point(x: size.width / 2, y: inset), Point(x: 0, y: 1))
        case .bottom: (Point(x: size.width / 2, y: size.height - inset), Point(x: 0, y: -1))
        }
        drag(from: start, to: start + scaled(heading, by: distance.isFinite ? distance : 0), duration: duration)
    }

    // MARK: Controllers and keys

    /// Controller `id` connects, as SDL reports a pad plugged in.
    public mutating func connect(controller id: Int32) {
        append(.controller(.added(controller: id)))
    }

    /// Controller `id` is unplugged.
    public mutating func disconnect(controller id: Int32) {
        append(.controller(.removed(controller: id)))
    }

    /// A press of `button` on controller `id`, held for `duration`.
    public mutating func press(_ button: ControllerButton, on id: Int32, holding duration: Double = InputScript.pressDuration) {
        append(.controller(.button(controller: id, button: button, isDown: true)))
        wait(duration)
        append(.controller(.button(controller: id, button: button, isDown: false)))
        endGesture()
    }

    /// A controller's analogue stick.
    public enum Stick: Hashable, Sendable {
        case left, right
    }

    /// Pushes `stick` of controller `id` to `deflection` (each axis −1…1,
    /// +y down, clamped), holds it for `duration`, and lets it spring back
    /// to the centre.
    public mutating func push(_ stick: Stick, on id: Int32, to deflection: Point, holding duration: Double = InputScript.pressDuration) {
        let (x, y): (ControllerAxis, ControllerAxis) = stick == .left ? (.leftX, .leftY) : (.rightX, .rightY)
        func clamp(_ value: Double) -> Double { value.isFinite ? min(max(value, -1), 1) : 0 }
        append(.controller(.axis(controller: id, axis: x, value: clamp(deflection.x))))
        append(.controller(.axis(controller: id, axis: y, value: clamp(deflection.y))))
        wait(duration)
        append(.controller(.axis(controller: id, axis: x, value: 0)))
        append(.controller(.axis(controller: id, axis: y, value: 0)))
        endGesture()
    }

    /// A press of the key with SDL scancode `scancode` (and `keycode`, if
    /// the game reads it), with `modifiers` held, for `duration`.
    public mutating func press(
        key scancode: Int32, keycode: Int32 = 0, modifiers: KeyModifiers = [], holding duration: Double = InputScript.pressDuration
    ) {
        append(.key(KeyEvent(isDown: true, scancode: scancode, keycode: keycode, modifiers: modifiers)))
        wait(duration)
        append(.key(KeyEvent(isDown: false, scancode: scancode, keycode: keycode, modifiers: modifiers)))
        endGesture()
    }

    // MARK: Motion

    /// Tilts the device from its ``attitude`` to `roll` and `pitch` radians
    /// (yaw 0) at a steady rate over `duration`: accelerometer and gyroscope
    /// samples from ``sensor`` every ``sensorInterval``, in SDL's units
    /// (m/s², the force that holds the device up; rad/s), agreeing with
    /// each other as a real device's do. Then it holds still at the new
    /// attitude for a quarter second, so filters settle.
    public mutating func tilt(toRoll roll: Double, pitch: Double, over duration: Double = 0.5) {
        let target = Attitude(roll: roll.isFinite ? roll : 0, pitch: pitch.isFinite ? pitch : 0, yaw: 0).quaternion
        let start = attitude.quaternion
        // The turn in the device's own axes, as a gyroscope measures it.
        let turn = start.inverse * target
        let angle = turn.angle
        let sine = sin(angle / 2)
        let axis = sine > 1e-12 ? Vector3(x: turn.x / sine, y: turn.y / sine, z: turn.z / sine) : Vector3.zero
        let seconds = max(Self.duration(duration), Self.sensorInterval)
        let rate = axis * (angle / seconds)
        sampleMotion(for: seconds) { t in (start * Quaternion(rotationVector: rate * t), .zero, rate) }
        attitude = Attitude(quaternion: target)
        sampleMotion(for: 0.25) { _ in (target, .zero, .zero) }
        endGesture()
    }

    /// Shakes the device along its x axis for `duration` seconds: `amplitude`
    /// g of back-and-forth at `frequency` Hz on top of gravity. The
    /// defaults (2 g, 5 Hz, 0.6 s) are a deliberate shake that the shake
    /// detector's defaults take for one (a jolt is 0.8 g, a shake reverses at
    /// least twice and lasts under a second); quiet samples follow until it
    /// has ended.
    public mutating func shake(for duration: Double = 0.6, amplitude: Double = 2, frequency: Double = 5) {
        let seconds = Self.duration(duration)
        let amplitude = amplitude.isFinite ? amplitude : 0
        let frequency = frequency.isFinite ? frequency : 0
        let still = attitude.quaternion
        sampleMotion(for: seconds) { t in
            (still, Vector3(x: amplitude * sin(2 * .pi * frequency * t), y: 0, z: 0), .zero)
        }
        // Quiet for longer than the detector's quiet interval (0.3 s).
        sampleMotion(for: 0.5) { _ in (still, .zero, .zero) }
        endGesture()
    }

    /// Appends an accelerometer and a gyroscope sample every
    /// ``sensorInterval`` for `seconds`: `state(t)` gives the attitude, the
    /// user acceleration in g and the rotation rate in rad/s at `t` seconds in.
    private mutating func sampleMotion(for seconds: Double, _ state: (Double) -> (Quaternion, Vector3, Vector3)) {
        let start = time
        let count = max(1, Int((seconds / Self.sensorInterval).rounded()))
        for index in 1...count {
            let t = Double(index) * Self.sensorInterval
            time = start + t
            let (quaternion, userAcceleration, rate) = state(t)
            let acceleration = Attitude(quaternion: quaternion).gravity + userAcceleration
            // SDL reports the force that holds the device up, in m/s²: the
            // opposite of gravity (see `SensorSample.motionValue`).
            let value = acceleration * -SensorSample.standardGravity
            append(.sensor(SensorSample(kind: .accelerometer, source: sensor, value: value, sensorTime: time)))
            append(.sensor(SensorSample(kind: .gyroscope, source: sensor, value: rate, sensorTime: time)))
        }
    }
}

private func scaled(_ point: Point, by factor: Double) -> Point {
    Point(x: point.x * factor, y: point.y * factor)
}
