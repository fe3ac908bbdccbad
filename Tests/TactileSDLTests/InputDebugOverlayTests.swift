import Tactile
import TactileTestSupport
import Testing
@testable import TactileDebugDrawing
@testable import TactileSDL

extension SDLIntegration {
    /// The input debugger's overlay drawn onto SDL's software renderer,
    /// checked by the pixels in the regions where it draws touches, layer
    /// outlines and the timeline.
    @Suite(.serialized)
    @MainActor
    struct InputDebugOverlayTests {
        /// A board, with a pad on it whose recognizers are a pan and a tap
        /// that waits for a double tap, two fingers down on the pad.
        @MainActor
        final class Rig {
            let scene = Scene(size: Size(width: 400, height: 300))
            let pad = Layer(frame: Rect(x: 150, y: 60, width: 200, height: 160), name: "pad")
            let harness: GameHarness
            let debugger: InputDebugger
            var fingers: [InputScript.Finger] = []

            /// `disabled` recognizers more on the pad: on its path, but
            /// never gathered by the arena.
            init(touches: Int = 2, recognizers: Int = 0, disabled: Int = 0) {
                scene.diagnostics = nil
                pad.isMultipleTouchEnabled = true
                let pan = PanGestureRecognizer()
                pan.name = "pan"
                pad.addGestureRecognizer(pan)
                for _ in 0..<recognizers { pad.addGestureRecognizer(GestureRecognizer()) }
                for _ in 0..<disabled {
                    let recognizer = GestureRecognizer()
                    recognizer.isEnabled = false
                    pad.addGestureRecognizer(recognizer)
                }
                scene.root.addChild(pad)
                harness = GameHarness(scene: scene)
                debugger = InputDebugger(loop: harness.loop)
                debugger.isRecording = true
                var script = InputScript()
                let starts = (0..<touches).map { Point(x: 260 + Double($0 % 10) * 3, y: 100 + Double($0 / 10) * 3) }
                fingers = script.touchDown(at: starts)
                script.move(&fingers, to: starts.map { Point(x: $0.x + 40, y: $0.y + 60) }, over: 0.3)
                harness.run(script, settle: 0)
            }
        }

        /// The line under the status line names the pad's chord (Back held
        /// with Start or a shoulder), running and paused, and is gone when
        /// the controls have no pad modifier: its pixels are those of the
        /// expected text drawn alone.
        @Test func theStatusLinesNameThePadChordToo() throws {
            let rig = Rig()
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                /// The pixels of `color` where the third line of the left column is.
                @MainActor func thirdLine(_ color: Color) throws -> Int {
                    let image = try canvas.readPixels()
                    var lit = 0
                    for y in 23..<33 { for x in 0..<320 where image.pixel(x: x, y: y) == color { lit += 1 } }
                    return lit
                }
                @MainActor func alone(_ string: String, _ color: Color) throws -> Int {
                    canvas.clear(.black)
                    canvas.drawText(string, at: Point(x: 4, y: 24), scale: 1, color: color)
                    return try thirdLine(color)
                }
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                @MainActor func drawn(_ color: Color) throws -> Int {
                    canvas.clear(.black)
                    overlay.draw(on: canvas)
                    return try thirdLine(color)
                }
                let running = try alone("pad back+: start pause  rightShoulder step", InputDebugOverlay.text)
                #expect(running > 100)
                #expect(try drawn(InputDebugOverlay.text) == running)
                rig.debugger.pause()
                let paused = try alone("pad back+: start resume  rightShoulder frame  leftShoulder event", InputDebugOverlay.paused)
                #expect(try drawn(InputDebugOverlay.paused) == paused)
                rig.debugger.resume()
                rig.debugger.controls?.padModifier = nil
                #expect(try drawn(InputDebugOverlay.text) != running)
            }
        }

