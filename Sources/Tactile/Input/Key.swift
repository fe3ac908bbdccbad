/// A key going down or up.
///
/// Keys are identified the way SDL identifies them, because those values are
/// themselves platform-neutral: the scancode is the USB HID usage (page 0x07)
/// of the physical key, whatever the layout, and the keycode is the character
/// or symbol the layout gives it (SDL's `SDLK_*` values: Unicode for printable
/// keys, the scancode with bit 30 set for the others). Games bind physical
/// keys by scancode (WASD stays where it is on an AZERTY keyboard) and show
/// keycodes to players.
public struct KeyEvent: Hashable, Sendable {
    public var isDown: Bool
    /// The physical key: a USB HID keyboard usage, as SDL's `SDL_Scancode`.
    public var scancode: Int32
    /// The key's meaning in the current layout, as SDL's `SDL_Keycode`.
    public var keycode: Int32
    /// The modifier keys held when this event happened, this key included.
    public var modifiers: KeyModifiers
    /// Whether this is a key-repeat down rather than a real press.
    public var isRepeat: Bool

    public init(isDown: Bool, scancode: Int32, keycode: Int32, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
        self.isDown = isDown
        self.scancode = scancode
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRepeat = isRepeat
    }
}

/// The modifier keys held down, left and right apart.
///
/// The raw values are SDL's `KMOD_*` bits so the boundary converts by copying.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let leftShift = KeyModifiers(rawValue: 0x0001)
    public static let rightShift = KeyModifiers(rawValue: 0x0002)
    public static let leftControl = KeyModifiers(rawValue: 0x0040)
    public static let rightControl = KeyModifiers(rawValue: 0x0080)
    public static let leftAlt = KeyModifiers(rawValue: 0x0100)
    public static let rightAlt = KeyModifiers(rawValue: 0x0200)
    public static let leftGUI = KeyModifiers(rawValue: 0x0400)
    public static let rightGUI = KeyModifiers(rawValue: 0x0800)
    public static let numLock = KeyModifiers(rawValue: 0x1000)
    public static let capsLock = KeyModifiers(rawValue: 0x2000)
    public static let mode = KeyModifiers(rawValue: 0x4000)
    public static let scrollLock = KeyModifiers(rawValue: 0x8000)

    public static let shift: KeyModifiers = [.leftShift, .rightShift]
    public static let control: KeyModifiers = [.leftControl, .rightControl]
    public static let alt: KeyModifiers = [.leftAlt, .rightAlt]
    public static let gui: KeyModifiers = [.leftGUI, .rightGUI]

    /// Whether either shift key is held.
    public var hasShift: Bool { !isDisjoint(with: .shift) }
    /// Whether either alt (option) key is held.
    public var hasAlt: Bool { !isDisjoint(with: .alt) }
    /// Whether either control key is held.
    public var hasControl: Bool { !isDisjoint(with: .control) }

    /// Each modifier's name, in the order of its bit; used by traces.
    static let names: [(KeyModifiers, String)] = [
        (.leftShift, "lshift"), (.rightShift, "rshift"),
        (.leftControl, "lctrl"), (.rightControl, "rctrl"),
        (.leftAlt, "lalt"), (.rightAlt, "ralt"),
        (.leftGUI, "lgui"), (.rightGUI, "rgui"),
        (.numLock, "num"), (.capsLock, "caps"), (.mode, "mode"), (.scrollLock, "scroll"),
    ]
}
