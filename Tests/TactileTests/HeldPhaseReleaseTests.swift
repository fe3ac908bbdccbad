import Testing
@testable import Tactile

/// When a phase the layer gate holds back goes on: as soon as nothing
/// delays it any more, whatever stopped the delay. The gate asks again only
/// when something a delay depends on has changed (`LayerGate.delayVersion`),
/// so each way a recognizer can stop delaying is checked here.
@MainActor
struct HeldPhaseReleaseTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
    }

    /// A recognizer that stays possible while its touches are down (and so
    /// holds their ends, `delaysTouchesEnded` being on by default), and
    /// fails once the last lifts.
    func holder() -> Probe {
        let probe = Probe("holder", log: log)
        probe.onEnded = { probe in
            if probe.numberOfTouches == 0 { probe.state = .failed }
        }
        view.addGestureRecognizer(probe)
        return probe
    }

    /// Two fingers down, the first lifted: its end is held.
    func firstOfTwoLifted() {
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(2, .down, 50, 10))
        scene.send(finger(1, .up, 10, 10))
        #expect(viewLog() == ["view began 1", "view began 2"])
    }

    func viewLog() -> [String] {
        log.take().filter { $0.hasPrefix("view") }
    }

    @Test func tenEndsHeldUntilTheLastLiftGoTogetherInOneCall() {
        _ = holder()
        for index in 1...10 { scene.send(finger(Int64(index), .down, Double(index) * 30, 10)) }
        _ = viewLog()
        for index in 1...9 {
            scene.send(finger(Int64(index), .up, Double(index) * 30, 10))
            #expect(viewLog() == [], "lift \(index)")
        }
        scene.send(finger(10, .up, 300, 10))
        #expect(viewLog() == ["view ended 1,2,3,4,5,6,7,8,9,10"])
    }

    @Test func aHeldEndGoesOnAtTheNextSubEventOnceItsDelayIsTurnedOff() {
        let probe = holder()
        firstOfTwoLifted()
        probe.delaysTouchesEnded = false
        scene.send(finger(2, .move, 52, 10))
        #expect(viewLog() == ["view ended 1", "view moved 2"])
    }

    @Test func aHeldEndGoesOnWhenItsRecognizerIsDisabled() {
        let probe = holder()
        firstOfTwoLifted()
        probe.isEnabled = false
        #expect(viewLog() == ["view ended 1"])
        scene.send(finger(2, .up, 50, 10))
        #expect(viewLog() == ["view ended 2"])
    }

    @Test func aHeldEndGoesOnWhenItsRecognizerIgnoresTheTouch() {
        let probe = holder()
        firstOfTwoLifted()
        let first = scene.event.allTouches.first { $0.pointer.index == 1 }!
        probe.ignore(first)
        #expect(viewLog() == ["view ended 1"])
    }

    @Test func aHeldEndGoesOnWhenAnotherRecognizerOfTheTouchIsTheOnlyOneLeftDelaying() {
        // Two delaying recognizers: the end waits for both, and goes when
        // the second stops delaying, not the first.
        let first = holder()
        let second = Probe("second", log: log)
        view.addGestureRecognizer(second)
        firstOfTwoLifted()
        first.delaysTouchesEnded = false
        scene.send(finger(2, .move, 52, 10))
        #expect(viewLog() == ["view moved 2"])
        second.isEnabled = false
        #expect(viewLog() == ["view ended 1"])
    }

    @Test func aHeldBeganGoesOnWhenTheRecognizerThatDelaysItFails() {
        let probe = Probe("delayer", log: log)
        probe.delaysTouchesBegan = true
        probe.onMoved = { probe in probe.state = .failed }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        #expect(viewLog() == [])
        scene.send(finger(1, .move, 40, 10))
        #expect(viewLog() == ["view began 1", "view moved 1"])
    }
}
