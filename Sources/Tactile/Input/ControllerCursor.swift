import Foundation

/// A pointer driven by a game controller: the left stick moves a cursor and
/// a button is the contact, so a touch game can be played with a pad; a
/// second button puts down two contacts that the right stick pinches and
/// rotates.
///
/// The cursor's contacts are ordinary pointer events of kind
/// ``PointerKind/controllerCursor``, so everything downstream (hit-testing,
/// approximation, recognizers) treats them like fingers. Ids are
/// `(controllerCursor, controller instance id, index)`: index 0 for the
/// single contact, 1 and 2 for the pair. While no button is held the cursor
/// moves without a contact (games draw it from ``location``).
///
/// ## Stick response
///
/// Inside ``Settings/deadZone`` of the centre nothing moves (worn sticks
/// rest a little off centre); beyond it, the deflection is rescaled to 0…1
/// and raised to ``Settings/exponent``, so small deflections aim precisely
/// and a full one crosses the screen quickly. Held at full tilt (beyond
/// ``Settings/fullTilt``) for longer than ``Settings/accelerationDelay``,
/// the speed rises linearly over ``Settings/accelerationTime`` to
/// ``Settings/maximumSpeedFactor`` times ``Settings/speed``, and drops back
/// as soon as the stick eases off. The distance is the exact integral of
/// that speed over each step, so the path does not depend on the frame rate.
///
/// ## Two contacts: pinch, rotate, two-finger pan
///
/// Holding ``Settings/pairButton`` (the left shoulder) puts down two contacts
/// mirrored about the cursor, ``Settings/pairSpan`` points apart on a
/// horizontal line. While they are down:
///
/// - the left stick moves the cursor and both contacts with it (a
///   two-finger pan);
/// - the right stick's vertical axis spreads them (pushed up) or closes them
///   (pulled down) at up to ``Settings/pairSpreadSpeed`` points per second:
///   a pinch;
/// - its horizontal axis turns them about the cursor, clockwise to the
///   right, at up to ``Settings/pairRotationSpeed`` radians per second: a
///   rotation.
///
/// The right stick uses the same dead zone and curve as the left. The span
/// never closes below ``Settings/minimumPairSpan``; contacts stay inside the
/// window. Only one contact (single or pair) is down at a time: the other
/// button is ignored until the first is released, its release included.
///
/// ```
/// south held:          ●              (index 0 at the cursor)
/// left shoulder held:  ●──── + ────●  (indices 1 and 2, mirrored about the cursor +)
///   right stick up:    ●────── + ──────●   spread
///   right stick right: rotates the bar about + clockwise
/// ```
///
/// The cursor is a value with no knowledge of SDL: TactileSDL's event pump
/// keeps one per connected controller when its cursors are turned on, and
/// cancels its contacts when the controller is unplugged.
///
/// ## See Also
/// - ``MouseTouchSimulator``
/// - ``PointerEvent``
public struct ControllerCursor: Sendable {
    /// How the sticks drive the cursor and its contacts.
    public struct Settings: Hashable, Sendable {
        /// Stick deflection, 0…1, below which the cursor does not move.
        /// 0.2 is above the resting drift of most pads (SDL's own
        /// recommendation for Xbox pads is about 0.24 of full scale;
        /// 0.2 keeps small aims reachable).
        public var deadZone: Double = 0.2
        /// Speed at full deflection, in points per second: crossing an
        /// 800-point window takes about 0.9 s.
        public var speed: Double = 900
        /// The response curve's power: 2 gives fine control near the centre.
        public var exponent: Double = 2
        /// Deflection, 0…1, that counts as full tilt for acceleration. 0.9
        /// rather than 1: square-gated and worn sticks do not all reach 1.
        public var fullTilt: Double = 0.9
        /// Seconds at full tilt before the speed starts to rise: long enough
        /// that a flick across part of the screen keeps its exact speed.
        public var accelerationDelay: Double = 0.4
        /// Seconds over which the speed then rises to its maximum.
        public var accelerationTime: Double = 0.6
        /// The speed after acceleration, as a multiple of ``speed``: twice
        /// as fast, so that a 1920-point screen takes about 1.6 s rather
        /// than 2.1. 1 turns acceleration off.
        public var maximumSpeedFactor: Double = 2
        /// The button that is the contact.
        public var contactButton: ControllerButton = .south
        /// The button that puts down two contacts; `nil` for none.
        public var pairButton: ControllerButton? = .leftShoulder
        /// Distance between the pair's contacts when they go down, in
        /// points: well beyond the 18-point slop a pinch needs before it
        /// measures, and small enough to fit on the layer under the cursor.
        public var pairSpan: Double = 120
        /// The closest the pair's contacts come, in points.
        public var minimumPairSpan: Double = 24
        /// How fast the span changes at full deflection, in points per second.
        public var pairSpreadSpeed: Double = 400
        /// How fast the pair turns at full deflection, in radians per
        /// second: half a turn a second.
        public var pairRotationSpeed: Double = .pi

