import Testing
@testable import Tactile

/// The arena's typed decisions, why recognizers fail, when actions run and
/// what they see, and the clock's one direction.
@MainActor
struct ArenaDecisionTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    final class Box<Value> {
        var all: [Value] = []
    }
    let decisions = Box<String>()
    let diagnostics = Box<Diagnostic>()

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(view)
        let decisions = self.decisions, diagnostics = self.diagnostics
        scene.arenaDecisions = { decision in
            // The typed decision, summarised by its case and recognizer.
            switch decision {
            case .failed(let recognizer, let cause): decisions.all.append("failed \(recognizer.name ?? "?"): \(cause)")
            case .entered(let recognizer, let state, let previous):
                decisions.all.append("\(recognizer.name ?? "?") \(previous.rawValue)→\(state.rawValue)")
            case .waiting(let recognizer, let state, let blockers):
                decisions.all.append("\(recognizer.name ?? "?") waits to \(state.rawValue) for \(blockers.compactMap(\.name))")
            case .released(let recognizer): decisions.all.append("released \(recognizer.name ?? "?")")
            case .took(let touch, let recognizer): decisions.all.append("\(recognizer.name ?? "?") takes \(touch.pointer.index)")
            case .heldBack(let touch, let phase): decisions.all.append("hold \(phase.rawValue) \(touch.pointer.index)")
            case .releasedToLayer(let touches, let phase): decisions.all.append("release \(phase.rawValue) \(touches.map(\.pointer.index))")
            case .reset(let recognizer): decisions.all.append("reset \(recognizer.name ?? "?")")
            case .gathered, .listening, .deadline, .removed, .refused, .sentToLayer: break
            }
        }
        scene.diagnostics = { diagnostics.all.append($0) }
    }

    func named<R: GestureRecognizer>(_ recognizer: R, _ name: String) -> R {
        recognizer.name = name
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    @Test func aFailureIsADecisionWithItsCauseAndLeavesLastFailure() {
        let tap = named(TapGestureRecognizer(), "tap")
        let press = named(LongPressGestureRecognizer(), "press")
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.advanceTime(to: 0.6)
        scene.send(finger(1, .up, 100, 100, at: 0.7))
        #expect(decisions.all == [
            "press possible→began", "press takes 1", "failed tap: press recognized first and prevents it", "reset tap",
            "press began→ended", "reset press",
        ])
        #expect(tap.lastFailure == .preventedBy("press"))
        #expect(press.lastFailure == nil)
    }

    @Test(arguments: ["delegate", "requirement", "touchesEnded", "cancelled", "disabled", "deadline", "notItsGesture"])
    func eachCauseOfFailureIsReported(_ cause: String) throws {
        final class Refuser: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
        }
        let refuser = Refuser()
        let probe = named(Probe("probe", log: log), "probe")
        let other = named(Probe("other", log: log), "other")
        switch cause {
        case "delegate":
            probe.delegate = refuser
            probe.onMoved = { $0.state = .began }
        case "requirement":
            probe.require(toFail: other)
            probe.onMoved = { $0.state = .began }
            other.onMoved = { $0.state = .began }
        case "deadline":
            probe.onEnded = { $0.setDeadline(after: 0.1) }
        case "notItsGesture":
            probe.onMoved = { $0.state = .failed }
        default:
            break
        }
        scene.send(finger(1, .down, 100, 100, at: 0))
        switch cause {
        case "cancelled": scene.send(InputEvent(timestamp: 0.05, .interrupted(.focusLost)))
        case "disabled": probe.isEnabled = false
        default: scene.send(finger(1, .move, 130, 100, at: 0.05))
        }
        scene.send(finger(1, .up, 130, 100, at: 0.1))
        scene.advanceTime(to: 1)
        let expected: [String: GestureFailure] = [
            "delegate": .delegateRefusedToBegin, "requirement": .requirementRecognized("other"),
            "touchesEnded": .touchesEnded, "cancelled": .touchCancelled, "disabled": .disabled,
            "deadline": .deadlinePassed, "notItsGesture": .notItsGesture,
        ]
        #expect(probe.lastFailure == expected[cause])
        #expect(probe.state == .possible)
    }

    /// A recognizer released from a wait begins and ends in one go: its
    /// actions run after the decisions, in order, each seeing its own state.
    @Test func actionsRunInTheOrderStatesWereEnteredEachSeeingItsState() throws {
        let waiter = named(Probe("waiter", log: log), "waiter")
        let blocker = named(Probe("blocker", log: log), "blocker")
        waiter.require(toFail: blocker)
        waiter.onMoved = { if $0.state == .possible { $0.state = .began } }
        waiter.onEnded = { $0.state = .ended }
        blocker.onEnded = { $0.state = .failed }
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 130, 100, at: 0.05))
        #expect(waiter.isWaitingForRequirements && waiter.state == .possible)
        _ = log.take()
        scene.send(finger(1, .up, 130, 100, at: 0.1))
        // The blocker, added last, sees the lift first and fails, which
        // releases the waiter: it begins (and the blocker is reset after
        // what its failure released), then sees the lift itself and ends.
        // Every action runs after the sub-event's decisions, in order.
        #expect(log.take() == [
            "blocker ended 1", "waiter ended 1", "view cancelled 1", "waiter action began", "blocker reset",
            "waiter action ended", "waiter reset",
        ])
        #expect(decisions.all.suffix(7) == [
            "failed blocker: not its gesture", "released waiter", "waiter possible→began", "waiter takes 1",
            "waiter began→ended", "reset blocker", "reset waiter",
        ])
    }

    @Test func advancingTimeBackwardsChangesNothingAndSaysSo() {
        let tap = named(TapGestureRecognizer(), "tap")
        tap.numberOfTapsRequired = 2
        scene.send(finger(1, .down, 100, 100, at: 1))
        scene.send(finger(1, .up, 100, 100, at: 1.05))
        scene.advanceTime(to: 0.5)
        #expect(diagnostics.all.map(\.problem) == [.timeWentBackwards])
        #expect(scene.arena.now == 1.05)
        #expect(tap.deadline == 1.35)   // still waiting for the second tap
        scene.advanceTime(to: .nan)
        #expect(diagnostics.all.map(\.problem) == [.timeWentBackwards, .nonFiniteValue])
        scene.advanceTime(to: 2)
        #expect(tap.lastFailure == .notItsGesture && tap.state == .possible)
    }
}
