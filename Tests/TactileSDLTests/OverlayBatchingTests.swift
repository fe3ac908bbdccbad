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
        func pixels(pixelsPerPoint: Double, format: UInt32 = tactile_pixelformat_argb8888(), _ body: (Canvas) -> Void) throws -> Image {
            try pixels(pixelsPerPoint: pixelsPerPoint, format: format, frames: 1) { canvas, _ in body(canvas) }[0]
        }

        /// `frames` frames drawn by `body` on one canvas, each over the
        /// background drawn afresh: what a canvas kept from frame to frame draws.
        func pixels(pixelsPerPoint: Double, format: UInt32 = tactile_pixelformat_argb8888(), frames: Int, _ body: (Canvas, Int) -> Void) throws -> [Image] {
            var images: [Image] = []
            try SoftwareCanvas.with(width: 200, height: 160, pixelsPerPoint: pixelsPerPoint, format: format) { canvas in
                for frame in 0..<frames {
                    canvas.clear(.black)
                    for index in 0..<8 {
                        canvas.fillRect(x: Double(index) * 13, y: 0, width: 7, height: 160, color: Color(r: 40, g: UInt8(index * 30), b: 90))
                    }
                    body(canvas, frame)
                    images.append(try canvas.readPixels())
                }
            }
            return images
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
            // On the surface formats of a test (ARGB8888) and of a window
            // (RGB888); three frames on one canvas, the first drawing the
            // plain lines into textures, the next two copying them (the
            // third a line lower, so the same textures land elsewhere); and
            // with the canvas keeping no textures, all rectangles.
            for format in [tactile_pixelformat_argb8888(), tactile_pixelformat_rgb888()] {
                for keepsTextures in [true, false] {
                    let batched = try pixels(pixelsPerPoint: pixelsPerPoint, format: format, frames: 3) { canvas, frame in
                        canvas.keepsLineImages = keepsTextures
                        var block = overlay.takeLines()
                        for (index, (text, right, color)) in lines.enumerated() {
                            block.append(text)
                            block.endLine(at: Point(x: 4, y: (frame == 2 ? 14 : 4) + Double(index) * 10), right: right, color: color)
                        }
                        block.draw(on: canvas)
                        overlay.putBack(block)
                        // Every plain line is kept (the break and the
                        // non-ASCII ones are not; the empty one is).
                        // Off whole pixels (1.5x) a line is kept by its
                        // place too, so the moved lines are new ones.
                        // (At 2x and 1.5x the lowest lines are off the canvas.)
                        let count = canvas.lineImages.entries.count
                        #expect(keepsTextures ? (pixelsPerPoint == 1 ? count == 7 : count > 3) : count == 0, "frame \(frame): \(count)")
                    }
                    let lineByLine = try pixels(pixelsPerPoint: pixelsPerPoint, format: format, frames: 3) { canvas, frame in
                        for (index, (text, right, color)) in lines.enumerated() {
                            let size = canvas.textSize(text, scale: 1)
                            var origin = Point(x: 4, y: (frame == 2 ? 14 : 4) + Double(index) * 10)
                            if let right { origin.x = max(2, right - size.width) }
                            InputDebugOverlay.band(behind: size, at: origin, on: canvas)
                            canvas.drawText(text, at: origin, scale: 1, color: color)
                        }
                    }
                    for frame in 0..<3 {
                        #expect(batched[frame] == lineByLine[frame], "frame \(frame), format \(format), textures \(keepsTextures)")
                    }
                    #expect(batched[2] != batched[0])
                    // And it drew something: text of every colour (at 1x, where
                    // every line is on the canvas).
                    for color in pixelsPerPoint != 1 ? [] : [InputDebugOverlay.text, InputDebugOverlay.ring, InputDebugOverlay.device, InputDebugOverlay.activeAction] {
                        #expect(SoftwareCanvas.count(of: color, in: batched[1]) > 20)
                    }
                }
            }
        }

        /// Text over no band (a touch's label) copied from its kept
        /// texture, blended, lights what drawText lights and leaves the
        /// rest as it was: over a patterned background, three frames (drawn,
        /// copied, copied elsewhere), on both surface formats.
        @Test(arguments: [1.0, 2.0, 1.5])
        func keptTextOverNothingLightsWhatDrawTextDoes(pixelsPerPoint: Double) throws {
            let labels = ["finger:1:0 moved x1", "mouse:0:0 began x2", "|!~ {}"]
            for format in [tactile_pixelformat_argb8888(), tactile_pixelformat_rgb888()] {
                let copied = try pixels(pixelsPerPoint: pixelsPerPoint, format: format, frames: 3) { canvas, frame in
                    for (index, label) in labels.enumerated() {
                        let origin = Point(x: 3 + Double(frame), y: 5 + Double(index) * 9 + Double(frame))
                        let drawn = Array(label.utf8).withUnsafeBufferPointer {
                            canvas.drawKeptText(ascii: $0, at: origin, scale: 1, color: InputDebugOverlay.ring, band: nil)
                        }
                        #expect(drawn)
                    }
                    #expect(canvas.lineImages.entries.count >= labels.count)
                }
                let drawn = try pixels(pixelsPerPoint: pixelsPerPoint, format: format, frames: 3) { canvas, frame in
                    for (index, label) in labels.enumerated() {
                        canvas.drawText(label, at: Point(x: 3 + Double(frame), y: 5 + Double(index) * 9 + Double(frame)), scale: 1, color: InputDebugOverlay.ring)
                    }
                }
                for frame in 0..<3 {
                    #expect(copied[frame] == drawn[frame], "frame \(frame), format \(format)")
                    #expect(SoftwareCanvas.count(of: InputDebugOverlay.ring, in: copied[frame]) > 50)
                }
            }
        }

        /// More distinct lines than the canvas keeps: the least recently
        /// drawn textures are reused (and made bigger when a line is
        /// longer), and every frame is still what rectangles draw.
        @Test(arguments: [1.0, 1.5])
        func moreLinesThanAreKeptReuseTheOldestTextures(pixelsPerPoint: Double) throws {
            let overlay = InputDebugOverlay(debugger: InputDebugger(loop: GameLoop(clock: GameClock(base: ManualClock()))))
            let frames = 30
            func line(_ frame: Int, _ index: Int) -> String {
                "line \(frame * 12 + index)" + String(repeating: "=", count: (frame * 7 + index * 3) % 23)
            }
            var kept = 0
            let copied = try pixels(pixelsPerPoint: pixelsPerPoint, frames: frames) { canvas, frame in
                var block = overlay.takeLines()
                for index in 0..<12 {
                    block.append(line(frame, index))
                    block.endLine(at: Point(x: 4, y: 4 + Double(index) * 10), color: InputDebugOverlay.text)
                }
                block.draw(on: canvas)
                overlay.putBack(block)
                kept = canvas.lineImages.entries.count
            }
            let drawn = try pixels(pixelsPerPoint: pixelsPerPoint, frames: frames) { canvas, frame in
                for index in 0..<12 {
                    let text = line(frame, index)
                    let origin = Point(x: 4, y: 4 + Double(index) * 10)
                    InputDebugOverlay.band(behind: canvas.textSize(text, scale: 1), at: origin, on: canvas)
                    canvas.drawText(text, at: origin, scale: 1, color: InputDebugOverlay.text)
                }
            }
            // 360 lines drawn, each for one frame: old ones were taken over.
            #expect(kept > 12 && kept <= LineImages.maximumCount, "\(kept)")
            for frame in 0..<frames {
                #expect(copied[frame] == drawn[frame], "frame \(frame)")
            }
        }

        @Test func numbersAreWrittenAsInterpolationWritesThem() {
            var block = InputDebugOverlay.LineBlock()
            for value in [0, 7, 10, 1234567890, -1, -305, Int.max, Int.min] {
                block.append(value)
                #expect(String(decoding: block.currentLine, as: UTF8.self) == "\(value)")
                block.endLine(at: .zero, color: .white)
            }
            for pointer in [PointerID(kind: .finger, device: 1, index: 0), PointerID(kind: .mouse, device: -3, index: Int64.max)] {
                block.append(pointer)
                #expect(String(decoding: block.currentLine, as: UTF8.self) == "\(pointer)")
                block.endLine(at: .zero, color: .white)
            }
        }
    }
}

