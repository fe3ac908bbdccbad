import Tactile

/// What a game built on ``SDLApp`` provides: it takes input events, advances
/// its state in fixed steps, and draws itself with whatever it draws with.
///
/// Each frame, in this order: every input event of the frame reaches
/// ``handle(_:)`` in the order the user produced it (after the app's action
/// maps, scene and motion manager, if it has them, see `GameLoop`); then
/// ``update(step:now:)`` runs as many fixed steps as the game time since the
/// last frame calls for (none or several on a slow or fast frame, none while
/// the game clock is paused); then ``render(in:)`` draws once, and the app
/// presents what was drawn.
///
/// Drawing is the game's: the app owns no drawing API. With
/// ``SDLApp/Rendering/sdlRenderer`` (the default) the context carries the
/// app's `SDL_Renderer` for the game's own `SDL_RenderCopy` /
/// `SDL_RenderFillRect` calls (or for a debug canvas from the optional
/// `TactileDebugDrawing` product); with ``SDLApp/Rendering/gameOwned`` there
/// is no SDL renderer at all and the game draws and presents (OpenGL, its
/// own sprite engine) into ``RenderContext/window`` itself.
///
/// ```swift
/// @MainActor final class MyGame: Game {
///     var x = 0.0
///     func handle(_ event: InputEvent) { /* or let a Scene take them */ }
///     func update(step: Double, now: Double) { x += 60 * step }
///     func render(in context: RenderContext) {
///         guard let renderer = context.renderer else { return }
///         SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
///         SDL_RenderClear(renderer)
///         var box = SDL_FRect(x: Float(x), y: 100, w: 40, h: 40)
///         SDL_SetRenderDrawColor(renderer, 255, 160, 0, 255)
///         SDL_RenderFillRectF(renderer, &box)
///     }
/// }
/// ```
@MainActor
public protocol Game: AnyObject {
    /// One input event, before the frame's updates, stamped on game time.
    func handle(_ event: InputEvent)
    /// Advances the game by exactly `step` seconds, ending at `now` on the
    /// app's game clock (``SDLApp/gameClock``).
    func update(step: Double, now: Double)
    /// Draws the current state into the frame the app is about to present.
    func render(in context: RenderContext)
    /// Whether the game wants the app to stop (a quit button, a finished run).
    var wantsToQuit: Bool { get }
    /// The window now measures `size` points (the user resized it, or the
    /// game did with `SDL_SetWindowSize`): lay out again. Called before the
    /// frame's events, after the app's scene has taken the new size. By
    /// default, nothing.
    func windowResized(to size: Size)
}

extension Game {
    public var wantsToQuit: Bool { false }
    public func windowResized(to size: Size) {}
}
