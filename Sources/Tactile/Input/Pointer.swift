/// What produced a pointer: a finger, the mouse, a controller-driven cursor,
/// or the mouse pretending to be two fingers.
///
/// Recognizers filter on this (a game may want a pan that only fingers start),
/// so the kind travels with every pointer event and, later, every touch.
public enum PointerKind: String, Hashable, Sendable, CaseIterable {
    /// A finger on a touch screen or touch pad that SDL reports as a touch device.
    case finger
    /// The mouse's left button, held down.
    case mouse
    /// A cursor moved by a game controller's stick, with a button as the contact.
    case controllerCursor = "controller-cursor"
    /// One of the two contacts of the mouse multi-touch simulation.
    ///
    /// See ``MouseTouchSimulator``.
    case simulated
    /// A finger on a game controller's touchpad (PlayStation pads), placed
    /// on the window or a part of it (see ``TouchpadArea``).
    case controllerTouchpad = "controller-touchpad"
}

/// The identity of one pointer for as long as it is down.
///
/// SDL numbers fingers per touch device and mice per mouse, so an identity
/// needs all three parts to be unique across every device of a machine.
/// Two pointers with equal IDs are never down at the same time.
public struct PointerID: Hashable, Sendable {
    /// What the pointer is.
    public var kind: PointerKind
    /// The device: SDL's touch device id, mouse id, or controller instance id.
    public var device: Int64
    /// The pointer within the device: SDL's finger id, or 0 and 1 for the
    /// two contacts of a simulated or controller-driven pair; for a
    /// controller's touchpad, the touchpad in the upper 32 bits and SDL's
    /// finger in the lower.
    public var index: Int64

    @inlinable
    public init(kind: PointerKind, device: Int64, index: Int64) {
        self.kind = kind
        self.device = device
        self.index = index
    }
}

extension PointerID: CustomStringConvertible {
    public var description: String { "\(kind.rawValue):\(device):\(index)" }
}

/// A pointer going down, moving, lifting, or being cancelled.
///
/// Every pointer that goes down later produces exactly one `up` or `cancel`
/// for the same ``PointerID``; TactileSDL's `SDLEventPump` guarantees this even when SDL
/// loses events or the window loses focus (it then cancels).
public struct PointerEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case down
        case move
        case up
        /// The pointer stopped being tracked without lifting: focus was lost,
        /// the window was hidden, its device was removed, or SDL reported a
        /// second down for it.
        case cancel
    }

    // Stored in this order, the one-byte phase last: first, it took the
    // eight-byte slot before the identity, and a pointer event was 56 bytes
    // instead of 49, which made every `InputEvent` (pointer events are its
    // largest inline payload) 65 bytes, 72 in a list, instead of 58 and 64:
    // one cache line. Nothing reads the order: the repeated-event
    // diagnostic writes the event as its trace line, not by reflection.
    public var id: PointerID
    /// Where the pointer is, in window points.
    public var location: Point
    /// How hard the contact presses, 0…1. Devices without pressure report 1
    /// while in contact, as SDL does for the mouse.
    public var pressure: Double
    public var phase: Phase

    @inlinable
    public init(_ phase: Phase, id: PointerID, location: Point, pressure: Double = 1) {
        self.phase = phase
        self.id = id
        self.location = location
        self.pressure = pressure
    }

    /// What produced the pointer.
    @inlinable
    public var kind: PointerKind { id.kind }
}

/// The mouse buttons that are not a contact, and the mouse wheel.
///
/// The left button is a pointer (see ``PointerEvent``); the others are
/// reported as buttons so that games can bind them, as they bind keys.
public enum MouseButton: String, Hashable, Sendable, CaseIterable {
    case left, middle, right, x1, x2
}

/// A mouse button other than the contact button going down or up.
public struct MouseButtonEvent: Hashable, Sendable {
    public var button: MouseButton
    public var isDown: Bool
    /// Where the mouse was, in window points.
    public var location: Point

    public init(button: MouseButton, isDown: Bool, location: Point) {
        self.button = button
        self.isDown = isDown
        self.location = location
    }
}

/// The mouse wheel turning, in SDL's wheel units (one notch is usually 1).
///
/// Positive `dy` is away from the user, positive `dx` is to the right,
/// whatever the platform's "natural scrolling" setting: SDL's flipped
/// direction is undone at the boundary.
public struct MouseWheelEvent: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }
}
