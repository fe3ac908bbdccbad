import Testing
@testable import Tactile

/// Decision observers that leave out the deliveries to layers
/// (`addDecisionObserver(includingLayerDeliveries: false)`): they hear
/// every other decision, and the arena makes deliveries only for someone
/// who hears them.
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
}
