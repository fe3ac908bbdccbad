import TactileTestSupport
import Testing
@testable import Tactile

/// The lexical layer both text formats share: lines on newline bytes,
/// fields on spaces, tabs and carriage returns, comments, limits, and the
/// buffer boundaries a long input crosses.
struct TextLineReaderTests {
    typealias Reader = TextLineReader<TextBytes>

    /// Every line the reader returns, as `number: field field… (count)`.
    static func read(_ text: String) -> [String] {
        var reader = Reader(TextBytes(text))
        var lines: [String] = []
        while let line = reader.next() {
            switch line {
            case .fields(let number, let fields, let count):
                lines.append("\(number): \(fields.joined(separator: " ")) (\(count))")
            case .tooLong(let number):
                lines.append("\(number): too long")
            }
        }
        return lines
    }

    @Test("CRLF line ends split like LF ones: a carriage return is a separator")
    func crlf() {
        #expect(Self.read("a b\r\nc\r\n") == ["1: a b (2)", "2: c (1)", "3:  (0)"])
    }

    @Test("empty text is one empty line; empty lines after the first are counted, not returned")
    func emptyLines() {
        #expect(Self.read("") == ["1:  (0)"])
        #expect(Self.read("\n\n\nx\n\ny") == ["1:  (0)", "4: x (1)", "6: y (1)"])
    }

    @Test("comments end a line's fields; a byte-order mark before the first field is dropped")
    func commentsAndByteOrderMark() {
        #expect(Self.read("a #b c\n# all\n\u{FEFF}h 1") == ["1: a (1)", "2:  (0)", "3: h 1 (2)"])
    }

    @Test("a line of exactly the maximum length is read; one byte more ends reading")
    func lineLengthLimit() {
        let limit = Reader.maximumLineLength
        let exact = String(repeating: "x", count: limit)
        #expect(Self.read("h\n\(exact)\nnext") == ["1: h (1)", "2: \(exact) (1)", "3: next (1)"])
        #expect(Self.read("h\n\(exact)y\nnext") == ["1: h (1)", "2: too long"])
        // Without a newline, at the end of the text, too.
        #expect(Self.read("h\n\(exact)y") == ["1: h (1)", "2: too long"])
    }

    @Test("fields after the maximum are counted but not kept")
    func fieldLimit() {
        let fields = (0..<40).map(String.init)
        #expect(Self.read(fields.joined(separator: " ")) == ["1: \(fields.prefix(Reader.maximumFieldCount).joined(separator: " ")) (40)"])
    }

    @Test("lines across many buffers read exactly as a plain split of the text")
    func acrossBuffers() {
        var random = SplitMix64(seed: 0x11_7E5)
        var lines: [String] = []
        var size = 0
        while size < 4 * Reader.bufferSize {
            let fieldCount = random.below(6)
            let line = (0..<fieldCount).map { _ in String(repeating: "w", count: 1 + random.below(300)) }.joined(separator: random.below(2) == 0 ? " " : "\t")
            lines.append(line)
            size += line.utf8.count + 1
        }
        let expected = lines.enumerated().compactMap { offset, line -> String? in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard offset == 0 || !line.isEmpty else { return nil }
            return "\(offset + 1): \(fields.joined(separator: " ")) (\(fields.count))"
        }
        #expect(Self.read(lines.joined(separator: "\n")) == expected)
    }
}
