import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes an ``Image`` as a PNG file, so screenshots of demos and failing
/// tests open in any image viewer.
///
/// The output is the simplest PNG every decoder reads: 8-bit RGB (colour
/// type 2), no interlacing, and the three chunks IHDR, IDAT and IEND, each
/// with its CRC-32. Each row is filtered the way the PNG specification
/// recommends for true-colour images: all five filters (None, Sub, Up,
/// Average, Paeth) are tried and the one whose output bytes, read as signed,
/// sum to the least magnitude is kept. Then zlib compresses the rows.
///
/// Nothing time-dependent is written (no tIME chunk), so one image always
/// encodes to the same bytes with the same zlib. Another zlib build (such as
/// zlib-ng) may compress differently, so tests that compare screenshots
/// across machines should compare pixels, not files.
///
/// ```swift
/// let shot = try canvas.readPixels()
/// let bytes = try PNGWriter().pngData(shot)      // or:
/// try shot.writePNG(to: "/tmp/touches.png")
/// ```
///
/// Encoding is O(pixels) with a constant of five filter passes, plus zlib's
/// time; at the default level 9 a 1280×720 frame of flat-coloured shapes
/// takes a few tens of milliseconds in an optimised build.
///
/// ## See Also
/// - ``PNGWriteError``: what can go wrong, and where.
/// - ``Canvas/readPixels()``: where the images usually come from.
public struct PNGWriter: Sendable {
    /// zlib's compression level, from 0 (stored, fastest) to 9 (smallest).
    ///
    /// Defaults to 9: screenshots are written rarely, and the extra time
    /// buys files a test suite can keep many of.
    public var compressionLevel: Int32

    /// The most data bytes in one IDAT chunk. Larger images are split over
    /// several IDAT chunks, as PNG allows; the default is PNG's chunk limit,
    /// 2³¹ − 1. Tests lower it to exercise the split.
    var idatChunkLength = Int(Int32.max)

    public init(compressionLevel: Int32 = 9) {
        self.compressionLevel = compressionLevel
    }

