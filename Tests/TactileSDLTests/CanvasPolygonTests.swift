import Foundation
import Tactile
import Testing
@testable import TactileDebugDrawing
import TactileSDL

extension SDLIntegration {
    /// Polygons on the canvas, on SDL's software renderer, pixel by pixel:
    /// what ``LayerRenderer`` fills turned and rounded layers with.
    @Suite(.serialized)
    @MainActor
    struct CanvasPolygonTests {
        @Test func diamondLightsThePixelsWhoseCentresAreInside() throws {
            try SoftwareCanvas.with { canvas in
                let diamond = [Point(x: 20, y: 4), Point(x: 36, y: 20), Point(x: 20, y: 36), Point(x: 4, y: 20)]
                canvas.fillPolygon(diamond, color: .red)
                let image = try canvas.readPixels()
                // A pixel is lit when its centre (cx, cy) is inside, the
                // left and top edges included and the right and bottom not:
                // 4 ≤ cy < 36, and 20 − w ≤ cx < 20 + w for the row's half
                // width w = 16 − |cy − 20|.
                for y in 0..<40 {
                    for x in 0..<40 {
                        let (centerX, centerY) = (Double(x) + 0.5, Double(y) + 0.5)
                        let halfWidth = 16 - abs(centerY - 20)
                        let inside = (4..<36).contains(centerY) && (20 - halfWidth..<20 + halfWidth).contains(centerX)
                        #expect(image.pixel(x: x, y: y) == (inside ? .red : .black), "(\(x), \(y))")
                    }
                }
                #expect(image.pixel(x: 18, y: 34) == .red)     // centre on the lower left edge: in
                #expect(image.pixel(x: 21, y: 34) == .black)   // on the lower right edge: out
            }
        }

        @Test func axisAlignedPolygonFillsWhatFillRectFills() throws {
            try SoftwareCanvas.with(pixelsPerPoint: 2) { polygon in
                polygon.fillPolygon(
                    [Point(x: 3, y: 4), Point(x: 15, y: 4), Point(x: 15, y: 11.5), Point(x: 3, y: 11.5)], color: .cyan)
                try SoftwareCanvas.with(pixelsPerPoint: 2) { rect in
                    rect.fillRect(x: 3, y: 4, width: 12, height: 7.5, color: .cyan)
                    let (drawn, expected) = (try polygon.readPixels(), try rect.readPixels())
                    #expect(drawn == expected)
                }
            }
        }

        /// The half-open rule: a pixel centred on an edge two polygons share
        /// belongs to one of them, so translucent neighbours blend once
        /// everywhere.
        @Test func trianglesSharingAnEdgeNeitherOverlapNorLeaveAGap() throws {
            try SoftwareCanvas.with { canvas in
                let half = Color.white.withAlpha(128)
                let (a, b, c, d) = (Point(x: 8, y: 8), Point(x: 32, y: 8), Point(x: 32, y: 32), Point(x: 8, y: 32))
                canvas.fillPolygon([a, b, c], color: half)
                canvas.fillPolygon([a, c, d], color: half)
                let image = try canvas.readPixels()
                for y in 0..<40 {
                    for x in 0..<40 {
                        let pixel = image.pixel(x: x, y: y)
                        if (8..<32).contains(x), (8..<32).contains(y) {
                            #expect((126...129).contains(pixel.r), "(\(x), \(y)) is \(pixel)")
                        } else {
                            #expect(pixel == .black, "(\(x), \(y)) is \(pixel)")
                        }
                    }
                }
            }
        }

        @Test func aStarDrawnInOneStrokeLeavesItsMiddleEmpty() throws {
            try SoftwareCanvas.with { canvas in
                // The pentagram's five tips, visited every second one.
                let tips = (0..<5).map { index in
                    let angle = -Double.pi / 2 + Double(index) * 4 * Double.pi / 5
                    return Point(x: 20 + 18 * cos(angle), y: 20 + 18 * sin(angle))
                }
                canvas.fillPolygon(tips, color: .yellow)
                let image = try canvas.readPixels()
                // The outline circles the middle pentagon twice: even, so empty.
                #expect(image.pixel(x: 20, y: 20) == .black, "\n\(SoftwareCanvas.render(image, ["#": .yellow]))")
                #expect(image.pixel(x: 20, y: 5) == .yellow)    // the top tip
                #expect(image.pixel(x: 20, y: 12) == .yellow)   // the top arm, just above the middle
                #expect(image.pixel(x: 0, y: 0) == .black)
            }
        }

