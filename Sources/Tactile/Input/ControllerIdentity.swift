/// Who a controller is: what it is called, what kind of pad it is, which
/// USB device, and what it can do. It rides on the controller's
/// ``ControllerEvent/added(controller:identity:)`` event, so a game can show
/// the right button prompts and tell players apart the moment a pad
/// arrives, and a trace records it, so that a replay shows the same prompts
/// and makes the same per-player choices.
///
/// ```swift
/// case .controller(.added(let id, let identity?)):
///     prompts[id] = identity.type          // "Press Cross to join"
///     if identity.features.contains(.led) { … }
/// ```
///
/// Everything here stays the same while the pad is connected, except after
/// a remapping (SDL's `SDL_CONTROLLERDEVICEREMAPPED`), which reports the
/// identity again. The player index is the one the pad had when it
/// arrived; TactileSDL's pump can change it, and reports the current one.
///
/// ## See Also
/// - ``ControllerType``
/// - ``ControllerButtonLabel``
public struct ControllerIdentity: Hashable, Sendable {
    /// The name SDL gives the pad: from its mapping, or its driver.
    public var name: String
    public var type: ControllerType
    /// The USB vendor and product ids, 0 when the pad has none (a virtual pad).
    public var vendor: UInt16
    public var product: UInt16
    /// SDL's 128-bit joystick GUID as 32 lowercase hexadecimal digits: the
    /// key of controller mappings, the same for every pad of one model.
    public var guid: String
    /// The pad's serial number, where its driver reports one (SDL's HIDAPI
    /// drivers do for PlayStation and Switch pads); tells two pads of one
    /// model apart across reconnections. Never empty: empty is `nil`.
    public var serial: String? {
        didSet { if serial?.isEmpty == true { serial = nil } }
    }
    /// The player slot the pad or its driver reports (the lit quadrant of an
    /// Xbox 360 pad), or `nil`.
    public var playerIndex: Int?
    public var features: ControllerFeatures

    public init(
        name: String, type: ControllerType, vendor: UInt16 = 0, product: UInt16 = 0, guid: String,
        serial: String? = nil, playerIndex: Int? = nil, features: ControllerFeatures = []
    ) {
        self.name = name
        self.type = type
        self.vendor = vendor
        self.product = product
        self.guid = guid
        self.serial = serial?.isEmpty == true ? nil : serial
        self.playerIndex = playerIndex
        self.features = features
    }
}

/// What a controller has besides buttons and sticks.
public struct ControllerFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Rumble motors in the grips.
    public static let rumble = ControllerFeatures(rawValue: 1 << 0)
    /// Rumble motors in the triggers (Xbox One and Series pads).
    public static let triggerRumble = ControllerFeatures(rawValue: 1 << 1)
    public static let accelerometer = ControllerFeatures(rawValue: 1 << 2)
    public static let gyroscope = ControllerFeatures(rawValue: 1 << 3)
    /// A touchpad whose fingers arrive as ``ControllerEvent/touchpad(controller:touchpad:finger:phase:location:pressure:)``.
    public static let touchpad = ControllerFeatures(rawValue: 1 << 4)
    /// A light whose colour the game can set (PlayStation 4 and 5 pads).
    public static let led = ControllerFeatures(rawValue: 1 << 5)

    /// Each feature's name, in the order of its bit; used by traces.
    static let names: [(ControllerFeatures, String)] = [
        (.rumble, "rumble"), (.triggerRumble, "trigger-rumble"), (.accelerometer, "accelerometer"),
        (.gyroscope, "gyroscope"), (.touchpad, "touchpad"), (.led, "led"),
    ]
}
