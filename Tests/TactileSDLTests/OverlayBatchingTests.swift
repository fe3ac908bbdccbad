import Tactile
import TactileTestSupport
import Testing
@testable import TactileDebugDrawing
import TactileSDL

extension SDLIntegration {
    /// The input debugger's overlay draws in batches (a trail in one SDL
    /// call, a block of lines' bands in one and their text in one per
    /// colour) to meet its 1 ms bar (issue 19). Batching is only legitimate
    /// if the pixels are those of drawing one thing at a time: these compare
    /// the two, pixel for pixel.
    @Suite(.serialized)
    @MainActor
    struct OverlayBatchingTests {
        /// Draws `body` on a fresh 200×160 canvas over a patterned
        /// background (so that blending shows) and returns the pixels.
        func pixels(pixelsPerPoint: Double, _ body: (Canvas) -> Void) throws -> Image {
            var image: Image?
            try SoftwareCanvas.with(width: 200, height: 160, pixelsPerPoint: pixelsPerPoint) { canvas in
                for index in 0..<8 {
                    canvas.fillRect(x: Double(index) * 13, y: 0, width: 7, height: 160, color: Color(r: 40, g: UInt8(index * 30), b: 90))
                }
                body(canvas)
                image = try canvas.readPixels()
            }
            return try #require(image)
        }

        @Test(arguments: [1.0, 2.0, 1.5])
        func aPolylineLightsWhatItsSegmentsDoOneByOne(pixelsPerPoint: Double) throws {
            // Short trail steps, a vertical run (the fast path for rows
            // between the ends), back-tracking (overlapping translucent
            // joints), a horizontal step, a repeated point and fractions.
            let points = [
                Point(x: 10, y: 10), Point(x: 11, y: 12), Point(x: 11, y: 60), Point(x: 11.5, y: 61.25),
                Point(x: 30, y: 61.25), Point(x: 30, y: 61.25), Point(x: 20.3, y: 40.7), Point(x: 20.3, y: 12.1),
                Point(x: 60, y: 70), Point(x: 60, y: 20), Point(x: 59, y: 20),
            ]
            for (color, thickness) in [(Color(r: 0, g: 255, b: 255, a: 160), 2.0), (Color(r: 255, g: 255, b: 0), 3.0), (Color(r: 255, g: 0, b: 0, a: 90), 1.0)] {
                let batched = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                    canvas.drawPolyline(points, color: color, thickness: thickness)
                }
                let oneByOne = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                    for (start, end) in zip(points, points.dropFirst()) {
                        canvas.drawLine(from: start, to: end, color: color, thickness: thickness)
                    }
                }
                #expect(batched == oneByOne, "thickness \(thickness) at \(pixelsPerPoint)x")
            }
        }

        /// The vertical fast path works each middle row's stretch out once;
        /// here every row is worked out by `Scanline.capsule`, as before it.
        @Test(arguments: [1.0, 2.0, 1.5])
        func aVerticalLineLightsTheRowsTheCapsuleCovers(pixelsPerPoint: Double) throws {
            for (start, end, thickness) in [
                (Point(x: 20, y: 10), Point(x: 20, y: 120), 2.0), (Point(x: 40.5, y: 130.2), Point(x: 40.5, y: 14.9), 5.0),
                (Point(x: 70.25, y: 30), Point(x: 70.25, y: 31), 4.0),
            ] {
                let drawn = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                    canvas.drawLine(from: start, to: end, color: .white, thickness: thickness)
                }
                let expected = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                    let scale = canvas.pixelsPerPoint
                    let a = Point(x: start.x * scale, y: start.y * scale)
                    let b = Point(x: end.x * scale, y: end.y * scale)
                    let radius = thickness * scale / 2
                    guard let rows = Scanline.rows(from: min(a.y, b.y) - radius, through: max(a.y, b.y) + radius, limit: 160 * 2) else { return }
                    for row in rows {
                        guard let stretch = Scanline.capsule(from: a, to: b, radius: radius, atY: Double(row) + 0.5),
                              let columns = Scanline.columns(in: stretch, limit: 400)
                        else { continue }
                        canvas.fillRect(
                            x: Double(columns.lowerBound) / scale, y: Double(row) / scale,
                            width: Double(columns.count) / scale, height: 1 / scale, color: .white)
                    }
                }
                #expect(drawn == expected, "\(start) to \(end), \(thickness) at \(pixelsPerPoint)x")
            }
        }

        @Test(arguments: [1.0, 2.0, 1.5])
        func aBlockOfLinesLightsWhatLineByLineDrawingDid(pixelsPerPoint: Double) throws {
            let overlay = InputDebugOverlay(debugger: InputDebugger(loop: GameLoop(clock: GameClock(base: ManualClock()))))
            // Left lines, right-aligned lines that run into them, a line
            // with a break, one with non-ASCII characters, an empty one,
            // two colours.
            let lines: [(String, Double?, Color)] = [
                ("input debugger  frame 12  t=0.20", nil, InputDebugOverlay.text),
                ("finger:1:0 moved taps 1 -> pad multi", nil, InputDebugOverlay.ring),
                ("  Pan 'pan' began (0.00, 1.25)", nil, InputDebugOverlay.text),
                ("  two\nlines", nil, InputDebugOverlay.text),
                ("  Tap 'café ✓' possible", nil, InputDebugOverlay.text),
                ("", nil, InputDebugOverlay.text),
                ("pad 3 'Xbox Series X Controller' xboxOne", 196, InputDebugOverlay.device),
                ("  a  leftShoulder", 196, InputDebugOverlay.device),
                ("  é right", 196, InputDebugOverlay.device),
                ("jump pressed +1 by key Space, button south", 196, InputDebugOverlay.activeAction),
            ]
            let batched = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                var block = overlay.takeLines()
                for (index, (text, right, color)) in lines.enumerated() {
                    block.append(text)
                    block.endLine(at: Point(x: 4, y: 4 + Double(index) * 10), right: right, color: color)
                }
                block.draw(on: canvas)
                overlay.putBack(block)
            }
            let lineByLine = try pixels(pixelsPerPoint: pixelsPerPoint) { canvas in
                for (index, (text, right, color)) in lines.enumerated() {
                    let size = canvas.textSize(text, scale: 1)
                    var origin = Point(x: 4, y: 4 + Double(index) * 10)
                    if let right { origin.x = max(2, right - size.width) }
                    InputDebugOverlay.band(behind: size, at: origin, on: canvas)
                    canvas.drawText(text, at: origin, scale: 1, color: color)
                }
            }
            #expect(batched == lineByLine)
            // And it drew something: text of every colour (at 1x, where
            // every line is on the canvas).
            for color in pixelsPerPoint != 1 ? [] : [InputDebugOverlay.text, InputDebugOverlay.ring, InputDebugOverlay.device, InputDebugOverlay.activeAction] {
                #expect(SoftwareCanvas.count(of: color, in: batched) > 20)
            }
        }

        @Test func numbersAreWrittenAsInterpolationWritesThem() {
            var block = InputDebugOverlay.LineBlock()
            for value in [0, 7, 10, 1234567890, -1, -305, Int.max, Int.min] {
                block.append(value)
                #expect(String(decoding: block.currentLine, as: UTF8.self) == "\(value)")
                block.endLine(at: .zero, color: .white)
            }
        }
    }
}

