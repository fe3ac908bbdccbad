import TactileSDL
import Tactile

extension Canvas {
    /// Draws the ASCII text `bytes` at `origin` as ``drawText(_:at:scale:color:)``
    /// would, over `band` (in points) filled with `bandColor` first as
    /// ``fillRect(x:y:width:height:color:)`` would, or over nothing when
    /// `band` is `nil`: as one copy of a texture kept for it (see
    /// `LineImages`). Returns `false`, drawing nothing, when that cannot give
    /// their pixels: a colour not opaque, text reaching outside the band, a
    /// line break or a byte outside ASCII, an empty or very wide band, or no
    /// texture from SDL. The caller then draws it with rectangles.
    ///
    /// The same pixels: the text's colour and the band's are opaque, so
    /// the band's pixels are its colour whatever was under them, and the
    /// text's pixels are its colour. The texture holds exactly that, band
    /// then text, the text's rectangles placed and rounded as `drawText`
    /// places them, and is copied unblended, pixel for pixel, onto the
    /// band's pixels; the target cuts the copy where it would cut the
    /// rectangles. Without a band the texture is the text's extent, clear
    /// (alpha 0) where no glyph is, and copied blended: a clear pixel leaves
    /// what is under it, an opaque one replaces it, as SDL blends alpha 0
    /// and 255 (its software renderer copies them, `BlitRGBtoRGBPixelAlpha`).
    func drawKeptText(
        ascii bytes: UnsafeBufferPointer<UInt8>, at origin: Point, scale: Double,
        color: Color, band: Rect?, bandColor: Color = .black
    ) -> Bool {
        guard keepsLineImages, color.a == 255, band == nil || bandColor.a == 255, origin.isFinite, scale.isFinite, scale > 0,
              let size = targetSize()
        else { return false }
        for byte in bytes where byte >= 0x80 || byte == 10 || byte == 13 { return false }
        let unit = scale * pixelsPerPoint
        let left = origin.x * pixelsPerPoint
        let top = origin.y * pixelsPerPoint
        guard left >= 0, top >= 0 else { return false }
        let onWholePixels = isOnWholePixels(unit: unit, left: left, top: top)
        // The text's outermost edges, as drawText rounds them.
        func edge(_ start: Double, _ fontPixels: Int) -> Double {
            let exact = start + Double(fontPixels) * unit
            return onWholePixels ? exact : exact.rounded()
        }
        let extent = BitmapFont.size(ascii: bytes)
        let text = PixelBox(left: edge(left, 0), top: edge(top, 0), right: edge(left, extent.width), bottom: edge(top, extent.height))
        let box: PixelBox
        if let band {
            guard let bandBox = pixelBox(x: band.minX, y: band.minY, width: band.width, height: band.height) else { return false }
            box = bandBox
        } else {
            // Nothing but text: an empty string draws nothing.
            guard text.left < text.right, text.top < text.bottom else { return true }
            box = text
        }
        let width = box.right - box.left
        let height = box.bottom - box.top
        guard width <= Double(LineImages.maximumWidth), height <= Double(LineImages.maximumWidth) else { return false }
        // Nothing of it on the target: nothing to draw, as the rectangles
        // would all be cut away.
        guard box.right > 0, box.bottom > 0, box.left < Double(size.width), box.top < Double(size.height) else { return true }
        // A texture only if the text is inside the band.
        guard text.left >= box.left, text.top >= box.top, text.right <= box.right, text.bottom <= box.bottom else { return false }
        let under = band == nil ? LineImages.clear : bandColor
        let key = onWholePixels
            ? LineImages.Key(
                color: color, bandColor: under, unit: unit, width: Int32(width), height: Int32(height),
                textX: left - box.left, textY: top - box.top, bandX: 0, bandY: 0)
            : LineImages.Key(
                color: color, bandColor: under, unit: unit, width: Int32(width), height: Int32(height),
                textX: left, textY: top, bandX: box.left, bandY: box.top)
        guard let texture = lineImages.texture(for: bytes, key: key, renderer: renderer) else { return false }
        var source = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        var destination = SDL_Rect(x: Int32(box.left), y: Int32(box.top), w: Int32(width), h: Int32(height))
        _ = SDL_RenderCopy(renderer, texture, &source, &destination)
        return true
    }
}
