import Testing
@testable import Tactile

/// Attaching, delivery to the actively involved layers, and the arena's
/// conflict rules, each with recognizers whose decisions the test makes.
@MainActor
struct GestureArenaTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    /// container (whole window) ⊃ panel (left half) ⊃ button (top-left corner)
    let container: RecordingLayer
    let panel: RecordingLayer
    let button: RecordingLayer

    init() {
        container = RecordingLayer("container", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        panel = RecordingLayer("panel", frame: Rect(x: 0, y: 0, width: 200, height: 300), log: log)
        button = RecordingLayer("button", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        scene.root.addChild(container)
        container.addChild(panel)
        panel.addChild(button)
    }

    func probe(_ name: String, on layer: Layer) -> Probe {
        let probe = Probe(name, log: log)
        layer.addGestureRecognizer(probe)
        return probe
    }

    // MARK: Attaching and delivery

    @Test func recognizersOfTheHitLayerAndItsAncestorsSeeEachSubEventFirstInOrder() {
        let outer = probe("outer", on: container)
        _ = probe("inner", on: panel)
        _ = probe("innerLater", on: panel)
        #expect(panel.gestureRecognizers.map(\.name) == ["inner", "innerLater"])
        #expect(outer.layer === container)
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .move, 110, 100))
        // Deepest layer first, most recently added first; all of them get
        // sub-event N before any gets N + 1, and the layer gets it last.
        #expect(log.take() == [
            "innerLater began 1", "inner began 1", "outer began 1", "panel began 1",
            "innerLater moved 1", "inner moved 1", "outer moved 1", "panel moved 1",
        ])
    }

    @Test func aRecognizerOnACommonAncestorSeesTouchesBoundToDifferentChildren() {
        let left = RecordingLayer("left", frame: Rect(x: 0, y: 0, width: 200, height: 300), log: log)
        let right = RecordingLayer("right", frame: Rect(x: 200, y: 0, width: 200, height: 300), log: log)
        let pinchArea = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.addChild(pinchArea)
        pinchArea.addChild(left)
        pinchArea.addChild(right)
        let pinch = probe("pinch", on: pinchArea)
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(2, .down, 300, 100))
        #expect(pinch.numberOfTouches == 2)
        #expect(log.take() == ["pinch began 1", "left began 1", "pinch began 2", "right began 2"])
    }

    @Test func removingARecognizerDetachesIt() {
        let tap = probe("tap", on: panel)
        panel.removeGestureRecognizer(tap)
        #expect(panel.gestureRecognizers.isEmpty && tap.layer == nil)
        scene.send(finger(1, .down, 100, 100))
        #expect(log.take() == ["panel began 1"])
    }

    @Test func aRecognizerAddedMidSequenceJoinsTheNextSequence() {
        panel.isMultipleTouchEnabled = true
        scene.send(finger(1, .down, 100, 100))
        let late = probe("late", on: panel)
        scene.send(finger(1, .move, 110, 100))
        scene.send(finger(2, .down, 120, 100))   // same sequence: finger 1 is still down
        scene.send(finger(1, .up, 110, 100))
        scene.send(finger(2, .up, 120, 100))
        #expect(!log.lines.contains { $0.hasPrefix("late") })
        _ = log.take()
        scene.send(finger(3, .down, 100, 100))
        #expect(log.take() == ["late began 3", "panel began 3"])
        #expect(late.numberOfTouches == 1)
    }

    // MARK: Delivery properties (seed 000)

    @Test(arguments: [
        (RecognizerDelivery.normal, ["b began 1", "p began 1", "c began 1"]),
        (.skip, ["b began 1", "c began 1"]),                  // the panel's own recognizers only
        (.skipUnlessHitLayer, ["b began 1", "c began 1"]),    // the panel is not the hit layer
        (.stop, ["b began 1"]),                               // the panel's and its ancestors'
    ])
    func deliveryPropertiesOfAnActivelyInvolvedLayer(delivery: RecognizerDelivery, expected: [String]) {
        _ = probe("c", on: container)
        _ = probe("p", on: panel)
        _ = probe("b", on: button)
        panel.recognizerDelivery = delivery
        scene.send(finger(1, .down, 10, 10))    // hits the button
        #expect(log.take().filter { !$0.hasPrefix("button") } == expected)
    }

    @Test func skipUnlessHitLayerStillDeliversWhenTheLayerIsHit() {
        _ = probe("p", on: panel)
        panel.recognizerDelivery = .skipUnlessHitLayer
        scene.send(finger(1, .down, 100, 100))   // hits the panel itself
        #expect(log.take() == ["p began 1", "panel began 1"])
    }

    // MARK: Conflicts

    @Test func theFirstToRecognizeWinsAndTheOthersFailOrAreCancelled() {
        let first = probe("first", on: panel)
        let second = probe("second", on: container)
        first.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .move, 120, 100))
        #expect(log.take() == [
            "first began 1", "second began 1", "panel began 1",
            "first moved 1", "panel cancelled 1", "second reset", "first action began",
        ])
        #expect(second.state == .possible)
    }

    @Test func aGestureUnderWayIsCancelledWhenAnotherIsAllowedToWin() {
        let scroll = probe("scroll", on: container)
        let drag = probe("drag", on: panel)
        scroll.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        // The drag, on a deeper layer, recognizes on the same sub-event but
        // after the scroll began; nothing lets them coexist, so only the
        // first stays.
        scroll.isExclusive = false
        drag.isExclusive = false
        drag.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .move, 120, 100))
        #expect(drag.state == .began && scroll.state == .began)   // two non-exclusive recognizers never stop each other
    }

    @Test func aTouchJoiningAGestureUnderWayGoesToItNotToTheLayer() {
        panel.isMultipleTouchEnabled = true
        let pan = probe("pan", on: panel)
        pan.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .move, 120, 100))
        _ = log.take()
        scene.send(finger(2, .down, 150, 100))
        scene.send(finger(2, .move, 160, 100))
        scene.send(finger(2, .up, 160, 100))
        #expect(log.take() == ["pan began 2", "pan moved 2", "pan action changed", "pan ended 2"])
    }

    @Test func aTieGoesToTheDeepestLayer() {
        let deep = probe("deep", on: button)
        let shallow = probe("shallow", on: panel)
        for recognizer in [deep, shallow] { recognizer.onEnded = { $0.state = .recognized } }
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .up, 10, 10))
        let lines = log.take()
        #expect(lines.contains("deep action ended") && !lines.contains("shallow action ended"))
    }

    @Test func aTieOnOneLayerGoesToTheMostRecentlyAdded() {
        let older = probe("older", on: panel)
        let newer = probe("newer", on: panel)
        for recognizer in [older, newer] { recognizer.onEnded = { $0.state = .recognized } }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        let lines = log.take()
        #expect(lines.contains("newer action ended") && !lines.contains("older action ended"))
    }

    @Test func requireToFailWaitsInPossibleUntilTheOtherFails() throws {
        let single = probe("single", on: panel)
        let double = probe("double", on: panel)
        single.require(toFail: double)
        single.onEnded = { $0.state = .recognized }
        // Like a double tap, it waits a while for a second tap.
        double.onEnded = { $0.setDeadline(after: 0.3) }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        #expect(single.state == .possible)
        #expect(!log.lines.contains("single action ended"))
        double.state = .failed
        // The failure releases the waiter at once; the failed one is reset after.
        #expect(log.take().suffix(4) == ["panel cancelled 1", "single action ended", "single reset", "double reset"])
    }

    @Test func requireToFailFailsWhenTheOtherRecognizes() throws {
        let single = probe("single", on: panel)
        let double = probe("double", on: panel)
        single.require(toFail: double)
        single.onEnded = { $0.state = .recognized }
        double.onEnded = { $0.setDeadline(after: 0.3) }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        double.state = .recognized
        let lines = log.take()
        #expect(lines.contains("double action ended") && !lines.contains("single action ended"))
        #expect(single.state == .possible && double.state == .possible)
    }

    @Test func failureRequirementsChain() throws {
        let a = probe("a", on: panel), b = probe("b", on: panel), c = probe("c", on: panel)
        a.require(toFail: b)
        b.require(toFail: c)
        a.onBegan = { $0.state = .recognized }
        b.onBegan = { $0.state = .recognized }
        scene.send(finger(1, .down, 100, 100))
        #expect(a.state == .possible && b.state == .possible)
        c.state = .failed      // b may go, and its recognizing fails a
        let lines = log.take()
        #expect(lines.contains("b action ended") && !lines.contains("a action ended"))
    }

    @Test func aRequirementCycleIsRefusedAndReportedWithAClearMessage() {
        var reported: [Diagnostic] = []
        scene.diagnostics = { reported.append($0) }
        let a = probe("a", on: panel), b = probe("b", on: panel), c = probe("c", on: panel)
        #expect(a.require(toFail: b) == nil)
        #expect(b.require(toFail: c) == nil)
        let cycle = c.require(toFail: a)
        #expect(cycle?.description == "require(toFail:) would make a cycle: c waits for a waits for b waits for c; each would wait for ever")
        #expect(a.require(toFail: a)?.names == ["a", "a"])
        #expect(reported.map(\.problem) == [.requirementCycle, .requirementCycle])
        #expect(reported.first?.detail == "\(cycle!); not added")
        // The refused requirement was not added: c recognizes without waiting for a.
        c.onBegan = { $0.state = .recognized }
        scene.send(finger(1, .down, 100, 100))
        #expect(log.take().contains("c action ended"))
    }

    // MARK: The delegate

    final class Delegate: GestureRecognizerDelegate {
        var shouldBegin = true
        var receive: (Touch) -> Bool = { _ in true }
        var simultaneous = false
        var requireFailureOf: GestureRecognizer?
        var requiredToFailBy: GestureRecognizer?

        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive(touch) }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { simultaneous }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { other === requireFailureOf }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { other === requiredToFailBy }
    }

    @Test func theDelegateCanStopARecognizerFromBeginning() {
        let delegate = Delegate()
        delegate.shouldBegin = false
        let tap = probe("tap", on: panel)
        tap.delegate = delegate
        tap.onEnded = { $0.state = .recognized }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        #expect(log.take() == ["tap began 1", "panel began 1", "tap ended 1", "tap reset", "panel ended 1"])
    }

    @Test func theDelegateChoosesTheTouchesARecognizerSees() {
        let delegate = Delegate()
        delegate.receive = { $0.pointer.index != 2 }
        let tap = probe("tap", on: panel)
        tap.delegate = delegate
        scene.send(finger(2, .down, 100, 100))
        scene.send(finger(2, .up, 100, 100))
        scene.send(finger(3, .down, 100, 100))
        #expect(log.take() == ["panel began 2", "panel ended 2", "tap began 3", "panel began 3"])
    }

    @Test(arguments: [true, false])
    func eitherSidesDelegateCanAllowSimultaneousRecognition(onFirst: Bool) {
        let delegate = Delegate()
        delegate.simultaneous = true
        let pinch = probe("pinch", on: panel)
        let rotate = probe("rotate", on: panel)
        (onFirst ? pinch : rotate).delegate = delegate
        for recognizer in [pinch, rotate] {
            recognizer.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .move, 120, 100))
        #expect(pinch.state == .began && rotate.state == .began)
    }

    @Test func theDelegateCanRequireFailureEitherWay() {
        let first = Delegate(), second = Delegate()
        let a = probe("a", on: panel), b = probe("b", on: panel), c = probe("c", on: panel)
        first.requireFailureOf = b
        a.delegate = first           // a waits for b
        second.requiredToFailBy = c
        b.delegate = second          // c waits for b
        a.onEnded = { $0.state = .recognized }
        c.onEnded = { $0.state = .recognized }
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        #expect(a.state == .possible && c.state == .possible)
        b.state = .failed
        // Released together: c, added last, recognizes first and prevents a.
        let lines = log.take()
        #expect(lines.contains("c action ended"))
        #expect(!lines.contains("a action ended"))
    }

    // MARK: Subclass hooks and the exclusivity flag

    final class Gentle: GestureRecognizer {
        override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    }

    final class Stubborn: GestureRecognizer {
        override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }

    @Test func subclassesCanDeclineToPreventOrToBePrevented() {
        let gentle = Gentle(), other = Probe("other", log: log)
        panel.addGestureRecognizer(other)
        panel.addGestureRecognizer(gentle)
        scene.send(finger(1, .down, 100, 100))
        gentle.state = .began
        #expect(other.state == .possible)        // not prevented

        let stubborn = Stubborn(), winner = Probe("winner", log: log)
        button.addGestureRecognizer(stubborn)
        button.addGestureRecognizer(winner)
        scene.send(finger(2, .down, 10, 10))
        winner.state = .began
        #expect(stubborn.state == .possible)
    }

    @Test func anExclusiveRecognizerLetsItsExceptionsGoOn() {
        let winner = probe("winner", on: panel)
        let excepted = probe("excepted", on: panel)
        let stopped = probe("stopped", on: panel)
        winner.addExclusivityException(excepted)
        scene.send(finger(1, .down, 100, 100))
        winner.state = .began
        #expect(excepted.state == .possible && stopped.state == .possible)
        #expect(log.take().contains("stopped reset"))
    }

    @Test func aNonExclusiveRecognizerStopsOnlyExclusiveOnes() {
        let winner = probe("winner", on: panel)
        let relaxed = probe("relaxed", on: panel)
        _ = probe("strict", on: panel)
        winner.isExclusive = false
        relaxed.isExclusive = false
        scene.send(finger(1, .down, 100, 100))
        winner.state = .began
        let lines = log.take()
        #expect(lines.contains("strict reset") && !lines.contains("relaxed reset"))
    }
}

