import CZlib

// A PNG decoder for 8-bit RGB, written from the specification, so that the
// tests check the screenshots TactileSDL writes without trusting its writer.

/// What ``decodePNG(_:)`` read. Other SDL tests use it to check screenshots.
struct DecodedPNG {
    var chunkTypes: [String] = []
    var width = 0
    var height = 0
    var bitDepth: UInt8 = 0
    var colorType: UInt8 = 0
    var compression: UInt8 = 0
    var filterMethod: UInt8 = 0
    var interlace: UInt8 = 0
    var rowFilters: [UInt8] = []
    var rgb: [UInt8] = []
}

struct DecodeFailure: Error, CustomStringConvertible {
    let description: String
}

/// Checks the signature and every chunk's CRC, reads IHDR, inflates the IDAT
/// data with zlib's `uncompress` and undoes each row's filter.
func decodePNG(_ bytes: [UInt8]) throws -> DecodedPNG {
    guard bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) else {
        throw DecodeFailure(description: "bad signature \(bytes.prefix(8))")
    }
    func bigEndian(_ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var png = DecodedPNG()
    var compressed: [UInt8] = []
    var offset = 8
    while offset < bytes.count {
        guard offset + 12 <= bytes.count else { throw DecodeFailure(description: "chunk header cut short at \(offset)") }
        let length = bigEndian(offset)
        let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
        let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
        let data = Array(typeAndData.dropFirst(4))
        let storedCRC = bigEndian(offset + 8 + length)
        let computedCRC = typeAndData.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard storedCRC == computedCRC else {
            throw DecodeFailure(description: "\(type) CRC \(storedCRC) should be \(computedCRC)")
        }
        png.chunkTypes.append(type)
        switch type {
        case "IHDR":
            guard data.count == 13 else { throw DecodeFailure(description: "IHDR is \(data.count) bytes") }
            png.width = data[0..<4].reduce(0) { $0 << 8 | Int($1) }
            png.height = data[4..<8].reduce(0) { $0 << 8 | Int($1) }
            (png.bitDepth, png.colorType, png.compression, png.filterMethod, png.interlace) =
                (data[8], data[9], data[10], data[11], data[12])
        case "IDAT":
            compressed += data
        case "IEND":
            guard data.isEmpty, offset + 12 == bytes.count else {
                throw DecodeFailure(description: "IEND is not an empty last chunk")
            }
        default:
            throw DecodeFailure(description: "unexpected chunk \(type)")
        }
        offset += 12 + length
    }

    let rowLength = png.width * 3
    var inflated = [UInt8](repeating: 0, count: png.height * (1 + rowLength))
    var inflatedLength = uLong(inflated.count)
    let status = inflated.withUnsafeMutableBufferPointer { output in
        compressed.withUnsafeBufferPointer { input in
            uncompress(output.baseAddress, &inflatedLength, input.baseAddress, uLong(input.count))
        }
    }
    guard status == Z_OK, Int(inflatedLength) == inflated.count else {
        throw DecodeFailure(description: "uncompress returned \(status) with \(inflatedLength) of \(inflated.count) bytes")
    }

    var above = [UInt8](repeating: 0, count: rowLength)
    for y in 0..<png.height {
        let start = y * (1 + rowLength)
        let filter = inflated[start]
        let row = try unfilter(filter, Array(inflated[(start + 1)..<(start + 1 + rowLength)]), above: above)
        png.rowFilters.append(filter)
        png.rgb += row
        above = row
    }
    return png
}

/// Undoes PNG filter `type` on one 8-bit RGB row (PNG specification, 9.2–9.4).
func unfilter(_ type: UInt8, _ filtered: [UInt8], above: [UInt8]) throws -> [UInt8] {
    var row = filtered
    for i in 0..<row.count {
        let a = i >= 3 ? Int(row[i - 3]) : 0
        let b = Int(above[i])
        let c = i >= 3 ? Int(above[i - 3]) : 0
        let predictor: Int
        switch type {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
            let p = a + b - c
            let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
            predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: throw DecodeFailure(description: "filter type \(type)")
        }
        row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
    }
    return row
}
