/// A game controller's button, named by its position on the pad, the same on
/// every pad.
///
/// SDL's game-controller layer maps every supported pad onto one layout, and
/// TactileSDL asks it to report the face buttons by position, so
/// ``south`` is the bottom face button everywhere: A on Xbox, Cross on
/// PlayStation, and B on Nintendo pads, whose A is on the east. (SDL 2.26 by
/// default reports Nintendo pads by label, which puts their A on `south`;
/// `SDLSetup` turns that off.) Bind by position; to show the player what is
/// printed on the button, ask ``ControllerType/label(for:)``.
public enum ControllerButton: String, Hashable, Sendable, CaseIterable {
    case south, east, west, north
    case back, guide, start
    case leftStick, rightStick
    case leftShoulder, rightShoulder
    case dpadUp, dpadDown, dpadLeft, dpadRight
    /// Share on Xbox Series X, the microphone button on PS5, capture on Switch Pro.
    case misc1
    case paddle1, paddle2, paddle3, paddle4
    /// The click of a PlayStation pad's touchpad.
    case touchpad
}

/// A game controller's analogue axis.
public enum ControllerAxis: String, Hashable, Sendable, CaseIterable {
    case leftX, leftY, rightX, rightY, leftTrigger, rightTrigger

    /// Whether the axis is a trigger, whose values run 0…1 rather than −1…1.
    public var isTrigger: Bool { self == .leftTrigger || self == .rightTrigger }
}

/// Something a game controller did.
///
/// Controllers are identified by SDL's joystick *instance id*, which stays the
/// same for as long as the controller is connected and is never reused for
/// another controller during a run.
public enum ControllerEvent: Hashable, Sendable {
    // The two cases that carry an identity (three strings, 66 bytes)
    // are `indirect`: boxed, one allocation as a controller is connected or
    // remapped, so that the other cases, a game's stream of buttons and
    // axes, and every ``InputEvent`` (which holds a controller event
    // inline) stay small and cheap to copy and destroy (see
    // ``InputEvent/Kind``).

    /// A controller was connected and opened; its events follow. The
    /// identity is `nil` only in traces recorded before identities were.
    indirect case added(controller: Int32, identity: ControllerIdentity? = nil)
    /// A connected controller's mapping changed (a mapping for its GUID was
    /// added): its buttons may now mean something else, and its identity
    /// (name, type) is reported again. It keeps its id, so it keeps its
    /// player.
    indirect case remapped(controller: Int32, identity: ControllerIdentity)
    /// A controller was disconnected; no more events come from it.
    case removed(controller: Int32)
    case button(controller: Int32, button: ControllerButton, isDown: Bool)
    /// An axis moved. Sticks report −1…1 with +y down, as SDL does; triggers
    /// report 0…1. No dead zone is applied here: that is a binding's choice.
    case axis(controller: Int32, axis: ControllerAxis, value: Double)
    /// A finger on a controller's touchpad (PlayStation pads), in the pad's
    /// own normalised 0…1 coordinates.
    case touchpad(controller: Int32, touchpad: Int32, finger: Int32, phase: PointerEvent.Phase, location: Point, pressure: Double)

    /// The instance id of the controller the event came from.
    public var controller: Int32 {
        switch self {
        case .added(let id, _), .remapped(let id, _), .removed(let id): id
        case .button(let id, _, _), .axis(let id, _, _), .touchpad(let id, _, _, _, _, _): id
        }
    }
}
