import Tactile
import TactileSDL

/// A `Game` that draws with a debug ``Canvas`` instead of calling its
/// renderer itself: what the demos and quick prototypes are.
///
/// Implement ``render(on:)``; `SDLApp.run(_:)` on a `CanvasGame` makes one
/// canvas over the app's renderer for the whole run and hands it over every
/// frame, so drawing allocates nothing once the canvas's buffers have grown.
///
/// ```swift
/// @MainActor final class Sketch: CanvasGame {
///     var touches: [PointerID: Point] = [:]
///     func handle(_ event: InputEvent) { … }
///     func update(step: Double, now: Double) {}
///     func render(on canvas: Canvas) {
///         canvas.clear(.black)
///         for (_, point) in touches { canvas.fillCircle(center: point, radius: 20, color: .orange) }
///     }
/// }
/// try SDLApp(SDLApp.Configuration(title: "Sketch")).run(Sketch())
/// ```
///
/// A canvas game still is a plain `Game`: run through code that only knows
/// `Game`, its ``render(in:)`` makes a canvas for that frame (correct, but it
/// allocates the canvas's buffers each time).
@MainActor
public protocol CanvasGame: Game {
    /// Draws the current state on `canvas`, which draws into the app's renderer.
    func render(on canvas: Canvas)
}

extension CanvasGame {
    /// Draws on a canvas made for this frame; nothing when the app has no
    /// SDL renderer (`SDLApp/Rendering/gameOwned`).
    public func render(in context: RenderContext) {
        guard let renderer = context.renderer else { return }
        render(on: Canvas(renderer: renderer, pixelsPerPoint: context.pixelsPerPoint))
    }
}

extension SDLApp {
    /// Runs a ``CanvasGame`` like any `Game`, with one ``Canvas`` over the
    /// app's renderer kept for the whole run.
    // Inlinable, as `SDLApp.run(_:)` is (see there): each event goes from
    // the loop straight to the game's `handle`, not through the wrapper's.
    @inlinable
    public func run(_ game: some CanvasGame) throws {
        try run(game, overlay: nil, handlingEventsWith: { game.handle($0) })
    }

    /// Runs `game` through a ``CanvasDrawing`` with `overlay`, every event
    /// handed to `handle` (the game's own `handle`, for the inlinable
    /// entries: see `SDLApp.run(_:)`).
    @usableFromInline
    func run(_ game: some CanvasGame, overlay: InputDebugOverlay?, handlingEventsWith handle: (InputEvent) -> Void) throws {
        try run(CanvasDrawing(game: game, overlay: overlay, renderer: renderer, pump: pump), handlingEventsWith: handle)
    }
}

/// Hands a canvas game the canvas it keeps for the run, and draws the input
/// debugger's overlay over each frame when it has one
/// (`SDLApp.runWithInputDebugger(_:configure:)`).
///
/// The overlay is drawn here rather than by a second wrapper around the
/// game (``CanvasGame/overlaid(by:)``): every event goes through each
/// wrapper's `handle`, a witness call into unspecialized generic code
/// (callgrind, the ten-contact replay: about 30 instructions an event a
/// wrapper). The app's runs hand events to the game itself, not through
/// this one's `handle` (see `SDLApp.run(_:)`).
@MainActor
final class CanvasDrawing<Wrapped: CanvasGame>: Game {
    let game: Wrapped
    let overlay: InputDebugOverlay?
    let canvas: Canvas?
    let pump: SDLEventPump
    /// The pump's count of render device resets when the canvas's textures were last made.
    var resetsSeen: Int

    init(game: Wrapped, overlay: InputDebugOverlay?, renderer: OpaquePointer?, pump: SDLEventPump) {
        self.game = game
        self.overlay = overlay
        canvas = renderer.map { Canvas(renderer: $0) }
        self.pump = pump
        resetsSeen = pump.renderDeviceResets
    }

    func handle(_ event: InputEvent) { game.handle(event) }
    func update(step: Double, now: Double) { game.update(step: step, now: now) }
    func render(in context: RenderContext) {
        guard let canvas else { return }
        // The window may have moved to a display of another density.
        if canvas.pixelsPerPoint != context.pixelsPerPoint { canvas.pixelsPerPoint = context.pixelsPerPoint }
        // The renderer lost its textures' contents: the canvas makes its own again.
        if pump.renderDeviceResets != resetsSeen {
            resetsSeen = pump.renderDeviceResets
            canvas.releaseTextures()
        }
        game.render(on: canvas)
        overlay?.draw(on: canvas)
    }
    func windowResized(to size: Size) { game.windowResized(to: size) }
    var wantsToQuit: Bool { game.wantsToQuit }
}
