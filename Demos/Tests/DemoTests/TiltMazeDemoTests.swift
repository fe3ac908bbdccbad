import Foundation
import Tactile
import TactileDebugDrawing
import Testing
@testable import TactileSDL
@testable import TiltMaze

extension SDLIntegration {
    /// The Tilt Maze run headless from its shipped trace, as
    /// `scripts/demo tiltmaze` runs it without a display: a pad's recorded
    /// sensor samples steer the marble. What each part of the trace should
    /// give is in `scripts/make-tiltmaze-trace.py`.
    @Suite @MainActor struct TiltMazeDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/tiltmaze.trace").path

        func run(frames: Int? = nil, screenshot: String? = nil) throws -> (SDLApp, TiltMazeGame) {
            var configuration = SDLApp.Configuration(title: "tiltmaze-test")
            configuration.headless = true
            configuration.replayPath = Self.trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = TiltMazeGame.attached(to: app)
            try app.run(game)
            return (app, game)
        }

        @Test func theTraceFallsOnceRestartsWithAShakeZoomsAndWins() throws {
            let (app, game) = try run()
            // The trace's last sample is at 22 s (frame 1320); a second of settling follows.
            #expect(app.frameCount == 1381)
            // The pad's samples made it the source, over the simulation.
            #expect(game.motion.activeSource == .controller(0))
            #expect(game.motion.availableSources == [.simulated, .controller(0)])
            // Rolled straight along the top into the first hole, shaken to a
            // fresh run, then through all three corridors to the goal.
            #expect(game.outcomes == [.fell(hole: 0), .restarted, .won])
            #expect(game.falls == 0)
            guard case .won(let time) = game.phase else {
                Issue.record("the run ended \(game.phase), not won")
                return
            }
            #expect(abs(time - 14.8) < 0.1, "won in \(time) s")
            #expect(game.bestTime == time)
            #expect(abs(game.marble.position.x - Maze.standard.goal.x) < Maze.goalRadius)
            // Zoomed in to 2 and back out to 1.
            #expect(abs(game.zoom - 1) < 0.01, "zoom \(game.zoom)")
        }

        @Test func eachPartOfTheTraceDoesWhatTheScriptSays() throws {
            // Frame 150 (2.5 s): dropping into hole 0.
            let (_, falling) = try run(frames: 150)
            #expect(falling.outcomes == [.fell(hole: 0)])
            if case .falling(let hole, _) = falling.phase { #expect(hole == 0) } else {
                Issue.record("at frame 150 the marble is \(falling.phase), not falling")
            }
            // Frame 280 (4.7 s): shaken, restarted, the marble at the start.
            let (_, restarted) = try run(frames: 280)
            #expect(restarted.outcomes == [.fell(hole: 0), .restarted])
            #expect(restarted.phase == .rolling && restarted.falls == 0 && restarted.runTime < 1)
            // Frame 600 (10 s): pinched to zoom 2, the camera on the marble.
            let (_, zoomed) = try run(frames: 600)
            #expect(abs(zoomed.zoom - 2) < 0.01, "zoom \(zoomed.zoom)")
            #expect(zoomed.focus != Point(x: Maze.size.width / 2, y: Maze.size.height / 2))
            #expect(zoomed.outcomes == [.fell(hole: 0), .restarted])
        }

        @Test func theScreenshotShowsTheBoardAtTheShowcaseFrame() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tiltmaze-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: TiltMazeGame.showcaseFrame, screenshot: path)
            // Rolling along corridor 3 (below its top wall at y 354), the whole board in view.
            #expect(game.phase == .rolling && game.outcomes == [.fell(hole: 0), .restarted])
            #expect(game.marble.position.y > 354 && game.marble.position.x > 300)
            #expect(abs(game.zoom - 1) < 0.01)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            func pixel(at point: Point) -> Color {
                let screen = game.screenPoint(point)
                return image.pixel(x: Int(screen.x), y: Int(screen.y))
            }
            let maze = Maze.standard
            // The marble's colour a little right of and below its centre, clear of the highlight.
            let marble = pixel(at: Point(x: game.marble.position.x + 4, y: game.marble.position.y + 4))
            #expect(marble.isClose(to: TiltMazeGame.marbleColor, tolerance: 4), "marble: \(marble)")
            let goal = pixel(at: maze.goal)
            #expect(goal.isClose(to: TiltMazeGame.goalColor, tolerance: 4), "goal: \(goal)")
            for hole in maze.holes {
                let seen = pixel(at: hole)
                #expect(seen.isClose(to: TiltMazeGame.holeColor, tolerance: 4), "hole at \(hole): \(seen)")
            }
            for wall in maze.walls {
                let seen = pixel(at: wall.center)
                #expect(seen.isClose(to: TiltMazeGame.wallColor, tolerance: 4), "wall \(wall): \(seen)")
            }
            let board = pixel(at: Point(x: 200, y: 100))
            #expect(board.isClose(to: TiltMazeGame.boardColor, tolerance: 4), "board: \(board)")
            let header = image.pixel(x: 790, y: 20)
            #expect(header.isClose(to: TiltMazeGame.headerColor, tolerance: 4), "header: \(header)")
        }
    }
}
