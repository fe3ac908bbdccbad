import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// `SDLApp` runs the input warm-up once before its first frame, unless
    /// the configuration turns it off, and the game sees nothing of it.
    @Suite @MainActor struct AppWarmUp {
        /// Counts what reaches the game.
        final class Counter: Game {
            var events = 0
            var updates = 0
            func handle(_ event: InputEvent) { events += 1 }
            func update(step: Double, now: Double) { updates += 1 }
            func render(in context: RenderContext) {}
        }

        func run(warmsUp: Bool) throws -> (timing: FrameTiming?, game: Counter, layerCalls: [String], diagnostics: Int) {
            var configuration = SDLApp.Configuration(title: "warm-up")
            configuration.headless = true
            configuration.frameLimit = 2
            configuration.measuresFrameTiming = true
            configuration.warmsUpInput = warmsUp
            let app = try SDLApp(configuration)
            let scene = Scene(size: Size(width: 800, height: 600))
            var diagnostics = 0
            scene.diagnostics = { _ in diagnostics += 1 }
            let layer = CallLayer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            scene.root.addChild(layer)
            app.loop.scene = scene
            let game = Counter()
            try app.run(game)
            return (app.frameTiming, game, layer.calls, diagnostics)
        }

        @Test func theWarmUpRunsOnceBeforeTheFirstFrameAndTheGameSeesNothing() throws {
            let run = try run(warmsUp: true)
            let warmUp = try #require(run.timing?.warmUpMicroseconds)
            #expect(warmUp > 0)
            #expect(run.timing?.description.contains("warm-up") == true)
            #expect(run.game.events == 0)
            #expect(run.layerCalls.isEmpty)
            #expect(run.diagnostics == 0)
            #expect(run.timing?.frameCount == 2)
        }

        @Test func turnedOffItDoesNotRun() throws {
            let run = try run(warmsUp: false)
            #expect(run.timing != nil)
            #expect(run.timing?.warmUpMicroseconds == nil)
            #expect(run.timing?.description.contains("warm-up") == false)
        }

        @Test func itIsOnByDefault() {
            #expect(SDLApp.Configuration(title: "t").warmsUpInput)
        }
    }
}

/// A layer that notes every touch handler call it gets.
@MainActor
private final class CallLayer: Layer {
    var calls: [String] = []
    override init(frame: Rect, name: String? = nil) {
        super.init(frame: frame, name: name)
        handlesTouches = true
    }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { calls.append("began") }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { calls.append("moved") }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { calls.append("ended") }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { calls.append("cancelled") }
}
