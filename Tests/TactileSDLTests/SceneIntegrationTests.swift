import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// SDL events through the pump into a scene: the whole path from SDL's
    /// queue to a layer's handlers.
    @Suite @MainActor struct SceneFromSDL {
        /// Logs each touch handler call as `name phase count`.
        final class Logging: Layer {
            var log: [String] = []
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { log.append("began \(touches.count)") }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { log.append("moved \(touches.count)") }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { log.append("ended \(touches.count)") }
            override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { log.append("cancelled \(touches.count)") }
        }

        @Test func fingersReachTheLayersTheyHitAndFocusLossCancelsThemAll() throws {
            let sdl = try SDLHarness(width: 400, height: 200)
            let scene = Scene(size: Size(width: 400, height: 200))
            let left = Logging(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let right = Logging(frame: Rect(x: 200, y: 0, width: 200, height: 200))
            right.isMultipleTouchEnabled = true
            scene.root.addChild(left)
            scene.root.addChild(right)

            sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.25, y: 0.5)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.75, y: 0.5)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 3, x: 0.875, y: 0.5)
            sdl.pushFinger(SDL_FINGERMOTION, finger: 1, x: 0.5, y: 0.5)
            // The mouse, too: the left button is a contact of its own.
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 10)
            for event in sdl.drain() { scene.send(event) }
            #expect(left.log == ["began 1", "moved 1"])      // the mouse's touch is ignored: left tracks one already
            #expect(right.log == ["began 1", "began 1"])
            let fingerOne = try #require(scene.event.allTouches.first)
            #expect(fingerOne.location == Point(x: 200, y: 100))
            #expect(fingerOne.layer === left)

            sdl.pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
            for event in sdl.drain() { scene.send(event) }
            // The pump cancels each pointer in turn, then reports the
            // interruption; each touch is cancelled once, for its own layer.
            #expect(left.log == ["began 1", "moved 1", "cancelled 1"])
            #expect(right.log == ["began 1", "began 1", "cancelled 1", "cancelled 1"])
            #expect(scene.event.allTouches.allSatisfy { $0.phase == .cancelled })
        }
    }
}

extension SDLIntegration {
    /// A gesture recognizer fed from SDL's queue: SDL finger events, the
    /// pump, the scene, the arena, the recognizer's actions.
    @Suite @MainActor struct RecognizersFromSDL {
        /// Begins once its touch has moved 10 points, changes as it moves, ends on lift.
        final class Drag: GestureRecognizer {
            private var start = Point.zero
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { start = touches[0].location }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                if state == .possible {
                    if touches[0].location.distance(to: start) > 10 { state = .began }
                } else {
                    state = .changed
                }
            }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
                state = state == .possible ? .failed : .ended
            }
        }

        @Test func aDragFromSDLFingersRunsItsActionsAndTakesTheTouchFromTheLayer() throws {
            let sdl = try SDLHarness(width: 400, height: 200)
            let scene = Scene(size: Size(width: 400, height: 200))
            let layer = SceneFromSDL.Logging(frame: Rect(x: 0, y: 0, width: 400, height: 200))
            scene.root.addChild(layer)
            var actions: [String] = []
            let drag = Drag { recognizer in actions.append("\(recognizer.state.rawValue) \(recognizer.location(in: nil).x)") }
            layer.addGestureRecognizer(drag)

            sdl.pushFinger(SDL_FINGERDOWN, x: 0.25, y: 0.5)
            sdl.pushFinger(SDL_FINGERMOTION, x: 0.3125, y: 0.5)
            sdl.pushFinger(SDL_FINGERMOTION, x: 0.375, y: 0.5)
            sdl.pushFinger(SDL_FINGERUP, x: 0.375, y: 0.5)
            for event in sdl.drain() { scene.send(event) }
            #expect(actions == ["began 125.0", "changed 150.0", "ended 150.0"])
            #expect(layer.log == ["began 1", "cancelled 1"])
            #expect(drag.state == .possible)
        }
    }
}
