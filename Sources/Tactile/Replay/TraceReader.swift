/// Reads a trace's events one at a time from its text, in memory or in a
/// file, holding only the line being read.
///
/// ``Trace/init(parsing:)`` and ``Trace/init(contentsOfFile:)`` keep every
/// event; ``TracePlayer/init(contentsOfFile:start:)`` keeps one, which is how
/// a trace larger than memory plays. Both read through this, so the rules
/// are the same: the header first, then events whose times never decrease
/// (see ``Trace`` for the format and its limits).
///
/// A format error comes back as a value (`.failure`) and ends the reading;
/// a failure of the source itself (a file that cannot be read) is thrown, so
/// that text in memory, whose source cannot fail, reads without `try`.
struct TraceReader<Source: ByteSource> {
    private var lines: TextLineReader<Source>
    private var previousTime = -Double.infinity
    private var isFinished = false
    /// The header's version, once it has been read.
    private(set) var version: Int?

    init(_ source: Source) {
        lines = TextLineReader(source)
    }

    /// The number of the last line read.
    var lineNumber: Int { lines.lineNumber }

    /// The next event, a format error (after which there is nothing more),
    /// or `nil` at the end of a valid trace.
    ///
    /// - Throws: the source's error when reading fails.
    /// - Complexity: O(*k*) in the length of the lines read, amortised.
    mutating func next() throws(Source.Failure) -> Result<InputEvent, TraceError>? {
        guard !isFinished else { return nil }
        while let line = try lines.nextLine() {
            switch line {
            case .tooLong(let number):
                return fail(.lineTooLong(line: number, limit: TextLineReader<Source>.maximumLineLength))
            case .fields(let number, let count):
                guard version != nil else {
                    switch lines.withFields({ Self.version(fromHeader: $0) }) {
                    case .success(let read): version = read
                    case .failure(let error): return fail(error)
                    }
                    continue
                }
                guard count > 0 else { continue }
                let previousTime = previousTime
                // The fields are read in place, in the line reader's buffer.
                let event = lines.withFields { fields -> Result<InputEvent, TraceError> in
                    var reader = TraceFieldReader(fields)
                    do throws(TraceError) {
                        let time = try reader.number("time")
                        guard time >= previousTime else {
                            throw .timeWentBackwards(line: number, time: time, previous: previousTime)
                        }
                        let kind = try InputEvent.Kind(reading: &reader)
                        return .success(InputEvent(timestamp: time, kind))
                    } catch {
                        return .failure(error)
                    }
                }
                switch event {
                case .success(let read):
                    self.previousTime = read.timestamp
                    return event
                case .failure(let error):
                    return fail(error)
                }
            }
        }
        isFinished = true
        // The line reader yields one line even for empty text, so the header
        // has always been checked by now; this only covers the impossible.
        guard version != nil else { return .failure(.missingHeader(line: 1)) }
        return nil
    }

    private mutating func fail(_ error: TraceError) -> Result<InputEvent, TraceError> {
        isFinished = true
        return .failure(error)
    }

    /// The version a header line announces, if this build can read it.
    private static func version(fromHeader fields: TextFields) -> Result<Int, TraceError> {
        guard fields.count == 2, fields.text(at: 0) == "tactile-trace", let version = Int(fields.text(at: 1), radix: 10) else {
            return .failure(.missingHeader(line: fields.line))
        }
        guard version == Trace.currentVersion else {
            return .failure(.unsupportedVersion(line: fields.line, version: version))
        }
        return .success(version)
    }
}

extension TraceReader: Sendable where Source: Sendable {}
