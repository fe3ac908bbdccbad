import Foundation
import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// The frame loop: replay and record on the headless clock, fixed steps.
    @Suite @MainActor struct App {
        /// Records what reaches the game and how time advanced.
        final class Recorder: Game {
            var events: [InputEvent] = []
            var steps: [Double] = []
            func handle(_ event: InputEvent) { events.append(event) }
            func update(step: Double, now: Double) { steps.append(now) }
            func render(in context: RenderContext) {}
        }

        func temporaryPath(_ name: String) -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
        }

        @Test func aReplayedTraceReachesTheGameOnTimeAndRecordsBackIdentically() throws {
            var recorder = TraceRecorder(start: 0)
            let id = PointerID(kind: .finger, device: 1, index: 0)
            recorder.record(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Point(x: 10, y: 10)))))
            recorder.record(InputEvent(timestamp: 0.05, .pointer(PointerEvent(.move, id: id, location: Point(x: 20, y: 10)))))
            recorder.record(InputEvent(timestamp: 0.1, .remote(.togglePlayPause)))
            recorder.record(InputEvent(timestamp: 0.1, .pointer(PointerEvent(.up, id: id, location: Point(x: 20, y: 10)))))
            let source = temporaryPath("source.trace")
            let copy = temporaryPath("copy.trace")
            defer { try? FileManager.default.removeItem(atPath: source); try? FileManager.default.removeItem(atPath: copy) }
            try recorder.write(toFile: source)

            var configuration = SDLApp.Configuration(title: "app-test")
            configuration.headless = true
            configuration.replayPath = source
            configuration.recordPath = copy
            configuration.frameLimit = 10
            let app = try SDLApp(configuration)
            let game = Recorder()
            try app.run(game)

            // Frames are 1/60 s apart on the manual clock: an event is handed
            // over on the first frame at or after its time.
            #expect(game.events.map(\.timestamp) == [0, 0.05, 0.1, 0.1])
            #expect(app.frameCount == 10)
            // One fixed step per frame after the first.
            #expect(game.steps.count == 9)
            // What was recorded is what was replayed.
            #expect(try Trace(contentsOfFile: copy) == Trace(contentsOfFile: source))
        }

        @Test func aMissingReplayIsAnErrorNotACrash() {
            var configuration = SDLApp.Configuration(title: "app-test")
            configuration.headless = true
            configuration.replayPath = "/nonexistent/trace"
            #expect(throws: (any Error).self) { try SDLApp(configuration) }
        }
    }
}
