import Foundation
import Testing
@testable import Tactile

/// Hit-testing and coordinate conversion through the layer tree.
@MainActor
struct HitTestingTests {
    let scene = Scene(size: Size(width: 400, height: 300))

    func layer(_ name: String, _ frame: Rect) -> Layer {
        Layer(frame: frame, name: name)
    }

    func hit(_ x: Double, _ y: Double) -> String? {
        scene.root.hitTest(Point(x: x, y: y), with: nil)?.name
    }

    @Test func theDeepestTopmostLayerIsHit() {
        let panel = layer("panel", Rect(x: 100, y: 100, width: 200, height: 100))
        let button = layer("button", Rect(x: 10, y: 10, width: 50, height: 50))
        let overlap = layer("overlap", Rect(x: 40, y: 40, width: 50, height: 50))
        scene.root.addChild(panel)
        panel.addChild(button)
        panel.addChild(overlap)
        #expect(hit(115, 115) == "button")
        #expect(hit(145, 145) == "overlap")    // both contain it; the later child is on top
        #expect(hit(250, 180) == "panel")
        #expect(hit(50, 50) == "root")
        #expect(hit(450, 50) == nil)          // outside the window
        panel.bringChildToFront(button)
        #expect(hit(145, 145) == "button")
        panel.sendChildToBack(button)
        #expect(hit(145, 145) == "overlap")
    }

    @Test func rotatedAndScaledLayersAreHitWhereTheyAreDrawn() {
        // A 100×20 bar centred on (200, 150), turned 90° clockwise: it now
        // runs from y = 100 to 200 and x = 190 to 210.
        let bar = layer("bar", Rect(x: 150, y: 140, width: 100, height: 20))
        bar.transform = .rotation(.pi / 2)
        scene.root.addChild(bar)
        #expect(hit(200, 105) == "bar")
        #expect(hit(205, 195) == "bar")
        #expect(hit(240, 150) == "root")      // where the unrotated bar's end was

        // A child of the bar at its local (0…10, 0…20): the bar's left end.
        // After the rotation that end is at the top (y 100…110).
        let cap = layer("cap", Rect(x: 0, y: 0, width: 10, height: 20))
        bar.addChild(cap)
        #expect(hit(200, 105) == "cap")
        #expect(hit(200, 195) == "bar")

        // Scaling the bar by 2 about its centre doubles its length: 0…300 is clipped by the window only.
        bar.transform = AffineTransform.rotation(.pi / 2).scaledBy(x: 2, y: 1)
        #expect(hit(200, 60) == "cap")        // the cap now spans y 50…70
        #expect(hit(200, 245) == "bar")
    }

    @Test func nestedTransformsCompose() {
        // Outer: scaled 2× about its centre (200, 150). Inner: rotated 90°,
        // inside outer. A point converts to inner's space and back exactly.
        let outer = layer("outer", Rect(x: 150, y: 100, width: 100, height: 100))
        outer.transform = .scale(x: 2, y: 2)
        let inner = layer("inner", Rect(x: 60, y: 10, width: 30, height: 10))
        inner.transform = .rotation(.pi / 2)
        scene.root.addChild(outer)
        outer.addChild(inner)
        // inner's centre in outer is (75, 15); outer's (50, 50) is at window (200, 150),
        // so (75, 15) is at (200 + 2·25, 150 + 2·(−35)) = (250, 80).
        let centre = inner.convert(Point(x: 15, y: 5), to: nil)
        #expect(abs(centre.x - 250) < 1e-9 && abs(centre.y - 80) < 1e-9)
        // inner's local x runs down the window after the turn, scaled 2×: (29, 5) is 28 points below the centre.
        let end = inner.convert(Point(x: 29, y: 5), to: nil)
        #expect(abs(end.x - 250) < 1e-9 && abs(end.y - 108) < 1e-9)
        #expect(hit(250, 105) == "inner")
        #expect(hit(270, 80) == "outer")
        let back = inner.convert(Point(x: 250, y: 108), from: nil)
        #expect(abs(back.x - 29) < 1e-9 && abs(back.y - 5) < 1e-9)
        // Conversion between two layers goes through the window.
        let inOuter = inner.convert(Point(x: 15, y: 5), to: outer)
        #expect(abs(inOuter.x - 75) < 1e-9 && abs(inOuter.y - 15) < 1e-9)
    }

    @Test func hiddenTransparentAndNonInteractiveLayersAndTheirChildrenAreNotHit() {
        let parent = layer("parent", Rect(x: 0, y: 0, width: 200, height: 200))
        let child = layer("child", Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addChild(parent)
        parent.addChild(child)
        #expect(hit(50, 50) == "child")
        child.isHidden = true
        #expect(hit(50, 50) == "parent")
        child.isHidden = false
        parent.alpha = 0.009
        #expect(hit(50, 50) == "root")
        parent.alpha = 0.01
        #expect(hit(50, 50) == "child")
        parent.isUserInteractionEnabled = false
        #expect(hit(50, 50) == "root")
    }

    @Test func childrenOutsideTheirParentAreNotHitThere() {
        let parent = layer("parent", Rect(x: 0, y: 0, width: 100, height: 100))
        let sticksOut = layer("sticksOut", Rect(x: 80, y: 0, width: 100, height: 20))
        scene.root.addChild(parent)
        parent.addChild(sticksOut)
        #expect(hit(90, 10) == "sticksOut")
        #expect(hit(150, 10) == "root")
    }

    @Test func anEllipticLayerIsHitOnlyInsideItsEllipse() {
        let ball = layer("ball", Rect(x: 100, y: 100, width: 100, height: 50))
        ball.appearance.shape = .ellipse
        scene.root.addChild(ball)
        #expect(hit(150, 125) == "ball")
        #expect(hit(195, 125) == "ball")
        #expect(hit(105, 105) == "root")     // the bounding box's corner
    }

    /// The guide's listing 2-10: a layer that returns itself for any point
    /// inside it keeps every touch from its children.
    final class Container: Layer {
        override func hitTest(_ point: Point, with event: TouchEvent?) -> Layer? {
            guard isHittable, contains(point) else { return nil }
            return self
        }
    }

    @Test func anOverriddenHitTestCanKeepTouchesFromChildren() {
        let container = Container(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "container")
        container.addChild(layer("child", Rect(x: 0, y: 0, width: 50, height: 50)))
        scene.root.addChild(container)
        #expect(hit(10, 10) == "container")
    }

    @Test func aLayerSquashedToNothingIsNeverHit() {
        let flat = layer("flat", Rect(x: 0, y: 0, width: 100, height: 100))
        flat.transform = .scale(x: 0, y: 1)
        scene.root.addChild(flat)
        #expect(hit(50, 50) == "root")
        #expect(flat.convert(Point(x: 50, y: 50), from: nil).isFinite == false)
    }

    @Test func theFrameBoundsTheTransformedLayer() {
        let square = layer("square", Rect(x: 100, y: 100, width: 100, height: 100))
        square.transform = .rotation(.pi / 4)
        let frame = square.frame
        let half = 50 * 2.0.squareRoot()
        #expect(abs(frame.minX - (150 - half)) < 1e-9 && abs(frame.width - 2 * half) < 1e-9)
    }

    @Test func ancestryFollowsTheTree() {
        // `insertChild` refuses a cycle with this check (a cycle would make
        // hit-testing loop forever).
        let parent = layer("parent", .zero)
        let child = layer("child", .zero)
        parent.addChild(child)
        #expect(parent.isAncestor(of: child))
        #expect(!child.isAncestor(of: parent))
    }
}
