import Foundation
import Tactile
import Testing
@testable import TactileDebugDrawing
import TactileSDL

extension SDLIntegration {
    /// Layer trees drawn by ``LayerRenderer`` onto SDL's software renderer,
    /// checked pixel by pixel: placement through the transform chain,
    /// z-order, hiding, alpha, shapes and images.
    @Suite(.serialized)
    @MainActor
    struct LayerRendererTests {
        // MARK: Placement and order

        @Test func filledRectangleLightsExactlyItsFrame() throws {
            try draw { scene in
                scene.root.addChild(layer(Rect(x: 10, y: 10, width: 20, height: 10), fill: .red))
            } check: { image in
                #expect(image.pixel(x: 10, y: 10) == .red)
                #expect(image.pixel(x: 29, y: 19) == .red)
                #expect(image.pixel(x: 9, y: 10) == .black)
                #expect(image.pixel(x: 30, y: 19) == .black)
                #expect(image.pixel(x: 10, y: 20) == .black)
                #expect(SoftwareCanvas.count(of: .red, in: image) == 200)
            }
        }

        @Test func childrenAreDrawnOverTheirParentLastOnTop() throws {
            try draw { scene in
                let parent = layer(Rect(x: 5, y: 5, width: 30, height: 30), fill: .blue)
                scene.root.addChild(parent)
                // Frames in the parent's space: (10, 10) there is (15, 15) in the window.
                parent.addChild(layer(Rect(x: 10, y: 10, width: 10, height: 10), fill: .red))
                parent.addChild(layer(Rect(x: 15, y: 15, width: 10, height: 10), fill: .green))
            } check: { image in
                #expect(image.pixel(x: 6, y: 6) == .blue)
                #expect(image.pixel(x: 16, y: 16) == .red)
                #expect(image.pixel(x: 22, y: 22) == .green)   // both children cover it; the last wins
                #expect(image.pixel(x: 29, y: 29) == .green)
                #expect(image.pixel(x: 34, y: 34) == .blue)
                #expect(image.pixel(x: 35, y: 35) == .black)
            }
        }

        @Test func squareTurned45DegreesIsADiamond() throws {
            try draw { scene in
                let square = layer(Rect(x: 10, y: 10, width: 20, height: 20), fill: .white)
                square.transform = .rotation(.pi / 4)
                scene.root.addChild(square)
            } check: { image in
                let shape = Comment(rawValue: "\n" + SoftwareCanvas.render(image, ["#": .white]))
                // The diamond |x − 20| + |y − 20| < 10√2 around the centre
                // (20, 20): it reaches 14.1 along the axes, and the unturned
                // square's corners, such as (10, 10), are outside it.
                for y in 0..<40 {
                    for x in 0..<40 {
                        let distance = abs(Double(x) + 0.5 - 20) + abs(Double(y) + 0.5 - 20)
                        #expect(image.pixel(x: x, y: y) == (distance < 10 * 2.0.squareRoot() ? .white : .black), shape)
                    }
                }
                #expect(image.pixel(x: 10, y: 10) == .black, shape)
                #expect(image.pixel(x: 33, y: 20) == .white, shape)
            }
        }

        @Test func scaleGrowsTheLayerAndItsChildrenAboutTheAnchor() throws {
            try draw { scene in
                let scaled = layer(Rect(x: 15, y: 15, width: 10, height: 10), fill: .red)
                scaled.transform = .scale(x: 2, y: 2)
                // A child in the scaled layer's top-left quarter covers the
                // window's (10, 10)…(20, 20).
                scaled.addChild(layer(Rect(x: 0, y: 0, width: 5, height: 5), fill: .green))
                scene.root.addChild(scaled)
            } check: { image in
                #expect(image.pixel(x: 10, y: 10) == .green)
                #expect(image.pixel(x: 19, y: 19) == .green)
                #expect(image.pixel(x: 20, y: 20) == .red)
                #expect(image.pixel(x: 29, y: 29) == .red)
                #expect(image.pixel(x: 9, y: 10) == .black)
                #expect(image.pixel(x: 30, y: 29) == .black)
                #expect(SoftwareCanvas.count(of: .red, in: image) == 400 - 100)
                #expect(SoftwareCanvas.count(of: .green, in: image) == 100)
            }
        }

