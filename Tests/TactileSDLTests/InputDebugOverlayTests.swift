import Tactile
import TactileTestSupport
import Testing
@testable import TactileDebugDrawing
import TactileSDL

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

            init(touches: Int = 2, recognizers: Int = 0) {
                scene.diagnostics = nil
                pad.isMultipleTouchEnabled = true
                let pan = PanGestureRecognizer()
                pan.name = "pan"
                pad.addGestureRecognizer(pan)
                for _ in 0..<recognizers { pad.addGestureRecognizer(GestureRecognizer()) }
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
