/// Why a trace's text could not be read, and on which line.
///
/// Reading stops at the first problem. Every case carries the 1-based number
/// of the line it was found on, and ``description`` says it in plain words
/// for a person fixing the file:
///
/// ```
/// line 7: bad number 'abc' for x
/// ```
///
/// Any text at all, including empty text, binary data or numbers too large
/// for their field, either parses or throws one of these; nothing traps.
///
/// ## See Also
/// - ``Trace``
public enum TraceError: Error, Hashable, Sendable {
    /// The first line is not a header `tactile-trace <version>`: the text is
    /// empty, is not a trace, or its header is damaged.
    case missingHeader(line: Int)

    /// The header names a version of the format that this build cannot read.
    case unsupportedVersion(line: Int, version: Int)

    /// The word after an event's time is not a kind of event; `word` is empty
    /// when the line holds nothing but a time.
    case unknownEventKind(line: Int, word: String)

    /// An event line has fewer fields than its kind takes (a truncated line)
    /// or more. Both counts are of the fields after the kind's word.
    case wrongFieldCount(line: Int, kind: String, expected: Int, found: Int)

    /// A field that holds a number does not: it is not decimal, it is NaN or
    /// infinite, or it is out of the field's range (`3000000000` for a 32-bit
    /// id, `1e999` above any `Double`, `1e-400` below the smallest).
    case badNumber(line: Int, field: String, text: String)

    /// A field that holds a word does not hold one of the words it allows.
    case badWord(line: Int, field: String, text: String)

    /// An event's time is earlier than the event before it.
    case timeWentBackwards(line: Int, time: Double, previous: Double)

    /// A line is longer than `limit` bytes (see ``Trace``'s limits): no
    /// trace line is, so the text is not a trace or is damaged, and reading
    /// stops without holding the rest of the line.
    case lineTooLong(line: Int, limit: Int)

    /// The 1-based number of the line the problem was found on.
    public var line: Int {
        switch self {
        case .missingHeader(let line),
             .unsupportedVersion(let line, _),
             .unknownEventKind(let line, _),
             .wrongFieldCount(let line, _, _, _),
             .badNumber(let line, _, _),
             .badWord(let line, _, _),
             .timeWentBackwards(let line, _, _),
             .lineTooLong(let line, _):
            line
        }
    }
}

extension TraceError: CustomStringConvertible {
    /// The problem in plain words, starting with its line: `line 7: bad number 'abc' for x`.
    public var description: String {
        let problem =
            switch self {
            case .missingHeader:
                "not a trace: the first line must be 'tactile-trace \(Trace.currentVersion)'"
            case .unsupportedVersion(_, let version):
                "unsupported trace version \(version); this build reads version \(Trace.currentVersion)"
            case .unknownEventKind(_, let word) where word.isEmpty:
                "missing event kind after the time"
            case .unknownEventKind(_, let word):
                "unknown event kind \(quoted(word))"
            case .wrongFieldCount(_, let kind, let expected, let found) where found < expected:
                "truncated line: '\(kind)' takes \(expected) fields after its kind, found \(found)"
            case .wrongFieldCount(_, let kind, let expected, let found):
                "too many fields: '\(kind)' takes \(expected) fields after its kind, found \(found)"
            case .badNumber(_, let field, let text):
                "bad number \(quoted(text)) for \(field)"
            case .badWord(_, let field, let text):
                "bad word \(quoted(text)) for \(field)"
            case .timeWentBackwards(_, let time, let previous):
                "time went backwards: \(time) comes after \(previous)"
            case .lineTooLong(_, let limit):
                "line too long: a trace line is at most \(limit) bytes"
            }
        return "line \(line): \(problem)"
    }
}

/// Text from the file, quoted for a message: control characters escaped so
/// that binary garbage cannot mangle a log line, and long text cut short.
private func quoted(_ text: String) -> String {
    let limit = 40
    var shown = ""
    for (offset, scalar) in text.unicodeScalars.enumerated() {
        if offset == limit {
            shown += "…"
            break
        }
        shown += scalar.escaped(asASCII: false)
    }
    return "'\(shown)'"
}
