import Testing
@testable import Tactile

/// Decision observers that leave out the deliveries to layers
/// (`addDecisionObserver(includingLayerDeliveries: false)`) or a continuous
/// gesture's every move (`includingRepeatedChanges: false`): they hear
/// every other decision, and the arena makes those only for someone who
/// hears them.
@MainActor
struct DecisionObserverTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(view)
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        view.addGestureRecognizer(tap)
    }

    final class Heard {
        var lines: [String] = []
    }

    func drag(_ index: Int64) {
        scene.send(finger(index, .down, 100, 100))
        scene.send(finger(index, .move, 140, 100))
        scene.send(finger(index, .move, 180, 100))
        scene.send(finger(index, .up, 180, 100))
    }

    @Test func anObserverWithoutDeliveriesHearsEverythingElseInOrder() {
        let all = Heard(), recognizers = Heard()
        scene.addDecisionObserver { all.lines.append(RecordedDecision($0, frame: 0, time: 0).description) }
        scene.addDecisionObserver(includingLayerDeliveries: false) { recognizers.lines.append(RecordedDecision($0, frame: 0, time: 0).description) }
        drag(1)
        let deliveries = all.lines.filter { $0.hasPrefix("send ") }
        #expect(deliveries.count == 4, "\(all.lines)")
        #expect(!recognizers.lines.isEmpty)
        #expect(recognizers.lines == all.lines.filter { !$0.hasPrefix("send ") })
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view ended 1"])
    }

    @Test func deliveriesAreMadeOnlyForSomeoneWhoHearsThem() {
        #expect(!scene.arena.recordsLayerDeliveries)
        let observer = scene.addDecisionObserver(includingLayerDeliveries: false) { _ in }
        #expect(scene.arena.isRecording && !scene.arena.recordsLayerDeliveries)
        // The game's handler hears every decision.
        let game = Heard()
        scene.arenaDecisions = { if case .sentToLayer = $0 { game.lines.append("delivery") } }
        #expect(scene.arena.recordsLayerDeliveries)
        drag(1)
        #expect(game.lines.count == 4)
        scene.arenaDecisions = nil
        #expect(!scene.arena.recordsLayerDeliveries)
        // An observer that asks for them.
        let other = scene.addDecisionObserver(includingLayerDeliveries: true) { _ in }
        #expect(scene.arena.recordsLayerDeliveries)
        scene.removeDecisionObserver(other)
        #expect(!scene.arena.recordsLayerDeliveries)
        // The log words every decision, deliveries included; the observer
        // still does not hear them.
        let lines = Heard(), heard = Heard()
        scene.arenaLog = { lines.lines.append($0) }
        scene.removeDecisionObserver(observer)
        scene.addDecisionObserver(includingLayerDeliveries: false) { if case .sentToLayer = $0 { heard.lines.append("delivery") } }
        #expect(scene.arena.recordsLayerDeliveries)
        drag(2)
        #expect(lines.lines.filter { $0.hasPrefix("send ") }.count == 4, "\(lines.lines)")
        #expect(heard.lines.isEmpty)
    }

    /// A lone observer is called by the arena directly (no routing
    /// closure) while the arena makes nothing it left out; a log set after
    /// it has the arena word deliveries and repeated changes, which it
    /// still does not hear, and hears again as before once the log goes.
    @Test func aLogSetAfterALoneObserverStillLeavesOutWhatItDoesNotHear() {
        _ = addPan(to: Heard())
        let heard = Heard(), lines = Heard()
        func kind(_ decision: ArenaDecision) -> String {
            if case .sentToLayer = decision { return "delivery" }
            if case .entered(_, .changed, from: .changed) = decision { return "repeated" }
            return "decision"
        }
        scene.addDecisionObserver(includingLayerDeliveries: false, includingRepeatedChanges: false) { heard.lines.append(kind($0)) }
        drag(1, moves: 5, from: 0)
        let alone = heard.lines
        #expect(alone.contains("decision") && !alone.contains("delivery") && !alone.contains("repeated"), "\(alone)")
        heard.lines = []
        scene.arenaLog = { lines.lines.append($0) }
        drag(1, moves: 5, from: 1)
        #expect(lines.lines.contains { $0.hasPrefix("send ") }, "\(lines.lines)")
        #expect(heard.lines == alone)
        heard.lines = []
        scene.arenaLog = nil
        drag(1, moves: 5, from: 2)
        #expect(heard.lines == alone)
    }

    /// A pan on the view, whose action notes each state it is sent in.
    func addPan(to states: Heard) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        pan.addAction { states.lines.append($0.state.rawValue) }
        view.addGestureRecognizer(pan)
        return pan
    }

    /// A drag of `moves` moves, 20 points and 10 ms apart.
    func drag(_ index: Int64, moves: Int, from start: Double) {
        scene.send(finger(index, .down, 100, 100, at: start))
        for move in 1...moves { scene.send(finger(index, .move, 100 + 20 * Double(move), 100, at: start + 0.01 * Double(move))) }
        scene.send(finger(index, .up, 100 + 20 * Double(moves), 100, at: start + 0.01 * Double(moves + 1)))
    }

    @Test func anObserverWithoutRepeatedChangesHearsEverythingElseInOrder() {
        let actions = Heard()
        _ = addPan(to: actions)
        let all = Heard(), decided = Heard()
        func isRepeatedChange(_ decision: ArenaDecision) -> Bool {
            if case .entered(_, .changed, from: .changed) = decision { true } else { false }
        }
        scene.addDecisionObserver(includingLayerDeliveries: false) { decision in
            all.lines.append((isRepeatedChange(decision) ? "repeated " : "") + RecordedDecision(decision, frame: 0, time: 0).description)
        }
        scene.addDecisionObserver(includingLayerDeliveries: false, includingRepeatedChanges: false) { decision in
            decided.lines.append((isRepeatedChange(decision) ? "repeated " : "") + RecordedDecision(decision, frame: 0, time: 0).description)
        }
        drag(1, moves: 5, from: 0)
        #expect(all.lines.filter { $0.hasPrefix("repeated ") }.count >= 3, "\(all.lines)")
        #expect(decided.lines == all.lines.filter { !$0.hasPrefix("repeated ") })
        #expect(decided.lines.contains { $0.contains("pan") && $0.contains("changed") }, "the first change is heard: \(decided.lines)")
        #expect(actions.lines.first == "began" && actions.lines.last == "ended" && actions.lines.filter { $0 == "changed" }.count >= 4, "\(actions.lines)")
    }

    @Test func repeatedChangesAreDecidedOnlyForSomeoneWhoHearsThem() {
        let actions = Heard()
        _ = addPan(to: actions)
        #expect(!scene.arena.recordsRepeatedChanges && !scene.arena.referee.recordsRepeatedChanges)
        let heard = Heard()
        let observer = scene.addDecisionObserver(includingRepeatedChanges: false) { heard.lines.append(RecordedDecision($0, frame: 0, time: 0).description) }
        #expect(scene.arena.isRecording && !scene.arena.recordsRepeatedChanges && !scene.arena.referee.recordsRepeatedChanges)
        // The moves take the short way; the actions are the same as with
        // someone who hears every move.
        drag(1, moves: 5, from: 0)
        let shortWay = actions.lines, shortHeard = heard.lines
        actions.lines = []
        heard.lines = []
        let other = scene.addDecisionObserver { _ in }
        #expect(scene.arena.recordsRepeatedChanges && scene.arena.referee.recordsRepeatedChanges)
        drag(1, moves: 5, from: 1)
        #expect(actions.lines == shortWay && !shortWay.isEmpty)
        #expect(heard.lines == shortHeard && !shortHeard.isEmpty, "\(heard.lines) \(shortHeard)")
        scene.removeDecisionObserver(other)
        #expect(!scene.arena.recordsRepeatedChanges)
        // The game's handler and the log hear everything.
        scene.arenaDecisions = { _ in }
        #expect(scene.arena.recordsRepeatedChanges)
        scene.arenaDecisions = nil
        #expect(!scene.arena.recordsRepeatedChanges)
        scene.arenaLog = { _ in }
        #expect(scene.arena.recordsRepeatedChanges && scene.arena.referee.recordsRepeatedChanges)
        scene.arenaLog = nil
        scene.removeDecisionObserver(observer)
        #expect(!scene.arena.isRecording && !scene.arena.recordsRepeatedChanges)
    }
}
