/// Names for keys in binding files: SDL's scancode names with the spaces
/// taken out, so that each is one word.
///
/// A key is bound by its scancode, the USB HID keyboard usage of the
/// physical key (page 0x07), which is also what SDL's `SDL_Scancode` is. SDL
/// names each one (`SDL_GetScancodeName`: "Space", "Left Shift", "Keypad
/// Enter"); Tactile cannot ask SDL, having no SDL in it, so this table holds
/// SDL 2's names for usages 4 to 231 (the keyboard page; TactileSDL's tests
/// check every entry against SDL's own). Names are matched without regard to
/// case, and SDL's spelling with spaces (`Left Shift`, `Keypad Enter`) reads
/// as the name without them. Code uses ``PhysicalKey``'s constants. Any scancode, named or not, can also be written as its number
/// (decimal, or hexadecimal with `0x`, as the HID tables print them).
///
/// | name | usage |
/// |---|---|
/// | `A`…`Z` | 4…29 |
/// | `1`…`9`, `0` | 30…39 |
/// | `Return`, `Escape`, `Backspace`, `Tab`, `Space` | 40…44 |
/// | `Right`, `Left`, `Down`, `Up` | 79…82 |
/// | `LeftCtrl`, `LeftShift`, `LeftAlt`, `LeftGUI`, `RightCtrl`… | 224…231 |
///
/// ```swift
/// KeyName.scancode(of: "space")      // 44
/// KeyName.name(of: 225)              // "LeftShift"
/// ```
public enum KeyName {
    /// Scancodes run below this: SDL's `SDL_NUM_SCANCODES`.
    public static let scancodeLimit: Int32 = 512

    /// The scancode a name or number stands for, or `nil`. SDL's own names,
    /// with their spaces, are names too: `"Left Shift"` is `LeftShift`.
    public static func scancode(of text: String) -> Int32? {
        if let number = number(text) { return (0..<scancodeLimit).contains(number) ? number : nil }
        return byName[text.lowercased()] ?? byName[text.lowercased().filter { $0 != " " }]
    }

    /// The name of a scancode, or its number when it has none: decimal
    /// (`300`), except that the unnamed scancodes 0 to 3 are written in
    /// hexadecimal (`0x1`), because a single digit is the name of a number
    /// key (`1` is scancode 30). Whatever this returns, ``scancode(of:)``
    /// reads back as the same scancode, for every scancode below
    /// ``scancodeLimit``.
    public static func name(of scancode: Int32) -> String {
        if let name = byScancode[scancode] { return name }
        return (0...9).contains(scancode) ? "0x" + String(scancode, radix: 16) : String(scancode)
    }