    /// The bytes of a PNG file showing `image`.
    ///
    /// - Throws: ``PNGWriteError/emptyImage(width:height:)`` or
    ///   ``PNGWriteError/imageTooLarge(width:height:)`` for sizes PNG cannot
    ///   hold, and ``PNGWriteError/compressionFailed(zlibStatus:)`` if zlib
    ///   fails (out of memory, or a compression level outside 0…9).
    public func pngData(_ image: Image) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGWriteError.emptyImage(width: image.width, height: image.height)
        }
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw PNGWriteError.imageTooLarge(width: image.width, height: image.height)
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

        var header: [UInt8] = []
        Self.appendBigEndian(UInt32(image.width), to: &header)
        Self.appendBigEndian(UInt32(image.height), to: &header)
        header += [
            8,  // bits per sample
            2,  // colour type: RGB, no alpha, no palette
            0,  // compression method: zlib deflate, the only one defined
            0,  // filter method: the five per-row filters, the only one defined
            0,  // interlace method: none
        ]
        Self.appendChunk("IHDR", header, to: &png)

        let compressed = try compress(Self.filteredRows(of: image))
        for start in stride(from: 0, to: compressed.count, by: idatChunkLength) {
            let end = min(start + idatChunkLength, compressed.count)
            Self.appendChunk("IDAT", compressed[start..<end], to: &png)
        }
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    // MARK: Filtering

    /// PNG's per-row filters (PNG specification, section 9.2). Each predicts a
    /// byte from its neighbours to the left (a), above (b) and above-left
    /// (c), and stores the difference; rows of smooth colour become runs of
    /// small numbers that compress well.
    enum Filter: UInt8, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    /// Bytes per pixel of 8-bit RGB, which is how far back "to the left" reaches.
    static let bytesPerPixel = 3

    /// Every row of `image`, each preceded by its filter type byte, in the
    /// order IDAT wants them.
    static func filteredRows(of image: Image) -> [UInt8] {
        let rowLength = image.width * bytesPerPixel
        var output = [UInt8](repeating: 0, count: image.height * (1 + rowLength))
        // The row above the first is zeros, by the specification.
        let zeros = [UInt8](repeating: 0, count: rowLength)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowLength), count: Filter.allCases.count)
        image.rgb.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zeroRow in
                for y in 0..<image.height {
                    let row = UnsafeBufferPointer(rebasing: pixels[(y * rowLength)..<((y + 1) * rowLength)])
                    let previous = y == 0 ? zeroRow : UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowLength)..<(y * rowLength)])
                    var best = Filter.none
                    var bestScore = Int.max
                    for filter in Filter.allCases {
                        candidates[Int(filter.rawValue)].withUnsafeMutableBufferPointer { candidate in
                            apply(filter, row: row, previous: previous, into: candidate)
                            let score = magnitude(of: candidate)
                            if score < bestScore {
                                best = filter
                                bestScore = score
                            }
                        }
                    }
                    let start = y * (1 + rowLength)
                    output[start] = best.rawValue
                    output.replaceSubrange((start + 1)..<(start + 1 + rowLength), with: candidates[Int(best.rawValue)])
                }
            }
        }
        return output
    }

    /// Writes `row` filtered by `filter` into `output`, given the unfiltered
    /// row above it (`previous`, zeros for the first row). All three buffers
    /// have the same length.
    static func apply(
        _ filter: Filter,
        row: UnsafeBufferPointer<UInt8>,
        previous: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) {
        for index in 0..<row.count {
            let left = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
            let above = previous[index]
            let aboveLeft = index >= bytesPerPixel ? previous[index - bytesPerPixel] : 0
            let prediction: UInt8
            switch filter {
            case .none: prediction = 0
            case .sub: prediction = left
            case .up: prediction = above
            case .average: prediction = UInt8((Int(left) + Int(above)) / 2)
            case .paeth: prediction = paethPredictor(left: left, above: above, aboveLeft: aboveLeft)
            }
            output[index] = row[index] &- prediction
        }
    }

    /// Whichever of the three neighbours is closest to left + above −
    /// above-left, ties going to left, then above (PNG specification, 9.4).
    static func paethPredictor(left: UInt8, above: UInt8, aboveLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(above) - Int(aboveLeft)
        let toLeft = abs(estimate - Int(left))
        let toAbove = abs(estimate - Int(above))
        let toAboveLeft = abs(estimate - Int(aboveLeft))
        if toLeft <= toAbove && toLeft <= toAboveLeft { return left }
        if toAbove <= toAboveLeft { return above }
        return aboveLeft
    }

    /// The sum of the bytes read as signed values' magnitudes: the
    /// specification's heuristic for which filter will compress best.
    private static func magnitude(of bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var sum = 0
        for byte in bytes {
            sum += Int(min(byte, 0 &- byte))
        }
        return sum
    }

    // MARK: Compression and chunks

    private func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var compressedLength = compressBound(uLong(bytes.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &compressedLength, input.baseAddress, uLong(input.count), compressionLevel)
            }
        }
        guard status == Z_OK else {
            throw PNGWriteError.compressionFailed(zlibStatus: status)
        }
        compressed.removeLast(compressed.count - Int(compressedLength))
        return compressed
    }

    /// Appends one chunk: data length, four-letter type, data, and the CRC-32
    /// of type and data.
    private static func appendChunk(_ type: String, _ data: some Collection<UInt8>, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        let dataBytes = Array(data)
        appendBigEndian(UInt32(dataBytes.count), to: &png)
        png += typeBytes
        png += dataBytes
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = dataBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Why a PNG could not be made or saved.
public enum PNGWriteError: Error, Equatable, CustomStringConvertible {
    /// PNG has no way to store an image with no pixels.
    case emptyImage(width: Int, height: Int)
    /// A side is longer than PNG's limit of 2³¹ − 1 pixels.
    case imageTooLarge(width: Int, height: Int)
    /// zlib's `compress2` returned `zlibStatus` (`Z_MEM_ERROR` is −4,
    /// `Z_BUF_ERROR` −5, `Z_STREAM_ERROR` −2 for a bad level).
    case compressionFailed(zlibStatus: Int32)
    /// The encoded file could not be saved at `path`, for `reason`.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .emptyImage(width, height):
            "Cannot encode a \(width)×\(height) image as PNG: PNG images need at least one pixel"
        case let .imageTooLarge(width, height):
            "Cannot encode a \(width)×\(height) image as PNG: sides are limited to 2147483647 pixels"
        case let .compressionFailed(zlibStatus):
            "PNG compression failed: zlib's compress2 returned \(zlibStatus)"
        case let .cannotWrite(path, reason):
            "Cannot write the PNG file at \(path): \(reason)"
        }
    }
}

extension Image {
    /// Saves the image as a PNG file at `path`, replacing any file there.
    ///
    /// If writing fails partway (a full disk), the partial file is removed.
    /// The write is not atomic: a reader watching `path` may see the file
    /// while it is being written.
    ///
    /// - Throws: ``PNGWriteError``, including
    ///   ``PNGWriteError/cannotWrite(path:reason:)`` with the system's
    ///   reason ("No such file or directory", "Permission denied", "Is a
    ///   directory") when the file cannot be created or written.
    public func writePNG(to path: String) throws {
        let bytes = try PNGWriter().pngData(self)
        // C's stdio rather than Foundation: on Linux, Foundation reports a
        // missing folder as "The file doesn't exist" and a directory in the
        // way as "error 512", while errno names the actual problem.
        guard let file = fopen(path, "wb") else {
            throw PNGWriteError.cannotWrite(path: path, reason: Self.systemReason())
        }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeReason = written == bytes.count ? nil : Self.systemReason()
        let closed = fclose(file) == 0
        guard let failure = writeReason ?? (closed ? nil : Self.systemReason()) else { return }
        remove(path)
        throw PNGWriteError.cannotWrite(path: path, reason: failure)
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
