/// Text the player typed: committed text, or the composition an input
/// method (IME) shows while the player builds a character from several keys.
///
/// Text input is separate from keys: one key can give no text (Shift), and
/// one character can take several keys (ü from a dead key and u, 日 from an
/// IME's candidates). A name-entry field or a chat box reads text; a game's
/// controls read keys. TactileSDL's event pump makes these from SDL's
/// `SDL_TEXTINPUT` and `SDL_TEXTEDITING` events between the game's
/// `startTextInput` and `stopTextInput`, and the scene delivers them to the
/// first responder (see ``Responder/insertText(_:timestamp:)``).
///
/// ```swift
/// case .text(.committed(let text)): field.value += text
/// case .text(.composition(let composition)): field.composing = composition.text
/// ```
///
/// While a composition is under way its text is not yet the field's: an IME
/// sends a new composition after each key, and when the player picks a
/// candidate it ends the composition (empty text) and commits the result.
///
/// ## See Also
/// - ``TextComposition``
/// - ``Responder/insertText(_:timestamp:)``
/// - ``Responder/updateComposition(_:timestamp:)``
public enum TextInputEvent: Hashable, Sendable {
    /// Text to add where the cursor is. One typed character, or a whole
    /// IME candidate; SDL splits long text into several events, which read
    /// in order give the text whole.
    case committed(String)
    /// The composition under way changed; empty text means it ended.
    case composition(TextComposition)

    /// The most UTF-8 bytes of text one event carries: longer text is cut at
    /// the last whole character before it (by the event pump, with a
    /// diagnostic). An IME composition is a word or a phrase, far shorter;
    /// 1,024 bytes keep any event's trace line, every byte escaped, under a
    /// trace's 4,096-byte line limit.
    public static let maximumUTF8Count = 1024
}

/// The text an input method is composing, with its cursor and selection.
///
/// Positions count Unicode scalars (code points) from the start of the
/// text, as SDL's IME backends report them. The initialiser clamps them into
/// the text, so a composition always describes a cursor inside its text and
/// a selection that ends there: a malformed IME event (a cursor past the
/// end of a text SDL truncated, a negative length) still gives a usable one.
public struct TextComposition: Hashable, Sendable {
    /// The composition as the IME shows it.
    public let text: String
    /// Where the cursor is, in Unicode scalars from the start: 0…count.
    public let cursor: Int
    /// How many scalars from the cursor the IME has selected (the segment
    /// it is converting), 0 for none.
    public let selectionLength: Int

    public init(text: String, cursor: Int, selectionLength: Int = 0) {
        let count = text.unicodeScalars.count
        self.text = text
        self.cursor = min(max(cursor, 0), count)
        self.selectionLength = min(max(selectionLength, 0), count - self.cursor)
    }

    /// No composition: the IME ended or cancelled it.
    public static let none = TextComposition(text: "", cursor: 0)
}
