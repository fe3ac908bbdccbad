import Tactile
import TactileSDL
import TactileTestSupport
import Testing

extension SDLIntegration {
    /// The seam under the stroke evaluation's recorded columns
    /// (`StrokeEvaluation recorded`, README "Strokes"): simulated writers'
    /// drawings played into SDL's queue with the mouse (whole pixels, no
    /// motion within a pixel, the pointer hovering between strokes with the
    /// button up) and with a finger (SDL's 0–1 touch coordinates; like the
    /// mouse, no motion to where it already is: SDL drops those), two
    /// device samples a frame at 60 Hz, reach a `StrokeGestureRecognizer`
    /// as drawn: its `lastDrawing` is the pixels pushed (mouse) or the
    /// drawing to float precision (touch), and its action names what the
    /// classifier names for the drawing handed to it directly.
    @Suite @MainActor struct StrokesFromMouseAndTouch {
        enum Device: CaseIterable { case mouse, touch }

        @MainActor final class Game {
            let scene = Scene(size: Size(width: 800, height: 700))
            let strokes = StrokeGestureRecognizer(classifier: StrokeClassifier())
            var cast: [String] = []

            init() {
                let canvas = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 700))
                scene.root.addChild(canvas)
                canvas.addGestureRecognizer(strokes)
                strokes.addAction { [unowned self] recognizer in cast.append(recognizer.match?.name ?? "-") }
            }
        }

        func frame(_ sdl: SDLHarness, _ game: Game) {
            sdl.clock.advance(by: 1.0 / 60)
            for event in sdl.drain() { game.scene.send(event) }
            game.scene.advanceTime(to: sdl.clock.now)
        }

        static func pixel(_ point: Point) -> (x: Int32, y: Int32) { (Int32(point.x.rounded()), Int32(point.y.rounded())) }

        /// `drawing` played with `device`, then the pause let pass; the
        /// strokes the device reported (the pixels, for the mouse).
        func play(_ drawing: [[Point]], with device: Device, _ sdl: SDLHarness, _ game: Game) -> [[Point]] {
            var reported: [[Point]] = []
            var at: (x: Int32, y: Int32)?
            var touched: (x: Float, y: Float)?
            for (index, stroke) in drawing.enumerated() {
                var points: [Point] = []
                if index > 0 {
                    // The hand goes to the next stroke: the mouse hovers there.
                    let next = Self.pixel(stroke[0])
                    for step in 1...12 {
                        if device == .mouse, let from = at {
                            let t = Double(step) / 12
                            sdl.pushMouseMotion(x: from.x + Int32((Double(next.x - from.x) * t).rounded()),
                                                y: from.y + Int32((Double(next.y - from.y) * t).rounded()))
                        }
                        frame(sdl, game)
                    }
                }
                for (step, point) in stroke.enumerated() {
                    switch device {
                    case .mouse:
                        let here = Self.pixel(point)
                        if step == 0 {
                            sdl.pushMouseMotion(x: here.x, y: here.y)
                            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: here.x, y: here.y)
                        } else if at.map({ $0 != here }) ?? true {
                            sdl.pushMouseMotion(x: here.x, y: here.y)
                        } else {
                            continue   // a mouse reports no motion within a pixel
                        }
                        at = here
                        points.append(Point(x: Double(here.x), y: Double(here.y)))
                    case .touch:
                        // SDL's touch layer drops a motion to where the finger is.
                        let here = (x: Float(point.x / 800), y: Float(point.y / 700))
                        if step > 0, touched.map({ $0 == here }) ?? false { continue }
                        sdl.pushFinger(step == 0 ? SDL_FINGERDOWN : SDL_FINGERMOTION, finger: Int64(index + 1), x: here.x, y: here.y)
                        touched = here
                        points.append(point)
                    }
                    if step % 2 == 0 { frame(sdl, game) }
                }
                switch device {
                case .mouse: sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: at!.x, y: at!.y)
                case .touch: sdl.pushFinger(SDL_FINGERUP, finger: Int64(index + 1), x: Float(stroke.last!.x / 800), y: Float(stroke.last!.y / 700))
                }
                frame(sdl, game)
                reported.append(points)
            }
            for _ in 0..<40 { frame(sdl, game) }   // the pause passes
            return reported
        }

        @Test(arguments: Device.allCases)
        func drawingsReachTheRecognizerAsDrawnAndAreRecognizedAsTheClassifierRecognizesThem(device: Device) throws {
            let sdl = try SDLHarness(width: 800, height: 700)
            let game = Game()
            frame(sdl, game)
            let classifier = StrokeClassifier()
            var synthesizer = StrokeSynthesizer(seed: 0x5D2)
            var drawings: [[[Point]]] = []
            for writer in [1_100, 1_101] as [UInt64] {
                let hand = StrokeWriter(seed: writer)
                for shape in StrokeShape.allCases { drawings.append(synthesizer.drawing(of: shape, by: hand)) }
            }
            for _ in 0..<8 { drawings.append(synthesizer.scribble()) }
            var agreeing = 0, recognized = 0, strokes = 0
            for drawing in drawings {
                let before = game.cast.count
                let reported = play(drawing, with: device, sdl, game)
                let cast = game.cast.count > before ? game.cast.last : nil
                strokes += drawing.count
                switch device {
                case .mouse:
                    #expect(game.strokes.lastDrawing == reported)
                case .touch:
                    // SDL carries touch coordinates as floats: to float precision.
                    #expect(game.strokes.lastDrawing.map(\.count) == reported.map(\.count))
                    for (kept, drawn) in zip(game.strokes.lastDrawing.joined(), reported.joined()) {
                        #expect(abs(kept.x - drawn.x) < 1e-3 && abs(kept.y - drawn.y) < 1e-3)
                    }
                }
                let direct = classifier.classify(StrokeInk(strokes: drawing), marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation)
                let named = direct.flatMap { $0.isConfident() ? $0.name : nil }
                if cast == named { agreeing += 1 }
                if cast != nil { recognized += 1 }
            }
            print("strokes from SDL, \(device): \(agreeing) of \(drawings.count) drawings named as directly, \(recognized) recognized, \(strokes) strokes")
            #expect(strokes > drawings.count)   // multistroke shapes among them
            #expect(recognized >= 28)           // the 32 shapes, mostly recognized
            // Touch keeps the drawing to float precision: the same decisions.
            // The mouse moves points by up to half a pixel: a drawing near
            // the threshold may go the other way.
            #expect(agreeing >= drawings.count - (device == .mouse ? 2 : 0))
        }
    }
}
