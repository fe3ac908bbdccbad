import Testing
import Tactile
import TactileTestSupport

struct PointerLifecycleCheckerTests {
    let finger = PointerID(kind: .finger, device: 1, index: 0)

    func event(_ phase: PointerEvent.Phase, at time: Double = 0) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: finger, location: .zero)))
    }

    @Test func aCompleteContactIsValid() {
        var checker = PointerLifecycleChecker()
        [event(.down), event(.move), event(.up)].forEach { checker.check($0) }
        #expect(checker.violations.isEmpty)
        #expect(checker.pointersDown.isEmpty)
    }

    @Test func eachBreakOfTheGuaranteeIsReported() {
        var checker = PointerLifecycleChecker()
        [event(.move, at: 1), event(.down, at: 2), event(.down, at: 3), event(.up, at: 4), event(.cancel, at: 5)].forEach { checker.check($0) }
        #expect(checker.violations.map(\.timestamp) == [1, 3, 5])
        #expect(checker.violations.map(\.description) == [
            "finger:1:0 got move at 1.0 but was not down",
            "finger:1:0 went down at 3.0 while already down",
            "finger:1:0 got cancel at 5.0 but was not down",
        ])
    }

    @Test func aContactThatNeverEndsIsStillDown() {
        var checker = PointerLifecycleChecker()
        checker.check(event(.down))
        #expect(checker.pointersDown == [finger])
    }
}
