import TactileSDL
import Tactile

extension Canvas {
    /// Fills `band` (in points) with `bandColor` and draws the ASCII text
    /// `bytes` at `origin` over it, as ``fillRect(x:y:width:height:color:)``
    /// and then ``drawText(_:at:scale:color:)`` would, as one copy of a
    /// texture kept for the line (see `LineImages`). Returns `false`,
    /// drawing nothing, when that cannot give their pixels: a colour not
    /// opaque, text reaching outside the band, a line break or a byte
    /// outside ASCII, an empty or very wide band, or no texture from SDL.
    /// The caller then draws the line with rectangles.
    ///
    /// The same pixels: both colours are opaque, so the band's pixels are
    /// its colour whatever was under them, and the text's pixels are its
    /// colour. The texture holds exactly that, band then text, the text's
    /// rectangles placed and rounded as `drawText` places them, and is
    /// copied unblended, pixel for pixel, onto the band's pixels; the target
    /// cuts the copy where it would cut the rectangles.
    func drawOpaqueLine(
        ascii bytes: UnsafeBufferPointer<UInt8>, at origin: Point, scale: Double,
        color: Color, band: Rect, bandColor: Color
    ) -> Bool {
        guard keepsLineImages, color.a == 255, bandColor.a == 255, origin.isFinite, scale.isFinite, scale > 0,
              let size = targetSize(),
              let box = pixelBox(x: band.minX, y: band.minY, width: band.width, height: band.height)
        else { return false }
        for byte in bytes where byte >= 0x80 || byte == 10 || byte == 13 { return false }
        let width = box.right - box.left
        let height = box.bottom - box.top
        guard width <= Double(LineImages.maximumWidth), height <= Double(LineImages.maximumWidth) else { return false }
        // Nothing of it on the target: nothing to draw, as the rectangles
        // would all be cut away.
        guard box.right > 0, box.bottom > 0, box.left < Double(size.width), box.top < Double(size.height) else { return true }
        let unit = scale * pixelsPerPoint
        let left = origin.x * pixelsPerPoint
        let top = origin.y * pixelsPerPoint
        let onWholePixels = isOnWholePixels(unit: unit, left: left, top: top)
        // The text's outermost edges, as drawText rounds them: the line is
        // a texture only if they are inside the band.
        func edge(_ start: Double, _ fontPixels: Int) -> Double {
            let exact = start + Double(fontPixels) * unit
            return onWholePixels ? exact : exact.rounded()
        }
        let extent = BitmapFont.size(ascii: bytes)
        guard left >= 0, top >= 0, edge(left, 0) >= box.left, edge(top, 0) >= box.top,
              edge(left, extent.width) <= box.right, edge(top, extent.height) <= box.bottom
        else { return false }
        let key = onWholePixels
            ? LineImages.Key(
                color: color, bandColor: bandColor, unit: unit, width: Int32(width), height: Int32(height),
                textX: left - box.left, textY: top - box.top, bandX: 0, bandY: 0)
            : LineImages.Key(
                color: color, bandColor: bandColor, unit: unit, width: Int32(width), height: Int32(height),
                textX: left, textY: top, bandX: box.left, bandY: box.top)
        guard let texture = lineImages.texture(for: bytes, key: key, renderer: renderer) else { return false }
        var source = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        var destination = SDL_Rect(x: Int32(box.left), y: Int32(box.top), w: Int32(width), h: Int32(height))
        _ = SDL_RenderCopy(renderer, texture, &source, &destination)
        return true
    }
}
