import Foundation
import Tactile
import TactileDebugDrawing
import Testing
@testable import GestureLab
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// The Gesture Lab run headless from its shipped trace, as
    /// `scripts/demo gesturelab` runs it without a display. What each
    /// gesture should give is in `scripts/make-gesturelab-trace.py`.
    @Suite @MainActor struct GestureLabDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/gesturelab.trace").path

        func run(frames: Int? = nil, screenshot: String? = nil, prepare: (GestureLabGame) -> Void = { _ in }) throws -> (SDLApp, GestureLabGame) {
            var configuration = SDLApp.Configuration(title: "gesturelab-test")
            configuration.headless = true
            configuration.replayPath = Self.trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = try GestureLabGame()
            prepare(game)
            app.loop.scene = game.scene
            try app.run(game)
            return (app, game)
        }

        /// The log panel keeps a decision about touches as their pointers and
        /// words it when it is shown; its lines must read as the arena's own
        /// log words each decision when it is made (which hears more: moves
        /// of a gesture under way, deliveries to layers).
        @Test func theLogPanelWordsEachDecisionAsTheArenasLogDoes() throws {
            var logged: [String] = []
            let (_, game) = try run { game in game.scene.arenaLog = { logged.append($0) } }
            let lines = game.arenaLines
            // The trace's pans take their touches from the layer, and its
            // double tap's recognizers hold a lift back (none releases one).
            #expect(lines.contains { $0.contains(" takes ") && $0.hasSuffix(" from the layer") })
            #expect(lines.contains { $0.hasPrefix("hold ended of ") })
            // In the same order, each one among the log's.
            var next = logged.startIndex
            for line in lines {
                guard let found = logged[next...].firstIndex(of: line) else {
                    Issue.record("not in the arena's log after line \(next): \(line)")
                    return
                }
                next = found + 1
            }
        }

        @Test func everyGestureOfTheTraceIsRecognizedOnItsPanel() throws {
            let (app, game) = try run()
            // The trace's last event (the long press lifting) is at frame 330;
            // a second of settling follows.
            #expect(app.frameCount == 392)
            #expect(game.readout(game.tap).states == [.ended])
            #expect(game.readout(game.double).states == [.ended])
            // The single tap waited through the double tap and failed when it
            // recognized; on the lone tap it waited out the double tap's interval.
            #expect(game.readout(game.single).states == [.ended])
            #expect(game.arenaLines.contains("wait single to ended for 1 to fail"))
            #expect(game.arenaLines.contains("fail single: double, which it required to fail, recognized"))
            #expect(game.arenaLines.contains("release single: every recognizer it waited for failed"))

            #expect(game.readout(game.longPress).states == [.began, .ended])

            let pan = game.readout(game.pan).states
            #expect(pan.first == .began && pan.last == .ended && pan.count(where: { $0 == .ended }) == 1)
            #expect(abs(game.panTranslation.x - 150) <= 2 && abs(game.panTranslation.y - 100) <= 2, "pan moved \(game.panTranslation)")

            let edge = game.readout(game.edgePan).states
            #expect(edge.first == .began && edge.last == .ended)
            #expect(abs(game.edgeTranslation.x - 96) <= 2 && abs(game.edgeTranslation.y - 10) <= 2, "edge pan moved \(game.edgeTranslation)")

            #expect(game.readout(game.swipe).states == [.ended])
            #expect(game.swipeDirection == .left)

            // Pinch and rotation share the centre panel and recognize together:
            // each recognizes its own motion once and fails on the other's.
            let pinch = game.readout(game.pinch).states
            #expect(pinch.first == .began && pinch.last == .ended && pinch.count(where: { $0 == .ended }) == 1)
            #expect(abs(game.pinchScale - 2.5) <= 0.05, "pinch scale \(game.pinchScale)")
            let rotation = game.readout(game.rotation).states
            #expect(rotation.first == .began && rotation.last == .ended && rotation.count(where: { $0 == .ended }) == 1)
            #expect(abs(game.rotationAngle - .pi / 2) <= 0.05, "rotation \(game.rotationAngle)")

            // Everything back to possible, nothing waiting, every contact up.
            for panel in game.panels {
                for recognizer in panel.recognizers {
                    #expect(recognizer.state == .possible, "\(recognizer.name ?? "?") is \(recognizer.state)")
                    #expect(game.badge(of: recognizer) == .state(.possible))
                }
            }
            #expect(game.overlay.isVisible)
            #expect(game.overlay.contacts.isEmpty)
        }

        @Test func theScreenshotShowsTheStatesAtTheShowcaseFrame() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: GestureLabGame.showcaseFrame, screenshot: path)
            // The long-press finger, the pan finger and the Alt-drag pair.
            #expect(game.overlay.contacts.count == 4)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            let expected: [(GestureRecognizer, GestureLabGame.Badge)] = [
                (game.longPress, .state(.began)),   // held since frame 190, began at 220
                (game.pan, .state(.changed)),       // dragging until frame 290
                (game.pinch, .state(.ended)),       // ended at frame 256, still shown
                (game.rotation, .state(.changed)),  // turning until frame 310
                (game.tap, .state(.possible)),      // tapped long ago
                (game.swipe, .state(.possible)),
            ]
            for (recognizer, badge) in expected {
                #expect(game.badge(of: recognizer) == badge)
                let box = try #require(game.badgeRect(of: recognizer))
                let pixel = image.pixel(x: Int(box.center.x), y: Int(box.center.y))
                let want = GestureLabGame.color(for: badge)
                #expect(pixel.isClose(to: want, tolerance: 4), "\(recognizer.name ?? "?")'s badge: expected \(want), saw \(pixel)")
            }
            // The overlay's ring around the long-press finger at (178, 300).
            // Where the 2-point ring falls depends on how the canvas rounds its edge.
            let across = (196...203).map { image.pixel(x: $0, y: 300) }
            #expect(across.contains { $0.r > 200 && $0.g > 200 && $0.b > 200 }, "no overlay ring right of (178, 300): \(across)")
        }
    }
}

