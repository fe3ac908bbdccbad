import Tactile
import TactileTestSupport
import Testing

@MainActor final class Menu {
    let scene = Scene(size: Size(width: 800, height: 600))
    let start = Layer(frame: Rect(x: 300, y: 250, width: 200, height: 100))
    var starts = 0
    lazy var tap = TapGestureRecognizer(target: self) { menu, _ in menu.starts += 1 }

    init() {
        start.addGestureRecognizer(tap)
        scene.root.addChild(start)
    }
}

@Test @MainActor func aTapOnStartStartsAndADragDoesNot() {
    let menu = Menu()
    let harness = GameHarness(scene: menu.scene)
    var script = InputScript()
    script.tap(at: Point(x: 400, y: 300))
    script.drag(from: Point(x: 400, y: 300), to: Point(x: 480, y: 300))
    harness.run(script)

    #expect(menu.starts == 1)
    #expect(harness.states(of: menu.tap) == [.ended, .failed])
    let phases = harness.received(by: menu.start).map(\.phase)
    #expect(phases.prefix(3) == [.began, .cancelled, .began])   // the tap took its touch; the drag's is the layer's
    #expect(phases.last == .ended)
}
