/// What a game draws into this frame: the app's window, and its SDL renderer
/// if the app made one.
///
/// The app presents after ``Game/render(in:)`` returns
/// (`SDL_RenderPresent` on ``renderer``); a game that draws with something
/// else (``SDLApp/Rendering/gameOwned``) gets no renderer and presents or
/// swaps its own buffers.
///
/// Sizes are the window's, in points; on a display with more pixels than
/// points, ask SDL for the drawable size (`SDL_GetRendererOutputSize`).
@MainActor
public struct RenderContext {
    /// The `SDL_Window` being drawn.
    public let window: OpaquePointer
    /// The app's `SDL_Renderer`, or `nil` when the game renders itself.
    /// Borrowed: the app destroys it.
    public let renderer: OpaquePointer?
    /// How many frames were rendered before this one.
    public let frameIndex: Int

    /// A context over `window` and `renderer`; the app makes one per frame,
    /// a test can make its own to render a game offscreen.
    public init(window: OpaquePointer, renderer: OpaquePointer?, frameIndex: Int) {
        self.window = window
        self.renderer = renderer
        self.frameIndex = frameIndex
    }
}
