import Foundation

/// A pointer driven by a game controller: the left stick moves a cursor and
/// a button is the contact, so a touch game can be played with a pad.
///
/// The cursor's contacts are ordinary pointer events of kind
/// ``PointerKind/controllerCursor``, with the id `(controllerCursor,
/// controller instance id, 0)`, so everything downstream treats them like a
/// finger. While the button is up the cursor moves without a contact (games
/// draw it from ``location``).
///
/// Stick response: inside ``Settings/deadZone`` of the centre nothing moves
/// (worn sticks rest a little off centre); beyond it, the deflection is
/// rescaled to 0…1 and raised to ``Settings/exponent``, so small deflections
/// aim precisely and a full one crosses the screen quickly.
///
/// The cursor is a value with no knowledge of SDL: TactileSDL's event pump
/// keeps one per connected controller when its cursors are turned on.
public struct ControllerCursor: Sendable {
    /// How the stick drives the cursor.
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
        /// The button that is the contact.
        public var contactButton: ControllerButton = .south

        public init() {}
    }

    public let controller: Int32
    public var settings: Settings
    /// Where the cursor is, in window points.
    public private(set) var location: Point
    /// Whether the contact button is held.
    public private(set) var isPressed = false
    private var stick = Point.zero

    public init(controller: Int32, location: Point, settings: Settings = Settings()) {
        self.controller = controller
        self.location = location
        self.settings = settings
    }

    private var id: PointerID { PointerID(kind: .controllerCursor, device: Int64(controller), index: 0) }

    /// Takes one of this controller's events; a press or release of the
    /// contact button appends the contact's `down` or `up`.
    public mutating func handle(_ event: ControllerEvent, timestamp: Double, into events: inout [InputEvent]) {
        switch event {
        case .axis(_, .leftX, let value) where value.isFinite:
            stick.x = value
        case .axis(_, .leftY, let value) where value.isFinite:
            stick.y = value
        case .button(_, let button, let isDown) where button == settings.contactButton && isDown != isPressed:
            isPressed = isDown
            events.append(InputEvent(timestamp: timestamp, .pointer(PointerEvent(isDown ? .down : .up, id: id, location: location))))
        default:
            break
        }
    }

    /// Moves the cursor for `seconds` of stick deflection, keeping it inside
    /// `bounds`; while pressed, a move appends the contact's `move`.
    public mutating func advance(by seconds: Double, within bounds: Size, timestamp: Double, into events: inout [InputEvent]) {
        guard seconds > 0, seconds.isFinite else { return }
        let deflection = min(1, stick.distance(to: .zero))
        guard deflection > settings.deadZone else { return }
        let scaled = (deflection - settings.deadZone) / (1 - settings.deadZone)
        let distance = settings.speed * seconds * pow(scaled, settings.exponent)
        let moved = Point(
            x: min(max(location.x + stick.x / deflection * distance, 0), bounds.width),
            y: min(max(location.y + stick.y / deflection * distance, 0), bounds.height))
        guard moved != location else { return }
        location = moved
        if isPressed {
            events.append(InputEvent(timestamp: timestamp, .pointer(PointerEvent(.move, id: id, location: location))))
        }
    }

    /// Cancels the contact, if the button is held: the controller went away
    /// or the window lost focus.
    public mutating func cancel(timestamp: Double, into events: inout [InputEvent]) {
        guard isPressed else { return }
        isPressed = false
        events.append(InputEvent(timestamp: timestamp, .pointer(PointerEvent(.cancel, id: id, location: location))))
    }
}