        @Test func itDrawsTouchesTheirHitLayerAndTheTimeline() throws {
            let rig = Rig()
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                overlay.draw(on: canvas)
                let image = try canvas.readPixels()
                // The ring of the first finger, around where it is now.
                let touch = try #require(rig.scene.event.allTouches.first)
                let ring = count(InputDebugOverlay.ring, in: image, around: touch.location, radius: 26)
                #expect(ring > 100)
                // The pad, the touches' hit layer, outlined along its right
                // edge (its top is under the text column).
                let edge = (80..<170).filter { y in (347...351).contains { image.pixel(x: $0, y: y) == InputDebugOverlay.hitLayer } }.count
                #expect(edge > 80)
                // The timeline across the bottom: text over its dark band.
                let band = 300 - Int(Double(overlay.timelineRows) * InputDebugOverlay.lineHeight) - 8
                var text = 0
                for y in band..<300 { for x in 0..<400 where image.pixel(x: x, y: y) == InputDebugOverlay.timelineText { text += 1 } }
                #expect(text > 200)
                // Nothing of the overlay in the empty bottom-right corner above the timeline.
                #expect(image.pixel(x: 395, y: band - 5) == .black)
                #expect(overlay.lastDrawn == .init(touches: 2, omittedTouches: 0, recognizerRows: 2, omittedRecognizerRows: 0))
            }
        }

        @Test func withAHundredPointersAndManyRecognizersItSummarises() throws {
            let rig = Rig(touches: 100, recognizers: 500)
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                overlay.draw(on: canvas)
                #expect(rig.scene.event.allTouches.count == 100)
                #expect(overlay.lastDrawn.touches == 10 && overlay.lastDrawn.omittedTouches == 90)
                #expect(overlay.lastDrawn.recognizerRows == 50)
                #expect(overlay.lastDrawn.omittedRecognizerRows > 0)
            }
        }

        @Test func theTimelineFiltersByRecognizer() throws {
            let rig = Rig()
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                let pan = try #require(rig.pad.gestureRecognizers.first)
                overlay.filter = .recognizer(ObjectIdentifier(pan))
                overlay.draw(on: canvas)
                #expect(!overlay.lastTimeline.isEmpty)
                #expect(overlay.lastTimeline.allSatisfy { $0.recognizer?.id == ObjectIdentifier(pan) })
                overlay.filter = .pointer(rig.fingers[1].id)
                overlay.draw(on: canvas)
                #expect(!overlay.lastTimeline.isEmpty)
                #expect(overlay.lastTimeline.allSatisfy { $0.pointers.contains(rig.fingers[1].id) })
            }
        }

        @Test func highDPIAndAResizeWhileItIsOnMoveWhatItDraws() throws {
            let rig = Rig()
            // A 2× display: everything at twice the pixels, the pad's right
            // edge at x = 700 px and the timeline at the bottom of 600 px.
            try SoftwareCanvas.with(width: 800, height: 600, pixelsPerPoint: 2) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                overlay.draw(on: canvas)
                let image = try canvas.readPixels()
                let edge = (170..<330).filter { y in (694...706).contains { image.pixel(x: $0, y: y) == InputDebugOverlay.hitLayer } }.count
                #expect(edge > 130)
                let band = 600 - Int(Double(overlay.timelineRows) * InputDebugOverlay.lineHeight + 8) * 2
                #expect(text(in: image, rows: band..<600) > 800)
            }
            // The window made smaller while the overlay is on: the timeline
            // follows the new bottom edge.
            rig.scene.size = Size(width: 300, height: 200)
            try SoftwareCanvas.with(width: 300, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                overlay.draw(on: canvas)
                let image = try canvas.readPixels()
                let band = 200 - Int(Double(overlay.timelineRows) * InputDebugOverlay.lineHeight) - 8
                #expect(text(in: image, rows: band..<200) > 200)
                #expect(text(in: image, rows: 200..<300) == 0)
            }
        }

        /// The 2× path from the sizes SDL reports to the overlay: a frame's
        /// context with a 2× display's sizes (400×300 points, 800×600
        /// pixels, which SDL's dummy and X11 drivers cannot produce) gives
        /// the canvas game's canvas 2 pixels a point, and the overlaid game
        /// draws the same pixels as the overlay on a 2× canvas.
        @Test func aTwoTimesRenderContextDrawsTheOverlayAtTwoTimes() throws {
            final class Blank: CanvasGame {
                func handle(_ event: InputEvent) {}
                func update(step: Double, now: Double) {}
                func render(on canvas: Canvas) {}
                func windowResized(to size: Size) {}
            }
            let rig = Rig()
            let sdl = try SDLHarness(width: 400, height: 300)
            var direct: Image?
            try SoftwareCanvas.with(width: 800, height: 600, pixelsPerPoint: 2) { canvas in
                InputDebugOverlay(debugger: rig.debugger).draw(on: canvas)
                direct = try canvas.readPixels()
            }
            try SoftwareCanvas.with(width: 800, height: 600) { canvas in
                let context = RenderContext(
                    window: sdl.window, renderer: canvas.renderer, frameIndex: 0,
                    pointSize: Size(width: 400, height: 300), pixelSize: Size(width: 800, height: 600))
                #expect(context.pixelsPerPoint == 2)
                Blank().overlaid(by: InputDebugOverlay(debugger: rig.debugger)).render(in: context)
                let image = try canvas.readPixels()
                #expect(image == direct)
                // Not an empty pair: the timeline sits at the bottom of 600 px.
                let band = 600 - Int(Double(InputDebugOverlay(debugger: rig.debugger).timelineRows) * InputDebugOverlay.lineHeight + 8) * 2
                #expect(text(in: image, rows: band..<600) > 800)
            }
        }

        /// 10,000 recognizers on the touches' path, 200 of them in play
        /// (the arena's own cost grows with the square of the recognizers in
        /// play, so the rest are disabled: on the path, never gathered).
        @Test func tenThousandRecognizersAreCountedNotDrawn() throws {
            let rig = Rig(touches: 2, recognizers: 200, disabled: 9_800)
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                overlay.draw(on: canvas)
                // Each touch's path holds the pan and the 10,000.
                #expect(overlay.lastDrawn.recognizerRows == 50)
                #expect(overlay.lastDrawn.omittedRecognizerRows == 2 * 10_001 - 50)
                // Until the pan recognized, the 200 were in play: each frame
                // listed 64 and counted the rest.
                let frames = rig.debugger.frames
                #expect(frames.map { $0.recognizers.count + $0.omittedRecognizers }.max() == 201)
                #expect(frames.allSatisfy { $0.recognizers.count <= rig.debugger.limits.recognizersPerFrame })
            }
        }

        @Test func offItDrawsNothing() throws {
            let rig = Rig()
            rig.debugger.isRecording = false
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                InputDebugOverlay(debugger: rig.debugger).draw(on: canvas)
                let image = try canvas.readPixels()
                #expect(SoftwareCanvas.count(of: .black, in: image) == 400 * 300)
            }
        }

        @Test func theRightColumnShowsControllersAndActions() throws {
            enum Action: Hashable { case jump }
            let rig = Rig()
            let actions = ActionMap(actions: [Action.jump])
            try actions.bind(.jump, to: .button(.south))
            rig.harness.loop.addInput(actions)
            var script = InputScript(start: rig.harness.clock.now)
            script.append(.controller(.button(controller: 2, button: .south, isDown: true)))
            rig.harness.run(script, settle: 0.05)
            try SoftwareCanvas.with(width: 400, height: 300) { canvas in
                let overlay = InputDebugOverlay(debugger: rig.debugger)
                #expect(overlay.drawDevicePanels(on: canvas, width: 400) == 5)
                let image = try canvas.readPixels()
                var device = 0, action = 0
                for y in 0..<60 {
                    for x in 200..<400 {
                        if image.pixel(x: x, y: y) == InputDebugOverlay.device { device += 1 }
                        if image.pixel(x: x, y: y) == InputDebugOverlay.activeAction { action += 1 }
                    }
                }
                #expect(device > 100 && action > 50)
            }
        }

        private func text(in image: Image, rows: Range<Int>) -> Int {
            var total = 0
            for y in rows where y < image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y) == InputDebugOverlay.timelineText { total += 1 }
            }
            return total
        }

        private func count(_ color: Color, in image: Image, around center: Point, radius: Int) -> Int {
            var total = 0
            for y in max(0, Int(center.y) - radius)..<min(image.height, Int(center.y) + radius) {
                for x in max(0, Int(center.x) - radius)..<min(image.width, Int(center.x) + radius) where image.pixel(x: x, y: y) == color {
                    total += 1
                }
            }
            return total
        }
    }
}
