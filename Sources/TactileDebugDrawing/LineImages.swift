import TactileSDL
import Tactile
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of text over an opaque band (or over nothing: a touch's label),
/// each kept as a texture of the canvas's renderer once drawn, so that
/// drawing the same line again is one `SDL_RenderCopy` (see
/// `Canvas.drawKeptText`).
///
/// Why (issue 19: the input debugger's overlay, 10 touches and 50
/// recognizers, in at most 1 ms a frame on the software renderer): a glyph
/// of the built-in font is about three rectangles, and SDL 2.26's software
/// renderer spends about 200 instructions of its own on each (queued,
/// clipped, filled a few pixels at a time). The overlay drew about 9,800 a
/// frame, most of its cost. A kept line is one copy, which that renderer
/// does as a `memcpy` per pixel row, as the texture is opaque and copied
/// unblended. A line not kept yet is drawn into its texture here, in Swift,
/// a row of pixels at a time, which is cheaper than its rectangles anyway.
///
/// The pixels are those of filling the band and then the text's rectangles
/// (`Canvas.drawKeptText` says why), which `OverlayBatchingTests` checks at 1×,
/// 2× and 1.5× on the targets SDL draws a window into.
///
/// A texture holds a line by what its pixels depend on: its bytes, its two
/// colours, the font's size in pixels, the band's size in pixels and where
/// the text sits in it. Not where the band is, on whole pixels: the
/// timeline's lines, which move up a line as decisions come, are the same
/// textures copied elsewhere. Off whole pixels (a density such as 1.5) the
/// text's edges are rounded where they fall on the target, so there the
/// place is part of the key.
///
/// Up to ``maximumCount`` lines are kept; a new line takes over the
/// least recently drawn one's texture (made bigger if it must be) once that
/// one is off screen or there is no room.
/// The textures belong to the canvas's renderer: the canvas destroys them
/// when it goes or when told to (`Canvas.releaseTextures()`), which must
/// be before the renderer is destroyed.
struct LineImages {
    /// What a line's pixels depend on, apart from its bytes.
    struct Key: Equatable {
        var color: Color
        var bandColor: Color
        /// One font pixel, in pixels.
        var unit: Double
        /// The band's size, in pixels.
        var width: Int32
        var height: Int32
        /// Whole pixels: the text's corner in the band, and 0. Otherwise
        /// the text's corner and the band's on the target.
        var textX: Double
        var textY: Double
        var bandX: Double
        var bandY: Double
    }

    struct Entry {
        var key: Key
        var bytes: [UInt8]
        var hash: Int
        var texture: OpaquePointer?
        var capacityWidth: Int32 = 0
        var capacityHeight: Int32 = 0
        /// When it was last drawn, by ``uses``; the smallest goes first.
        var lastUse: UInt64 = 0
    }

    /// What a line drawn over no band has under its text: nothing, a
    /// clear pixel, copied blended.
    static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// Lines kept at most: more than a frame of the overlay has (about 130
    /// at its limits), so a steady overlay draws every line from its texture.
    static let maximumCount = 256
    /// A line wider than this many pixels is drawn with rectangles instead:
    /// within every renderer's texture limit, and no line worth keeping
    /// is longer.
    static let maximumWidth: Int32 = 4096

    private(set) var entries: [Entry] = []
    /// Each entry's place by the hash of its key and bytes. Two lines with
    /// the same hash share a slot here; the entry's own key and bytes are
    /// always compared, so that only costs a redraw.
    private var byHash: [Int: Int] = [:]
    private var uses: UInt64 = 0

    init() {
        entries.reserveCapacity(Self.maximumCount)
        byHash.reserveCapacity(2 * Self.maximumCount)
    }

    /// The texture showing `bytes` as `key` says, drawn now if no kept
    /// texture shows it; `nil` if SDL cannot make or fill one. Its
    /// top-left `key.width` × `key.height` pixels are the line.
    mutating func texture(
        for bytes: UnsafeBufferPointer<UInt8>, key: Key, renderer: OpaquePointer
    ) -> OpaquePointer? {
        uses &+= 1
        let hash = Self.hash(bytes, key)
        if let index = byHash[hash], entries[index].key == key, Self.equal(entries[index].bytes, bytes),
           let texture = entries[index].texture {
            entries[index].lastUse = uses
            return texture
        }
        let index = placeForNewLine()
        if entries[index].texture != nil, byHash[entries[index].hash] == index {
            byHash[entries[index].hash] = nil
        }
        guard let texture = prepareTexture(at: index, width: key.width, height: key.height, renderer: renderer),
              Self.draw(bytes, key: key, into: texture)
        else {
            entries[index].bytes.removeAll(keepingCapacity: true)
            entries[index].lastUse = 0
            return nil
        }
        entries[index].key = key
        entries[index].bytes.removeAll(keepingCapacity: true)
        entries[index].bytes.append(contentsOf: bytes)
        entries[index].hash = hash
        entries[index].lastUse = uses
        byHash[hash] = index
        return texture
    }

    /// FNV-1a over the bytes, eight at a time, and the key's fields: a
    /// frame looks up every line, and `Hasher` (SipHash) with the generic
    /// comparison cost about 2,000 instructions a line (callgrind), more
    /// than the copy it finds. Two lines with the same hash only cost a redraw.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Key) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) { hash = (hash ^ word) &* 0x0000_0100_0000_01b3 }
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = UInt64(raw.count)
        while offset < raw.count {
            tail = tail << 8 | UInt64(raw[offset])
            offset += 1
        }
        mix(tail)
        mix(UInt64(pixel(key.color)) << 32 | UInt64(pixel(key.bandColor)))
        mix(UInt64(UInt32(bitPattern: key.width)) << 32 | UInt64(UInt32(bitPattern: key.height)))
        mix(key.unit.bitPattern)
        mix(key.textX.bitPattern)
        mix(key.textY.bitPattern)
        mix(key.bandX.bitPattern)
        mix(key.bandY.bitPattern)
        return Int(truncatingIfNeeded: hash)
    }

    private static func equal(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kept.count == bytes.count else { return false }
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return true }
        return kept.withUnsafeBufferPointer { memcmp($0.baseAddress!, start, bytes.count) == 0 }
    }

    /// Destroys every texture and forgets every line.
    mutating func removeAll() {
        for entry in entries {
            if let texture = entry.texture { SDL_DestroyTexture(texture) }
        }
        entries.removeAll(keepingCapacity: true)
        byHash.removeAll(keepingCapacity: true)
    }

    /// The least recently drawn entry if no line has drawn from it for
    /// ``maximumCount`` draws (a couple of frames of the overlay: it is
    /// not on screen) or there is no room left; else a new entry. So a
    /// line that changes every frame (the header's frame number) takes over
    /// its old texture instead of making a new one each frame, and a steady
    /// overlay stops making textures once it has drawn its lines.
    private mutating func placeForNewLine() -> Int {
        var oldest = 0
        for index in entries.indices where entries[index].lastUse < entries[oldest].lastUse {
            oldest = index
        }
        let stale = !entries.isEmpty && uses - entries[oldest].lastUse > UInt64(Self.maximumCount)
        if entries.count < Self.maximumCount && !stale {
            entries.append(Entry(key: Key(color: .black, bandColor: .black, unit: 0, width: 0, height: 0, textX: 0, textY: 0, bandX: 0, bandY: 0), bytes: [], hash: 0))
            return entries.count - 1
        }
        return oldest
    }

    /// The entry's texture, made (again) if it is smaller than `width` × `height`.
    private mutating func prepareTexture(at index: Int, width: Int32, height: Int32, renderer: OpaquePointer) -> OpaquePointer? {
        if let texture = entries[index].texture, entries[index].capacityWidth >= width, entries[index].capacityHeight >= height {
            return texture
        }
        if let texture = entries[index].texture { SDL_DestroyTexture(texture) }
        entries[index].texture = nil
        // Rounded up, so that the next, slightly longer line fits too.
        let capacityWidth = max(entries[index].capacityWidth, min(Self.maximumWidth, (width + 63) / 64 * 64))
        let capacityHeight = max(entries[index].capacityHeight, height)
        guard let texture = SDL_CreateTexture(
            renderer, tactile_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), capacityWidth, capacityHeight)
        else { return nil }
        // Copied pixel for pixel.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        entries[index].texture = texture
        entries[index].capacityWidth = capacityWidth
        entries[index].capacityHeight = capacityHeight
        return texture
    }

    /// Fills the texture's top-left `key.width` × `key.height` pixels with
    /// the band's colour, then the text's rectangles with the text's, as
    /// `Canvas.drawText` places them.
    private static func draw(_ bytes: UnsafeBufferPointer<UInt8>, key: Key, into texture: OpaquePointer) -> Bool {
        var area = SDL_Rect(x: 0, y: 0, w: key.width, h: key.height)
        var start: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &area, &start, &pitch) == 0, let start else { return false }
        defer { SDL_UnlockTexture(texture) }
        // Opaque, copied as it is; over no band, blended (clear pixels
        // leave what is under them).
        SDL_SetTextureBlendMode(texture, key.bandColor.a == 0 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        let width = Int(key.width)
        let band = pixel(key.bandColor)
        let ink = pixel(key.color)
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (start + y * Int(pitch)).assumingMemoryBound(to: UInt32.self)
        }
        for y in 0..<Int(key.height) {
            row(y).update(repeating: band, count: width)
        }
        let height = Int(key.height)
        func fill(left: Int, top: Int, right: Int, bottom: Int) {
            // The canvas checks that the text is inside the band; kept
            // inside the texture all the same, as this writes memory.
            let (left, right) = (max(0, left), min(width, right))
            guard left < right else { return }
            for y in max(0, top)..<max(max(0, top), min(height, bottom)) {
                (row(y) + left).update(repeating: ink, count: right - left)
            }
        }
        let unit = key.unit
        func isWhole(_ value: Double) -> Bool { value.rounded() == value }
        if isWhole(unit), isWhole(key.textX), isWhole(key.textY), isWhole(key.bandX), isWhole(key.bandY) {
            // Whole pixels: every edge is already whole, and rounding (a
            // libm call an edge) is skipped; the same edges either way.
            let step = Int(unit)
            let left = Int(key.textX - key.bandX)
            let top = Int(key.textY - key.bandY)
            BitmapFont.layOut(ascii: bytes) { glyph, x, y in
                for box in BitmapFont.boxes(glyph: glyph) {
                    let boxLeft = left + (x + Int(box.x)) * step
                    let boxTop = top + (y + Int(box.y)) * step
                    fill(left: boxLeft, top: boxTop, right: boxLeft + Int(box.width) * step, bottom: boxTop + Int(box.height) * step)
                }
            }
        } else {
            // Each edge rounded where it falls on the target, as drawText
            // rounds it, then moved into the band.
            func edge(_ start: Double, _ fontPixels: Int, _ bandStart: Double) -> Int {
                Int((start + Double(fontPixels) * unit).rounded() - bandStart)
            }
            BitmapFont.layOut(ascii: bytes) { glyph, x, y in
                for box in BitmapFont.boxes(glyph: glyph) {
                    fill(
                        left: edge(key.textX, x + Int(box.x), key.bandX), top: edge(key.textY, y + Int(box.y), key.bandY),
                        right: edge(key.textX, x + Int(box.x) + Int(box.width), key.bandX),
                        bottom: edge(key.textY, y + Int(box.y) + Int(box.height), key.bandY))
                }
            }
        }
        return true
    }

    /// A colour as an ARGB8888 pixel (only opaque ones and `clear` are drawn).
    private static func pixel(_ color: Color) -> UInt32 {
        UInt32(color.a) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    }
}
