/// Where each digital input's state is kept in an ``ActionMap``'s tables:
/// keys by scancode (0..<512), then controller buttons, then mouse buttons,
/// in one flat range so that any press is one array index away.
enum InputSlot {
    static let buttonBase = Int(KeyName.scancodeLimit)
    static let mouseBase = buttonBase + ControllerButton.allCases.count
    static let count = mouseBase + MouseButton.allCases.count

    static var keys: Range<Int> { 0..<buttonBase }
    static var buttons: Range<Int> { buttonBase..<mouseBase }
    static var mouseButtons: Range<Int> { mouseBase..<count }

    static func of(_ button: ControllerButton) -> Int { buttonBase + button.ordinal }
    static func of(_ button: MouseButton) -> Int { mouseBase + button.ordinal }

    /// The slot of a key, button or mouse button; `nil` for a scancode out
    /// of range and for a modifier, which is two keys (see ``all(of:)``).
    static func of(_ input: DigitalInput) -> Int? {
        switch input {
        case .key(let scancode): (0..<KeyName.scancodeLimit).contains(scancode) ? Int(scancode) : nil
        case .button(let button): of(button)
        case .mouseButton(let button): of(button)
        case .modifier: nil
        }
    }

    /// Every slot an input reads: one, or a modifier's two keys.
    static func all(of input: DigitalInput) -> [Int] {
        if case .modifier(let modifier) = input {
            return [Int(modifier.keys.left.scancode), Int(modifier.keys.right.scancode)]
        }
        return of(input).map { [$0] } ?? []
    }

    /// The input whose state is kept at `slot`.
    static func input(at slot: Int) -> DigitalInput {
        if slot >= mouseBase { return .mouseButton(MouseButton.allCases[slot - mouseBase]) }
        if slot >= buttonBase { return .button(ControllerButton.allCases[slot - buttonBase]) }
        return .key(Int32(slot))
    }
}
