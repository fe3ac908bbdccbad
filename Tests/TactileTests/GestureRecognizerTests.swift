import Testing
@testable import Tactile

/// The base class: its state machine, actions, switches and queries.
@MainActor
struct GestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let problems: DiagnosticsBox

    final class DiagnosticsBox {
        var all: [Diagnostic] = []
    }

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(view)
        let problems = DiagnosticsBox()
        self.problems = problems
        scene.diagnostics = { problems.all.append($0) }
    }

    // MARK: State machine

    @Test func theTransitionTableIsTheGuides() {
        typealias S = GestureRecognizer.State
        let legal: [(S, S)] = [
            (.possible, .began), (.possible, .ended), (.possible, .failed),
            (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
        ]
        for from in S.allCases {
            for to in S.allCases where !(from == .possible && to == .possible) {
                let allowed = legal.contains { $0 == (from, to) }
                #expect((from.illegality(of: to) == nil) == allowed, "\(from) → \(to)")
            }
        }
        #expect(S.recognized == .ended)
    }

    @Test func anIllegalTransitionIsRefusedAndReported() {
        let probe = Probe("p", log: log)
        probe.onBegan = { $0.state = .changed }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        #expect(probe.state == .possible)
        #expect(probe.lastRefusedTransition == "p: possible → changed refused: a continuous gesture must begin before it changes")
        #expect(problems.all.map(\.problem) == [.illegalTransition])
    }

    @Test func aDiscreteRecognizerFiresOnceAndIsReset() {
        let probe = Probe("p", log: log)
        probe.onEnded = { $0.state = .recognized }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .up, 10, 10))
        #expect(log.take() == [
            "p began 1", "view began 1",
            "p ended 1", "view cancelled 1", "p action ended", "p reset",
        ])
        #expect(probe.state == .possible)
    }

    @Test func aContinuousRecognizerFiresOnBeganEveryChangeAndEnd() {
        let probe = Probe("p", log: log)
        probe.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        probe.onEnded = { $0.state = .ended }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 20, 10))
        scene.send(finger(1, .move, 30, 10))
        scene.send(finger(1, .move, 40, 10))
        scene.send(finger(1, .up, 40, 10))
        #expect(log.take() == [
            "p began 1", "view began 1",
            "p moved 1", "view cancelled 1", "p action began",
            "p moved 1", "p action changed",
            "p moved 1", "p action changed",
            "p ended 1", "p action ended", "p reset",
        ])
    }

    @Test func aResetRecognizerSeesNoMoreOfTheTouchesThatAreDown() {
        let probe = Probe("p", log: log)
        probe.onBegan = { $0.state = .failed }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 20, 10))
        scene.send(finger(1, .up, 20, 10))
        #expect(log.take() == ["p began 1", "p reset", "view began 1", "view moved 1", "view ended 1"])
        // The next touch finds it ready again.
        scene.send(finger(2, .down, 10, 10))
        #expect(log.take() == ["p began 2", "p reset", "view began 2"])
    }

    @Test func aRecognizerOutsideAnySceneStillKeepsToTheStateMachine() {
        let probe = Probe("loose", log: log)
        probe.state = .began
        probe.state = .changed
        probe.state = .began
        probe.state = .ended
        #expect(log.take() == ["loose action began", "loose action changed", "loose action ended", "loose reset"])
        #expect(probe.lastRefusedTransition == "loose: changed → began refused: the gesture has already begun")
        #expect(probe.state == .possible)
    }

    // MARK: Actions

    @Test func severalActionsRunAndEachCanBeRemoved() {
        let probe = Probe("p", log: log)
        let second = probe.addAction { _ in self.log.append("second") }
        probe.addAction { _ in self.log.append("third") }
        probe.onEnded = { $0.state = .recognized }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .up, 10, 10))
        #expect(log.take().filter { !$0.hasPrefix("p ") && !$0.hasPrefix("view") } == ["second", "third"])
        probe.removeAction(second)
        scene.send(finger(2, .down, 10, 10, at: 1))
        scene.send(finger(2, .up, 10, 10, at: 1))
        #expect(log.take().filter { !$0.hasPrefix("p ") && !$0.hasPrefix("view") } == ["third"])
    }

    // MARK: Switches

    @Test func disablingMidGestureCancelsAGestureThatBegan() {
        let probe = Probe("p", log: log)
        probe.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 30, 10))
        _ = log.take()
        probe.isEnabled = false
        #expect(log.take() == ["p action cancelled", "p reset"])
        scene.send(finger(1, .move, 40, 10))
        scene.send(finger(1, .up, 40, 10))
        #expect(log.take().isEmpty)   // the layer's touch was taken; the recognizer is out
        scene.send(finger(2, .down, 10, 10))
        #expect(log.take() == ["view began 2"])
    }

    @Test func disablingBeforeRecognitionFailsItAndReleasesTheLayer() {
        let probe = Probe("p", log: log)
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        probe.isEnabled = false
        scene.send(finger(1, .up, 10, 10))
        #expect(log.take() == ["p began 1", "view began 1", "p reset", "view ended 1"])
    }

    @Test func onlyAllowedPointerKindsReachTheRecognizer() {
        let probe = Probe("p", log: log)
        probe.allowedPointerKinds = [.finger]
        view.addGestureRecognizer(probe)
        scene.send(mouse(.down, 10, 10))
        scene.send(mouse(.up, 10, 10))
        scene.send(finger(1, .down, 10, 10))
        #expect(log.take() == ["view began 0", "view ended 0", "p began 1", "view began 1"])
    }

    // MARK: Queries

    @Test func locationsAreTheCentroidAndEachTouch() throws {
        view.isMultipleTouchEnabled = true
        let probe = Probe("p", log: log)
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 20))
        scene.send(finger(2, .down, 30, 40))
        #expect(probe.numberOfTouches == 2)
        #expect(probe.location(in: nil) == Point(x: 20, y: 30))
        let child = Layer(frame: Rect(x: 5, y: 5, width: 50, height: 50))
        view.addChild(child)
        #expect(probe.location(in: child) == Point(x: 15, y: 25))
        #expect(probe.location(ofTouch: 1, in: nil) == Point(x: 30, y: 40))
        #expect(probe.location(ofTouch: 2, in: nil) == nil)
        scene.send(finger(1, .up, 10, 20))
        scene.send(finger(2, .up, 30, 40))
        #expect(probe.numberOfTouches == 0)
    }

    @Test func anIgnoredTouchGoesToTheLayerEvenWhenTheGestureIsRecognized() throws {
        view.isMultipleTouchEnabled = true
        let probe = Probe("p", log: log)
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(2, .down, 20, 10))
        let second = try #require(scene.event.allTouches.last)
        probe.ignore(second)
        probe.state = .began
        scene.send(finger(2, .move, 25, 10))
        scene.send(finger(2, .up, 25, 10))
        #expect(log.take() == [
            "p began 1", "view began 1", "p began 2", "view began 2",
            "view cancelled 1", "p action began",
            "view moved 2", "view ended 2",
        ])
    }

    // MARK: Deadlines

    @Test func deadlinesFireOnTheScenesClockBeforeLaterEvents() {
        let probe = Probe("p", log: log)
        probe.onBegan = { $0.setDeadline(after: 0.5) }
        probe.onDeadline = { $0.state = .began }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10, at: 1))
        scene.advanceTime(to: 1.4)
        #expect(probe.state == .possible)
        // The move comes at 1.6: the deadline at 1.5 is handled first.
        scene.send(finger(1, .move, 12, 10, at: 1.6))
        #expect(log.take() == ["p began 1", "view began 1", "p deadline", "view cancelled 1", "p action began", "p moved 1"])
        #expect(probe.currentTime == 1.6)
    }

    @Test func aCancelledDeadlineNeverFires() {
        let probe = Probe("p", log: log)
        probe.onBegan = { $0.setDeadline(after: 0.5) }
        probe.onMoved = { $0.cancelDeadline() }
        view.addGestureRecognizer(probe)
        scene.send(finger(1, .down, 10, 10, at: 0))
        scene.send(finger(1, .move, 11, 10, at: 0.1))
        scene.advanceTime(to: 5)
        #expect(!log.take().contains("p deadline"))
    }
}
