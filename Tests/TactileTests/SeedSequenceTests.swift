import Testing
@testable import Tactile

/// The message sequences the seeds write out, reproduced exactly: what the
/// layer receives while recognizers decide (seed 002, "Regulating the
/// Delivery of Touches to Views"), and the patent's worked examples (seed 000).
@MainActor
struct SeedSequenceTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
    }

    /// A hypothetical discrete gesture of two fingers (the guide's
    /// walkthrough): it decides when the second finger lifts.
    func twoFingerGesture(recognizes: Bool) -> Probe {
        let probe = Probe("gesture", log: log)
        probe.onEnded = { probe in
            if probe.numberOfTouches == 0 { probe.state = recognizes ? .recognized : .failed }
        }
        view.addGestureRecognizer(probe)
        return probe
    }

    func twoFingers() {
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(2, .down, 50, 10))
        scene.send(finger(1, .move, 12, 10))
        scene.send(finger(2, .move, 52, 10))
        scene.send(finger(1, .up, 12, 10))
        scene.send(finger(2, .up, 52, 10))
    }

    /// Steps 1–4: began and moved reach the view; the first ended is
    /// withheld; on recognition the view's touches are cancelled, just
    /// before the action, and the ended ones are cancelled too.
    @Test func theTwoFingerDiscreteWalkthroughRecognized() {
        _ = twoFingerGesture(recognizes: true)
        twoFingers()
        #expect(log.take().filter { $0.hasPrefix("view") || $0.contains("action") } == [
            "view began 1", "view began 2", "view moved 1", "view moved 2",
            "view cancelled 1,2", "gesture action ended",
        ])
    }

    /// "The window then sends the two touch objects in the Ended phase to
    /// the attached view in a touchesEnded message."
    @Test func theTwoFingerDiscreteWalkthroughFailed() {
        _ = twoFingerGesture(recognizes: false)
        twoFingers()
        #expect(log.take().filter { $0.hasPrefix("view") } == [
            "view began 1", "view began 2", "view moved 1", "view moved 2", "view ended 1,2",
        ])
    }

    /// A continuous gesture recognizes before the touches end: from then on
    /// the touches go to the recognizer and not to the view.
    @Test func theContinuousVariant() {
        let probe = Probe("gesture", log: log)
        probe.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        probe.onEnded = { if $0.numberOfTouches == 0 { $0.state = .ended } }
        view.addGestureRecognizer(probe)
        twoFingers()
        #expect(log.take() == [
            "gesture began 1", "view began 1", "gesture began 2", "view began 2",
            "gesture moved 1", "view cancelled 1,2", "gesture action began",
            "gesture moved 2", "gesture action changed",
            "gesture ended 1", "gesture ended 2", "gesture action ended", "gesture reset",
        ])
    }

    /// The guide's double-tap example, with delaysTouchesEnded on:
    /// "touchesBegan, touchesBegan, touchesCancelled, touchesCancelled".
    @Test func theDoubleTapWithDelaysTouchesEnded() {
        view.addGestureRecognizer(TestTap("double", taps: 2, log: log))
        doubleTap()
        #expect(log.take().filter { $0.hasPrefix("view") } == [
            "view began 1", "view began 2", "view cancelled 1", "view cancelled 2",
        ])
    }

    /// And with it off: "touchesBegan, touchesEnded, touchesBegan, touchesCancelled".
    @Test func theDoubleTapWithoutDelaysTouchesEnded() {
        let double = TestTap("double", taps: 2, log: log)
        double.delaysTouchesEnded = false
        view.addGestureRecognizer(double)
        doubleTap()
        #expect(log.take().filter { $0.hasPrefix("view") } == [
            "view began 1", "view ended 1", "view began 2", "view cancelled 2",
        ])
    }

    func doubleTap() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        scene.send(finger(2, .down, 102, 100, at: 0.2))
        scene.send(finger(2, .up, 102, 100, at: 0.3))
    }

    @Test func cancelsTouchesInViewOffLeavesTheViewsTouchesValid() {
        let double = TestTap("double", taps: 2, log: log)
        double.cancelsTouchesInView = false
        view.addGestureRecognizer(double)
        doubleTap()
        #expect(log.take().filter { $0.hasPrefix("view") } == [
            "view began 1", "view began 2", "view ended 1", "view ended 2",
        ])
    }

    @Test func delaysTouchesBeganKeepsARecognizedGesturesTouchesFromTheViewEntirely() {
        let scroll = TestScroll("scroll", log: log)
        scroll.delaysTouchesBegan = true
        view.addGestureRecognizer(scroll)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 40, 10))
        scene.send(finger(1, .up, 40, 10))
        #expect(log.take().filter { $0.hasPrefix("view") }.isEmpty)
    }

    // MARK: The patent's worked examples

    /// Tap versus scroll, on a tap: both possible after finger down and the
    /// delay; on liftoff the scroll is impossible and the tap recognized.
    @Test func tapVersusScrollWhenItIsATap() {
        view.addGestureRecognizer(TestScroll("scroll", log: log))
        view.addGestureRecognizer(TestTap("tap", log: log))
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.05)                       // "measure delay"
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires"])
    }

    /// Tap versus scroll, on a scroll: the movement makes the tap impossible
    /// and keeps the scroll possible, then recognized; liftoff ends it.
    @Test func tapVersusScrollWhenItIsAScroll() {
        view.addGestureRecognizer(TestScroll("scroll", log: log))
        view.addGestureRecognizer(TestTap("tap", log: log))
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.05)
        scene.send(finger(1, .move, 100, 130, at: 0.1))
        scene.send(finger(1, .move, 100, 160, at: 0.15))
        scene.send(finger(1, .up, 100, 160, at: 0.2))
        #expect(log.take() == ["view began 1", "view cancelled 1", "scroll began", "scroll changed", "scroll ended"])
    }

    /// Tap versus double tap, stackable by default (the guide's note): a
    /// double tap fires the single tap's action, then the double tap's.
    @Test func tapAndDoubleTapStackByDefault() {
        view.addGestureRecognizer(TestTap("single", log: log))
        view.addGestureRecognizer(TestTap("double", taps: 2, log: log))
        doubleTap()
        #expect(log.take().filter { $0.contains("fires") } == ["single fires", "double fires"])
        // A lone tap fires the single tap; the double tap fails when its
        // window for a second tap closes.
        scene.send(finger(3, .down, 100, 100, at: 2))
        scene.send(finger(3, .up, 100, 100, at: 2.1))
        scene.advanceTime(to: 3)
        #expect(log.take().filter { $0.contains("fires") } == ["single fires"])
    }

    /// With require-to-fail, the single tap fires only after the double tap
    /// has failed, and not at all on a double tap.
    @Test func tapRequiringTheDoubleTapToFail() throws {
        let single = TestTap("single", log: log)
        let double = TestTap("double", taps: 2, log: log)
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        doubleTap()
        #expect(log.take().filter { $0.contains("fires") } == ["double fires"])

        scene.send(finger(3, .down, 100, 100, at: 2))
        scene.send(finger(3, .up, 100, 100, at: 2.1))
        scene.advanceTime(to: 2.3)
        #expect(log.lines.filter { $0.contains("fires") }.isEmpty)   // the double tap's window is still open
        scene.advanceTime(to: 2.41)
        #expect(log.take().filter { $0.contains("fires") } == ["single fires"])
        #expect(single.state == .possible && double.state == .possible)
    }

    /// The patent's exclusivity flag with an exception list: the exclusive
    /// single tap recognizes on the first liftoff, yet sub-events keep
    /// reaching the double tap on its exception list, which recognizes too.
    @Test func theExclusiveTapWithTheDoubleTapAsItsException() {
        let single = Probe("single", log: log)
        let double = Probe("double", log: log)
        var taps = 0
        single.onEnded = { $0.state = .recognized }
        double.onEnded = { probe in
            taps += 1
            if taps == 2 { probe.state = .recognized } else { probe.setDeadline(after: 0.3) }
        }
        single.isExclusive = true
        single.addExclusivityException(double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        doubleTap()
        // On the second liftoff the double tap, added later, decides first
        // and, being exclusive too, stops the single tap's second attempt.
        let actions = log.take().filter { $0.contains("action") }
        #expect(actions == ["single action ended", "double action ended"])
    }

    /// Without the exception, the exclusive single tap's recognition stops the double tap.
    @Test func withoutTheExceptionTheSingleTapStopsTheDoubleTap() {
        let single = Probe("single", log: log)
        let double = Probe("double", log: log)
        single.onEnded = { $0.state = .recognized }
        double.onEnded = { $0.setDeadline(after: 0.3) }
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(single)
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .up, 100, 100, at: 0.1))
        #expect(log.take().contains("double reset"))
    }

    /// The vertical swipe with the delay-touch-began and touch-cancellation
    /// flags: each row is a sub-event, the recognizer's state after it, and
    /// the view's input-sequence state (begin, continues, ended, cancelled).
    @Test func theVerticalSwipeProducesThePatentsTable() {
        final class VerticalSwipe: GestureRecognizer {
            var decided: State?
            private var start = Point.zero
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
                start = touches[0].location
                setDeadline(after: 0.05)   // the optional short delay
            }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                let location = touches[0].location
                if abs(location.x - start.x) > abs(location.y - start.y) {
                    decided = .failed       // horizontal: not a vertical swipe
                    state = .failed
                } else if location.y - start.y >= 50 {
                    decided = .recognized
                    state = .recognized
                }
            }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
                decided = .failed
                state = .failed
            }
        }
        let swipe = VerticalSwipe()
        swipe.delaysTouchesBegan = true
        swipe.cancelsTouchesAfterFailure = true
        view.addGestureRecognizer(swipe)

        var table: [String] = []
        func row(_ subEvent: String) {
            let recognizer = swipe.decided.map { $0 == .failed ? "impossible" : "recognized" } ?? "possible"
            let lines = log.lines.filter { $0.hasPrefix("view") }
            let viewState = lines.last.map { line -> String in
                if line.contains("began") || line.contains("moved") { return "continues" }
                return line.contains("cancelled") ? "cancelled" : "ended"
            } ?? "begin"
            table.append("\(subEvent): \(recognizer) / \(viewState)")
        }
        scene.send(finger(1, .down, 100, 100, at: 0))
        row("finger down")
        scene.advanceTime(to: 0.05)
        row("measure delay")
        scene.send(finger(1, .move, 140, 105, at: 0.1))
        row("horizontal movement")
        scene.send(finger(1, .up, 140, 105, at: 0.15))
        row("finger liftoff")
        #expect(table == [
            "finger down: possible / begin",
            "measure delay: possible / begin",
            "horizontal movement: impossible / continues",
            "finger liftoff: impossible / cancelled",
        ])
        #expect(log.take() == ["view began 1", "view moved 1", "view cancelled 1"])
    }
}
