#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a line-based text format one line at a time, as fields, holding at
/// most one buffer of bytes however long the input is.
///
/// Tactile's text formats (``Trace``, ``ActionMapFile``) share one lexical
/// layer, and this is it:
///
/// - Lines end at a newline byte. The text is split on bytes, not on
///   `Character`s: Swift reads `"\r\n"` as a single `Character`, so splitting
///   on `"\n"` would never split a file with CRLF line ends.
/// - Fields are the runs of bytes between spaces, tabs and carriage returns,
///   so a carriage return before the newline is ignored.
/// - A field that starts with `#` starts a comment, to the end of its line.
/// - A byte-order mark before a line's first field (an editor's) is dropped.
/// - The last line needs no newline. Empty text is one empty line, so a
///   missing header is always reported at line 1.
/// - Empty lines after the first are counted but not returned: both
///   formats skip them.
///
/// ## Limits
///
/// A line may be at most ``maximumLineLength`` bytes long, newline not
/// counted, comment included; a longer one ends reading with
/// ``Line/tooLong(number:)``. A line's first ``maximumFieldCount`` fields
/// are kept; any more are counted but not kept, which is enough for the
/// formats' messages ("found 5,000 fields"): no line of either format has
/// that many. So reading holds one buffer of ``bufferSize`` bytes and one
/// line's kept fields, whatever the input: 10 MB of newlines or 10 MB of
/// one-character fields cost no more than a short file.
///
/// Invalid UTF-8 in a field is read as U+FFFD, so damage fails at its line
/// as a bad word or number rather than as a refusal to read the text.
struct TextLineReader<Source: ByteSource> {
    /// The longest line accepted, in bytes without the newline: 4 KiB, many
    /// times the longest line either format writes (a trace's pointer line
    /// with seven 24-digit numbers is under 250 bytes), with room for comments.
    static var maximumLineLength: Int { 4096 }
    /// How many fields of a line are kept: 16, more than any line of either
    /// format has (a trace line has at most 9, a binding line at most 7).
    static var maximumFieldCount: Int { 16 }
    /// How much is read from the source at once: 64 KiB.
    static var bufferSize: Int { 65_536 }

    /// One line, as read.
    enum Line {
        /// The line's fields before any comment (at most
        /// ``maximumFieldCount``) and how many there were in all.
        case fields(number: Int, [String], count: Int)
        /// The line is longer than ``maximumLineLength``; nothing after it is read.
        case tooLong(number: Int)
    }

    /// One line, as ``nextLine()`` reads it: its fields stay in the buffer,
    /// where ``withFields(_:)`` shows them.
    enum LineBounds {
        /// The line's kept fields are in ``TextFields``; `count` is how
        /// many it had in all.
        case fields(number: Int, count: Int)
        /// The line is longer than ``maximumLineLength``; nothing after it is read.
        case tooLong(number: Int)
    }

    private var source: Source
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var sourceIsExhausted = false
    private var isFinished = false
    /// The number of the last line returned.
    private(set) var lineNumber = 0
    /// The last line's kept fields, as pairs of offsets in `buffer` (start,
    /// end): the first `keptCount` pairs, reused from line to line so that
    /// reading one allocates nothing.
    private var bounds = [Int](repeating: 0, count: 2 * maximumFieldCount)
    private var keptCount = 0
    /// How many fields the last line had, kept or not.
    private var fieldCount = 0

    init(_ source: Source) {
        self.source = source
        buffer = Array(repeating: 0, count: Self.bufferSize)
    }

    /// The next line, or `nil` after the last one (or after a line that was
    /// too long), its fields as text.
    ///
    /// - Throws: the source's error when reading fails.
    /// - Complexity: O(*k*) in the length *k* of the line, amortised.
    mutating func next() throws(Source.Failure) -> Line? {
        switch try nextLine() {
        case nil: return nil
        case .tooLong(let number): return .tooLong(number: number)
        case .fields(let number, let count):
            let kept = withFields { fields in (0..<fields.keptCount).map { fields.text(at: $0) } }
            return .fields(number: number, kept, count: count)
        }
    }

    /// The next line, or `nil` after the last one (or after a line that was
    /// too long), its fields left in the buffer for ``withFields(_:)``: the
    /// way to read a line without making text of each field (a trace's
    /// replay reads thousands of lines a second).
    ///
    /// - Throws: the source's error when reading fails.
    /// - Complexity: O(*k*) in the length *k* of the line, amortised.
    mutating func nextLine() throws(Source.Failure) -> LineBounds? {
        guard !isFinished else { return nil }
        var searched = start
        while true {
            if lineNumber > 0 {
                skipEmptyLines()
                searched = max(searched, start)
            }
            if let newline = firstNewline(from: searched) {
                lineNumber += 1
                let line = start..<newline
                start = newline + 1
                guard line.count <= Self.maximumLineLength else { return tooLong() }
                return findFields(in: line)
            }
            guard end - start <= Self.maximumLineLength else {
                lineNumber += 1
                return tooLong()
            }
            if sourceIsExhausted {
                // The last line, without a newline (empty after a final newline).
                lineNumber += 1
                isFinished = true
                return findFields(in: start..<end)
            }
            searched = end - start
            try refill()
        }
    }