        public init() {}
    }

    /// Which contact is down.
    public enum Contact: String, Hashable, Sendable {
        case none
        /// The contact button's single contact, at the cursor.
        case single
        /// The pair button's two contacts, mirrored about the cursor.
        case pair
    }

    public let controller: Int32
    public var settings: Settings
    /// Where the cursor is, in window points.
    public private(set) var location: Point
    /// Which contact is down.
    public private(set) var contact = Contact.none
    /// From the cursor to the pair's first contact (the second is opposite).
    public private(set) var pairOffset = Point.zero
    /// Where the pair's contacts were last reported, for their up or cancel.
    private var reportedPair = (Point.zero, Point.zero)
    private var leftStick = Point.zero
    private var rightStick = Point.zero
    /// How long the left stick has been at full tilt, in seconds.
    private var fullTiltTime = 0.0

    package init(controller: Int32, location: Point, settings: Settings = Settings()) {
        self.controller = controller
        self.location = location
        self.settings = settings
    }

    /// Whether a contact (single or pair) is down.
    public var isPressed: Bool { contact != .none }

    /// Where the contacts are, in window points: none, the cursor, or the pair.
    public var contactLocations: [Point] {
        switch contact {
        case .none: []
        case .single: [location]
        case .pair: [reportedPair.0, reportedPair.1]
        }
    }

    private func id(_ index: Int64) -> PointerID {
        PointerID(kind: .controllerCursor, device: Int64(controller), index: index)
    }

    /// Takes one of this controller's events; a press or release of the
    /// contact or pair button appends the contacts' `down`s or `up`s.
    /// `bounds` (the window's size) keeps the pair's contacts inside the
    /// window; without it they may land outside.
    package mutating func handle(_ event: ControllerEvent, timestamp: Double, within bounds: Size? = nil, into events: inout [InputEvent]) {
        switch event {
        case .axis(_, let axis, let value) where value.isFinite:
            switch axis {
            case .leftX: leftStick.x = value
            case .leftY: leftStick.y = value
            case .rightX: rightStick.x = value
            case .rightY: rightStick.y = value
            case .leftTrigger, .rightTrigger: break
            }
        case .button(_, let button, let isDown):
            let bounds = bounds ?? Size(width: Double.infinity, height: .infinity)
            switch contact {
            case .none where isDown && button == settings.contactButton:
                contact = .single
                append(.down, 0, location, timestamp, &events)
            case .none where isDown && button == settings.pairButton:
                contact = .pair
                pairOffset = Point(x: settings.pairSpan / 2, y: 0)
                reportedPair = (pairLocation(0, within: bounds), pairLocation(1, within: bounds))
                append(.down, 1, reportedPair.0, timestamp, &events)
                append(.down, 2, reportedPair.1, timestamp, &events)
            case .single where !isDown && button == settings.contactButton:
                contact = .none
                append(.up, 0, location, timestamp, &events)
            case .pair where !isDown && button == settings.pairButton:
                contact = .none
                append(.up, 1, reportedPair.0, timestamp, &events)
                append(.up, 2, reportedPair.1, timestamp, &events)
            case .none, .single, .pair:
                break
            }
        case .axis, .added, .remapped, .removed, .touchpad:
            break
        }
    }

    /// Moves the cursor for `seconds` of stick deflection, keeping it inside
    /// `bounds`, and, while the pair is down, spreads and turns it by the
    /// right stick; contacts that moved append a `move`.
    package mutating func advance(by seconds: Double, within bounds: Size, timestamp: Double, into events: inout [InputEvent]) {
        guard seconds > 0, seconds.isFinite else { return }
        // Compared point by point rather than through `contactLocations`,
        // which would build an array for every cursor every frame.
        let before = location
        moveCursor(by: seconds, within: bounds)
        if contact == .pair { turnAndSpreadPair(by: seconds) }
        reportMoves(from: before, within: bounds, timestamp: timestamp, into: &events)
    }