        @Test func transformsComposeDownTheTree() throws {
            // A child turned a quarter turn inside a parent turned a quarter
            // turn is turned half a turn: its corner marker ends up opposite.
            try draw { scene in
                let parent = layer(Rect(x: 10, y: 10, width: 20, height: 20), fill: nil)
                parent.transform = .rotation(.pi / 2)
                let child = layer(Rect(x: 0, y: 0, width: 20, height: 20), fill: .blue)
                child.transform = .rotation(.pi / 2)
                child.addChild(layer(Rect(x: 0, y: 0, width: 5, height: 5), fill: .red))
                parent.addChild(child)
                scene.root.addChild(parent)
            } check: { image in
                #expect(image.pixel(x: 27, y: 27) == .red)
                #expect(image.pixel(x: 12, y: 12) == .blue)
                #expect(SoftwareCanvas.count(of: .red, in: image) == 25)
            }
        }

        // MARK: Visibility

        @Test func hiddenLayerHidesItsWholeSubtree() throws {
            try draw { scene in
                let hidden = layer(Rect(x: 0, y: 0, width: 20, height: 40), fill: .red)
                hidden.addChild(layer(Rect(x: 5, y: 5, width: 10, height: 10), fill: .green))
                hidden.isHidden = true
                scene.root.addChild(hidden)
                scene.root.addChild(layer(Rect(x: 20, y: 0, width: 20, height: 40), fill: .blue))
            } check: { image in
                #expect(SoftwareCanvas.count(of: .black, in: image) == 800)
                #expect(SoftwareCanvas.count(of: .blue, in: image) == 800)
            }
        }

        @Test func alphaMultipliesDownTheTree() throws {
            try draw { scene in
                let half = layer(Rect(x: 0, y: 0, width: 40, height: 40), fill: nil)
                half.alpha = 0.5
                half.addChild(layer(Rect(x: 0, y: 0, width: 20, height: 40), fill: .white))
                let quarter = layer(Rect(x: 20, y: 0, width: 20, height: 40), fill: Color.white.withAlpha(128))
                half.addChild(quarter)
                let eighth = layer(Rect(x: 0, y: 20, width: 20, height: 20), fill: .white)
                eighth.alpha = 0.5
                quarter.addChild(eighth)
                scene.root.addChild(half)
                let gone = layer(Rect(x: 0, y: 0, width: 40, height: 40), fill: .red)
                gone.alpha = 0
                scene.root.addChild(gone)
            } check: { image in
                // SDL blends white at alpha a over black to about 255 · a / 255.
                func expectGray(_ x: Int, _ y: Int, _ expected: ClosedRange<UInt8>) {
                    let pixel = image.pixel(x: x, y: y)
                    #expect(expected.contains(pixel.r) && pixel.r == pixel.g && pixel.g == pixel.b, "(\(x), \(y)) is \(pixel)")
                }
                expectGray(10, 10, 126...129)   // 0.5
                expectGray(30, 10, 62...65)     // 0.5 × 128/255
                // The layers' alphas make 0.25; its parent's colour's own
                // alpha is not inherited. Over that parent's 64: 64 + 64 · 0.75.
                expectGray(30, 30, 110...114)
            }
        }

        // MARK: Shapes

