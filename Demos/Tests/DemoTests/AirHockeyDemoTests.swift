import Foundation
import Tactile
import TactileDebugDrawing
import TactileTestSupport
import Testing
@testable import AirHockey
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Air Hockey run headless from its shipped trace, as `scripts/demo
    /// airhockey` runs it without a display, and played by two virtual
    /// controllers through SDL's queue. What the trace should give is in
    /// `scripts/make-airhockey-trace.py`.
    @Suite @MainActor struct AirHockeyDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/airhockey.trace").path

        static let match = [
            "goal left 1-0", "goal right 1-1", "goal left 2-1", "goal right 2-2",
            "camera 0.80 -20",
            "goal left 3-2", "goal right 3-3", "goal left 4-3", "goal right 4-4", "goal left 5-4", "win left 5-4",
            "restart", "goal left 1-0",
        ]

        func run(frames: Int? = nil, screenshot: String? = nil, configure: (AirHockeyGame) -> Void = { _ in }) throws -> (SDLApp, AirHockeyGame) {
            var configuration = SDLApp.Configuration(title: "airhockey-test")
            configuration.headless = true
            configuration.replayPath = Self.trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = try AirHockeyGame()
            configure(game)
            app.loop.scene = game.scene
            app.loop.addInput(game.roster)
            try app.run(game)
            return (app, game)
        }

        @Test func theTracePlaysAMatchToAWinAndARestart() throws {
            let (app, game) = try run()
            // The last lift is at frame 860; a second of settling follows.
            #expect(app.frameCount == 921)
            #expect(game.log == Self.match)
            #expect(game.phase == .playing)
            #expect(game.score == [.left: 1, .right: 0])
            // Each paddle was taken by its own finger three times (at the
            // start, after the camera gesture, after the restart); the second
            // finger in the left half never reached the zone.
            #expect(game.zones[.left]?.grabs == 3)
            #expect(game.zones[.right]?.grabs == 3)
            #expect(!game.isPaddleHeld)
            // The PAUSE tap while both paddles were held did nothing.
            #expect(!game.log.contains("pause"))
            #expect(abs(game.cameraScale - 0.8) < 0.01 && abs(game.cameraAngle + 20 * .pi / 180) < 0.01,
                    "camera \(game.cameraScale) \(game.cameraAngle)")
            #expect(game.pinch.state == .possible && game.rotation.state == .possible)
            #expect(game.overlay.isVisible && game.overlay.contacts.isEmpty)
            #expect(game.scene.event.allTouches.allSatisfy { $0.hasEnded })
        }

        @Test func aSecondFingerInAHalfWouldTakeThePaddleWithMultipleTouchOn() throws {
            // The same trace with the left zone taking every finger: the stray
            // finger parked on the centre line takes the left paddle and blocks
            // the right's first shot, so the match goes differently.
            let (_, game) = try run { $0.zones[.left]?.isMultipleTouchEnabled = true }
            #expect(game.log.prefix(2) != Self.match.prefix(2), "\(game.log)")
            #expect(game.zones[.left]?.grabs == 4)
        }

        @Test func aPauseTapWhilePaddlesAreHeldWouldLandWithoutExclusiveTouch() throws {
            let (_, game) = try run(frames: 110) { $0.pauseButton.isExclusiveTouch = false }
            #expect(game.log == ["goal left 1-0", "pause"])
            #expect(game.phase == .paused)
        }

        @Test func theCameraMovesOnlyWhileNoPaddleIsHeld() throws {
            let game = try AirHockeyGame()
            var script = InputScript()
            func play() {
                for event in script.events { game.scene.send(event) }
                script = InputScript(start: script.time)
            }
            /// Two fingers on the background, above and below the rink, spreading apart.
            func spread() {
                var fingers = script.touchDown(at: [Point(x: 400, y: 100), Point(x: 400, y: 560)])
                script.move(&fingers, to: [Point(x: 400, y: 60), Point(x: 400, y: 600)], over: 20.0 / 60)
                script.lift(fingers)
            }
            // A finger holds the left paddle: the pinch may not begin.
            let paddle = script.touchDown(at: Point(x: 200, y: 300))
            spread()
            play()
            #expect(game.cameraScale == 1)
            #expect(game.zones[.left]?.isHeld == true)
            // Let go: the same two fingers zoom in, 540 / 460 of the span.
            script.lift(paddle)
            spread()
            play()
            #expect(abs(game.cameraScale - 540.0 / 460) < 0.01, "camera scale \(game.cameraScale)")
            #expect(game.table.transform != .identity)
        }

        @Test func theScreenshotShowsTheTurnedRinkMidRally() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("airhockey-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: AirHockeyGame.showcaseFrame, screenshot: path)
            #expect(game.score == [.left: 4, .right: 3])
            #expect(game.phase == .playing)
            #expect(game.zones[.left]?.isHeld == true && game.zones[.right]?.isHeld == true)
            #expect(game.puck.velocity.x < -100, "the right's shot is on its way left: \(game.puck.velocity)")
            #expect(game.overlay.contacts.count == 2)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            func pixel(atTable point: Point) -> Color {
                let window = game.toWindow(point)
                return image.pixel(x: Int(window.x.rounded()), y: Int(window.y.rounded()))
            }
            func offset(_ point: Point) -> Point { Point(x: point.x, y: point.y + 12) }
            let samples: [(String, Point, Color)] = [
                // Beside each paddle's centre, where the overlay draws the finger's dot.
                ("left paddle", offset(try #require(game.zones[.left]?.paddle.center)), AirHockeyGame.leftColor),
                ("right paddle", offset(try #require(game.zones[.right]?.paddle.center)), AirHockeyGame.rightColor),
                ("puck", game.puck.center, AirHockeyGame.puckColor),
                // The ice near the rink's top-left corner, and the table beyond it:
                // where they land shows the camera's turn.
                ("ice", Point(x: Rink.bounds.minX + 12, y: Rink.bounds.minY + 12), AirHockeyGame.ice),
                ("table", Point(x: Rink.bounds.minX - 30, y: Rink.bounds.minY - 30), AirHockeyGame.background),
                ("left goal", Point(x: Rink.bounds.minX - 5, y: Rink.center.y), AirHockeyGame.leftColor),
            ]
            for (name, point, want) in samples {
                let seen = pixel(atTable: point)
                #expect(seen.isClose(to: want, tolerance: 4), "\(name) at \(game.toWindow(point)): expected \(want), saw \(seen)")
            }
            // Unturned, the ice's corner would be at (72, 132): the camera moved it onto the table.
            #expect(image.pixel(x: 72, y: 132).isClose(to: AirHockeyGame.outside, tolerance: 4))
        }

        @Test func twoControllersPlayThroughSDLsQueue() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            let clock = GameClock(base: sdl.clock)
            let loop = GameLoop(clock: clock, updateRate: 64)
            let game = try AirHockeyGame()
            loop.scene = game.scene
            loop.addInput(game.roster)
            func frames(_ count: Int) {
                for _ in 0..<count {
                    var events: [InputEvent] = []
                    sdl.pump.drain(into: &events)
                    loop.frame(events: &events, handle: { game.handle($0) }, update: { game.update(step: $0, now: $1) })
                    sdl.clock.advance(by: 1.0 / 64)
                }
            }
            let first = try VirtualController()
            let second = try VirtualController()
            frames(2)
            #expect(game.pads.isEmpty)   // connected is not playing: a pad joins with A or Start
            // The first to press plays left: here the first pad, with A;
            // the second joins with Start, which does not also pause.
            second.set(SDL_CONTROLLER_BUTTON_LEFTSHOULDER, down: true)   // not a join button
            first.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frames(1)
            first.set(SDL_CONTROLLER_BUTTON_A, down: false)
            second.set(SDL_CONTROLLER_BUTTON_LEFTSHOULDER, down: false)
            second.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frames(1)
            second.set(SDL_CONTROLLER_BUTTON_START, down: false)
            frames(1)
            #expect(game.phase == .playing)
            #expect(game.pads == [.left: first.instanceID, .right: second.instanceID])
            let left = try #require(game.zones[.left]?.paddle), right = try #require(game.zones[.right]?.paddle)
            #expect(left.center == Rink.home(of: .left) && right.center == Rink.home(of: .right))

            // The first pad's stick right, the second's up, each for a quarter
            // second at full tilt: 520 points/s × 0.25 s = 130 points.
            first.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            second.set(SDL_CONTROLLER_AXIS_LEFTY, -32768)
            frames(16)
            first.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            second.set(SDL_CONTROLLER_AXIS_LEFTY, 0)
            frames(2)
            #expect(abs(left.center.x - (Rink.home(of: .left).x + 130)) < 9, "left paddle at \(left.center)")
            #expect(left.center.y == Rink.home(of: .left).y)
            #expect(abs(right.center.y - (Rink.home(of: .right).y - 130)) < 9, "right paddle at \(right.center)")
            #expect(right.center.x == Rink.home(of: .right).x)

            // A stick cannot push a paddle over the centre line; on its way
            // there the left paddle strikes the puck waiting at the centre.
            first.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            frames(32)
            first.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            frames(1)
            #expect(left.center.x == Rink.center.x - Rink.paddleRadius)

            // Start on the second pad pauses; on the first, resumes.
            second.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frames(1)
            second.set(SDL_CONTROLLER_BUTTON_START, down: false)
            frames(1)
            #expect(game.phase == .paused)
            first.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frames(1)
            first.set(SDL_CONTROLLER_BUTTON_START, down: false)
            frames(1)
            #expect(game.phase == .playing)
            frames(64)
            #expect(game.log == ["pause", "resume", "goal left 1-0"])

            // Unplugged, the left pad's side waits for it: another pad's
            // press takes nothing, and the same pad plugged back in (the same
            // GUID: a virtual pad has no serial) plays left again at once.
            first.detach()
            frames(1)
            #expect(game.pads == [.right: second.instanceID])
            let third = try VirtualController(name: "Another pad", vendor: 0x054C, product: 0x0CE6)
            frames(1)
            third.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frames(1)
            #expect(game.pads == [.right: second.instanceID])
            let back = try VirtualController()
            frames(1)
            #expect(game.pads == [.left: back.instanceID, .right: second.instanceID])
            second.detach()
            third.detach()
            back.detach()
            frames(1)
        }
    }
}