extension SDLIntegration.GestureLabDemo {
    /// A DualSense's touchpad is mapped onto the pinch-and-rotation panel:
    /// two fingers spreading on the pad pinch there, as on a touch screen.
    /// SDL 2.26's virtual pads have no touchpad, so the pad's touchpad
    /// events are pushed into SDL's queue for a virtual pad SDL takes for a
    /// DualSense.
    @Test func twoFingersOnAPadsTouchpadPinchTheCentrePanel() throws {
        let sdl = try SDLHarness(width: 800, height: 600)
        let clock = GameClock(base: sdl.clock)
        let loop = GameLoop(clock: clock, updateRate: 60)
        let game = try GestureLabGame()
        loop.scene = game.scene
        sdl.pump.touchpadPointers = .rect(TouchpadArea.frame(of: game.pinchPanel))
        let pad = try VirtualController(name: "DualSense (lab test)", vendor: 0x054C, product: 0x0CE6)
        func push(_ type: SDL_EventType, finger: Int32, x: Float) {
            var event = SDL_Event()
            event.ctouchpad = SDL_ControllerTouchpadEvent(
                type: type.rawValue, timestamp: 0, which: pad.instanceID, touchpad: 0, finger: finger, x: x, y: 0.5, pressure: 1)
            SDL_PushEvent(&event)
        }
        func frame() {
            var events: [InputEvent] = []
            sdl.pump.drain(into: &events)
            loop.frame(events: &events, handle: { game.handle($0) }, update: { game.update(step: $0, now: $1) })
            sdl.clock.advance(by: 1.0 / 60)
        }
        frame()
        push(SDL_CONTROLLERTOUCHPADDOWN, finger: 0, x: 0.4)
        push(SDL_CONTROLLERTOUCHPADDOWN, finger: 1, x: 0.6)
        frame()
        for step in 1...5 {
            push(SDL_CONTROLLERTOUCHPADMOTION, finger: 0, x: 0.4 - 0.04 * Float(step))
            push(SDL_CONTROLLERTOUCHPADMOTION, finger: 1, x: 0.6 + 0.04 * Float(step))
            frame()
        }
        push(SDL_CONTROLLERTOUCHPADUP, finger: 0, x: 0.2)
        push(SDL_CONTROLLERTOUCHPADUP, finger: 1, x: 0.8)
        frame()
        // 0.2 of the panel apart, spread to 0.6: three times (to SDL's Float precision).
        #expect(abs(game.pinchScale - 3) < 1e-5)
        #expect(game.readout(game.pinch).states.last == .ended)
        pad.detach()
        frame()
    }
}
