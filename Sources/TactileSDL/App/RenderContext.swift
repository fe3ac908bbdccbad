import CSDL2
import Tactile

/// What a game draws into this frame: the app's window, its SDL renderer if
/// the app made one, and the window's size in points and in pixels.
///
/// The app presents after ``Game/render(in:)`` returns
/// (`SDL_RenderPresent` on ``renderer``); a game that draws with something
/// else (``SDLApp/Rendering/gameOwned``) gets no renderer and presents or
/// swaps its own buffers.
///
/// Input is in window points; drawing is in pixels. On a high-DPI display
/// (``SDLApp/Configuration/allowsHighDPI``) there are more pixels than
/// points, so a game multiplies what it draws at a touch's location by
/// ``pixelsPerPoint`` (a debug `Canvas` does it itself), or sets
/// `SDL_RenderSetScale` to it once. Both sizes are read when the context is
/// made, so they are this frame's even just after a resize.
@MainActor
public struct RenderContext {
    /// The `SDL_Window` being drawn.
    public let window: OpaquePointer
    /// The app's `SDL_Renderer`, or `nil` when the game renders itself.
    /// Borrowed: the app destroys it.
    public let renderer: OpaquePointer?
    /// How many frames were rendered before this one.
    public let frameIndex: Int
    /// The window's size in points (`SDL_GetWindowSize`): the space of
    /// input events and of a scene's layers.
    public let pointSize: Size
    /// The size of what is drawn, in pixels: the renderer's output
    /// (`SDL_GetRendererOutputSize`) or, with no renderer, the window's
    /// drawable (`SDL_GetWindowSizeInPixels`, which is what
    /// `SDL_GL_GetDrawableSize` reports for a GL window).
    public let pixelSize: Size

    /// A context over `window` and `renderer`, with the window's current
    /// sizes; the app makes one per frame, a test can make its own to render
    /// a game offscreen.
    public init(window: OpaquePointer, renderer: OpaquePointer?, frameIndex: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        if let renderer, SDL_GetRendererOutputSize(renderer, &width, &height) == 0 {
            // The renderer's output is what its drawing lands in.
        } else {
            SDL_GetWindowSizeInPixels(window, &width, &height)
        }
        self.init(
            window: window, renderer: renderer, frameIndex: frameIndex,
            pointSize: SDLEventPump.pointSize(of: window), pixelSize: Size(width: Double(width), height: Double(height)))
    }

    /// A context with the sizes given rather than read from SDL (for tests
    /// of a density SDL's dummy driver cannot produce).
    init(window: OpaquePointer, renderer: OpaquePointer?, frameIndex: Int, pointSize: Size, pixelSize: Size) {
        self.window = window
        self.renderer = renderer
        self.frameIndex = frameIndex
        self.pointSize = pointSize
        self.pixelSize = pixelSize
    }

    /// Pixels per window point along x: 1 on an ordinary display, 2 on a
    /// "2×" one. 1 when either size is empty (a minimised window), so
    /// that it can always be used as a scale.
    public var pixelsPerPoint: Double {
        guard pointSize.width > 0, pixelSize.width > 0 else { return 1 }
        return pixelSize.width / pointSize.width
    }
}