    /// Appends a `move` for each contact that is down and is no longer
    /// where it was reported: the single contact if the cursor left
    /// `before`, each of the pair if it moved.
    private mutating func reportMoves(from before: Point, within bounds: Size, timestamp: Double, into events: inout [InputEvent]) {
        switch contact {
        case .none:
            break
        case .single:
            if location != before { append(.move, 0, location, timestamp, &events) }
        case .pair:
            let first = pairLocation(0, within: bounds)
            let second = pairLocation(1, within: bounds)
            if first != reportedPair.0 { append(.move, 1, first, timestamp, &events) }
            if second != reportedPair.1 { append(.move, 2, second, timestamp, &events) }
            reportedPair = (first, second)
        }
    }

    /// Cancels the contacts that are down: the controller went away or the
    /// window lost focus.
    package mutating func cancel(timestamp: Double, into events: inout [InputEvent]) {
        switch contact {
        case .none:
            return
        case .single:
            append(.cancel, 0, location, timestamp, &events)
        case .pair:
            append(.cancel, 1, reportedPair.0, timestamp, &events)
            append(.cancel, 2, reportedPair.1, timestamp, &events)
        }
        contact = .none
    }

    /// Moves the cursor inside `bounds` if it is outside (the window shrank
    /// under it); a contact that is down moves with it and appends a `move`.
    package mutating func keep(within bounds: Size, timestamp: Double, into events: inout [InputEvent]) {
        let before = location
        location = Point(x: min(max(location.x, 0), bounds.width), y: min(max(location.y, 0), bounds.height))
        reportMoves(from: before, within: bounds, timestamp: timestamp, into: &events)
    }

    // MARK: Motion

    /// The stick's deflection beyond the dead zone, through the curve: 0…1.
    private func response(_ stick: Point) -> (deflection: Double, curve: Double) {
        let deflection = min(1, stick.distance(to: .zero))
        guard deflection > settings.deadZone else { return (deflection, 0) }
        return (deflection, pow((deflection - settings.deadZone) / (1 - settings.deadZone), settings.exponent))
    }

    private mutating func moveCursor(by seconds: Double, within bounds: Size) {
        let (deflection, curve) = response(leftStick)
        let start = fullTiltTime
        fullTiltTime = deflection >= settings.fullTilt ? fullTiltTime + seconds : 0
        guard curve > 0 else { return }
        // Seconds of base speed the step is worth: the integral of the
        // acceleration ramp over the step (equal to `seconds` without it).
        let worth = deflection >= settings.fullTilt ? boostedTime(fullTiltTime) - boostedTime(start) : seconds
        let distance = settings.speed * curve * worth
        location = Point(
            x: min(max(location.x + leftStick.x / deflection * distance, 0), bounds.width),
            y: min(max(location.y + leftStick.y / deflection * distance, 0), bounds.height))
    }

    /// ∫₀ᵗ speed factor: 1 until the delay, then rising linearly over the
    /// acceleration time to the maximum factor, then flat.
    private func boostedTime(_ t: Double) -> Double {
        let extra = max(1, settings.maximumSpeedFactor) - 1
        let ramp = max(0, settings.accelerationTime)
        let since = t - max(0, settings.accelerationDelay)
        guard since > 0, extra > 0 else { return t }
        if ramp == 0 { return t + extra * since }
        if since <= ramp { return t + extra * since * since / (2 * ramp) }
        return t + extra * (ramp / 2 + (since - ramp))
    }

    private mutating func turnAndSpreadPair(by seconds: Double) {
        let (deflection, curve) = response(rightStick)
        guard curve > 0 else { return }
        // Each axis gets its share of the curved deflection, so a diagonal
        // push pinches and turns at once.
        let turn = rightStick.x / deflection * curve * settings.pairRotationSpeed * seconds
        let spread = -rightStick.y / deflection * curve * settings.pairSpreadSpeed * seconds
        let halfSpan = max(settings.minimumPairSpan / 2, pairOffset.distance(to: .zero) + spread / 2)
        let angle = atan2(pairOffset.y, pairOffset.x) + turn
        pairOffset = Point(x: cos(angle) * halfSpan, y: sin(angle) * halfSpan)
    }

    /// One of the pair's contacts: `which` 0 is cursor + offset, 1 is cursor − offset.
    private func pairLocation(_ which: Int, within bounds: Size) -> Point {
        let sign: Double = which == 0 ? 1 : -1
        return Point(
            x: min(max(location.x + sign * pairOffset.x, 0), bounds.width),
            y: min(max(location.y + sign * pairOffset.y, 0), bounds.height))
    }

    private func append(_ phase: PointerEvent.Phase, _ index: Int64, _ at: Point, _ timestamp: Double, _ events: inout [InputEvent]) {
        events.append(InputEvent(timestamp: timestamp, .pointer(PointerEvent(phase, id: id(index), location: at))))
    }
}
