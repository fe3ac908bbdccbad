import Tactile

/// A picture in memory: opaque 8-bit RGB pixels, row by row from the top.
///
/// This is what a screenshot is (``Canvas/readPixels()``), what
/// ``writePNG(to:)`` saves and ``init(contentsOfFile:)`` reads back, both
/// through SDL_image. Pixel (x, y) is three bytes, red then green then
/// blue, at `rgb[(y * width + x) * 3]`; there is no padding between rows.
///
/// Its coordinates are pixels, not window points: on a high-density display
/// a 400-point-wide window gives an 800-pixel-wide image.
///
/// ```swift
/// let shot = try canvas.readPixels()
/// print(shot.pixel(x: 10, y: 10))   // Color(r: 255, g: 0, b: 0, a: 255)
/// try shot.writePNG(to: "frame.png")
/// ```
///
/// ## See Also
/// - ``Canvas/readPixels()``
/// - ``writePNG(to:)``
/// - ``init(contentsOfFile:)``
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: R, G, B for each pixel, rows top to bottom.
    public let rgb: [UInt8]

    /// An image over existing pixel bytes.
    ///
    /// - Precondition: the sizes are not negative and `rgb` holds exactly
    ///   `width * height * 3` bytes; anything else is a caller's bug, and
    ///   reading pixels from such an image would go out of bounds.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width >= 0 && height >= 0, "Image size \(width)×\(height) is negative")
        precondition(
            rgb.count == width * height * 3,
            "Image \(width)×\(height) needs \(width * height * 3) RGB bytes, got \(rgb.count)"
        )
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The colour of pixel (`x`, `y`), always opaque. O(1).
    ///
    /// - Precondition: `0 ≤ x < width` and `0 ≤ y < height`.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(
            (0..<width).contains(x) && (0..<height).contains(y),
            "Pixel (\(x), \(y)) is outside the \(width)×\(height) image"
        )
        let offset = (y * width + x) * 3
        return Color(r: rgb[offset], g: rgb[offset + 1], b: rgb[offset + 2])
    }
}
