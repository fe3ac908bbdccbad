import TactileTestSupport
import Testing
@testable import Tactile

/// One way to feed a scene, and a loud mistake when a game feeds it twice
/// (the loop's `scene` and its own `scene.send` in `handle`).
@MainActor
struct SceneDoubleDeliveryTests {
    func tapEvents(at time: Double) -> [InputEvent] {
        var script = InputScript(start: time)
        script.tap(at: Point(x: 50, y: 50))
        return script.events
    }

    /// The mistake itself: the loop sends each event to the scene and the
    /// game's `handle` sends it again. Each repeat is reported, naming the
    /// two ways in; what the repeated down does to the touch (the scene's
    /// own repeated-down rule) follows.
    @Test func aSceneFedByTheLoopAndTheGameReportsEachRepeat() {
        let base = ManualClock()
        let loop = GameLoop(clock: GameClock(base: base))
        let scene = Scene(size: Size(width: 200, height: 200))
        var diagnostics: [Diagnostic] = []
        scene.diagnostics = { diagnostics.append($0) }
        let log = EventLog()
        let layer = RecordingLayer("button", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        scene.root.addChild(layer)
        loop.scene = scene

        var events = tapEvents(at: 0)
        loop.frame(events: &events, handle: { scene.send($0) })
        let repeats = diagnostics.filter { $0.problem == .repeatedEvent }
        #expect(repeats.count == 2)
        #expect(repeats.allSatisfy { $0.detail.contains("sent to the scene twice") && $0.detail.contains("GameLoop's scene") })
        // The repeated down cancelled the first touch and began another.
        #expect(diagnostics.contains { $0.problem == .repeatedDown })
        #expect(log.take().filter { $0.hasPrefix("button began") }.count == 2)
    }

    /// Fed once, nothing is reported; the same touch a frame later is a new
    /// event, not a repeat.
    @Test func aSceneFedOnceReportsNothing() {
        let scene = Scene(size: Size(width: 200, height: 200))
        var diagnostics: [Diagnostic] = []
        scene.diagnostics = { diagnostics.append($0) }
        for event in tapEvents(at: 0) + tapEvents(at: 1) { scene.send(event) }
        #expect(diagnostics.isEmpty)
    }

    /// Diagnostics are on unless turned off: a new scene writes them to
    /// standard error, like the event pump; `nil` silences it.
    @Test func diagnosticsAreOnByDefaultAndCanBeTurnedOff() {
        let scene = Scene(size: Size(width: 200, height: 200))
        #expect(scene.diagnostics != nil)
        scene.diagnostics = nil
        let event = tapEvents(at: 0)[0]
        scene.send(event)
        scene.send(event)   // reported nowhere
        #expect(scene.event.allTouches.count { !$0.hasEnded } == 1)
    }
}