    /// Calls `body` with the kept fields of the line ``nextLine()`` last
    /// returned. The fields point into the reader's buffer: they are valid
    /// only inside `body`, and the next read overwrites them.
    func withFields<Result>(_ body: (TextFields) -> Result) -> Result {
        buffer.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeBufferPointer { bounds in
                body(TextFields(
                    line: lineNumber, count: fieldCount, bytes: bytes,
                    bounds: UnsafeBufferPointer(rebasing: bounds[..<(2 * keptCount)])))
            }
        }
    }

    private mutating func tooLong() -> LineBounds {
        isFinished = true
        return .tooLong(number: lineNumber)
    }

    /// Moves the unread bytes to the front and reads after them.
    private mutating func refill() throws(Source.Failure) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!
                base.copyMemory(from: base + start, byteCount: end - start)
            }
            end -= start
            start = 0
        }
        // `withUnsafeMutableBytes` rethrows untyped errors; a Result keeps the type.
        let read = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Source.Failure) -> Int in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
            }
        }
        let count = try read.get()
        if count == 0 { sourceIsExhausted = true }
        end += count
    }

    /// Counts and passes the empty lines at the front of the buffer in one
    /// loop: every caller skips them, and 10 MB of newlines would otherwise
    /// cost a call and an array per byte. The first line is always returned,
    /// empty or not, since it must be the header.
    private mutating func skipEmptyLines() {
        let (next, skipped) = buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index < end, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            return (index, index - start)
        }
        start = next
        lineNumber += skipped
    }

    private func firstNewline(from index: Int) -> Int? {
        guard index < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), end - index)
                .map { bytes.baseAddress!.distance(to: UnsafeRawPointer($0)) }
        }
    }

    /// Finds the line's fields and keeps the first ``maximumFieldCount``
    /// of them in `bounds`.
    private mutating func findFields(in line: Range<Int>) -> LineBounds {
        let (count, kept) = buffer.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeMutableBufferPointer { bounds in
                var count = 0
                var kept = 0
                var index = line.lowerBound
                while index < line.upperBound {
                    guard !Self.isSeparator(bytes[index]) else {
                        index += 1
                        continue
                    }
                    var fieldStart = index
                    while index < line.upperBound, !Self.isSeparator(bytes[index]) { index += 1 }
                    if count == 0, index - fieldStart >= 3,
                       bytes[fieldStart] == 0xEF, bytes[fieldStart + 1] == 0xBB, bytes[fieldStart + 2] == 0xBF {
                        // A byte-order mark from an editor would otherwise spoil the first word.
                        fieldStart += 3
                        if fieldStart == index { continue }
                    }
                    if bytes[fieldStart] == UInt8(ascii: "#") { break }
                    count += 1
                    if kept < Self.maximumFieldCount {
                        bounds[2 * kept] = fieldStart
                        bounds[2 * kept + 1] = index
                        kept += 1
                    }
                }
                return (count, kept)
            }
        }
        fieldCount = count
        keptCount = kept
        return .fields(number: lineNumber, count: count)
    }

    /// Whether `byte` separates fields: a space, a tab or a carriage return.
    /// Most bytes are above the space, so one comparison decides them.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte <= UInt8(ascii: " ")
            && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r"))
    }
}
extension TextLineReader: Sendable where Source: Sendable {}

/// The kept fields of one line of a ``TextLineReader``, as bytes in its
/// buffer: valid only inside ``TextLineReader/withFields(_:)``.
struct TextFields {
    /// The line's number, 1-based.
    let line: Int
    /// How many fields the line had, kept or not.
    let count: Int
    private let bytes: UnsafeBufferPointer<UInt8>
    private let bounds: UnsafeBufferPointer<Int>

    init(line: Int, count: Int, bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeBufferPointer<Int>) {
        self.line = line
        self.count = count
        self.bytes = bytes
        self.bounds = bounds
    }

    /// How many fields were kept (at most ``TextLineReader/maximumFieldCount``).
    var keptCount: Int { bounds.count / 2 }

    /// The bytes of kept field `index`, never empty.
    func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[bounds[2 * index]..<bounds[2 * index + 1]])
    }

    /// Kept field `index` as text; invalid UTF-8 reads as U+FFFD, so damage
    /// fails where the field is read as a bad word or number.
    func text(at index: Int) -> String {
        String(decoding: bytes(at: index), as: UTF8.self)
    }
}
