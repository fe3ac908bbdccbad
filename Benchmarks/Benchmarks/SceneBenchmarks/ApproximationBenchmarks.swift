import Benchmark
import Tactile

// MARK: - Touch-down off a target, approximated (issue 14, item 3)

// Arcade's taps that land beside its buttons: the scene's root cannot
// process touches, so each touch-down off a button runs control selection
// approximation, which walks the tree level by level from the hit layer and
// hands the contact to the nearest button within reach. The bar: no
// allocation on a touch-down, so this row's malloc count is 0 in steady
// state (the search's list is the scene's, kept between searches).
//
// | benchmark | measures |
// |---|---|
// | Touch-down off a target, approximated | `scene.send` of the down alone (one event per sample) 15 points below the third of three buttons in a panel, outside both panels of three: hit-test (the root), the search (the two panels, which cannot process touches, then their six buttons), the virtual contact, the button's `touchesBegan`; the up is sent between samples |

/// Registers the approximated touch-down benchmark.
func approximationBenchmarks() {
    Benchmark("Touch-down off a target, approximated", configuration: .init(scalingFactor: .one)) { @MainActor (benchmark, fixture: ApproximationFixture) async in
        let (down, up) = fixture.nextTap()
        let before = fixture.target.began
        benchmark.startMeasurement()
        fixture.scene.send(down)
        benchmark.stopMeasurement()
        fixture.scene.send(up)
        if fixture.target.began != before + 1 { benchmark.error("the touch-down did not reach the button beside it") }
    } setup: { @MainActor in
        ApproximationFixture()
    }
}

/// Two panels of three buttons each in an 800 × 600 scene with
/// approximation on, the root and the panels unable to process touches,
/// and a finger that taps below the first panel's last button once a
/// second, already through a few taps.
@MainActor
final class ApproximationFixture {
    /// A button that counts the touches that begin on it.
    final class Button: Layer {
        private(set) var began = 0
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { began += 1 }
    }

    let scene = Scene(size: Size(width: 800, height: 600))
    /// The button the taps land beside.
    let target: Button
    private let finger = PointerID(kind: .finger, device: 1, index: 0)
    /// Below the first panel, 15 points below its last button (window
    /// x 230 to 310, y 105 to 135); the middle one is 61.8 points away.
    private let location = Point(x: 270, y: 150)
    private var time = 0.0

    init() {
        scene.approximation = SelectionApproximation()
        var buttons: [Button] = []
        for (index, x) in [20.0, 420].enumerated() {
            let panel = Layer(frame: Rect(x: x, y: 100, width: 360, height: 40), name: "panel \(index)")
            for slot in 0..<3 {
                let button = Button(frame: Rect(x: 10 + Double(slot) * 100, y: 5, width: 80, height: 30), name: "button \(index).\(slot)")
                button.handlesTouches = true
                panel.addChild(button)
                buttons.append(button)
            }
            scene.root.addChild(panel)
        }
        target = buttons[2]
        for _ in 0..<20 {
            let (down, up) = nextTap()
            scene.send(down)
            scene.send(up)
        }
        precondition(target.began == 20, "warm-up: \(target.began) touches on the button beside the taps, not 20")
    }

    func nextTap() -> (down: InputEvent, up: InputEvent) {
        let down = InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: finger, location: location)))
        let up = InputEvent(timestamp: time + 0.05, .pointer(PointerEvent(.up, id: finger, location: location)))
        time += 1
        return (down, up)
    }
}
