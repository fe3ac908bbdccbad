import Foundation
import Tactile
import Testing
@testable import TactileDebugDrawing
import TactileSDL

extension SDLIntegration {
    /// Draws into SDL's software renderer over an in-memory surface and checks
    /// the exact pixels: no window and no display, so the results are the same on
    /// every machine. PNG files are checked in ``ScreenshotTests``.
    ///
    /// It lives under ``SDLIntegration`` with the other SDL tests so that it
    /// never runs alongside them, and starts SDL the way they do: whichever
    /// suite starts SDL first decides how it is started for the whole process.
    @Suite(.serialized)
    @MainActor
    struct CanvasTests {
        init() throws {
            try SDLSetup.start(videoDriver: .dummy)
        }

        // MARK: Circles

        @Test func filledCircleCoversItsCentreAndNothingOutside() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.fillCircle(center: Point(x: 20, y: 20), radius: 8, color: .red)
                let image = try canvas.readPixels()

                // Pixel (x, y) covers [x, x+1) × [y, y+1); its centre decides.
                #expect(image.pixel(x: 20, y: 20) == .red)
                #expect(image.pixel(x: 19, y: 19) == .red)
                #expect(image.pixel(x: 27, y: 20) == .red)   // centre 7.5 from the middle
                #expect(image.pixel(x: 28, y: 20) == .black) // 8.5
                #expect(image.pixel(x: 20, y: 29) == .black)
                #expect(image.pixel(x: 0, y: 0) == .black)
                // Round, not square: the bounding box's corner stays empty.
                #expect(image.pixel(x: 26, y: 26) == .black)

