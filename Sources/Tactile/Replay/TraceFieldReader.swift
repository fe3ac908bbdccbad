/// Reads one trace line's fields in order, turning each into a number or a
/// word, and names the field and the line in the ``TraceError`` when it can't.
///
/// The decoder checks a line's field count against ``TraceEventWord/fieldCount``
/// before reading, so running out of fields means the decoder and that table
/// disagree. Rather than trap on it, an absent field reads as empty text and
/// fails as a bad number or word; the round-trip tests keep the two in step.
struct TraceFieldReader {
    /// The 1-based line number, for errors.
    let line: Int
    /// The line's first fields (see ``TextLineReader/maximumFieldCount``).
    private let fields: [String]
    /// How many fields the line has, kept or not.
    private let count: Int
    private var position = 0

    init(line: Int, fields: [String], count: Int) {
        self.line = line
        self.fields = fields
        self.count = count
    }

    /// How many fields are left to read.
    var remainingCount: Int { max(count - position, 0) }

    /// The next field as it was written, or empty text when none is left.
    mutating func text() -> String {
        guard position < fields.count else { return "" }
        defer { position += 1 }
        return fields[position]
    }

    /// The next field as a finite `Double`.
    mutating func number(_ field: String) throws(TraceError) -> Double {
        let text = text()
        guard let value = DecimalNumber.parse(text) else {
            throw .badNumber(line: line, field: field, text: text)
        }
        return value
    }

    /// The next field as a finite `Double`, or `nil` when it is `-`.
    mutating func optionalNumber(_ field: String) throws(TraceError) -> Double? {
        skipAbsent() ? nil : try number(field)
    }

    /// Whether the next field is `-`, an absent optional value; reads it if so.
    mutating func skipAbsent() -> Bool {
        guard position < fields.count, fields[position] == "-" else { return false }
        position += 1
        return true
    }

    /// The next field as a decimal integer that fits `Integer`.
    mutating func integer<Integer: FixedWidthInteger>(_ field: String, as: Integer.Type) throws(TraceError) -> Integer {
        let text = text()
        guard let value = Integer(text, radix: 10) else {
            throw .badNumber(line: line, field: field, text: text)
        }
        return value
    }

    /// The next field as one of the words of `Word`, its raw values.
    mutating func word<Word: RawRepresentable>(_ field: String, as: Word.Type) throws(TraceError) -> Word
    where Word.RawValue == String {
        let text = text()
        guard let word = Word(rawValue: text) else {
            throw .badWord(line: line, field: field, text: text)
        }
        return word
    }

    /// The next field as a set of modifier keys (see ``KeyModifiers/traceWord``).
    mutating func modifiers(_ field: String) throws(TraceError) -> KeyModifiers {
        let text = text()
        guard let modifiers = KeyModifiers(traceWord: text) else {
            throw .badWord(line: line, field: field, text: text)
        }
        return modifiers
    }
}