/// The arena's decision log and the event's per-recognizer touches.
@MainActor
struct GestureArenaLogTests {
    @Test func theArenaLogsEachDecisionOnALine() throws {
        let log = EventLog()
        let scene = Scene(size: Size(width: 100, height: 100))
        var lines: [String] = []
        scene.arenaLog = { lines.append($0) }
        let single = Probe("single", log: log), double = Probe("double", log: log)
        single.require(toFail: double)
        scene.root.addGestureRecognizer(single)
        scene.root.addGestureRecognizer(double)
        single.onEnded = { $0.state = .recognized }
        double.onEnded = { $0.setDeadline(after: 0.3) }
        scene.send(finger(1, .down, 10, 10, at: 0))
        #expect(scene.event.touches(for: single).count == 1)
        scene.send(finger(1, .up, 10, 10, at: 0.1))
        scene.advanceTime(to: 1)
        // A formatting of the typed decisions: a failure is one line with
        // its cause, and holding back and taking touches are decisions too.
        #expect(lines == [
            "gather double for finger:1:1", "gather single for finger:1:1",
            "send began of finger:1:1 to root",
            "wait single to ended for 1 to fail",
            "hold ended of finger:1:1 back from the layer",
            "deadline double at 0.4",
            "fail double: its deadline passed with no touch down",
            "release single: every recognizer it waited for failed",
            "single possible → ended", "single takes finger:1:1 from the layer",
            "send cancelled of finger:1:1 to root",
            "reset single", "reset double",
        ])
    }
}