        @Test func aHoleIsLeftUntouched() throws {
            try SoftwareCanvas.with { canvas in
                let outer = [Point(x: 5, y: 5), Point(x: 35, y: 5), Point(x: 35, y: 35), Point(x: 5, y: 35)]
                let inner = [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30)]
                canvas.fillPolygon(outer, excluding: inner, color: .green)
                let image = try canvas.readPixels()
                #expect(image.pixel(x: 5, y: 5) == .green)
                #expect(image.pixel(x: 9, y: 20) == .green)
                #expect(image.pixel(x: 10, y: 20) == .black)
                #expect(image.pixel(x: 29, y: 29) == .black)
                #expect(image.pixel(x: 30, y: 20) == .green)
                #expect(SoftwareCanvas.count(of: .green, in: image) == 900 - 400)
            }
        }

        @Test func strokedRectanglePolygonMatchesStrokeRect() throws {
            try SoftwareCanvas.with { polygon in
                polygon.strokePolygon(
                    [Point(x: 5, y: 5), Point(x: 35, y: 5), Point(x: 35, y: 25), Point(x: 5, y: 25)], thickness: 3, color: .magenta)
                try SoftwareCanvas.with { rect in
                    rect.strokeRect(x: 5, y: 5, width: 30, height: 20, thickness: 3, color: .magenta)
                    let (drawn, expected) = (try polygon.readPixels(), try rect.readPixels())
                    #expect(drawn == expected)
                }
            }
        }

        @Test func strokedTriangleIsHollowAndAThickBorderFillsIt() throws {
            // Points going round either way make the same outline.
            let clockwise = [Point(x: 4, y: 36), Point(x: 20, y: 4), Point(x: 36, y: 36)]
            try SoftwareCanvas.with { canvas in
                canvas.strokePolygon(clockwise, thickness: 2, color: .white)
                let image = try canvas.readPixels()
                #expect(image.pixel(x: 20, y: 26) == .black, "\n\(SoftwareCanvas.render(image, ["#": .white]))")
                #expect(image.pixel(x: 20, y: 35) == .white)   // along the bottom side
                #expect(image.pixel(x: 20, y: 33) == .black)   // 2.5 in from it
                #expect(image.pixel(x: 20, y: 5) == .white)    // the top corner
                try SoftwareCanvas.with { reversed in
                    reversed.strokePolygon(clockwise.reversed(), thickness: 2, color: .white)
                    let drawn = try reversed.readPixels()
                    #expect(drawn == image)
                }
            }
            try SoftwareCanvas.with { thick in
                thick.strokePolygon(clockwise, thickness: 30, color: .white)
                try SoftwareCanvas.with { filled in
                    filled.fillPolygon(clockwise, color: .white)
                    let (drawn, expected) = (try thick.readPixels(), try filled.readPixels())
                    #expect(drawn == expected)
                }
            }
        }

        @Test func degeneratePolygonsDrawNothing() throws {
            try SoftwareCanvas.with { canvas in
                canvas.fillPolygon([Point(x: 1, y: 1), Point(x: 30, y: 30)], color: .white)
                canvas.fillPolygon([Point(x: 1, y: 1), Point(x: .nan, y: 30), Point(x: 30, y: 1)], color: .white)
                canvas.fillPolygon([Point(x: 1, y: 5), Point(x: 30, y: 5), Point(x: 15, y: 5)], color: .white)
                canvas.fillPolygon([Point(x: 1, y: 1.2), Point(x: 20, y: 20.2), Point(x: 39, y: 39.2)], color: .white)
                canvas.fillPolygon([Point(x: -1e300, y: -1e300), Point(x: -1e300, y: -1e299), Point(x: -1e299, y: -1e300)], color: .white)
                canvas.strokePolygon([Point(x: 5, y: 5), Point(x: 5, y: 5), Point(x: 5, y: 5)], color: .white)
                let image = try canvas.readPixels()
                #expect(SoftwareCanvas.count(of: .black, in: image) == 1600)
            }
        }

        @Test func aPolygonCoveringTheScreenFillsItAll() throws {
            try SoftwareCanvas.with { canvas in
                canvas.fillPolygon([Point(x: -1e9, y: -1e9), Point(x: 1e9, y: -1e9), Point(x: 0, y: 1e9)], color: .blue)
                let image = try canvas.readPixels()
                #expect(SoftwareCanvas.count(of: .blue, in: image) == 1600)
            }
        }
    }
}
