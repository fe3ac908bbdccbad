import TactileTestSupport
import Testing
@testable import Tactile

/// The trace reader parses numbers, integers and words from a field's bytes
/// (DecimalNumber+Bytes, TraceWordTable) rather than from text: each must
/// give exactly what the text parser gives, for every field, fast path or not.
struct TraceByteParsingTests {
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Texts at the edges of the fast paths: signs, points at either end,
    /// 15 and 16 digits, exponents, leading zeros, negative zero, junk.
    static let edgeTexts = [
        "", "-", "+", ".", "-.", "0", "-0", "+0", "0.0", "-0.0", "00", "007.50", "1.", ".5", "-.5", "1..2", "1.2.3",
        "1.008333", "140.0", "-288.541", "123456789012345", "1234567890123456", "12345678901234.5",
        "1234567890123.45", "0.000000000000001", "0.0000000000000001", "999999999999999", "9999999999999999",
        "-999999999999999.", "1e3", "1E3", "1e-400", "1e999", "5e-324", "0x10", "nan", "inf", " 1", "1 ", "1-",
        "--1", "1\u{0}2", "١", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "2147483647", "2147483648", "-2147483648", "-2147483649", "65535", "65536",
        "+5", "-5", "000000000000000000001", "123456789012345678", "1234567890123456789",
    ]

    @Test("numbers from bytes read exactly as from text, at the edges and for random texts and Doubles")
    func numbersMatchTheTextParser() {
        func check(_ text: String) {
            let fromBytes = Self.withBytes(text) { DecimalNumber.parse(bytes: $0) }
            let fromText = DecimalNumber.parse(text)
            // Compare bit patterns: -0.0 and 0.0 are equal as numbers.
            #expect(fromBytes?.bitPattern == fromText?.bitPattern, "\(text): \(String(describing: fromBytes)) against \(String(describing: fromText))")
        }
        for text in Self.edgeTexts { check(text) }
        var random = SplitMix64(seed: 0xB17E_5)
        let alphabet = Array("0123456789.-+e".utf8)
        for _ in 0..<20_000 {
            let length = random.below(19)
            check(String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self))
        }
        for _ in 0..<5_000 {
            check("\(random.finiteDouble())")
            // Short decimals, as recorded coordinates are: the fast path.
            check("\(Double(random.below(2_000_000)) / 1_000 - 1_000)")
        }
    }

    @Test("integers from bytes read exactly as from text, for every width the trace reads")
    func integersMatchTheTextParser() {
        func check<Integer: FixedWidthInteger>(_ text: String, _ type: Integer.Type) {
            let fromBytes = Self.withBytes(text) { DecimalNumber.integer(bytes: $0, as: Integer.self) }
            #expect(fromBytes == Integer(text, radix: 10), "\(text) as \(Integer.self)")
        }
        var random = SplitMix64(seed: 0x1_47E6)
        let alphabet = Array("0123456789-+".utf8)
        var texts = Self.edgeTexts
        for _ in 0..<10_000 {
            let length = random.below(22)
            texts.append(String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self))
        }
        for text in texts {
            check(text, Int.self)
            check(text, Int64.self)
            check(text, Int32.self)
            check(text, UInt16.self)
            check(text, UInt64.self)
        }
    }

    @Test("a word table finds each word exactly, and nothing that only looks like one")
    func wordTables() {
        for word in TraceEventWord.allCases {
            #expect(Self.withBytes(word.rawValue) { TraceEventWord.traceWords.word($0) } == word)
            for near in [String(word.rawValue.dropLast()), word.rawValue + "s", word.rawValue.uppercased(), "-" + word.rawValue] {
                #expect(Self.withBytes(near) { TraceEventWord.traceWords.word($0) } == TraceEventWord(rawValue: near), "\(near)")
            }
        }
        for button in ControllerButton.allCases {
            #expect(Self.withBytes(button.rawValue) { ControllerButton.traceWords.word($0) } == button)
        }
        #expect(Self.withBytes("") { PointerKind.traceWords.word($0) } == nil)
        #expect(Self.withBytes("finger") { PointerKind.traceWords.word($0) } == .finger)
        #expect(Self.withBytes("fingers") { PointerKind.traceWords.word($0) } == nil)
    }
}
