/// An input pressed while others are held: Ctrl+S on a keyboard, LB + A on a
/// pad, Shift + right click.
///
/// A chord is pressed when its ``input`` goes down while every one of its
/// ``modifiers`` is already held, and stays pressed while all of them are;
/// letting go of any ends it, and pressing the modifier again while the
/// input is still down does not bring it back (the input must go down last,
/// as Unity's "Ordered" modifier composites ask).
///
/// ## What the plain input does while the chord is held
///
/// **The chord takes the press.** When a chord of a map fires, its input's
/// press belongs to the chord until the input is let go: no other binding of
/// that map reads it, so with Ctrl+S bound to `save` and S to `move`,
/// Ctrl+S saves and does not walk. This is what Unity's Input System does
/// with its shortcut support on (`InputSettings.shortcutKeysConsumeInput`:
/// "more complex bindings are checked first, the first action that performs
/// consumes the input, so simpler bindings on the same control don't
/// respond"), and what desktop applications do. Godot's default is the
/// other way (an action bound to S also matches Ctrl+S unless it asks for an
/// exact match); a game that wants both can bind the plain input to both
/// actions instead. When several chords on the input could fire, the one
/// with the most modifiers takes it (Ctrl+Shift+S over Ctrl+S). The
/// modifiers themselves are not taken: Ctrl bound to `crouch` still
/// crouches. The decision is made in one place, when the input goes down
/// (`ActionMap.pressChords(of:)`).
///
/// ```swift
/// try actions.bind(.save, to: .chord(ActionChord(holding: .modifier(.control), press: .key(.s))))
/// try actions.bind(.special, to: .chord(ActionChord(holding: .button(.leftShoulder), press: .button(.south))))
/// ```
///
/// ## See Also
/// - ``ActionBinding``
/// - ``ModifierKey``
public struct ActionChord: Hashable, Sendable {
    /// What must be held first: one to ``maximumModifiers`` inputs.
    public var modifiers: [DigitalInput]
    /// What is pressed last.
    public var input: DigitalInput

    /// The most modifiers a chord holds: 4, enough for Ctrl+Alt+Shift+GUI.
    public static let maximumModifiers = 4

    public init(holding modifiers: DigitalInput..., press input: DigitalInput) {
        self.modifiers = modifiers
        self.input = input
    }

    public init(holding modifiers: [DigitalInput], press input: DigitalInput) {
        self.modifiers = modifiers
        self.input = input
    }

    var invalidity: ActionMapError.Problem? {
        guard (1...Self.maximumModifiers).contains(modifiers.count) else { return .chordLength(found: modifiers.count + 1) }
        for part in modifiers + [input] {
            if let problem = part.invalidity { return problem }
        }
        let parts = modifiers + [input]
        for (index, part) in parts.enumerated() where parts[..<index].contains(part) {
            return .chordRepeats(ActionMapFile.text(of: part))
        }
        return nil
    }
}

/// A modifier key on either side of the keyboard: held while its left or
/// its right key is, as Ctrl in "Ctrl+S" means.
public enum ModifierKey: String, Hashable, Sendable, CaseIterable {
    case shift, control, alt, gui

    /// Its left and right keys.
    public var keys: (left: PhysicalKey, right: PhysicalKey) {
        switch self {
        case .shift: (.leftShift, .rightShift)
        case .control: (.leftControl, .rightControl)
        case .alt: (.leftAlt, .rightAlt)
        case .gui: (.leftGUI, .rightGUI)
        }
    }
}