                // The area is within 5% of π r², and the disc is symmetric about its centre.
                let lit = SoftwareCanvas.count(of: .red, in: image)
                #expect(abs(Double(lit) - Double.pi * 64) < 0.05 * Double.pi * 64, "area \(lit)")
                #expect(isSymmetric(image, aroundPixelCorner: (20, 20)))
            }
        }

        @Test func strokedCircleIsAHollowRingInsideTheRadius() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.strokeCircle(center: Point(x: 20, y: 20), radius: 12, thickness: 3, color: .green)
                let image = try canvas.readPixels()

                // The ring runs from radius 9 to 12.
                #expect(image.pixel(x: 20, y: 20) == .black)
                #expect(image.pixel(x: 25, y: 20) == .black)
                #expect(image.pixel(x: 30, y: 20) == .green)  // 10.5 from the middle
                #expect(image.pixel(x: 9, y: 20) == .green)
                #expect(image.pixel(x: 20, y: 30) == .green)
                #expect(image.pixel(x: 20, y: 9) == .green)
                #expect(image.pixel(x: 33, y: 20) == .black)  // 13.5
                let lit = SoftwareCanvas.count(of: .green, in: image)
                let ringArea = Double.pi * (144 - 81)
                #expect(abs(Double(lit) - ringArea) < 0.08 * ringArea, "area \(lit)")
                #expect(isSymmetric(image, aroundPixelCorner: (20, 20)))
            }
        }

        @Test func aRingAsThickAsItsRadiusIsAFilledCircle() throws {
            try withCanvas { stroked in
                stroked.clear(.black)
                stroked.strokeCircle(center: Point(x: 20, y: 20), radius: 6, thickness: 6, color: .cyan)
                try withCanvas { filled in
                    filled.clear(.black)
                    filled.fillCircle(center: Point(x: 20, y: 20), radius: 6, color: .cyan)
                    let (ring, disc) = (try stroked.readPixels(), try filled.readPixels())
                    #expect(ring == disc)
                }
            }
        }

        @Test func translucentShapesBlendOverTheBackground() throws {
            try withCanvas { canvas in
                canvas.clear(.white)
                canvas.fillCircle(center: Point(x: 10, y: 10), radius: 6, color: Color.black.withAlpha(128))
                canvas.fillRect(x: 25, y: 5, width: 10, height: 10, color: Color.black.withAlpha(128))
                canvas.drawLine(from: Point(x: 5, y: 30), to: Point(x: 35, y: 30), color: Color.black.withAlpha(128), thickness: 4)
                let image = try canvas.readPixels()
                // SDL's blend: 255 × (1 − 128/255) = 127, give or take its rounding.
                for (x, y) in [(10, 10), (30, 10), (20, 30)] {
                    let pixel = image.pixel(x: x, y: y)
                    #expect((126...128).contains(pixel.r), "(\(x), \(y)) is \(pixel)")
                    #expect(pixel.r == pixel.g && pixel.g == pixel.b)
                }
            }
        }

        // MARK: Lines and rectangles

        @Test func thinLineLightsOneRowOfPixels() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.drawLine(from: Point(x: 2, y: 5), to: Point(x: 30, y: 5), color: .white)
                let image = try canvas.readPixels()
                for x in 2...30 {
                    #expect(image.pixel(x: x, y: 5) == .white, "x \(x)")
                }
                #expect(image.pixel(x: 1, y: 5) == .black)
                #expect(image.pixel(x: 31, y: 5) == .black)
                #expect(SoftwareCanvas.count(of: .white, in: image) == 29)
            }
        }

        @Test func thinDiagonalLineIsUnbroken() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.drawLine(from: Point(x: 0, y: 0), to: Point(x: 39, y: 39), color: .white)
                let image = try canvas.readPixels()
                for i in 0..<40 {
                    #expect(image.pixel(x: i, y: i) == .white, "(\(i), \(i))")
                }
                #expect(SoftwareCanvas.count(of: .white, in: image) == 40)
            }
        }

        @Test func thickLineIsCentredOnItsSegmentWithRoundEnds() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.drawLine(from: Point(x: 5, y: 20), to: Point(x: 35, y: 20), color: .yellow, thickness: 6)
                let image = try canvas.readPixels()
                // Rows 17 through 22 are within 3 points of y = 20.
                for y in 17...22 {
                    #expect(image.pixel(x: 20, y: y) == .yellow, "y \(y)")
                }
                #expect(image.pixel(x: 20, y: 16) == .black)
                #expect(image.pixel(x: 20, y: 23) == .black)
                // The ends reach 3 points past each endpoint on the axis…
                #expect(image.pixel(x: 2, y: 20) == .yellow)
                #expect(image.pixel(x: 37, y: 20) == .yellow)
                #expect(image.pixel(x: 1, y: 20) == .black)
                #expect(image.pixel(x: 38, y: 20) == .black)
                // …but are round: a square end would light these corners.
                #expect(image.pixel(x: 2, y: 17) == .black)
                #expect(image.pixel(x: 37, y: 22) == .black)
                #expect(isSymmetric(image, aroundPixelCorner: (20, 20)))
            }
        }

        @Test func thickLineOfNoLengthIsADot() throws {
            try withCanvas { line in
                line.clear(.black)
                line.drawLine(from: Point(x: 20, y: 20), to: Point(x: 20, y: 20), color: .red, thickness: 10)
                try withCanvas { dot in
                    dot.clear(.black)
                    dot.fillCircle(center: Point(x: 20, y: 20), radius: 5, color: .red)
                    let (lineImage, dotImage) = (try line.readPixels(), try dot.readPixels())
                    #expect(lineImage == dotImage)
                }
            }
        }

        @Test func rectanglesFillAndOutlineTheSameArea() throws {
            try withCanvas(width: 12, height: 10) { canvas in
                canvas.clear(.black)
                canvas.strokeRect(x: 1, y: 2, width: 8, height: 6, thickness: 2, color: .blue)
                canvas.fillRect(x: 10, y: 9, width: -2, height: -1, color: .red)
                let image = try canvas.readPixels()
                let expected = [
                    "............",
                    "............",
                    ".BBBBBBBB...",
                    ".BBBBBBBB...",
                    ".BB....BB...",
                    ".BB....BB...",
                    ".BBBBBBBB...",
                    ".BBBBBBBB...",
                    "........RR..",
                    "............",
                ]
                #expect(render(image, ["B": .blue, "R": .red]) == expected)
            }
        }

        @Test func pointsAreScaledToPixels() throws {
            try withCanvas(width: 10, height: 10, pixelsPerPoint: 2) { canvas in
                canvas.clear(.black)
                canvas.fillRect(x: 1, y: 1, width: 2, height: 1, color: .white)
                let image = try canvas.readPixels()
                #expect(image.width == 10 && image.height == 10)
                for y in 0..<10 {
                    for x in 0..<10 {
                        let inside = (2..<6).contains(x) && (2..<4).contains(y)
                        #expect(image.pixel(x: x, y: y) == (inside ? .white : .black), "(\(x), \(y))")
                    }
                }
            }
        }

        @Test func shapesFarOffScreenOrNotFiniteDrawNothing() throws {
            try withCanvas { canvas in
                canvas.clear(.black)
                canvas.fillCircle(center: Point(x: 1e12, y: -1e12), radius: 1e9, color: .red)
                canvas.drawLine(from: Point(x: -1e15, y: 5e14), to: Point(x: -1e15, y: -5e14), color: .red, thickness: 8)
                canvas.fillCircle(center: Point(x: .nan, y: 3), radius: 5, color: .red)
                canvas.strokeCircle(center: Point(x: 20, y: 20), radius: .infinity, thickness: 2, color: .red)
                canvas.drawLine(from: .zero, to: Point(x: 10, y: 10), color: .red, thickness: .nan)
                canvas.drawLine(from: Point(x: 1e15, y: 1e15), to: Point(x: 2e15, y: 1e15), color: .red)
                canvas.fillRect(x: 1e12, y: 0, width: 10, height: 10, color: .red)
                canvas.fillRect(x: 0, y: 0, width: .infinity, height: 10, color: .red)
                canvas.strokeRect(x: -1e12, y: -1e12, width: 10, height: 10, thickness: 3, color: .red)
                canvas.drawText("far", at: Point(x: -1e12, y: 5), color: .red)
                canvas.drawText("nan", at: Point(x: .nan, y: 5), color: .red)
                let blank = try canvas.readPixels()
                #expect(SoftwareCanvas.count(of: .black, in: blank) == 1600)

                // Shapes reaching far past the screen are cut to it, not skipped:
                // a thick line, a thin one, and a rectangle whose border (but
                // not its far sides) crosses the screen.
                canvas.drawLine(from: Point(x: -1e9, y: 20), to: Point(x: 1e9, y: 20), color: .red, thickness: 2)
                canvas.drawLine(from: Point(x: 5, y: -1e12), to: Point(x: 5, y: 1e12), color: .green)
                canvas.strokeRect(x: 30, y: -1e9, width: 2e9, height: 2e9, thickness: 2, color: .blue)
                let image = try canvas.readPixels()
                #expect(render(image, [".": .black, "R": .red, "G": .green, "B": .blue])[19] == "RRRRRGRRRRRRRRRRRRRRRRRRRRRRRRBBRRRRRRRR")
                #expect(SoftwareCanvas.count(of: .red, in: image) == 80 - 2 - 4)
                #expect(SoftwareCanvas.count(of: .green, in: image) == 40)
                #expect(SoftwareCanvas.count(of: .blue, in: image) == 80)
            }
        }

        @Test func scanlineCapsuleIsTheBandPlusTwoDiscs() throws {
            let a = Point(x: 0, y: 0)
            let b = Point(x: 10, y: 10)
            // Through the middle of the band, perpendicular distance 2 each way
            // along a horizontal line is 2√2 each way.
            let middle = try #require(Scanline.capsule(from: a, to: b, radius: 2, atY: 5))
            #expect(abs(middle.lowerBound - (5 - 2 * 2.squareRoot())) < 1e-9)
            #expect(abs(middle.upperBound - (5 + 2 * 2.squareRoot())) < 1e-9)
            // Below the band's lowest corner (y = 10 + √2) only the disc around b reaches.
            let belowEnd = try #require(Scanline.capsule(from: a, to: b, radius: 2, atY: 11.5))
            #expect(abs(belowEnd.lowerBound - (10 - 1.75.squareRoot())) < 1e-9)
            #expect(abs(belowEnd.upperBound - (10 + 1.75.squareRoot())) < 1e-9)
            #expect(Scanline.capsule(from: a, to: b, radius: 2, atY: 12.5) == nil)
            #expect(Scanline.rows(from: 0.5, through: 2.5, limit: 10) == 0...2)
            #expect(Scanline.rows(from: 0.6, through: 2.4, limit: 10) == 1...1)
            #expect(Scanline.columns(in: -1e300...1e300, limit: 7) == 0...6)
            #expect(Scanline.columns(in: 3.6...4.4, limit: 7) == nil)
        }

        // MARK: Text

        @Test func letterALightsExactlyItsGlyph() throws {
            try withCanvas(width: 8, height: 10) { canvas in
                canvas.clear(.black)
                canvas.drawText("A", at: Point(x: 1, y: 1), scale: 1, color: .white)
                let image = try canvas.readPixels()
                #expect(render(image, ["#": .white]) == [
                    "........",
                    "..###...",
                    ".#...#..",
                    ".#...#..",
                    ".#...#..",
                    ".#####..",
                    ".#...#..",
                    ".#...#..",
                    "........",
                    "........",
                ])
            }
        }

        @Test func unknownCharacterDrawsABox() throws {
            try withCanvas(width: 8, height: 9) { canvas in
                canvas.clear(.black)
                canvas.drawText("é", at: Point(x: 1, y: 1), scale: 1, color: .white)
                let image = try canvas.readPixels()
                #expect(render(image, ["#": .white]) == [
                    "........",
                    ".#####..",
                    ".#...#..",
                    ".#...#..",
                    ".#...#..",
                    ".#...#..",
                    ".#...#..",
                    ".#####..",
                    "........",
                ])
            }
        }

        @Test func scaledTextOnTwoLines() throws {
            try withCanvas(width: 14, height: 38) { canvas in
                canvas.clear(.black)
                canvas.drawText("-\n.", at: Point(x: 1, y: 1), scale: 2, color: .white)
                let image = try canvas.readPixels()
                // "-" is row 3 of the first line; "." rows 5 and 6, columns 1 and 2
                // of the second line, which starts 9 font pixels lower.
                var expected = [String](repeating: String(repeating: ".", count: 14), count: 38)
                for y in 7..<9 { expected[y] = "." + String(repeating: "#", count: 10) + "..." }
                for y in 29..<33 { expected[y] = "...####......." }
                #expect(render(image, ["#": .white]) == expected)
            }
        }

        @Test func textSizeMatchesTheFontMetrics() throws {
            try withCanvas { canvas in
                #expect(canvas.textSize("Hi", scale: 1) == Size(width: 11, height: 7))
                #expect(canvas.textSize("Hi\nyou", scale: 2) == Size(width: 34, height: 32))
                #expect(canvas.textSize("", scale: 3) == Size(width: 0, height: 21))
                #expect(canvas.textSize("Hi\n") == Size(width: 22, height: 32))
            }
        }

        @Test func everyPrintableCharacterHasItsOwnGlyph() {
            var seen: [[UInt8]: Character] = [:]
            for code in UInt8(32)...126 {
                let character = Character(Unicode.Scalar(code))
                let glyph = BitmapFont.glyph(for: character)
                #expect(glyph != BitmapFont.unknownGlyph, "\(character)")
                let rows = (0..<BitmapFont.glyphHeight).map { BitmapFont.rowBits(glyph: glyph, row: $0) }
                #expect(rows.allSatisfy { $0 < 32 }, "\(character) is wider than 5 pixels")
                #expect(character == " " || rows.contains { $0 != 0 }, "\(character) is blank")
                if let twin = seen[rows] {
                    Issue.record("\(character) looks the same as \(twin)")
                }
                seen[rows] = character
            }
            for character: Character in ["\t", "é", "😀", "\u{7F}"] {
                #expect(BitmapFont.glyph(for: character) == BitmapFont.unknownGlyph)
            }
        }

        @Test func opaqueShapesReplaceThePixelsAndLeaveBlendingOn() throws {
            try withCanvas(width: 8, height: 8) { canvas in
                canvas.clear(Color(r: 10, g: 20, b: 30))
                canvas.fillRect(x: 0, y: 0, width: 4, height: 4, color: Color(r: 200, g: 100, b: 50))
                canvas.drawLine(from: Point(x: 0, y: 6), to: Point(x: 7, y: 6), color: Color(r: 1, g: 2, b: 3))
                var mode = SDL_BLENDMODE_NONE
                SDL_GetRenderDrawBlendMode(canvas.renderer, &mode)
                #expect(mode == SDL_BLENDMODE_BLEND)
                let image = try canvas.readPixels()
                #expect(image.pixel(x: 1, y: 1) == Color(r: 200, g: 100, b: 50))
                #expect(image.pixel(x: 3, y: 6) == Color(r: 1, g: 2, b: 3))
                #expect(image.pixel(x: 5, y: 1) == Color(r: 10, g: 20, b: 30))
            }
        }

        @Test func glyphBoxesLightExactlyTheGlyphsPixelsOnce() {
            for glyph in 0...BitmapFont.unknownGlyph {
                var lit = [UInt8](repeating: 0, count: BitmapFont.glyphHeight)
                for box in BitmapFont.boxes(glyph: glyph) {
                    for row in Int(box.y)..<Int(box.y + box.height) {
                        let bits = UInt8((1 << Int(box.width)) - 1) << (5 - Int(box.x) - Int(box.width))
                        #expect(lit[row] & bits == 0, "glyph \(glyph): boxes overlap in row \(row)")
                        lit[row] |= bits
                    }
                }
                #expect(lit == (0..<BitmapFont.glyphHeight).map { BitmapFont.rowBits(glyph: glyph, row: $0) }, "glyph \(glyph)")
            }
            // Merging down the rows is what makes them fewer: an I is its top bar, stem and foot.
            #expect(BitmapFont.boxes(glyph: BitmapFont.glyph(for: "I")).count == 3)
        }

        @Test func asciiTextLaysOutAsItsCharactersDo() {
            // The fast path reads bytes; the same text with a non-ASCII last
            // character goes through Characters, whose "\r\n" is one break.
            let ascii = "Ab\r\ncd\re\nf\u{0B}g\u{0C}h i\t~\u{7F}\n\r\n\rj"
            func layout(_ string: String) -> [[Int]] {
                var placed: [[Int]] = []
                BitmapFont.layOut(string) { glyph, x, y in placed.append([glyph, x, y]) }
                return placed
            }
            let slow = layout(ascii + "é")
            #expect(layout(ascii) == Array(slow.dropLast()))
            #expect(slow.last?[0] == BitmapFont.unknownGlyph)
            let (width, height) = BitmapFont.size(of: ascii)
            let (slowWidth, slowHeight) = BitmapFont.size(of: ascii + "\u{2028}")
            #expect(width == slowWidth && height + BitmapFont.lineAdvance == slowHeight)
        }

        // MARK: Reading pixels

        @Test func readPixelsReturnsTheWholeOutput() throws {
            try withCanvas(width: 7, height: 5) { canvas in
                canvas.clear(Color(r: 10, g: 20, b: 30))
                canvas.fillRect(x: 1, y: 2, width: 3, height: 2, color: Color(r: 200, g: 100, b: 50))
                let image = try canvas.readPixels()
                var expected: [UInt8] = []
                for y in 0..<5 {
                    for x in 0..<7 {
                        let inside = (1..<4).contains(x) && (2..<4).contains(y)
                        expected += inside ? [200, 100, 50] : [10, 20, 30]
                    }
                }
                #expect(image == Image(width: 7, height: 5, rgb: expected))
            }
        }

        @Test func readPixelsReadsTheRenderTargetAtItsOwnSize() throws {
            try withCanvas(width: 30, height: 20) { canvas in
                canvas.clear(.black)
                let texture = try #require(SDL_CreateTexture(
                    canvas.renderer, tactile_pixelformat_argb8888(),
                    Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 6, 4
                ))
                defer { SDL_DestroyTexture(texture) }
                #expect(SDL_SetRenderTarget(canvas.renderer, texture) == 0)
                canvas.clear(.magenta)
                let image = try canvas.readPixels()
                #expect(SDL_SetRenderTarget(canvas.renderer, nil) == 0)
                #expect(image == Image(width: 6, height: 4, rgb: Array(repeating: [255, 0, 255], count: 24).flatMap { $0 }))
                #expect(try canvas.readPixels().width == 30)
            }
        }

        // MARK: Helpers

        /// Runs `body` with a canvas over a software renderer drawing into an
        /// ARGB8888 surface of `width` × `height` pixels.
        private func withCanvas(
            width: Int32 = 40,
            height: Int32 = 40,
            pixelsPerPoint: Double = 1,
            _ body: (Canvas) throws -> Void
        ) throws {
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, tactile_pixelformat_argb8888()))
            defer { SDL_FreeSurface(surface) }
            let renderer = try #require(SDL_CreateSoftwareRenderer(surface), "\(SDLError("SDL_CreateSoftwareRenderer"))")
            defer { SDL_DestroyRenderer(renderer) }
            try body(Canvas(renderer: renderer, pixelsPerPoint: pixelsPerPoint))
        }

        /// Whether turning the image half a turn about the corner shared by
        /// pixels (x − 1, y − 1) and (x, y) leaves it unchanged.
        private func isSymmetric(_ image: Image, aroundPixelCorner corner: (x: Int, y: Int)) -> Bool {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let (mirrorX, mirrorY) = (2 * corner.x - 1 - x, 2 * corner.y - 1 - y)
                    guard (0..<image.width).contains(mirrorX), (0..<image.height).contains(mirrorY) else { continue }
                    if image.pixel(x: x, y: y) != image.pixel(x: mirrorX, y: mirrorY) { return false }
                }
            }
            return true
        }

        /// The image as text, one string per row: the key of `legend` whose
        /// colour a pixel has, `.` for any other colour.
        private func render(_ image: Image, _ legend: [Character: Color]) -> [String] {
            (0..<image.height).map { y in
                String((0..<image.width).map { x in
                    legend.first { $0.value == image.pixel(x: x, y: y) }?.key ?? "."
                })
            }
        }
    }
}
