// A controller's identity on its `controller-added` line: eight fields after
// the controller id (see `Trace` for the format). A version 1 line written
// before identities were recorded has the id alone.

extension ControllerIdentity {
    /// How many fields an identity takes on a trace line.
    static let traceFieldCount = 8

    /// The identity's fields, in the order ``Trace`` documents.
    var traceFields: [String] {
        [
            type.rawValue, hex16(vendor), hex16(product), TraceText.word(guid),
            playerIndex.map { String($0) } ?? "-",
            TraceBitNames.word(features, names: ControllerFeatures.names),
            serial.map(TraceText.word) ?? "-", TraceText.word(name),
        ]
    }

    /// Reads the fields that ``traceFields`` writes.
    init(reading reader: inout TraceFieldReader) throws(TraceError) {
        let type = try reader.word("type", as: ControllerType.self)
        let vendor = try reader.hex16("vendor")
        let product = try reader.hex16("product")
        let guid = try reader.textWord("guid")
        let playerIndex: Int? = reader.skipAbsent() ? nil : try reader.integer("player index", as: Int.self)
        let featuresText = reader.text()
        guard let features = TraceBitNames.flags(featuresText, names: ControllerFeatures.names) else {
            throw .badWord(line: reader.line, field: "features", text: featuresText)
        }
        let serial: String? = reader.skipAbsent() ? nil : try reader.textWord("serial")
        self.init(
            name: try reader.textWord("name"), type: type, vendor: vendor, product: product, guid: guid,
            serial: serial, playerIndex: playerIndex, features: features)
    }
}

private func hex16(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
}

extension TraceFieldReader {
    /// The next field as four hexadecimal digits or fewer (`054c`).
    mutating func hex16(_ field: String) throws(TraceError) -> UInt16 {
        let text = text()
        guard !text.isEmpty, text.count <= 4, let value = UInt16(text, radix: 16) else {
            throw .badNumber(line: line, field: field, text: text)
        }
        return value
    }

    /// The next field as text written by ``TraceText/word(_:)``.
    mutating func textWord(_ field: String) throws(TraceError) -> String {
        let text = text()
        guard let decoded = TraceText.text(text) else {
            throw .badWord(line: line, field: field, text: text)
        }
        return decoded
    }

}

/// How a trace writes free text (a controller's name, serial, GUID) as one
/// field: UTF-8 with every byte that would split or end the field, or start a
/// comment, written `%XX` (space `%20`, `#` `%23`, `%` `%25`, control
/// characters). The empty text is `-`, so the text `-` itself is `%2D`.
enum TraceText {
    static func word(_ text: String) -> String {
        if text.isEmpty { return "-" }
        if text == "-" { return "%2D" }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "#") {
                bytes += Array("%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text a field holds, or `nil` for a bad `%` escape or bytes that
    /// are not UTF-8.
    static func text(_ word: String) -> String? {
        if word == "-" { return "" }
        var bytes: [UInt8] = []
        var iterator = word.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