        @Test func ellipseLeavesTheCornersEmpty() throws {
            try draw { scene in
                scene.root.addChild(layer(Rect(x: 10, y: 10, width: 20, height: 20), fill: .green, shape: .ellipse))
            } check: { image in
                #expect(image.pixel(x: 20, y: 20) == .green)
                #expect(image.pixel(x: 10, y: 20) == .green)
                #expect(image.pixel(x: 20, y: 10) == .green)
                for (x, y) in [(10, 10), (11, 11), (29, 10), (10, 29), (28, 28)] {
                    #expect(image.pixel(x: x, y: y) == .black, "(\(x), \(y))")
                }
                let area = Double(SoftwareCanvas.count(of: .green, in: image))
                #expect(abs(area - .pi * 100) < 0.05 * .pi * 100, "area \(area)")
            }
        }

        @Test func strokeLiesInsideTheShapeOverTheFill() throws {
            try draw { scene in
                let box = layer(Rect(x: 5, y: 5, width: 30, height: 30), fill: .blue)
                box.appearance.stroke = .white
                box.appearance.strokeWidth = 3
                scene.root.addChild(box)
            } check: { image in
                #expect(image.pixel(x: 5, y: 5) == .white)
                #expect(image.pixel(x: 7, y: 20) == .white)
                #expect(image.pixel(x: 8, y: 20) == .blue)
                #expect(image.pixel(x: 32, y: 20) == .white)
                #expect(image.pixel(x: 35, y: 20) == .black)
                #expect(SoftwareCanvas.count(of: .white, in: image) == 900 - 576)
            }
        }

        @Test func strokeScalesWithTheLayer() throws {
            try draw { scene in
                let ring = layer(Rect(x: 15, y: 15, width: 10, height: 10), fill: nil, shape: .ellipse)
                ring.appearance.stroke = .white
                ring.appearance.strokeWidth = 2
                ring.transform = .scale(x: 3, y: 3)
                scene.root.addChild(ring)
            } check: { image in
                // Radius 15, 6 wide: from 9 to 15 from the centre (20, 20).
                #expect(image.pixel(x: 20, y: 20) == .black)
                #expect(image.pixel(x: 20, y: 28) == .black)    // 8.5 out
                #expect(image.pixel(x: 20, y: 30) == .white)    // 10.5
                #expect(image.pixel(x: 20, y: 33) == .white)    // 13.5
                #expect(image.pixel(x: 20, y: 35) == .black)    // 15.5
            }
        }

        @Test func roundedRectangleRoundsOnlyItsCorners() throws {
            try draw { scene in
                scene.root.addChild(layer(
                    Rect(x: 5, y: 5, width: 30, height: 30), fill: .orange, shape: .roundedRectangle(cornerRadius: 8)))
            } check: { image in
                #expect(image.pixel(x: 5, y: 5) == .black)
                #expect(image.pixel(x: 6, y: 6) == .black)
                #expect(image.pixel(x: 34, y: 34) == .black)
                #expect(image.pixel(x: 5, y: 20) == .orange)
                #expect(image.pixel(x: 20, y: 5) == .orange)
                #expect(image.pixel(x: 9, y: 9) == .orange)
                // The square less four corners of (1 − π/4) r² each.
                let area = Double(SoftwareCanvas.count(of: .orange, in: image))
                let expected = 900 - 4 * (1 - Double.pi / 4) * 64
                #expect(abs(area - expected) < 10, "area \(area), expected \(expected)")
            }
        }

        @Test func textIsCentredAndUpright() throws {
            try draw { scene in
                let label = layer(Rect(x: 0, y: 0, width: 40, height: 40), fill: nil)
                label.appearance.text = "I"
                label.appearance.textColor = .yellow
                label.transform = .rotation(.pi / 2)
                scene.root.addChild(label)
            } check: { image in
                // "I" is 5 × 7 font pixels at scale 2: 10 × 14 points from
                // (15, 13). Its stem, font column 2, is x 19 and 20 from top
                // to bottom, upright though the layer is turned; its bars
                // are font columns 1 to 3.
                let shape = Comment(rawValue: "\n" + SoftwareCanvas.render(image, ["#": .yellow]))
                for y in [13, 20, 26] {
                    #expect(image.pixel(x: 19, y: y) == .yellow, shape)
                    #expect(image.pixel(x: 20, y: y) == .yellow, shape)
                }
                #expect(image.pixel(x: 17, y: 20) == .black, shape)
                #expect(image.pixel(x: 22, y: 20) == .black, shape)
                #expect(image.pixel(x: 17, y: 13) == .yellow, shape)
                #expect(image.pixel(x: 16, y: 13) == .black, shape)
                #expect(image.pixel(x: 22, y: 26) == .yellow, shape)
                #expect(image.pixel(x: 23, y: 26) == .black, shape)
            }
        }

