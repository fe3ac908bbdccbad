import Tactile
import Testing
@testable import TactileDebugDrawing
import TactileSDL

/// A ``Canvas`` over SDL's software renderer drawing into an in-memory
/// ARGB8888 surface: no window and no display, the same pixels on every
/// machine. For the drawing tests that come after ``CanvasTests``.
@MainActor
enum SoftwareCanvas {
    /// Runs `body` with a canvas `width` × `height` pixels, cleared to black.
    /// The renderer is destroyed when `body` returns, so anything holding
    /// its textures (a ``LayerRenderer``, the canvas itself) must not
    /// outlive `body`. `format` is the surface's: ARGB8888 by default, or
    /// RGB888, what SDL's dummy and X11 drivers give a window.
    static func with(
        width: Int32 = 40,
        height: Int32 = 40,
        pixelsPerPoint: Double = 1,
        format: UInt32 = tactile_pixelformat_argb8888(),
        _ body: (Canvas) throws -> Void
    ) throws {
        try SDLSetup.start(videoDriver: .dummy)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface), "\(SDLError("SDL_CreateSoftwareRenderer"))")
        defer { SDL_DestroyRenderer(renderer) }
        let canvas = Canvas(renderer: renderer, pixelsPerPoint: pixelsPerPoint)
        // Its textures go before the renderer, whatever body kept.
        defer { canvas.releaseTextures() }
        canvas.clear(.black)
        try body(canvas)
    }

    /// How many pixels of `image` are exactly `color`.
    static func count(of color: Color, in image: Image) -> Int {
        var total = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) == color {
                total += 1
            }
        }
        return total
    }

    /// The image as text, one string per row: the key of `legend` whose
    /// colour a pixel has, `.` for any other colour. For failure messages
    /// that show the shape.
    static func render(_ image: Image, _ legend: [Character: Color]) -> String {
        (0..<image.height).map { y in
            String((0..<image.width).map { x in
                legend.first { $0.value == image.pixel(x: x, y: y) }?.key ?? "."
            })
        }.joined(separator: "\n")
    }
}
