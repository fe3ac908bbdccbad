import Foundation
import Tactile
import Testing
@testable import GestureLab

/// The lab keeps each arena decision's line on input and takes the lines
/// into the badges only when a readout is next read: what a badge shows
/// must not depend on when it is read, even across the log dropping its
/// older half.
@Suite @MainActor struct GestureLabDecisionLog {
    /// Taps on the TAP panel, event by event as the lab's loop sends them;
    /// `look` is called after each event.
    func tap(_ game: GestureLabGame, times: Int, look: () -> Void) {
        let finger = PointerID(kind: .finger, device: 1, index: 1)
        for index in 0..<times {
            for (offset, phase) in [(0, PointerEvent.Phase.down), (1, .up)] {
                let event = InputEvent(timestamp: Double(2 * index + offset) / 60,
                                       .pointer(PointerEvent(phase, id: finger, location: Point(x: 200, y: 100))))
                game.scene.send(event)
                game.handle(event)
                look()
            }
        }
    }

    @Test func badgesReadLateShowWhatBadgesReadAtEachEventShow() throws {
        let eager = try GestureLabGame(), late = try GestureLabGame()
        eager.scene.diagnostics = nil
        late.scene.diagnostics = nil
        var seen: [GestureLabGame.Badge] = []
        // Enough taps for the log to pass twice what it keeps.
        let taps = 2 * GestureLabGame.logKept
        tap(eager, times: taps) { seen.append(eager.badge(of: eager.tap)) }
        tap(late, times: taps) {}
        #expect(seen.contains(.state(.ended)))
        #expect(late.arenaLines.count == GestureLabGame.logKept && late.arenaLines == eager.arenaLines)
        let pairs: [(GestureRecognizer, GestureRecognizer)] = [(eager.tap, late.tap), (eager.single, late.single),
                                                                (eager.double, late.double), (eager.longPress, late.longPress)]
        for (one, other) in pairs {
            let a = eager.readout(one), b = late.readout(other)
            #expect(a.lastTransition?.state == b.lastTransition?.state && a.lastTransition?.time == b.lastTransition?.time)
            #expect(a.isWaiting == b.isWaiting && a.fired == b.fired)
            #expect(eager.badge(of: one) == late.badge(of: other))
        }
        #expect(late.readout(late.tap).fired == taps)
        // The last tap's, recognized on its lift, at the lab's time then
        // (that of the down before it, the last event it handled).
        #expect(late.readout(late.tap).lastTransition?.state == .ended)
        #expect(late.readout(late.tap).lastTransition?.time == Double(2 * (taps - 1)) / 60)
    }
}
