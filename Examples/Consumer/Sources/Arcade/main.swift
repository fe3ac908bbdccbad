import Foundation
import Tactile
import TactileSDL

// A minimal game on Tactile: one button layer with a tap recognizer, fed by
// SDLApp's loop, drawn with the app's SDL_Renderer. Run headless for three
// frames with a finger tap pushed into SDL's queue, it prints what it saw:
//
//   Arcade: 3 frames, 1 tap

@MainActor
final class ArcadeGame: Game {
    let scene = Scene(size: Size(width: 320, height: 240))
    let button = Layer(frame: Rect(x: 110, y: 90, width: 100, height: 60))
    private(set) var taps = 0

    init() {
        button.addGestureRecognizer(TapGestureRecognizer(target: self) { game, _ in game.taps += 1 })
        scene.root.addChild(button)
    }

    // The scene gets every event from the app's loop (app.loop.scene); the
    // game needs nothing else here.
    func handle(_ event: InputEvent) {}
    func update(step: Double, now: Double) {}

    func render(in context: RenderContext) {
        guard let renderer = context.renderer else { return }
        SDL_SetRenderDrawColor(renderer, 20, 20, 30, 255)
        SDL_RenderClear(renderer)
        var box = SDL_FRect(x: Float(button.frame.minX), y: Float(button.frame.minY),
                            w: Float(button.frame.width), h: Float(button.frame.height))
        SDL_SetRenderDrawColor(renderer, taps > 0 ? 80 : 255, 160, 40, 255)
        SDL_RenderFillRectF(renderer, &box)
    }
}

/// A finger event in the middle of the button, in SDL's normalised 0…1 window coordinates.
func pushFinger(_ type: SDL_EventType, window: UInt32) {
    var event = SDL_Event()
    event.tfinger = SDL_TouchFingerEvent(type: type.rawValue, timestamp: 0, touchId: 1, fingerId: 1,
                                         x: 0.5, y: 0.5, dx: 0, dy: 0, pressure: 1, windowID: window)
    SDL_PushEvent(&event)
}

do {
    try MainActor.assumeIsolated {
        var configuration = SDLApp.Configuration(title: "Arcade (a game of my own)")
        configuration.width = 320
        configuration.height = 240
        configuration.headless = true
        configuration.frameLimit = 3
        let app = try SDLApp(configuration)
        let game = ArcadeGame()
        app.loop.scene = game.scene
        pushFinger(SDL_FINGERDOWN, window: SDL_GetWindowID(app.window))
        pushFinger(SDL_FINGERUP, window: SDL_GetWindowID(app.window))
        try app.run(game)
        print("Arcade: \(app.frameCount) frames, \(game.taps) tap\(game.taps == 1 ? "" : "s")")
    }
} catch {
    FileHandle.standardError.write(Data("Arcade: \(error)\n".utf8))
    exit(1)
}
