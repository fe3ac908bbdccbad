import Foundation
import Tactile
import TactileDebugDrawing
import Testing
@testable import TactileSDL
@testable import Touches

extension SDLIntegration {
    /// The Touches demo run headless from its shipped trace, as
    /// `scripts/demo` runs it without a display.
    @Suite @MainActor struct TouchesDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/touches.trace").path

        func configuration(frames: Int? = nil) -> SDLApp.Configuration {
            var configuration = SDLApp.Configuration(title: "touches-test")
            configuration.headless = true
            configuration.replayPath = Self.trace
            configuration.frameLimit = frames
            return configuration
        }

        @Test func theWholeTracePlaysOutAndEveryContactEnds() throws {
            let app = try SDLApp(configuration())
            let game = TouchesGame()
            try app.run(game)
            // Three fingers, the simulated pair, the controller cursor, the
            // touchpad finger and the mouse.
            #expect(game.began == 8)
            #expect(game.ended == 8)
            #expect(game.cancelled == 0)
            #expect(game.contacts.isEmpty)
            #expect(game.connectedControllers == [0])
            // The trace's last event is at 4.6 s; a second of settling follows.
            #expect(app.frameCount == 338)
        }

        @Test func theScreenshotShowsTheContactsOfTheTrace() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touches-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let app = try SDLApp(configuration(frames: 190))
            app.saveScreenshotOfLastFrame(to: path)
            let game = TouchesGame()
            try app.run(game)
            #expect(game.contacts.count(where: { $0.endedAt == nil }) == 6)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            // Where the trace has each contact at frame 190 (3.15 s), the
            // contact's colour, blended over the background at the fill's alpha.
            let expected: [(Point, PointerKind)] = [
                (Point(x: 250, y: 410), .finger),          // finger A, held at the end of its arc
                (Point(x: 700, y: 180), .finger),          // finger B, held at the end of its stroke
                (Point(x: 212, y: 232), .simulated),       // the Alt-drag pair, spread and turned
                (Point(x: 588, y: 368), .simulated),
                (Point(x: 503, y: 478), .controllerCursor), // the pad's cursor contact
            ]
            for (point, kind) in expected {
                // Eight points halfway out from the centre: the trail drawn
                // under the fill tints a few of them, most show the fill alone.
                let want = TouchesGame.color(for: kind).blended(alpha: 200, over: TouchesGame.background)
                let samples = (0..<8).map { step in
                    let angle = Double(step) * .pi / 4
                    return image.pixel(x: Int(point.x + 14 * cos(angle)), y: Int(point.y + 14 * sin(angle)))
                }
                #expect(samples.count { $0.isClose(to: want) } >= 6, "around \(point) expected \(kind) \(want), saw \(samples)")
            }
            // Finger C tapped at (400, 120) two seconds earlier: gone, background again.
            let tapped = image.pixel(x: 400, y: 120)
            #expect(tapped.isClose(to: TouchesGame.background), "the tap at (400, 120) should have faded, saw \(tapped)")
        }
    }
}

extension Color {
    /// This colour at `alpha` over `background`, as SDL's blend mode draws it.
    func blended(alpha: UInt8, over background: Color) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Int(a) * Int(alpha) + Int(b) * (255 - Int(alpha))) / 255)
        }
        return Color(r: mix(r, background.r), g: mix(g, background.g), b: mix(b, background.b))
    }

    /// Equal within a few levels per channel: blending rounds differently
    /// from one renderer to the next.
    func isClose(to other: Color, tolerance: Int = 24) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance && abs(Int(b) - Int(other.b)) <= tolerance
    }
}