        // MARK: Images

        @Test func imageFillsTheBoundsAndTurnsWithTheLayer() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // 2 × 2 pixels: red, green on top; blue, white below.
            try writeBMP(named: "quad.bmp", in: folder, width: 2, pixels: [.red, .green, .blue, .white])
            // The picture's corners clockwise from the top-left, and the
            // places to look for them: the middles of the four quarters.
            let clockwise: [Color] = [.red, .green, .white, .blue]
            let places = [(14, 14), (25, 14), (25, 25), (14, 25)]
            func corners(drawnWith transform: Tactile.AffineTransform) throws -> [Color] {
                var colors: [Color] = []
                try SoftwareCanvas.with { canvas in
                    let renderer = LayerRenderer(canvas: canvas, imageFolder: folder)
                    let scene = Scene(size: Size(width: 40, height: 40))
                    // Inside a parent scaled about (20, 20), so the scales
                    // compose too: the picture covers (10, 10)…(30, 30).
                    let parent = layer(Rect(x: 15, y: 15, width: 10, height: 10), fill: nil)
                    parent.transform = .scale(x: 2, y: 2)
                    let picture = layer(Rect(x: 0, y: 0, width: 10, height: 10), fill: nil)
                    picture.appearance.image = "quad"
                    picture.transform = transform
                    parent.addChild(picture)
                    scene.root.addChild(parent)
                    try renderer.draw(scene)
                    let image = try canvas.readPixels()
                    colors = places.map { image.pixel(x: $0.0, y: $0.1) }
                    #expect(image.pixel(x: 5, y: 5) == .black)
                    #expect(image.pixel(x: 35, y: 35) == .black)
                }
                return colors
            }
            // Each quarter turn (clockwise on screen) moves every corner of
            // the picture to the next corner clockwise.
            for turns in 0..<4 {
                let expected = (0..<4).map { clockwise[($0 + 4 - turns) % 4] }
                #expect(try corners(drawnWith: .rotation(Double(turns) * .pi / 2)) == expected, "\(turns) turns")
            }
            // Mirrored left to right, and top to bottom.
            #expect(try corners(drawnWith: .scale(x: -1, y: 1)) == [.green, .red, .blue, .white])
            #expect(try corners(drawnWith: .scale(x: 1, y: -1)) == [.blue, .white, .green, .red])
        }

