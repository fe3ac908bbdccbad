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
        while let line = try lines.next() {
            switch line {
            case .tooLong(let number):
                return fail(.lineTooLong(line: number, limit: TextLineReader<Source>.maximumLineLength))
            case .fields(let number, let fields, let count):
                guard version != nil else {
                    switch Self.version(fromHeader: fields, count: count, line: number) {
                    case .success(let read): version = read
                    case .failure(let error): return fail(error)
                    }
                    continue
                }
                guard count > 0 else { continue }
                var reader = TraceFieldReader(line: number, fields: fields, count: count)
                do throws(TraceError) {
                    let time = try reader.number("time")
                    guard time >= previousTime else {
                        throw .timeWentBackwards(line: number, time: time, previous: previousTime)
                    }
                    let kind = try InputEvent.Kind(reading: &reader)
                    previousTime = time
                    return .success(InputEvent(timestamp: time, kind))
                } catch {
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
    private static func version(fromHeader fields: [String], count: Int, line: Int) -> Result<Int, TraceError> {
        guard count == 2, fields[0] == "tactile-trace", let version = Int(fields[1], radix: 10) else {
            return .failure(.missingHeader(line: line))
        }
        guard version == Trace.currentVersion else {
            return .failure(.unsupportedVersion(line: line, version: version))
        }
        return .success(version)
    }
}

extension TraceReader: Sendable where Source: Sendable {}