extension SDLIntegration.OverlayBatchingTests {
    /// The overlay keeps each line's rectangles from the last frame and
    /// copies them when the line is the same: its frames must be those of
    /// an overlay that lays every line out afresh, however the lines change.
    @Test func cachedLinesDrawWhatFreshlyLaidOutLinesDo() throws {
        let rig = SDLIntegration.InputDebugOverlayTests.Rig(recognizers: 3)
        let kept = InputDebugOverlay(debugger: rig.debugger)
        func frame(_ overlay: InputDebugOverlay, width: Int32 = 400, height: Int32 = 300, pixelsPerPoint: Double = 1) throws -> Image {
            var image: Image?
            try SoftwareCanvas.with(width: width, height: height, pixelsPerPoint: pixelsPerPoint) { canvas in
                overlay.draw(on: canvas)
                image = try canvas.readPixels()
            }
            return try #require(image)
        }
        // The same frame twice (the second all from the cache), then after
        // the fingers moved and the loop ran (new header, states, values
        // and timeline rows), then on a smaller target and at 2x.
        var frames: [(Image, Image)] = []
        for _ in 0..<2 {
            frames.append((try frame(kept), try frame(InputDebugOverlay(debugger: rig.debugger))))
        }
        var script = InputScript(start: rig.harness.clock.now)
        script.move(&rig.fingers, to: rig.fingers.map { Point(x: $0.location.x - 30, y: $0.location.y + 10) }, over: 0.2)
        rig.harness.run(script, settle: 0)
        frames.append((try frame(kept), try frame(InputDebugOverlay(debugger: rig.debugger))))
        frames.append((try frame(kept, width: 300, height: 200), try frame(InputDebugOverlay(debugger: rig.debugger), width: 300, height: 200)))
        frames.append((try frame(kept, width: 800, height: 600, pixelsPerPoint: 2), try frame(InputDebugOverlay(debugger: rig.debugger), width: 800, height: 600, pixelsPerPoint: 2)))
        for (index, (cached, fresh)) in frames.enumerated() {
            #expect(cached == fresh, "frame \(index)")
            #expect(SoftwareCanvas.count(of: InputDebugOverlay.text, in: cached) > 100, "frame \(index)")
        }
        // The moved frame differs from the first: the cache was not simply replayed.
        #expect(frames[2].0 != frames[0].0)
    }
}
