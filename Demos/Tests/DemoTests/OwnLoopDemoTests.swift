import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL
import Testing
@testable import OwnLoop

extension SDLIntegration {
    /// The own-loop demo headless from its recorded trace: a game with its
    /// own `SDL_PollEvent` loop and `SDL_Renderer` calls, no `SDLApp`, gets
    /// Tactile's taps, a pinch and tilt.
    @Suite @MainActor struct OwnLoopDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/ownloop.trace").path

        func run(frames: Int? = nil, screenshot: String? = nil) throws -> OwnLoop.Outcome {
            try OwnLoop.run(OwnLoop.Options(headless: true, replayPath: Self.trace, screenshotPath: screenshot, frameLimit: frames))
        }

        /// What `scripts/make-ownloop-trace.py` says the session does.
        @Test func theTraceTapsPinchesAndTilts() throws {
            let outcome = try run()
            let game = outcome.game
            #expect(game.taps == 4)
            // Lanterns 0 and 11 tapped on, 5 tapped on and off, 10 lit by the ball.
            #expect(game.lit.indices.filter { game.lit[$0] } == [0, 10, 11])
            #expect(abs(game.zoom - 1.5) < 0.01, "zoom \(game.zoom)")
            // The last event, the Left arrow's release at 5.9 s, arrives on
            // frame 355 (354 sixtieths added up on the manual clock fall just
            // short of 5.9); 60 settling frames follow that frame.
            #expect(outcome.frames == 356 + OwnLoop.settleFrames)
        }

        @Test func theScreenshotShowsTheLitLanternsSpreadOut() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("ownloop-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let outcome = try run(frames: 300, screenshot: path)
            #expect(outcome.frames == 300)
            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            // At zoom 1.5 lantern i's centre is (400 + (i % 4 − 1.5) × 225, 260 + (i / 4 − 1) × 225).
            func centre(_ index: Int) -> (Int, Int) {
                (Int(400 + (Double(index % 4) - 1.5) * 225), Int(260 + (Double(index / 4) - 1) * 225))
            }
            let litColor = Color(r: 255, g: 200, b: 90), darkColor = Color(r: 60, g: 66, b: 92)
            for index in 0..<12 {
                let (x, y) = centre(index)
                guard (0..<800).contains(x), (0..<600).contains(y) else { continue }
                let want = [0, 10, 11].contains(index) ? litColor : darkColor
                #expect(image.pixel(x: x, y: y) == want, "lantern \(index) at (\(x), \(y))")
            }
        }
    }
}
