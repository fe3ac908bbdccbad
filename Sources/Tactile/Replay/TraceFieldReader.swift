/// Reads one trace line's fields in order, turning each into a number or a
/// word, and names the field and the line in the ``TraceError`` when it can't.
///
/// The fields are read as bytes where the line reader left them: a replay
/// reads every line of its trace while the game runs, so numbers, integers
/// and words are parsed without making text of each field first (text is
/// made only for the fields that are text, and for the error that quotes a
/// bad field). The byte parsers give exactly what the text ones give; see
/// ``DecimalNumber/parse(bytes:)``.
///
/// The decoder checks a line's field count against ``TraceEventWord/fieldCount``
/// before reading, so running out of fields means the decoder and that table
/// disagree. Rather than trap on it, an absent field reads as empty text and
/// fails as a bad number or word; the round-trip tests keep the two in step.
struct TraceFieldReader {
    /// The 1-based line number, for errors.
    let line: Int
    /// The line's first fields (see ``TextLineReader/maximumFieldCount``);
    /// valid only while the line reader shows them.
    private let fields: TextFields
    private var position = 0

    init(_ fields: TextFields) {
        line = fields.line
        self.fields = fields
    }

    /// How many fields are left to read.
    var remainingCount: Int { max(fields.count - position, 0) }

    /// The next field's bytes, or `nil` when none is left.
    private mutating func nextBytes() -> UnsafeBufferPointer<UInt8>? {
        guard position < fields.keptCount else { return nil }
        defer { position += 1 }
        return fields.bytes(at: position)
    }

    /// The text of a field read as `bytes`, for an error; empty when absent.
    private func quoted(_ bytes: UnsafeBufferPointer<UInt8>?) -> String {
        bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The next field as it was written, or empty text when none is left.
    mutating func text() -> String {
        quoted(nextBytes())
    }

    /// The next field as a finite `Double`.
    mutating func number(_ field: String) throws(TraceError) -> Double {
        let bytes = nextBytes()
        guard let bytes, let value = DecimalNumber.parse(bytes: bytes) else {
            throw .badNumber(line: line, field: field, text: quoted(bytes))
        }
        return value
    }

    /// The next field as a finite `Double`, or `nil` when it is `-`.
    mutating func optionalNumber(_ field: String) throws(TraceError) -> Double? {
        skipAbsent() ? nil : try number(field)
    }

    /// Whether the next field is `-`, an absent optional value; reads it if so.
    mutating func skipAbsent() -> Bool {
        guard position < fields.keptCount else { return false }
        let bytes = fields.bytes(at: position)
        guard bytes.count == 1, bytes[0] == UInt8(ascii: "-") else { return false }
        position += 1
        return true
    }

    /// The next field as a decimal integer that fits `Integer`.
    mutating func integer<Integer: FixedWidthInteger>(_ field: String, as: Integer.Type) throws(TraceError) -> Integer {
        let bytes = nextBytes()
        guard let bytes, let value = DecimalNumber.integer(bytes: bytes, as: Integer.self) else {
            throw .badNumber(line: line, field: field, text: quoted(bytes))
        }
        return value
    }

    /// The next field as one of the words of `Word`, its raw values.
    mutating func word<Word: TraceWord>(_ field: String, as: Word.Type) throws(TraceError) -> Word {
        let bytes = nextBytes()
        guard let bytes, let word = Word.traceWords.word(bytes) else {
            throw .badWord(line: line, field: field, text: quoted(bytes))
        }
        return word
    }

    /// The next field as the word that names a line's kind.
    mutating func eventWord() throws(TraceError) -> TraceEventWord {
        let bytes = nextBytes()
        guard let bytes, let word = TraceEventWord.traceWords.word(bytes) else {
            throw .unknownEventKind(line: line, word: quoted(bytes))
        }
        return word
    }

    /// The next field as a set of modifier keys (see ``KeyModifiers/traceWord``).
    mutating func modifiers(_ field: String) throws(TraceError) -> KeyModifiers {
        let bytes = nextBytes()
        // No modifiers, a key line's usual case, without making text.
        if let bytes, bytes.count == 1, bytes[0] == UInt8(ascii: "-") { return [] }
        let text = quoted(bytes)
        guard let modifiers = KeyModifiers(traceWord: text) else {
            throw .badWord(line: line, field: field, text: text)
        }
        return modifiers
    }
}
