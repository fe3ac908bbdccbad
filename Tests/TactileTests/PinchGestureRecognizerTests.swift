import Testing
@testable import Tactile

/// The pinch: its scale and velocity, the slop, touches at one point, and
/// touches joining and leaving.
@MainActor
struct PinchGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let pinch = PinchGestureRecognizer()

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        view.addGestureRecognizer(pinch)
        pinch.addAction { [log] recognizer in
            let pinch = recognizer
            log.append("pinch \(pinch.state.rawValue) \(rounded(pinch.scale))")
        }
    }

    var pinches: [String] { log.lines.filter { $0.hasPrefix("pinch") } }

    // MARK: Recognition with the defaults

    /// Two fingers 100 points apart spread to 200: the scale is the ratio
    /// to the spread when they landed, not a step since the last action.
    @Test func spreadingDoublesTheScale() {
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 210, 150, at: 0.02))     // span 110: within the slop
        scene.send(finger(2, .move, 220, 150, at: 0.03))     // 120: past it
        scene.send(finger(1, .move, 50, 150, at: 0.04))
        scene.send(finger(2, .move, 250, 150, at: 0.05))
        scene.send(finger(1, .up, 50, 150, at: 0.06))        // one finger cannot pinch: it ends
        scene.send(finger(2, .up, 250, 150, at: 0.07))
        #expect(log.take() == [
            "view began 1", "view began 2", "view moved 2",
            "view cancelled 1,2", "pinch began 1.2",
            "pinch changed 1.7",
            "pinch changed 2.0",
            "pinch ended 2.0",
        ])
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    @Test func closingHalvesIt() {
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 300, 150, at: 0.01))
        scene.send(finger(1, .move, 150, 150, at: 0.02))
        scene.send(finger(2, .move, 250, 150, at: 0.03))
        scene.send(finger(2, .up, 250, 150, at: 0.04))
        #expect(pinches == ["pinch began 0.75", "pinch changed 0.5", "pinch ended 0.5"])
    }

    @Test func liftingBeforeItBeginsFailsIt() {
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 210, 150, at: 0.02))
        scene.send(finger(2, .up, 210, 150, at: 0.03))
        scene.send(finger(1, .up, 100, 150, at: 0.04))
        #expect(pinches.isEmpty)
        // The second finger's lift waited for the pinch to decide; it reaches
        // the layer with the first's, in one call, when the pinch fails.
        #expect(log.take() == ["view began 1", "view began 2", "view moved 2", "view ended 2,1"])
    }

    // MARK: Settings

    @Test func aSmallerSlopBeginsSooner() {
        pinch.slop = GestureSlop(touch: 5, precisePointer: 1)
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 210, 150, at: 0.02))
        #expect(pinches == ["pinch began 1.1"])
    }

    // MARK: Velocity

    /// One finger moving away at 90 points a second from another 100
    /// points off: the scale grows by 0.9 a second, within 0.5%.
    @Test(arguments: Sampling.all)
    func theVelocityIsScalePerSecond(sampling: Sampling) {
        var velocities: [Double] = []
        pinch.addAction { recognizer in velocities.append(recognizer.velocity) }
        scene.send(finger(1, .down, 100, 150, at: 0))
        let times = sampling.times(from: 0.01, for: 0.4)
        for (step, time) in times.enumerated() {
            scene.send(finger(2, step == 0 ? .down : .move, 200 + 90 * (time - times[0]), 150, at: time))
        }
        #expect(velocities.count > 3)
        #expect(isClose(velocities.last!, to: 0.9, within: 0.005), "\(velocities)")
        // It stays the same after the scale is reset to 1 in an action.
        pinch.scale = 1
        #expect(isClose(pinch.velocity, to: 0.9 / (1 + 0.9 * (times.last! - times[0])), within: 0.005))
    }

    // MARK: Bad input

    /// Two touches at the same point have no spread: the pinch waits until
    /// they are 18 points apart and measures from there; closing them to a
    /// point again is scale 0, with no division by zero anywhere.
    @Test func touchesAtOnePointNeverDivideByZero() {
        var seen: [(Double, Double)] = []
        pinch.addAction { recognizer in
            let pinch = recognizer
            seen.append((pinch.scale, pinch.velocity))
        }
        scene.send(finger(1, .down, 150, 150, at: 0))
        scene.send(finger(2, .down, 150, 150, at: 0.01))
        scene.send(finger(2, .move, 160, 150, at: 0.02))     // 10 apart: too close to measure from
        scene.send(finger(2, .move, 170, 150, at: 0.03))     // 20: the reference
        scene.send(finger(2, .move, 190, 150, at: 0.04))     // 40: twice it, past the slop
        scene.send(finger(2, .move, 150, 150, at: 0.05))     // a point again
        scene.send(finger(2, .move, 150, 150, at: 0.05))     // and no time passing
        scene.send(finger(2, .up, 150, 150, at: 0.05))
        #expect(pinches == ["pinch began 2.0", "pinch changed 0.0", "pinch changed 0.0", "pinch ended 0.0"])
        #expect(seen.allSatisfy { $0.0.isFinite && $0.1.isFinite })
    }

    // MARK: Touches joining and leaving

    /// A third finger landing, moving and lifting: the scale carries on from
    /// where it was, measured on the new spread.
    @Test func aThirdTouchKeepsTheScaleContinuous() {
        var scales: [Double] = []
        pinch.addAction { recognizer in scales.append(recognizer.scale) }
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 250, 150, at: 0.02))     // 1.5
        scene.send(finger(3, .down, 175, 299, at: 0.03))     // a new spread, the same scale
        scene.send(finger(3, .move, 175, 200, at: 0.04))     // closer in: smaller
        scene.send(finger(3, .up, 175, 200, at: 0.05))       // two again, the same scale
        scene.send(finger(2, .move, 300, 150, at: 0.06))     // 150 apart to 200
        scene.send(finger(2, .up, 300, 150, at: 0.07))
        #expect(pinches.map { $0.split(separator: " ")[1] } == ["began", "changed", "changed", "ended"])
        #expect(scales.count == 4)
        #expect(scales[0] == 1.5)
        #expect(scales[1] < 1.5 && scales[1] > 0.9)
        #expect(isClose(scales[2], to: scales[1] * 200 / 150, within: 1e-12))
        #expect(scales[3] == scales[2])
    }

    /// The mouse's Alt-drag pair: two simulated contacts mirrored about the
    /// window's centre, fed here straight from the simulator.
    @Test func theMousesMirroredPairPinches() {
        var simulator = MouseTouchSimulator()
        var events: [InputEvent] = []
        let window = scene.size
        simulator.press(at: Point(x: 150, y: 150), modifiers: .leftAlt, mouse: 0, windowSize: window, timestamp: 0, into: &events)
        simulator.move(to: Point(x: 125, y: 150), windowSize: window, timestamp: 0.02, into: &events)
        simulator.move(to: Point(x: 100, y: 150), windowSize: window, timestamp: 0.04, into: &events)
        simulator.release(at: Point(x: 100, y: 150), windowSize: window, timestamp: 0.06, into: &events)
        for event in events { scene.send(event) }
        // Each move is two sub-events, one per contact: half the spread, then all of it.
        #expect(pinches == [
            "pinch began 1.25", "pinch changed 1.5",
            "pinch changed 1.75", "pinch changed 2.0",
            "pinch ended 2.0",
        ])
    }

    /// On a layer that admits one touch at a time, the second finger
    /// reaches no recognizer: there is nothing to pinch.
    @Test func aLayerWithoutMultipleTouchAdmitsOneFinger() {
        view.isMultipleTouchEnabled = false
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 300, 150, at: 0.02))
        #expect(pinch.numberOfTouches == 1)
        #expect(pinches.isEmpty)
    }
}