extension SDLIntegration.OverlayBatchingTests {
    /// The overlay's lines are copies of textures the canvas keeps: its
    /// frames on a canvas kept from frame to frame must be those of an
    /// overlay drawing every line with rectangles on a canvas of its own,
    /// however the lines change, the target's size changes, the density
    /// changes or the textures are released (as a render device reset does).
    @Test func keptLinesDrawWhatRectanglesDo() throws {
        let rig = SDLIntegration.InputDebugOverlayTests.Rig(recognizers: 3)
        let kept = InputDebugOverlay(debugger: rig.debugger)
        try SDLSetup.start(videoDriver: .dummy)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, tactile_pixelformat_argb8888()))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let canvas = Canvas(renderer: renderer)
        defer { canvas.releaseTextures() }
        /// A frame of the kept overlay on the kept canvas, drawn into a
        /// target texture of the given size (a window of that size).
        func keptFrame(width: Int32 = 400, height: Int32 = 300, pixelsPerPoint: Double = 1) throws -> Image {
            let target = try #require(SDL_CreateTexture(
                renderer, tactile_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height))
            defer { SDL_DestroyTexture(target) }
            SDL_SetRenderTarget(renderer, target)
            defer { SDL_SetRenderTarget(renderer, nil) }
            canvas.pixelsPerPoint = pixelsPerPoint
            canvas.clear(.black)
            kept.draw(on: canvas)
            return try canvas.readPixels()
        }
        func rectangleFrame(width: Int32 = 400, height: Int32 = 300, pixelsPerPoint: Double = 1) throws -> Image {
            var image: Image?
            try SoftwareCanvas.with(width: width, height: height, pixelsPerPoint: pixelsPerPoint) { canvas in
                canvas.keepsLineImages = false
                InputDebugOverlay(debugger: rig.debugger).draw(on: canvas)
                image = try canvas.readPixels()
            }
            return try #require(image)
        }
        // The same frame twice (the second all copies), then after the
        // fingers moved and the loop ran (new header, states, values and
        // timeline rows), on a smaller target, at 2x, at 1x again, and
        // after the textures were released.
        var frames: [(Image, Image)] = []
        var keptLines: [Int] = []
        for _ in 0..<2 {
            frames.append((try keptFrame(), try rectangleFrame()))
            keptLines.append(canvas.lineImages.entries.count)
        }
        var script = InputScript(start: rig.harness.clock.now)
        script.move(&rig.fingers, to: rig.fingers.map { Point(x: $0.location.x - 30, y: $0.location.y + 10) }, over: 0.2)
        rig.harness.run(script, settle: 0)
        frames.append((try keptFrame(), try rectangleFrame()))
        frames.append((try keptFrame(width: 300, height: 200), try rectangleFrame(width: 300, height: 200)))
        frames.append((try keptFrame(width: 800, height: 600, pixelsPerPoint: 2), try rectangleFrame(width: 800, height: 600, pixelsPerPoint: 2)))
        frames.append((try keptFrame(), try rectangleFrame()))
        canvas.releaseTextures()
        #expect(canvas.lineImages.entries.isEmpty)
        frames.append((try keptFrame(), try rectangleFrame()))
        for (index, (copied, drawn)) in frames.enumerated() {
            #expect(copied == drawn, "frame \(index)")
            #expect(SoftwareCanvas.count(of: InputDebugOverlay.text, in: copied) > 100, "frame \(index)")
        }
        // The lines were kept, and the second frame made no new ones.
        // (Lines that read the same share one: the recognizer rows of the
        // two touches, both on the pad.)
        #expect(keptLines[0] >= 5 && keptLines[1] == keptLines[0], "\(keptLines)")
        // The moved frame differs from the first: the textures were not simply replayed.
        #expect(frames[2].0 != frames[0].0)
    }
}