    private static func number(_ text: String) -> Int32? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int32(text.dropFirst(2), radix: 16) }
        // Digits only: "1" is a name (the key 1), as SDL names it.
        return text.count > 1 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? Int32(text) : nil
    }

    /// SDL 2.26's scancode names, spaces removed. Usage 158 is also called
    /// "Return" by SDL; the name stays with 40, the key every keyboard has.
    static let table: [(Int32, String)] = [
        (4, "A"), (5, "B"), (6, "C"), (7, "D"), (8, "E"), (9, "F"), (10, "G"), (11, "H"), (12, "I"),
        (13, "J"), (14, "K"), (15, "L"), (16, "M"), (17, "N"), (18, "O"), (19, "P"), (20, "Q"), (21, "R"),
        (22, "S"), (23, "T"), (24, "U"), (25, "V"), (26, "W"), (27, "X"), (28, "Y"), (29, "Z"), (30, "1"),
        (31, "2"), (32, "3"), (33, "4"), (34, "5"), (35, "6"), (36, "7"), (37, "8"), (38, "9"), (39, "0"),
        (40, "Return"), (41, "Escape"), (42, "Backspace"), (43, "Tab"), (44, "Space"), (45, "-"),
        (46, "="), (47, "["), (48, "]"), (49, "\\"), (50, "#"), (51, ";"), (52, "'"), (53, "`"), (54, ","),
        (55, "."), (56, "/"), (57, "CapsLock"), (58, "F1"), (59, "F2"), (60, "F3"), (61, "F4"), (62, "F5"),
        (63, "F6"), (64, "F7"), (65, "F8"), (66, "F9"), (67, "F10"), (68, "F11"), (69, "F12"),
        (70, "PrintScreen"), (71, "ScrollLock"), (72, "Pause"), (73, "Insert"), (74, "Home"),
        (75, "PageUp"), (76, "Delete"), (77, "End"), (78, "PageDown"), (79, "Right"), (80, "Left"),
        (81, "Down"), (82, "Up"), (83, "Numlock"), (84, "Keypad/"), (85, "Keypad*"), (86, "Keypad-"),
        (87, "Keypad+"), (88, "KeypadEnter"), (89, "Keypad1"), (90, "Keypad2"), (91, "Keypad3"),
        (92, "Keypad4"), (93, "Keypad5"), (94, "Keypad6"), (95, "Keypad7"), (96, "Keypad8"),
        (97, "Keypad9"), (98, "Keypad0"), (99, "Keypad."), (101, "Application"), (102, "Power"),
        (103, "Keypad="), (104, "F13"), (105, "F14"), (106, "F15"), (107, "F16"), (108, "F17"),
        (109, "F18"), (110, "F19"), (111, "F20"), (112, "F21"), (113, "F22"), (114, "F23"), (115, "F24"),
        (116, "Execute"), (117, "Help"), (118, "Menu"), (119, "Select"), (120, "Stop"), (121, "Again"),
        (122, "Undo"), (123, "Cut"), (124, "Copy"), (125, "Paste"), (126, "Find"), (127, "Mute"),
        (128, "VolumeUp"), (129, "VolumeDown"), (133, "Keypad,"), (134, "Keypad=(AS400)"),
        (153, "AltErase"), (154, "SysReq"), (155, "Cancel"), (156, "Clear"), (157, "Prior"),
        (159, "Separator"), (160, "Out"), (161, "Oper"), (162, "Clear/Again"), (163, "CrSel"),
        (164, "ExSel"), (176, "Keypad00"), (177, "Keypad000"), (178, "ThousandsSeparator"),
        (179, "DecimalSeparator"), (180, "CurrencyUnit"), (181, "CurrencySubUnit"), (182, "Keypad("),
        (183, "Keypad)"), (184, "Keypad{"), (185, "Keypad}"), (186, "KeypadTab"), (187, "KeypadBackspace"),
        (188, "KeypadA"), (189, "KeypadB"), (190, "KeypadC"), (191, "KeypadD"), (192, "KeypadE"),
        (193, "KeypadF"), (194, "KeypadXOR"), (195, "Keypad^"), (196, "Keypad%"), (197, "Keypad<"),
        (198, "Keypad>"), (199, "Keypad&"), (200, "Keypad&&"), (201, "Keypad|"), (202, "Keypad||"),
        (203, "Keypad:"), (204, "Keypad#"), (205, "KeypadSpace"), (206, "Keypad@"), (207, "Keypad!"),
        (208, "KeypadMemStore"), (209, "KeypadMemRecall"), (210, "KeypadMemClear"), (211, "KeypadMemAdd"),
        (212, "KeypadMemSubtract"), (213, "KeypadMemMultiply"), (214, "KeypadMemDivide"),
        (215, "Keypad+/-"), (216, "KeypadClear"), (217, "KeypadClearEntry"), (218, "KeypadBinary"),
        (219, "KeypadOctal"), (220, "KeypadDecimal"), (221, "KeypadHexadecimal"), (224, "LeftCtrl"),
        (225, "LeftShift"), (226, "LeftAlt"), (227, "LeftGUI"), (228, "RightCtrl"), (229, "RightShift"),
        (230, "RightAlt"), (231, "RightGUI"),
    ]

    private static let byName = Dictionary(table.map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    private static let byScancode = Dictionary(table.map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
}
