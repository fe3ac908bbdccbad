import Tactile
import TactileSDL

extension CanvasGame {
    /// This game with `overlay` drawn over each of its frames, last, while
    /// the overlay's debugger is on. Everything else is the game's own.
    public func overlaid(by overlay: InputDebugOverlay) -> some CanvasGame {
        OverlaidGame(game: self, overlay: overlay)
    }
}

extension SDLApp {
    /// Runs `game` with an input debugger on the app's loop, off until
    /// Ctrl+Shift+D or both stick clicks (`InputDebugger.Controls`) switch
    /// it on, its overlay drawn over the game's frames while on: the one
    /// line a game on `SDLApp` adds to have it.
    ///
    /// ```swift
    /// try app.runWithInputDebugger(game)   // instead of app.run(game)
    /// ```
    ///
    /// - Parameters:
    ///   - game: the game, run as `run(_:)` runs it.
    ///   - configure: called with the debugger before the run, to switch it
    ///     on from the start or change its controls.
    // Inlinable, as `SDLApp.run(_:)` is (see there): each event goes from
    // the loop straight to the game's `handle`, not through the wrapper's.
    @inlinable
    public func runWithInputDebugger(_ game: some CanvasGame, configure: (InputDebugger) -> Void = { _ in }) throws {
        // The same frames as `run(game.overlaid(by:))`, through one wrapper.
        try run(game, overlay: inputDebuggerOverlay(configure), handlingEventsWith: { game.handle($0) })
    }

    /// The overlay of a new input debugger on the app's loop, `configure`d.
    @usableFromInline
    func inputDebuggerOverlay(_ configure: (InputDebugger) -> Void) -> InputDebugOverlay {
        let debugger = InputDebugger(loop: loop)
        // Pads connected before the debugger comes on show who they are and what they hold.
        debugger.connectedControllers = { [pump] in pump.controllerReadings }
        configure(debugger)
        return InputDebugOverlay(debugger: debugger)
    }
}

/// A canvas game with the input debugger's overlay drawn over it.
@MainActor
private final class OverlaidGame<Wrapped: CanvasGame>: CanvasGame {
    let game: Wrapped
    let overlay: InputDebugOverlay

    init(game: Wrapped, overlay: InputDebugOverlay) {
        self.game = game
        self.overlay = overlay
    }

    func handle(_ event: InputEvent) { game.handle(event) }
    func update(step: Double, now: Double) { game.update(step: step, now: now) }
    func render(on canvas: Canvas) {
        game.render(on: canvas)
        overlay.draw(on: canvas)
    }
    func windowResized(to size: Size) { game.windowResized(to: size) }
    var wantsToQuit: Bool { game.wantsToQuit }
}
