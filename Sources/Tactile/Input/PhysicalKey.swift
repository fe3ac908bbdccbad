/// A physical key, by where it is on the keyboard rather than what its
/// layout prints on it: its USB HID keyboard usage (SDL's `SDL_Scancode`).
///
/// `PhysicalKey.w` is the key right of Tab and above S on every keyboard:
/// W on QWERTY, Z on AZERTY. Bind movement and actions by physical key, so
/// that WASD stays a triangle on every layout, and show the player the name
/// their layout gives it (TactileSDL's `PhysicalKey.displayName`).
///
/// ```swift
/// try actions.bind(.jump, to: .key(.space))
/// try actions.bind(.crouch, to: .key(.leftControl))
/// ```
///
/// The constants cover the keys of a full-size keyboard; any other scancode
/// is `PhysicalKey(scancode:)`. ``KeyName`` names them in binding files.
public struct PhysicalKey: Hashable, Sendable {
    /// The USB HID keyboard usage (page 0x07), SDL's `SDL_Scancode`.
    public var scancode: Int32

    public init(scancode: Int32) {
        self.scancode = scancode
    }

    /// The name binding files use for the key (``KeyName/name(of:)``).
    public var name: String { KeyName.name(of: scancode) }

    public static let a = PhysicalKey(scancode: 4)
    public static let b = PhysicalKey(scancode: 5)
    public static let c = PhysicalKey(scancode: 6)
    public static let d = PhysicalKey(scancode: 7)
    public static let e = PhysicalKey(scancode: 8)
    public static let f = PhysicalKey(scancode: 9)
    public static let g = PhysicalKey(scancode: 10)
    public static let h = PhysicalKey(scancode: 11)
    public static let i = PhysicalKey(scancode: 12)
    public static let j = PhysicalKey(scancode: 13)
    public static let k = PhysicalKey(scancode: 14)
    public static let l = PhysicalKey(scancode: 15)
    public static let m = PhysicalKey(scancode: 16)
    public static let n = PhysicalKey(scancode: 17)
    public static let o = PhysicalKey(scancode: 18)
    public static let p = PhysicalKey(scancode: 19)
    public static let q = PhysicalKey(scancode: 20)
    public static let r = PhysicalKey(scancode: 21)
    public static let s = PhysicalKey(scancode: 22)
    public static let t = PhysicalKey(scancode: 23)
    public static let u = PhysicalKey(scancode: 24)
    public static let v = PhysicalKey(scancode: 25)
    public static let w = PhysicalKey(scancode: 26)
    public static let x = PhysicalKey(scancode: 27)
    public static let y = PhysicalKey(scancode: 28)
    public static let z = PhysicalKey(scancode: 29)
    public static let digit1 = PhysicalKey(scancode: 30)
    public static let digit2 = PhysicalKey(scancode: 31)
    public static let digit3 = PhysicalKey(scancode: 32)
    public static let digit4 = PhysicalKey(scancode: 33)
    public static let digit5 = PhysicalKey(scancode: 34)
    public static let digit6 = PhysicalKey(scancode: 35)
    public static let digit7 = PhysicalKey(scancode: 36)
    public static let digit8 = PhysicalKey(scancode: 37)
    public static let digit9 = PhysicalKey(scancode: 38)
    public static let digit0 = PhysicalKey(scancode: 39)
    /// Return (Enter on the main block)
    public static let returnKey = PhysicalKey(scancode: 40)
    public static let escape = PhysicalKey(scancode: 41)
    public static let backspace = PhysicalKey(scancode: 42)
    public static let tab = PhysicalKey(scancode: 43)
    public static let space = PhysicalKey(scancode: 44)
    public static let minus = PhysicalKey(scancode: 45)
    public static let equals = PhysicalKey(scancode: 46)
    public static let leftBracket = PhysicalKey(scancode: 47)
    public static let rightBracket = PhysicalKey(scancode: 48)
    public static let backslash = PhysicalKey(scancode: 49)
    public static let semicolon = PhysicalKey(scancode: 51)
    public static let apostrophe = PhysicalKey(scancode: 52)
    /// The key left of 1 on US layouts (` and ~).
    public static let grave = PhysicalKey(scancode: 53)
    public static let comma = PhysicalKey(scancode: 54)
    public static let period = PhysicalKey(scancode: 55)
    public static let slash = PhysicalKey(scancode: 56)
    public static let capsLock = PhysicalKey(scancode: 57)
    public static let f1 = PhysicalKey(scancode: 58)
    public static let f2 = PhysicalKey(scancode: 59)
    public static let f3 = PhysicalKey(scancode: 60)
    public static let f4 = PhysicalKey(scancode: 61)
    public static let f5 = PhysicalKey(scancode: 62)
    public static let f6 = PhysicalKey(scancode: 63)
    public static let f7 = PhysicalKey(scancode: 64)
    public static let f8 = PhysicalKey(scancode: 65)
    public static let f9 = PhysicalKey(scancode: 66)
    public static let f10 = PhysicalKey(scancode: 67)
    public static let f11 = PhysicalKey(scancode: 68)
    public static let f12 = PhysicalKey(scancode: 69)
    public static let printScreen = PhysicalKey(scancode: 70)
    public static let scrollLock = PhysicalKey(scancode: 71)
    public static let pause = PhysicalKey(scancode: 72)
    public static let insert = PhysicalKey(scancode: 73)
    public static let home = PhysicalKey(scancode: 74)
    public static let pageUp = PhysicalKey(scancode: 75)
    public static let delete = PhysicalKey(scancode: 76)
    public static let end = PhysicalKey(scancode: 77)
    public static let pageDown = PhysicalKey(scancode: 78)
    public static let right = PhysicalKey(scancode: 79)
    public static let left = PhysicalKey(scancode: 80)
    public static let down = PhysicalKey(scancode: 81)
    public static let up = PhysicalKey(scancode: 82)
    public static let numLock = PhysicalKey(scancode: 83)
    public static let keypadDivide = PhysicalKey(scancode: 84)
    public static let keypadMultiply = PhysicalKey(scancode: 85)
    public static let keypadMinus = PhysicalKey(scancode: 86)
    public static let keypadPlus = PhysicalKey(scancode: 87)
    public static let keypadEnter = PhysicalKey(scancode: 88)
    public static let keypad1 = PhysicalKey(scancode: 89)
    public static let keypad2 = PhysicalKey(scancode: 90)
    public static let keypad3 = PhysicalKey(scancode: 91)
    public static let keypad4 = PhysicalKey(scancode: 92)
    public static let keypad5 = PhysicalKey(scancode: 93)
    public static let keypad6 = PhysicalKey(scancode: 94)
    public static let keypad7 = PhysicalKey(scancode: 95)
    public static let keypad8 = PhysicalKey(scancode: 96)
    public static let keypad9 = PhysicalKey(scancode: 97)
    public static let keypad0 = PhysicalKey(scancode: 98)
    public static let keypadPeriod = PhysicalKey(scancode: 99)
    public static let application = PhysicalKey(scancode: 101)
    public static let leftControl = PhysicalKey(scancode: 224)
    public static let leftShift = PhysicalKey(scancode: 225)
    public static let leftAlt = PhysicalKey(scancode: 226)
    public static let leftGUI = PhysicalKey(scancode: 227)
    public static let rightControl = PhysicalKey(scancode: 228)
    public static let rightShift = PhysicalKey(scancode: 229)
    public static let rightAlt = PhysicalKey(scancode: 230)
    public static let rightGUI = PhysicalKey(scancode: 231)
}

extension DigitalInput {
    /// A physical key as a part of a composite.
    public static func key(_ key: PhysicalKey) -> DigitalInput { .key(key.scancode) }
}

extension ActionBinding {
    /// A physical key: `.key(.space)`.
    public static func key(_ key: PhysicalKey) -> ActionBinding { .key(key.scancode) }
}
