/// Damages a real file the ways files get damaged, for the format fuzzers:
/// a seeded, repeatable stream of mutations of a line-based text file.
///
/// Each call of ``mutate(_:)`` applies one ``Mutation``, chosen at random,
/// to the bytes. The cheap mutations (bit flips, cut lines, swapped lines,
/// hostile numbers) are the common ones; the huge ones (a 10 MB line, 10 MB
/// of newlines) come only when asked for by ``mutateHuge(_:)``, because each
/// costs tens of milliseconds, and a fuzzer wants thousands of runs a second.
///
/// ```swift
/// var mutator = FormatMutator(header: "tactile-trace", seed: 42)
/// var bytes = Array(seedText.utf8)
/// let applied = mutator.mutate(&bytes)   // e.g. .hostileNumber
/// ```
public struct FormatMutator {
    /// One way of damaging a file.
    public enum Mutation: String, CaseIterable, Sendable {
        /// One bit of one byte flipped.
        case bitFlip = "bit-flip"
        /// The file cut short at a random byte.
        case truncation
        /// A line written twice.
        case duplicatedLine = "duplicated-line"
        /// A line left out.
        case deletedLine = "deleted-line"
        /// Two lines swapped (for a trace, time going backwards).
        case swappedLines = "swapped-lines"
        /// A field replaced by a number no field takes: out of range above
        /// or below, NaN, hexadecimal, 20 digits, or an edge value that must
        /// still read (`5e-324`, `-0.0`).
        case hostileNumber = "hostile-number"
        /// Random bytes, any of the 256, inserted.
        case binaryJunk = "binary-junk"
        /// Every newline made a CRLF.
        case crlf
        /// The header line removed.
        case missingHeader = "missing-header"
        /// The header's version replaced by another.
        case otherVersion = "other-version"
        /// A field split in two, or two fields joined.
        case fieldSplice = "field-splice"
        /// A line of ``hugeSize`` (10 MB): one word, or one-character fields.
        case hugeLine = "huge-line"
        /// ``hugeSize`` (10 MB) of newlines.
        case hugeNewlines = "huge-newlines"

        /// The mutations that make inputs of megabytes.
        public static let huge: [Mutation] = [.hugeLine, .hugeNewlines]
        /// The others.
        public static let cheap: [Mutation] = allCases.filter { !huge.contains($0) }
    }

    /// Numbers that the formats must refuse, or must read back exactly.
    public static let hostileNumbers = [
        "1e999", "-1e999", "1e-400", "-1e-400", "nan", "inf", "-infinity", "0x1p3", "1e", "--1", "1..0",
        "99999999999999999999", "9223372036854775808", "-9223372036854775809", "2147483648", "4294967296",
        "5e-324", "-0.0", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9406564584124654e-324",
        "0", "-0", "1e-5", "+1", ".5", "5.",
    ]

    /// How big the huge mutations are by default: 10 MB.
    public static let defaultHugeSize = 10_000_000

    /// How big this mutator's huge mutations are, in bytes.
    public let hugeSize: Int
    private let header: String
    private var random: SplitMix64

    /// - Parameters:
    ///   - header: the format's header word (`tactile-trace`), for the
    ///     version mutations.
    ///   - seed: the seed of the random choices; the same seed, the same mutations.
    ///   - hugeSize: the size of the huge mutations, in bytes.
    public init(header: String, seed: UInt64, hugeSize: Int = FormatMutator.defaultHugeSize) {
        self.header = header
        self.hugeSize = hugeSize
        random = SplitMix64(seed: seed)
    }

    /// A random number in `0..<bound`, from the mutator's own stream.
    public mutating func below(_ bound: Int) -> Int { random.below(bound) }

    /// Applies one of the cheap mutations; returns which.
    @discardableResult
    public mutating func mutate(_ bytes: inout [UInt8]) -> Mutation {
        let mutation = Mutation.cheap[random.below(Mutation.cheap.count)]
        apply(mutation, to: &bytes)
        return mutation
    }

    /// Applies one of the huge mutations; returns which.
    @discardableResult
    public mutating func mutateHuge(_ bytes: inout [UInt8]) -> Mutation {
        let mutation = Mutation.huge[random.below(Mutation.huge.count)]
        apply(mutation, to: &bytes)
        return mutation
    }

