/// Which kind of pad a controller is: the family that decides what is
/// printed on its buttons and which features to expect.
///
/// TactileSDL reads it from SDL (`SDL_GameControllerGetType`, which SDL 2.26
/// derives from the pad's USB vendor and product ids). The raw values are
/// the words traces write.
///
/// ```swift
/// let label = ControllerType.ps5.label(for: .south)   // "Cross"
/// ```
///
/// ## See Also
/// - ``ControllerButtonLabel``
/// - ``ControllerIdentity``
public enum ControllerType: String, Hashable, Sendable, CaseIterable {
    /// A pad SDL does not recognise: a generic USB or Bluetooth pad, or one
    /// only a mapping file describes.
    case unknown
    case xbox360
    /// Xbox One and Xbox Series X|S pads.
    case xboxOne
    case ps3, ps4, ps5
    case switchPro
    /// One Joy-Con held sideways, on its own.
    case joyConLeft, joyConRight
    /// Two Joy-Cons held together as one pad.
    case joyConPair
    /// A pad made in software (SDL's virtual joysticks), with no vendor.
    case virtual
    case amazonLuna, googleStadia, nvidiaShield

    /// The family whose names appear on the pad's buttons.
    public var family: ControllerFamily {
        switch self {
        case .xbox360, .xboxOne: .xbox
        case .ps3, .ps4, .ps5: .playStation
        case .switchPro, .joyConPair: .nintendo
        case .joyConLeft, .joyConRight: .sidewaysJoyCon
        // Luna, Stadia and Shield pads print A, B, X and Y where Xbox pads do;
        // SDL's own names for the layout (`a`, `b`, `x`, `y`) are Xbox's, so
        // an unknown pad is shown that way too, as Steam Input does.
        case .unknown, .virtual, .amazonLuna, .googleStadia, .nvidiaShield: .xbox
        }
    }
}

/// A group of pads that name their buttons the same way.
public enum ControllerFamily: String, Hashable, Sendable, CaseIterable {
    /// A, B, X, Y; the layout SDL's game-controller API is named after.
    case xbox
    /// Cross, Circle, Square, Triangle.
    case playStation
    /// B, A, Y, X: the letters of an Xbox pad, each on the opposite side.
    case nintendo
    /// A single Joy-Con held sideways: its four face buttons carry arrows
    /// or rotated letters, so they are named by position.
    case sidewaysJoyCon
}
