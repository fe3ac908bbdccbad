import Tactile
import TactileSDL

// The overlay's lines of text: built as bytes in buffers the overlay keeps,
// and drawn a block at a time, each block's bands in one SDL call and its
// text in one per colour.

extension InputDebugOverlay {
    /// Lines of text over their bands, waiting to be drawn together.
    ///
    /// The cost it removes (issue 19's 1 ms bar for 10 touches and 50
    /// recognizers on the software renderer): a line used to be two SDL
    /// calls, its band and its text, each with SDL's per-call work (the
    /// blend mode and colour set, the command queued and run, a buffer
    /// allocated for more than 8 rectangles). A block's lines share them.
    /// The pixels are the same as drawing line by line: a band covers its
    /// own line's rows and the pixel row above and below them, never the
    /// text of another line in the block, so all bands first and then all
    /// text lights every pixel as band-then-text line after line did, and
    /// text of different lines never overlaps. A line with a line break or
    /// a non-ASCII character, whose text may reach another line's band, is
    /// drawn on its own, in its turn.
    ///
    /// Lines are built in place in ``bytes`` (``append(_:)``), so a line
    /// made of short pieces allocates nothing.
    @MainActor
    struct LineBlock {
        struct Line {
            /// Its place among the frame's lines, which its cache entry has.
            var slot: Int
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
        /// The colours of the block's text, in the order they came.
        var colors: [Color] = []
        /// The next line's place among the frame's lines (see ``cache``).
        var nextSlot = 0

        /// A line's glyph rectangles as an earlier frame laid them out, with
        /// what they depend on: its bytes, where it was drawn, the density
        /// and the target's size (rectangles are cut to it).
        struct CachedLine {
            var bytes: [UInt8] = []
            var origin = Point.zero
            var pixelsPerPoint = 0.0
            var targetWidth: Int32 = 0
            var targetHeight: Int32 = 0
            var rects: [SDL_FRect] = []
        }

        /// The last frame's lines by their place in the frame. A line whose
        /// bytes, origin, density and target are those of its place's entry
        /// is not laid out again: its rectangles are copied, so the canvas
        /// is handed the very rectangles laying it out would give, and the
        /// pixels are the same (`OverlayBatchingTests` compares them). Most
        /// of the overlay's lines (its recognizer rows, the controllers'
        /// names, older timeline rows) are the same from one frame to the next.
        var cache: [CachedLine] = []

        /// Starts a frame: lines are numbered from 0 again.
        mutating func startFrame() {
            nextSlot = 0
        }

        init() {}

        /// A block with room for a frame's lines, made once per overlay.
        init(reserving: Void) {
            bytes.reserveCapacity(8192)
            lines.reserveCapacity(128)
            colors.reserveCapacity(8)
        }

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func append(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[start...].reverse()
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
            lines.append(Line(slot: nextSlot, bytes: range, origin: origin, right: right, width: width, color: color))
            nextSlot += 1
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

        /// Bands in one call, then each colour's text in one.
        private mutating func drawPlain(_ plain: ArraySlice<Line>, on canvas: Canvas) {
            guard !plain.isEmpty else { return }
            canvas.beginBatch()
            colors.removeAll(keepingCapacity: true)
            for line in plain {
                let band = InputDebugOverlay.bandRect(behind: Size(width: line.width, height: 0), at: line.origin, pixelsPerPoint: canvas.pixelsPerPoint)
                canvas.appendRect(x: band.minX, y: band.minY, width: band.width, height: band.height)
                if !colors.contains(line.color) { colors.append(line.color) }
            }
            canvas.fillBatch(InputDebugOverlay.band)
            for color in colors {
                canvas.beginBatch()
                var offPixels = false
                for line in plain where line.color == color {
                    if appendCached(line, on: canvas) { continue }
                    let before = canvas.rects.count
                    let onWholePixels = bytes.withUnsafeBufferPointer { buffer in
                        canvas.appendText(ascii: UnsafeBufferPointer(rebasing: buffer[line.bytes]), at: line.origin, scale: 1)
                    }
                    guard onWholePixels else {
                        offPixels = true
                        continue
                    }
                    store(line, rects: canvas.rects[before...], on: canvas)
                }
                canvas.fillBatch(color)
                // Text off whole pixels (at a fractional density) is drawn
                // as drawText draws it, rounding each edge; it overlaps none
                // of the block's other text, so the order does not matter.
                if offPixels {
                    for line in plain where line.color == color && !canvas.isTextOnWholePixels(at: line.origin, scale: 1) {
                        canvas.drawText(String(decoding: bytes[line.bytes], as: UTF8.self), at: line.origin, scale: 1, color: color)
                    }
                }
            }
        }

        /// Appends the line's rectangles from the cache if its entry is for
        /// the same bytes, place, density and target; returns whether it did.
        private func appendCached(_ line: Line, on canvas: Canvas) -> Bool {
            guard line.slot < cache.count, let target = canvas.targetSize() else { return false }
            let cached = cache[line.slot]
            guard cached.origin == line.origin, cached.pixelsPerPoint == canvas.pixelsPerPoint,
                  cached.targetWidth == target.width, cached.targetHeight == target.height,
                  cached.bytes.elementsEqual(bytes[line.bytes])
            else { return false }
            canvas.rects.append(contentsOf: cached.rects)
            return true
        }

        /// Keeps the rectangles just laid out for the line, for the next frame.
        private mutating func store(_ line: Line, rects: ArraySlice<SDL_FRect>, on canvas: Canvas) {
            guard let target = canvas.targetSize() else { return }
            while cache.count <= line.slot { cache.append(CachedLine()) }
            cache[line.slot].bytes.removeAll(keepingCapacity: true)
            cache[line.slot].bytes.append(contentsOf: bytes[line.bytes])
            cache[line.slot].rects.removeAll(keepingCapacity: true)
            cache[line.slot].rects.append(contentsOf: rects)
            cache[line.slot].origin = line.origin
            cache[line.slot].pixelsPerPoint = canvas.pixelsPerPoint
            (cache[line.slot].targetWidth, cache[line.slot].targetHeight) = target
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