    /// Applies `mutation` to `bytes`.
    public mutating func apply(_ mutation: Mutation, to bytes: inout [UInt8]) {
        let newline = UInt8(ascii: "\n")
        switch mutation {
        case .bitFlip:
            guard !bytes.isEmpty else { return }
            bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
        case .truncation:
            bytes.removeLast(random.below(bytes.count + 1))
        case .duplicatedLine:
            var lines = Self.lines(of: bytes)
            guard !lines.isEmpty else { return }
            let index = random.below(lines.count)
            lines.insert(lines[index], at: index)
            bytes = Self.join(lines)
        case .deletedLine:
            var lines = Self.lines(of: bytes)
            guard !lines.isEmpty else { return }
            lines.remove(at: random.below(lines.count))
            bytes = Self.join(lines)
        case .swappedLines:
            var lines = Self.lines(of: bytes)
            guard lines.count > 1 else { return }
            lines.swapAt(random.below(lines.count), random.below(lines.count))
            bytes = Self.join(lines)
        case .hostileNumber:
            var lines = Self.lines(of: bytes)
            guard !lines.isEmpty else { return }
            let index = random.below(lines.count)
            var fields = lines[index].split(separator: UInt8(ascii: " ")).map(Array.init)
            guard !fields.isEmpty else { return }
            let number = Self.hostileNumbers[random.below(Self.hostileNumbers.count)]
            let field = random.below(fields.count)
            // Options keep their name: `deadzone=1e999`.
            if let equals = fields[field].firstIndex(of: UInt8(ascii: "=")) {
                fields[field] = Array(fields[field][...equals]) + Array(number.utf8)
            } else {
                fields[field] = Array(number.utf8)
            }
            lines[index] = Array(fields.joined(separator: [UInt8(ascii: " ")]))
            bytes = Self.join(lines)
        case .binaryJunk:
            let junk = (0..<(1 + random.below(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.insert(contentsOf: junk, at: random.below(bytes.count + 1))
        case .crlf:
            var converted: [UInt8] = []
            converted.reserveCapacity(bytes.count + bytes.count / 16)
            for byte in bytes {
                if byte == newline { converted.append(UInt8(ascii: "\r")) }
                converted.append(byte)
            }
            bytes = converted
        case .missingHeader:
            var lines = Self.lines(of: bytes)
            guard !lines.isEmpty else { return }
            lines.removeFirst()
            bytes = Self.join(lines)
        case .otherVersion:
            var lines = Self.lines(of: bytes)
            let versions = ["0", "2", "-1", "1.0", "01", "+1", "99999999999999999999", "", "1 1"]
            let line = Array("\(header) \(versions[random.below(versions.count)])".utf8)
            if lines.isEmpty { lines = [line] } else { lines[0] = line }
            bytes = Self.join(lines)
        case .fieldSplice:
            guard !bytes.isEmpty else { return }
            let index = random.below(bytes.count)
            if bytes[index] == UInt8(ascii: " ") {
                bytes.remove(at: index)
            } else {
                bytes.insert(UInt8(ascii: " "), at: index)
            }
        case .hugeLine:
            var line = [UInt8](repeating: UInt8(ascii: "7"), count: hugeSize)
            if random.below(2) == 0 {
                // One-character fields: "a a a …".
                line.withUnsafeMutableBufferPointer { line in
                    var index = 1
                    while index < line.count {
                        line[index] = UInt8(ascii: " ")
                        index += 2
                    }
                }
            }
            bytes = Self.splice(line + [newline], into: bytes, at: randomLineStart(of: bytes))
        case .hugeNewlines:
            let newlines = [UInt8](repeating: newline, count: hugeSize)
            bytes = Self.splice(newlines, into: bytes, at: randomLineStart(of: bytes))
        }
    }

    /// The offset of a random line's first byte (or the end).
    private mutating func randomLineStart(of bytes: [UInt8]) -> Int {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts[random.below(starts.count)]
    }

    /// `bytes` with `insertion` at `offset`, copied as whole buffers: the
    /// huge mutations would take seconds byte by byte in a debug build.
    private static func splice(_ insertion: [UInt8], into bytes: [UInt8], at offset: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count + insertion.count) { buffer, count in
            bytes.withUnsafeBufferPointer { bytes in
                insertion.withUnsafeBufferPointer { insertion in
                    let base = buffer.baseAddress!
                    if offset > 0 { base.initialize(from: bytes.baseAddress!, count: offset) }
                    if !insertion.isEmpty { (base + offset).initialize(from: insertion.baseAddress!, count: insertion.count) }
                    if bytes.count > offset {
                        (base + offset + insertion.count).initialize(from: bytes.baseAddress! + offset, count: bytes.count - offset)
                    }
                }
            }
            count = bytes.count + insertion.count
        }
    }

    /// The lines of a file, without their newlines.
    public static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    private static func join(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }
}
