import Tactile
import TactileSDL
import Testing

extension SDLIntegration {
    /// The built-in tap and long press fed from SDL's queue, frame by frame
    /// as a game runs them: SDL finger events pushed, drained by the pump
    /// (which stamps them with the test's manual clock), sent to the scene,
    /// then the scene's clock advanced to the frame's time, which is what
    /// fires the long press's deadline.
    @Suite @MainActor struct DiscreteRecognizersFromSDL {
        /// One frame: everything in SDL's queue, then the clock.
        func frame(_ sdl: SDLHarness, _ scene: Scene, after seconds: Double) {
            sdl.clock.advance(by: seconds)
            for event in sdl.drain() { scene.send(event) }
            scene.advanceTime(to: sdl.clock.now)
        }

        @Test func aDoubleTapThenALongPressFromSDLFingers() throws {
            let sdl = try SDLHarness(width: 400, height: 200)
            let scene = Scene(size: Size(width: 400, height: 200))
            let layer = SceneFromSDL.Logging(frame: Rect(x: 0, y: 0, width: 400, height: 200))
            scene.root.addChild(layer)
            var actions: [String] = []
            let press = LongPressGestureRecognizer { recognizer in
                actions.append("press \(recognizer.state.rawValue) \(recognizer.location(in: nil))")
            }
            let double = TapGestureRecognizer { recognizer in
                actions.append("double \(recognizer.location(in: nil))")
            }
            double.numberOfTapsRequired = 2
            layer.addGestureRecognizer(press)
            layer.addGestureRecognizer(double)

            // A double tap, 80 ms per tap and 100 ms between them: the long
            // press fails on each quick lift and the double tap recognizes.
            sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.25, y: 0.5)
            frame(sdl, scene, after: 0)
            sdl.pushFinger(SDL_FINGERUP, finger: 1, x: 0.25, y: 0.5)
            frame(sdl, scene, after: 0.08)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.265625, y: 0.5)
            frame(sdl, scene, after: 0.1)
            sdl.pushFinger(SDL_FINGERUP, finger: 2, x: 0.265625, y: 0.5)
            frame(sdl, scene, after: 0.08)
            #expect(actions == ["double (106.25, 100.0)"])
            #expect(layer.log == ["began 1", "began 1", "cancelled 1", "cancelled 1"])

            // A hold: frames of 1/60 s with no event until the deadline
            // passes, then a drag and a lift.
            actions.removeAll()
            layer.log.removeAll()
            sdl.pushFinger(SDL_FINGERDOWN, finger: 3, x: 0.5, y: 0.5)
            frame(sdl, scene, after: 1)
            let down = sdl.clock.now
            while sdl.clock.now - down < 0.45 { frame(sdl, scene, after: 1.0 / 60) }
            #expect(actions.isEmpty)
            while sdl.clock.now - down < 0.5 { frame(sdl, scene, after: 1.0 / 60) }
            #expect(actions == ["press began (200.0, 100.0)"])
            sdl.pushFinger(SDL_FINGERMOTION, finger: 3, x: 0.625, y: 0.75)
            frame(sdl, scene, after: 1.0 / 60)
            sdl.pushFinger(SDL_FINGERUP, finger: 3, x: 0.625, y: 0.75)
            frame(sdl, scene, after: 1.0 / 60)
            #expect(actions == ["press began (200.0, 100.0)", "press changed (250.0, 150.0)", "press ended (250.0, 150.0)"])
            #expect(layer.log == ["began 1", "cancelled 1"])
            #expect(press.state == .possible && double.state == .possible)
            #expect(sdl.diagnostics.isEmpty)
        }
    }
}