        @Test func imageIsDrawnOverTheFillAndFadesWithAlpha() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try writeBMP(named: "white.bmp", in: folder, width: 1, pixels: [.white])
            try SoftwareCanvas.with { canvas in
                let renderer = LayerRenderer(canvas: canvas, imageFolder: folder)
                let scene = Scene(size: Size(width: 40, height: 40))
                let faded = layer(Rect(x: 0, y: 0, width: 20, height: 40), fill: .black)
                faded.appearance.image = "white.bmp"
                faded.alpha = 0.5
                scene.root.addChild(faded)
                // The same image, at full strength, in the same frame.
                let opaque = layer(Rect(x: 20, y: 0, width: 20, height: 40), fill: .black)
                opaque.appearance.image = "white"
                scene.root.addChild(opaque)
                try renderer.draw(scene)
                let image = try canvas.readPixels()
                for y in 0..<40 {
                    for x in 0..<20 {
                        let pixel = image.pixel(x: x, y: y)
                        #expect((126...129).contains(pixel.r) && pixel.r == pixel.g && pixel.g == pixel.b, "(\(x), \(y)) is \(pixel)")
                    }
                }
                #expect(SoftwareCanvas.count(of: .white, in: image) == 800)
            }
        }

        @Test func missingImageIsThrownAfterTheRestIsDrawn() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try SoftwareCanvas.with { canvas in
                let renderer = LayerRenderer(canvas: canvas, imageFolder: folder)
                let scene = Scene(size: Size(width: 40, height: 40))
                let broken = layer(Rect(x: 0, y: 0, width: 20, height: 40), fill: .red)
                broken.appearance.image = "nowhere"
                scene.root.addChild(broken)
                scene.root.addChild(layer(Rect(x: 20, y: 0, width: 20, height: 40), fill: .blue))

                let error = try #require(throws: LayerRenderer.ImageError.self) { try renderer.draw(scene) }
                #expect(error.name == "nowhere")
                #expect(error.path == folder + "/nowhere.bmp")
                #expect(error.description.contains("nowhere.bmp"), "\(error)")
                let image = try canvas.readPixels()
                #expect(SoftwareCanvas.count(of: .red, in: image) == 800)
                #expect(SoftwareCanvas.count(of: .blue, in: image) == 800)

                // Still missing on the next frame, and from loadImage.
                #expect(throws: error) { try renderer.draw(scene) }
                #expect(throws: error) { try renderer.loadImage(named: "nowhere") }
            }
        }

        @Test func imageWithoutAFolderOrNotABMPIsAnError() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/text.bmp"
            try "not a bitmap".write(toFile: path, atomically: true, encoding: .utf8)
            try SoftwareCanvas.with { canvas in
                let noFolder = LayerRenderer(canvas: canvas)
                let error = try #require(throws: LayerRenderer.ImageError.self) { try noFolder.loadImage(named: "ball") }
                #expect(error.path == nil)

                let renderer = LayerRenderer(canvas: canvas, imageFolder: folder)
                let notBMP = try #require(throws: LayerRenderer.ImageError.self) { try renderer.loadImage(named: "text") }
                #expect(notBMP.path == path)
                #expect(notBMP.reason.contains("BMP"), "\(notBMP)")
            }
        }

        // MARK: Helpers

        /// Draws the scene `build` makes, 40 × 40 points, with a fresh
        /// renderer, and hands the pixels to `check`.
        private func draw(_ build: (Scene) -> Void, check: (Image) throws -> Void) throws {
            try SoftwareCanvas.with { canvas in
                let scene = Scene(size: Size(width: 40, height: 40))
                build(scene)
                try LayerRenderer(canvas: canvas).draw(scene)
                try check(try canvas.readPixels())
            }
        }

        private func layer(_ frame: Rect, fill: Color?, shape: Appearance.Shape = .rectangle) -> Layer {
            let layer = Layer(frame: frame)
            layer.appearance = Appearance(shape: shape, fill: fill)
            return layer
        }

        private func temporaryFolder() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// Saves `pixels`, row by row, as a 24-bit BMP through SDL.
        private func writeBMP(named name: String, in folder: String, width: Int, pixels: [Color]) throws {
            let height = pixels.count / width
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 24, tactile_pixelformat_rgb24()))
            defer { SDL_FreeSurface(surface) }
            for (index, color) in pixels.enumerated() {
                var pixel = SDL_Rect(x: Int32(index % width), y: Int32(index / width), w: 1, h: 1)
                SDL_FillRect(surface, &pixel, SDL_MapRGB(surface.pointee.format, color.r, color.g, color.b))
            }
            #expect(tactile_save_bmp(surface, folder + "/" + name) == 0, "\(SDLError("SDL_SaveBMP"))")
        }
    }
}
