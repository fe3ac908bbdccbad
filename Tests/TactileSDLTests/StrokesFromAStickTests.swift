import Foundation
import Tactile
import TactileSDL
import Testing
import TactileSDLTestSupport

extension SDLIntegration {
    /// Shapes drawn with a controller: the left stick moves the cursor, the
    /// bottom face button is the pen, and the cursor's contact goes through
    /// the same stroke recognizer as a finger, from SDL's queue, frame by
    /// frame at 60 Hz as a game runs it.
    @Suite @MainActor struct StrokesFromAStick {
        /// One frame: the clock, everything in SDL's queue, then the scene's time.
        func frame(_ sdl: SDLHarness, _ scene: Scene, after seconds: Double = 1.0 / 60) {
            sdl.clock.advance(by: seconds)
            for event in sdl.drain() { scene.send(event) }
            scene.advanceTime(to: sdl.clock.now)
        }

        /// Tilts the left stick towards `angle` (radians, +x towards +y, so
        /// clockwise on screen) by `deflection` (0…1).
        func tilt(_ pad: VirtualController, angle: Double, by deflection: Double) {
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, Int16((cos(angle) * deflection * 32767).rounded()))
            pad.set(SDL_CONTROLLER_AXIS_LEFTY, Int16((sin(angle) * deflection * 32767).rounded()))
        }

        @Test func aVAndACircleDrawnWithTheStickAreRecognized() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            sdl.pump.controllerCursors = ControllerCursor.Settings()
            let pad = try VirtualController()
            let scene = Scene(size: Size(width: 800, height: 600))
            let canvas = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            scene.root.addChild(canvas)
            let strokes = StrokeGestureRecognizer(classifier: StrokeClassifier())
            canvas.addGestureRecognizer(strokes)
            var recognized: [String] = []
            _ = strokes.addAction { recognizer in
                recognized.append(recognizer.match?.name ?? "no match")
            }
            final class Watcher: GestureRecognizerDelegate {
                var kinds: Set<PointerKind> = []
                func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                    kinds.insert(touch.kind)
                    return true
                }
            }
            let watcher = Watcher()
            strokes.delegate = watcher
            frame(sdl, scene, after: 0)

            // Aim without the pen: full left for 0.3 s, 270 points.
            tilt(pad, angle: .pi, by: 1)
            for _ in 0..<18 { frame(sdl, scene) }
            tilt(pad, angle: 0, by: 0)
            frame(sdl, scene)
            #expect(strokes.ink.isEmpty)

            // A V: pen down, a quarter second down-right, a quarter second
            // up-right (full tilt, 900 points a second), pen up.
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frame(sdl, scene)
            tilt(pad, angle: .pi / 4, by: 1)
            for _ in 0..<15 { frame(sdl, scene) }
            tilt(pad, angle: -.pi / 4, by: 1)
            for _ in 0..<15 { frame(sdl, scene) }
            tilt(pad, angle: 0, by: 0)
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            frame(sdl, scene)
            // A cursor's stroke waits the cursor's pause (1 s), not the 0.5 s
            // a finger's does: the stick needs the time to reach the next
            // stroke's start.
            for _ in 0..<36 { frame(sdl, scene) }
            #expect(recognized.isEmpty)
            for _ in 0..<30 { frame(sdl, scene) }
            #expect(recognized == ["v"])
            let v = try #require(strokes.match)
            // Two legs of 225 points at 45°: 318 wide and 159 high, give or
            // take the frame in which the stick's event arrives.
            #expect(abs(v.bounds.width - 318) < 20 && abs(v.bounds.height - 159) < 20)
            #expect(strokes.lastDrawing.count == 1 && strokes.lastDrawing[0].count >= 30)

            // A circle: the stick turned once round in 1.2 s at 0.85
            // deflection (below full tilt, so no acceleration): about 600
            // points a second, a circle of about 115 points' radius.
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frame(sdl, scene)
            for step in 0...72 {
                tilt(pad, angle: 2 * .pi * Double(step) / 72, by: 0.85)
                frame(sdl, scene)
            }
            tilt(pad, angle: 0, by: 0)
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            frame(sdl, scene)
            for _ in 0..<66 { frame(sdl, scene) }
            #expect(recognized == ["v", "circle"])
            let circle = try #require(strokes.match)
            #expect(circle.isConfident())
            #expect(abs(circle.bounds.width - circle.bounds.height) < 20 && circle.bounds.width > 180)

            // An X in two strokes, the cursor carried from the first's end up
            // to the second's start with the pen up at 0.6 deflection (about
            // 225 points a second): 0.7 s, longer than a finger's pause, and
            // still one drawing.
            func line(_ angle: Double) {
                pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
                frame(sdl, scene)
                tilt(pad, angle: angle, by: 1)
                for _ in 0..<15 { frame(sdl, scene) }
                tilt(pad, angle: 0, by: 0)
                pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
                frame(sdl, scene)
            }
            line(.pi / 4)
            tilt(pad, angle: -.pi / 2, by: 0.6)
            for _ in 0..<42 { frame(sdl, scene) }
            tilt(pad, angle: 0, by: 0)
            frame(sdl, scene)
            line(3 * .pi / 4)
            for _ in 0..<66 { frame(sdl, scene) }
            #expect(recognized == ["v", "circle", "x"])
            #expect(strokes.lastDrawing.count == 2)

            #expect(watcher.kinds == [.controllerCursor])
            #expect(strokes.state == .possible)
            #expect(sdl.diagnostics.isEmpty)
            pad.detach()
            frame(sdl, scene)
        }
    }
}
