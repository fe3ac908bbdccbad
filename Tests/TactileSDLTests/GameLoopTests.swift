import Foundation
import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// The game loop on the game clock, fed from SDL's queue: pausing and
    /// slowing time holds back recognizer deadlines and updates; the
    /// controller cursor plays a touch game; `SDLApp` runs the same loop.
    @Suite @MainActor struct GameLoops {
        enum Action: String, CaseIterable { case hold, tap }

        /// Logs each touch handler call as `phase kind:index`.
        final class Logging: Layer {
            var log: [String] = []
            private func note(_ phase: String, _ touches: [Touch]) {
                log += touches.map { "\(phase) \($0.kind.rawValue)" }
            }
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { note("began", touches) }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { note("moved", touches) }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { note("ended", touches) }
            override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { note("cancelled", touches) }
        }

        /// A long press on the whole window, bound as `hold`, with the game
        /// time of each of its states.
        func longPressRig() throws -> (GameLoopRig<Action>, LongPressGestureRecognizer, () -> [String]) {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 400, height: 400)
            let press = LongPressGestureRecognizer()
            var states: [String] = []
            press.addAction { states.append("\($0.state.rawValue) at \(rig.game.now)") }
            rig.scene.root.addGestureRecognizer(press)
            rig.actions.register(press, as: "hold")
            try rig.actions.bind(.hold, to: .gesture("hold", .held))
            return (rig, press, { states })
        }

        @Test func aPausedGameHoldsALongPressBackAndResumingCompletesIt() throws {
            let (rig, _, states) = try longPressRig()
            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            rig.frames(12)                                 // 0.1875 s of the 0.5 s held
            let pausedAt = rig.game.now
            rig.game.isPaused = true
            rig.frames(128)                                // two real seconds, finger still down
            #expect(states().isEmpty)
            #expect(!rig.actions[.hold].isPressed)
            #expect(rig.game.now == pausedAt)
            let updatesWhilePaused = rig.updates.count
            rig.game.isPaused = false
            var heldAfter: Int?
            for frame in 1...30 {
                rig.frame()
                if heldAfter == nil, rig.actions[.hold].justPressed { heldAfter = frame }
            }
            // The remaining 0.3125 s of game time is 20 frames; the first
            // frame after the resume is at the moment of the pause.
            #expect(heldAfter == 21)
            #expect(states() == ["began at \(pausedAt + 0.5 - 0.1875)"])
            // No update for the frame at the moment of the pause, then one a frame.
            #expect(rig.updates.count == updatesWhilePaused + 29)
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            rig.frame()
            #expect(rig.actions[.hold].justReleased)
        }

        @Test func eventsDuringAPauseStillArriveOnTheMomentOfThePause() throws {
            let (rig, _, _) = try longPressRig()
            rig.frames(3)
            rig.game.isPaused = true
            rig.frames(5)
            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            let paused = rig.game.now
            let events = rig.frame()
            #expect(events.count == 1 && events[0].timestamp == paused)
            // The touch is down in the scene, and its long press waits.
            #expect(rig.scene.event.allTouches.count == 1)
            rig.frames(64)
            #expect(!rig.actions[.hold].isPressed)
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            rig.frame()
        }

        @Test func aTimeScaleSlowsDeadlinesAndUpdatesAlike() throws {
            let (rig, _, _) = try longPressRig()
            rig.game.timeScale = 0.5
            rig.frame()
            let updatesBefore = rig.updates.count
            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            var heldAfter: Int?
            for frame in 0..<100 {
                rig.frame()
                if heldAfter == nil, rig.actions[.hold].justPressed { heldAfter = frame }
            }
            // 0.5 s of game time at half speed is one real second: the
            // deadline fires in frame 64. At half speed an update runs every
            // other frame, and snapshots go with the updates, so the press
            // is reported in frame 65, with that frame's update.
            #expect(heldAfter == 65)
            // Half as many fixed updates as frames, each one step of game time.
            #expect(rig.updates.count - updatesBefore == 50)
            let steps = zip(rig.updates.dropFirst(), rig.updates).map { $0 - $1 }
            #expect(steps.allSatisfy { $0 == 1.0 / 64 })
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            rig.frame()
        }

        @Test func theControllerCursorHitsASmallLayerTapsAndIsCancelledByUnplugging() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 800, height: 600)
            rig.sdl.pump.controllerCursors = ControllerCursor.Settings()
            let target = Logging(frame: Rect(x: 450, y: 290, width: 20, height: 20))
            let elsewhere = Logging(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            rig.scene.root.addChild(elsewhere)
            rig.scene.root.addChild(target)
            let tap = TapGestureRecognizer()
            var taps = 0
            tap.addAction { if $0.state == .ended { taps += 1 } }
            target.addGestureRecognizer(tap)
            rig.actions.register(tap, as: "tap")
            try rig.actions.bind(.tap, to: .gesture("tap", .trigger))
            let pad = try VirtualController()
            rig.frame()
            #expect(rig.sdl.pump.cursors[pad.instanceID]?.location == Point(x: 400, y: 300))

            // Full right for four frames: 900 points/s × 4/64 s = 56.25 points, into the 20-point layer.
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            rig.frames(4)
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            rig.frame()
            #expect(rig.sdl.pump.cursors[pad.instanceID]?.location == Point(x: 456.25, y: 300))

            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            rig.frame()
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            rig.frame()
            #expect(taps == 1)
            #expect(rig.actions[.tap] == ActionSnapshot(pressCount: 1, releaseCount: 1))
            #expect(target.log == ["began controller-cursor", "cancelled controller-cursor"])  // the tap took the touch
            #expect(elsewhere.log.isEmpty)

            // Down again, then the pad is unplugged: the contact is cancelled, not lifted, and no tap.
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            rig.frame()
            pad.detach()
            rig.frame()
            #expect(taps == 1)
            #expect(target.log == ["began controller-cursor", "cancelled controller-cursor", "began controller-cursor", "cancelled controller-cursor"])
            #expect(rig.scene.event.allTouches.allSatisfy { $0.phase == .ended || $0.phase == .cancelled })
        }

        @Test func theShoulderButtonPutsDownTwoContactsThatTheRightStickPinchesAndTurns() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 800, height: 600)
            rig.sdl.pump.controllerCursors = ControllerCursor.Settings()
            let pinch = PinchGestureRecognizer()
            let rotation = RotationGestureRecognizer()
            var scale = 0.0, angle = 0.0
            pinch.addAction { scale = $0.scale }
            rotation.addAction { angle = $0.rotation }
            rig.scene.root.isMultipleTouchEnabled = true
            rig.scene.root.addGestureRecognizer(pinch)
            rig.scene.root.addGestureRecognizer(rotation)
            pinch.delegate = ActionMapsFromSDL.Simultaneous.shared
            let pad = try VirtualController()
            rig.frame()
            let first = PointerID(kind: .controllerCursor, device: Int64(pad.instanceID), index: 1)
            let second = PointerID(kind: .controllerCursor, device: Int64(pad.instanceID), index: 2)
            func pointers(_ events: [InputEvent]) -> [PointerEvent] {
                events.compactMap { if case .pointer(let pointer) = $0.kind { pointer } else { nil } }
            }

            pad.set(SDL_CONTROLLER_BUTTON_LEFTSHOULDER, down: true)
            #expect(pointers(rig.frame()) == [
                PointerEvent(.down, id: first, location: Point(x: 460, y: 300)),
                PointerEvent(.down, id: second, location: Point(x: 340, y: 300)),
            ])
            // Right stick up for 16 frames: the span grows 400 points/s × 0.25 s = 100.
            pad.set(SDL_CONTROLLER_AXIS_RIGHTY, -32768)
            rig.frames(16)
            pad.set(SDL_CONTROLLER_AXIS_RIGHTY, 0)
            rig.frame()
            let spread = rig.sdl.pump.cursors[pad.instanceID]!.contactLocations
            #expect(abs(spread[0].x - 510) < 1e-9 && abs(spread[1].x - 290) < 1e-9)
            #expect(abs(scale - 220.0 / 120) < 0.2)
            #expect(pinch.state == .changed)

            // Right stick right for 16 frames: π rad/s × 0.25 s = 45°, clockwise on screen.
            pad.set(SDL_CONTROLLER_AXIS_RIGHTX, 32767)
            rig.frames(16)
            pad.set(SDL_CONTROLLER_AXIS_RIGHTX, 0)
            rig.frame()
            let turned = rig.sdl.pump.cursors[pad.instanceID]!.contactLocations
            let half = 110 / 2.0.squareRoot()
            #expect(abs(turned[0].x - (400 + half)) < 1e-6 && abs(turned[0].y - (300 + half)) < 1e-6)
            #expect(abs(angle - .pi / 4) < 0.1)

            // Unplugged mid-gesture: both contacts are cancelled where they were.
            pad.detach()
            let cancelled = pointers(rig.frame())
            #expect(cancelled.map(\.phase) == [.cancel, .cancel])
            #expect(cancelled.map(\.id) == [first, second])
            #expect(rig.scene.event.allTouches.allSatisfy { $0.phase == .cancelled })
        }

        /// Pauses its own clock after ten updates and counts what reaches it.
        final class PausingGame: Game {
            let clock: GameClock
            var updates = 0, frames = 0, handled = 0
            init(clock: GameClock) { self.clock = clock }
            func handle(_ event: InputEvent) { handled += 1 }
            func update(step: Double, now: Double) {
                updates += 1
                if updates == 10 { clock.isPaused = true }
            }
            func render(in context: RenderContext) { frames += 1 }
        }

        @Test func sdlAppRunsItsGameOnTheGameClock() throws {
            var configuration = SDLApp.Configuration(title: "game-loop-test")
            configuration.headless = true
            configuration.frameLimit = 30
            let app = try SDLApp(configuration)
            let game = PausingGame(clock: app.gameClock)
            try app.run(game)
            #expect(game.frames == 30)
            #expect(game.updates == 10)
            #expect(app.gameClock.now == 10.0 / 60)
            #expect(app.clock.now > 0.45)
        }
    }
}
