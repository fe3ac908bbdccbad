import Testing
@testable import Tactile

/// The arena's deadlines at scale, and the order they fire in.
///
/// No timing (time in tests is not measured): the size makes a quadratic
/// clock impossible within the suite's budget. Setting, cancelling and
/// reading a deadline were linear searches, and every finished recognizer
/// cancels: 50,000 long presses on one touch made about 10^9 steps a
/// sub-event, far more than the time limit in a debug build. The heap
/// handles them in seconds. The limit is generous for the reason
/// ArenaScaleTests gives (a main-actor test can wait for its turn).
@MainActor
struct ArenaClockScaleTests {
    static let count = 50_000

    let scene = Scene(size: Size(width: 100, height: 100))
    let layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))

    init() {
        scene.root.addChild(layer)
    }

    private func addLongPresses() -> [LongPressGestureRecognizer] {
        (0..<Self.count).map { _ in
            let press = LongPressGestureRecognizer()
            layer.addGestureRecognizer(press)
            return press
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func fiftyThousandLongPressesLiftedBeforeTheirDeadlineAllFailAndForgetIt() {
        let presses = addLongPresses()
        scene.send(finger(1, .down, 50, 50, at: 0))
        #expect(scene.arena.clock.count == Self.count)
        #expect(presses.allSatisfy { $0.deadline == 0.5 })
        scene.send(finger(1, .up, 50, 50, at: 0.1))
        #expect(scene.arena.clock.count == 0)
        #expect(scene.arena.recognizers.isEmpty)
        #expect(presses.allSatisfy { $0.state == .possible && $0.deadline == nil })
        // Nothing is left to fire.
        scene.advanceTime(to: 2)
        #expect(presses.allSatisfy { $0.state == .possible })
    }

    @Test(.timeLimit(.minutes(5)))
    func fiftyThousandLongPressDeadlinesAtOneMomentFireInTheOrderSetAndOneRecognizes() {
        let presses = addLongPresses()
        var began: [ObjectIdentifier] = []
        for press in presses {
            _ = press.addAction { if $0.state == .began { began.append(ObjectIdentifier($0)) } }
        }
        scene.send(finger(1, .down, 50, 50, at: 0))
        scene.advanceTime(to: 0.6)
        // Gathered most recently added first, so the last one added set its
        // deadline first: at the same time, it fires first, begins, and
        // prevents every other, whose deadlines go with them.
        #expect(began == [ObjectIdentifier(presses[Self.count - 1])])
        #expect(scene.arena.clock.count == 0)
        scene.send(finger(1, .up, 50, 50, at: 0.7))
        #expect(scene.arena.recognizers.isEmpty)
        #expect(presses.allSatisfy { $0.state == .possible })
    }

    /// Records the order its deadlines fire in.
    final class Timer: GestureRecognizer {
        let label: String
        let fired: (String) -> Void
        init(_ name: String, fired: @escaping (String) -> Void) {
            self.label = name
            self.fired = fired
            super.init()
        }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
        override func deadlineReached() { fired(label) }
        // Keeps no progress of its own, so a snapshot saves all of it.
        override var savedStateClass: GestureRecognizer.Type? { Timer.self }
    }

    @Test func deadlinesFireEarliestFirstAndAtEqualTimesInTheOrderSet() {
        var fired: [String] = []
        let timers = (0..<8).map { index in Timer("t\(index)") { fired.append($0) } }
        for timer in timers { layer.addGestureRecognizer(timer) }
        scene.send(finger(1, .down, 50, 50, at: 0))
        // Set in the order of the delays listed; t5 is set again later, t6
        // is cancelled, t2 moves earlier.
        let delays = [0.3, 0.1, 0.5, 0.1, 0.3, 0.1, 0.2, 0.3]
        for (timer, delay) in zip(timers, delays) { timer.setDeadline(after: delay) }
        timers[5].setDeadline(after: 0.1)
        timers[6].cancelDeadline()
        timers[2].setDeadline(after: 0.05)
        #expect(timers[6].deadline == nil && timers[2].deadline == 0.05 && timers[0].deadline == 0.3)
        scene.advanceTime(to: 1)
        #expect(fired == ["t2", "t1", "t3", "t5", "t0", "t4", "t7"])
    }

    @Test func aRollbackRestoresTheDeadlinesAndTheirOrder() throws {
        var fired: [String] = []
        let timers = (0..<5).map { index in Timer("t\(index)") { fired.append($0) } }
        for timer in timers { layer.addGestureRecognizer(timer) }
        scene.send(finger(1, .down, 50, 50, at: 0))
        for (timer, delay) in zip(timers, [0.2, 0.1, 0.2, 0.1, 0.2]) { timer.setDeadline(after: delay) }
        var snapshot = SceneSnapshot()
        _ = try scene.capture(into: &snapshot)
        scene.advanceTime(to: 1)
        let firstRun = fired
        #expect(firstRun == ["t1", "t3", "t0", "t2", "t4"])
        fired.removeAll()
        try scene.restore(snapshot)
        #expect(timers.map(\.deadline) == [0.2, 0.1, 0.2, 0.1, 0.2])
        scene.advanceTime(to: 1)
        #expect(fired == firstRun)
    }
}
