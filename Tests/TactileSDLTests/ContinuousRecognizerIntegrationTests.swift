import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// Continuous recognizers fed from SDL's queue: real SDL keyboard and
    /// mouse events, the pump's mouse simulation, the scene, the arena.
    @Suite @MainActor struct ContinuousRecognizersFromSDL {
        /// Alt held, the mouse pressed left of the window's centre and
        /// dragged further left: the pump makes two simulated contacts
        /// mirrored about the centre, which spread from 100 to 200 points
        /// apart, and the pinch reads a scale of 2. One frame per motion,
        /// the pump stamping each frame's events with the test's clock.
        @Test func anAltDragOfTheMousePinchesThroughSDLsQueue() throws {
            let sdl = try SDLHarness(width: 400, height: 300)
            let scene = Scene(size: Size(width: 400, height: 300))
            let layer = SceneFromSDL.Logging(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            layer.isMultipleTouchEnabled = true
            scene.root.addChild(layer)
            var scales: [String] = []
            var endVelocity = Double.nan
            let pinch = PinchGestureRecognizer { recognizer in
                let pinch = recognizer
                scales.append("\(pinch.state.rawValue) \((pinch.scale * 100).rounded() / 100)")
                if pinch.state == .ended { endVelocity = pinch.velocity }
            }
            layer.addGestureRecognizer(pinch)
            func frame() {
                for event in sdl.drain() { scene.send(event) }
                sdl.clock.advance(by: 1.0 / 60)
            }

            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LALT, modifiers: .leftAlt)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 150, y: 150)      // the pair: (150, 150) and (250, 150)
            frame()
            #expect(scene.event.allTouches.map(\.kind) == [.simulated, .simulated])
            for step in 1...5 {
                sdl.pushMouseMotion(x: Int32(150 - 10 * step), y: 150)
                frame()
            }
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 100, y: 150)
            sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_LALT)
            frame()

            // Each motion moves the two contacts one after the other: half
            // the step, then all of it. The mouse's pair is a precise
            // pointer, so 10 points of spread is past its slop.
            #expect(scales == [
                "began 1.1", "changed 1.2", "changed 1.3", "changed 1.4", "changed 1.5",
                "changed 1.6", "changed 1.7", "changed 1.8", "changed 1.9", "changed 2.0",
                "ended 2.0",
            ])
            // 0.2 of scale per 1/60 s frame, lifted a frame after the last motion.
            #expect(abs(endVelocity - 12) < 0.12, "\(endVelocity)")
            #expect(layer.log == ["began 1", "began 1", "cancelled 2"])
            #expect(pinch.state == .possible)
            #expect(sdl.diagnostics.isEmpty)
        }
    }
}
