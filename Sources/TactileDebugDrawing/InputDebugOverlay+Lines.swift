import Tactile
import TactileSDL

// The overlay's lines of text: built as bytes in buffers the overlay keeps,
// and drawn a block at a time, each block's bands in one SDL call and its
// text in one per colour.

extension InputDebugOverlay {
    /// Lines of text over their bands, waiting to be drawn together.
    ///
    /// The cost it removes (issue 19's 1 ms bar for 10 touches and 50
    /// recognizers on the software renderer): a line used to be its band's
    /// rectangle and its text's, about three a glyph, each with SDL's
    /// per-rectangle work. Each line is now one copy of a texture the
    /// canvas keeps for it (`Canvas.drawKeptText`, `LineImages`), drawn
    /// into only when the line is new. A line that cannot be a texture is
    /// drawn with rectangles, a block's such lines together: all their bands
    /// in one SDL call, then each colour's text in one.
    ///
    /// The pixels are the same as drawing line by line, band then text: a
    /// band covers its own line's rows and the pixel row above and below
    /// them, never another line of the block, so the lines can be drawn in
    /// any order, and all bands before all text lights every pixel as band
    /// then text line after line did. A line with a line break or a
    /// non-ASCII character, whose text may reach another line's band, is
    /// drawn on its own, in its turn.
    ///
    /// Lines are built in place in ``bytes`` (``append(_:)``), so a line
    /// made of short pieces allocates nothing.
    @MainActor
    struct LineBlock {
        struct Line {
            var bytes: Range<Int>
            var origin: Point
            /// The right edge a right-aligned line ends at.
            var right: Double?
            var width: Double
            var color: Color
        }

        var bytes: [UInt8] = []
        var lines: [Line] = []
        /// Where the line being built starts in ``bytes``.
        var lineStart = 0
        /// The colours of the text drawn with rectangles, in the order they came.
        var colors: [Color] = []
        /// The lines of a block that are drawn with rectangles.
        var withRectangles: [Line] = []

        init() {}

        /// A block with room for a frame's lines, made once per overlay.
        init(reserving: Void) {
            bytes.reserveCapacity(8192)
            lines.reserveCapacity(128)
            colors.reserveCapacity(8)
            withRectangles.reserveCapacity(128)
        }

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        /// A pointer as its description writes it: `finger:1:0`.
        mutating func append(_ pointer: PointerID) {
            append(pointer.kind.rawValue)
            bytes.append(UInt8(ascii: ":"))
            append(Int(truncatingIfNeeded: pointer.device))
            bytes.append(UInt8(ascii: ":"))
            append(Int(truncatingIfNeeded: pointer.index))
        }

        mutating func append(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            // Reversed in place index by index: `bytes[start...].reverse()`
            // copies the slice first (its buffer is the array's), an
            // allocation for every number.
            var (low, high) = (start, bytes.count - 1)
            while low < high {
                bytes.swapAt(low, high)
                low += 1
                high -= 1
            }
        }

        /// The bytes of the line being built, so far.
        var currentLine: ArraySlice<UInt8> { bytes[lineStart...] }

        /// Ends the line being built: at `origin`, or, with `right`, ending
        /// at `right` (and starting no further left than 2).
        mutating func endLine(at origin: Point, right: Double? = nil, color: Color) {
            let range = lineStart..<bytes.count
            let width = Double(BitmapFont.size(ascii: bytes[range]).width)
            var origin = origin
            if let right { origin.x = max(2, right - width) }
            lines.append(Line(bytes: range, origin: origin, right: right, width: width, color: color))
            lineStart = bytes.count
        }

        /// Whether a line can be drawn with the block: one line of ASCII text.
        nonisolated static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
            for byte in bytes where byte >= 0x80 || (10...13).contains(byte) { return false }
            return true
        }

        /// Draws the lines ended so far and forgets them.
        mutating func draw(on canvas: Canvas) {
            defer {
                lines.removeAll(keepingCapacity: true)
                bytes.removeAll(keepingCapacity: true)
                lineStart = 0
            }
            var plainStart = 0
            for index in lines.indices where !Self.isPlain(bytes[lines[index].bytes]) {
                drawPlain(lines[plainStart..<index], on: canvas)
                drawAlone(lines[index], on: canvas)
                plainStart = index + 1
            }
            drawPlain(lines[plainStart...], on: canvas)
        }

        /// Each line as a copy of its texture; the others' bands in one
        /// call, then each colour's text in one.
        private mutating func drawPlain(_ plain: ArraySlice<Line>, on canvas: Canvas) {
            guard !plain.isEmpty else { return }
            withRectangles.removeAll(keepingCapacity: true)
            for line in plain {
                let band = InputDebugOverlay.bandRect(behind: Size(width: line.width, height: 0), at: line.origin, pixelsPerPoint: canvas.pixelsPerPoint)
                let copied = bytes.withUnsafeBufferPointer { buffer in
                    canvas.drawKeptText(
                        ascii: UnsafeBufferPointer(rebasing: buffer[line.bytes]), at: line.origin, scale: 1,
                        color: line.color, band: band, bandColor: InputDebugOverlay.band)
                }
                if !copied { withRectangles.append(line) }
            }
            guard !withRectangles.isEmpty else { return }
            canvas.beginBatch()
            colors.removeAll(keepingCapacity: true)
            for line in withRectangles {
                let band = InputDebugOverlay.bandRect(behind: Size(width: line.width, height: 0), at: line.origin, pixelsPerPoint: canvas.pixelsPerPoint)
                canvas.appendRect(x: band.minX, y: band.minY, width: band.width, height: band.height)
                if !colors.contains(line.color) { colors.append(line.color) }
            }
            canvas.fillBatch(InputDebugOverlay.band)
            for color in colors {
                canvas.beginBatch()
                var offPixels = false
                for line in withRectangles where line.color == color {
                    let onWholePixels = bytes.withUnsafeBufferPointer { buffer in
                        canvas.appendText(ascii: UnsafeBufferPointer(rebasing: buffer[line.bytes]), at: line.origin, scale: 1)
                    }
                    if !onWholePixels { offPixels = true }
                }
                canvas.fillBatch(color)
                // Text off whole pixels (at a fractional density) is drawn
                // as drawText draws it, rounding each edge; it overlaps none
                // of the block's other text, so the order does not matter.
                if offPixels {
                    for line in withRectangles where line.color == color && !canvas.isTextOnWholePixels(at: line.origin, scale: 1) {
                        canvas.drawText(String(decoding: bytes[line.bytes], as: UTF8.self), at: line.origin, scale: 1, color: color)
                    }
                }
            }
        }

        /// A line as a line on its own was drawn: its band, then its text.
        private func drawAlone(_ line: Line, on canvas: Canvas) {
            let text = String(decoding: bytes[line.bytes], as: UTF8.self)
            var origin = line.origin
            let size = canvas.textSize(text, scale: 1)
            // Placed by its bytes; its Characters can be fewer.
            if let right = line.right { origin.x = max(2, right - size.width) }
            InputDebugOverlay.band(behind: size, at: origin, on: canvas)
            canvas.drawText(text, at: origin, scale: 1, color: line.color)
        }
    }
}

extension InputDebugOverlay {
    /// The overlay's line block, taken out while a frame's lines are built
    /// in it (so it is not accessed through the overlay on every append).
    func takeLines() -> LineBlock {
        var block = LineBlock()
        swap(&block, &spareLines)
        return block
    }

    /// Puts the line block back, with its storage, for the next frame.
    func putBack(_ block: LineBlock) {
        spareLines = block
    }
}
