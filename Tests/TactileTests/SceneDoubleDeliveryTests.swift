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

    /// The repeat check keeps pointer events and controller buttons as
    /// plain fields and anything else as its own kind of record: a repeat is caught in each
    /// form, and an event of another kind in between makes the next one new.
    @Test func aRepeatIsCaughtForEachKindAndOnlyRightAfterItself() {
        let scene = Scene(size: Size(width: 200, height: 200))
        var diagnostics: [Diagnostic] = []
        scene.diagnostics = { diagnostics.append($0) }
        let down = tapEvents(at: 0)[0]
        let press = InputEvent(timestamp: 0.1, .controller(.button(controller: 1, button: .south, isDown: true)))
        let release = InputEvent(timestamp: 0.1, .controller(.button(controller: 1, button: .south, isDown: false)))
        let otherPad = InputEvent(timestamp: 0.1, .controller(.button(controller: 2, button: .south, isDown: true)))
        let axis = InputEvent(timestamp: 0.1, .controller(.axis(controller: 1, axis: .leftX, value: 0.5)))
        let repeats = { diagnostics.count { $0.problem == .repeatedEvent } }

        for event in [down, down] { scene.send(event) }
        #expect(repeats() == 1)
        for event in [press, press] { scene.send(event) }
        #expect(repeats() == 2)
        // Not the same button event: another state, another pad.
        for event in [release, press, otherPad] { scene.send(event) }
        #expect(repeats() == 2)
        for event in [axis, axis] { scene.send(event) }
        #expect(repeats() == 3)
        // Each kind's last event is forgotten once another kind comes.
        for event in [press, axis, press, down, press, axis, down, axis] { scene.send(event) }
        #expect(repeats() == 3)
    }

    /// The other kinds are kept as plain values, and those holding strings
    /// (text, a controller connected) whole: each is caught when repeated,
    /// by its contents and time, and forgotten once another event comes.
    @Test func aRepeatOfAKeyASensorReadingOrTextIsCaughtByItsContents() {
        let scene = Scene(size: Size(width: 200, height: 200))
        var diagnostics: [Diagnostic] = []
        scene.diagnostics = { diagnostics.append($0) }
        let key = InputEvent(timestamp: 0.2, .key(KeyEvent(isDown: true, scancode: 4, keycode: 97)))
        let otherKey = InputEvent(timestamp: 0.2, .key(KeyEvent(isDown: true, scancode: 5, keycode: 98)))
        let reading = InputEvent(timestamp: 0.2, .sensor(SensorSample(
            kind: .accelerometer, source: .device(1), value: Vector3(x: 0, y: -1, z: 0), sensorTime: 3)))
        let laterReading = InputEvent(timestamp: 0.2, .sensor(SensorSample(
            kind: .accelerometer, source: .device(1), value: Vector3(x: 0, y: -1, z: 0), sensorTime: 4)))
        let text = InputEvent(timestamp: 0.2, .text(.committed("hé")))
        let otherText = InputEvent(timestamp: 0.2, .text(.committed("ho")))
        let pad = ControllerIdentity(name: "Pad", type: .xboxOne, guid: "03000000000000000000000000000000")
        let added = InputEvent(timestamp: 0.2, .controller(.added(controller: 3, identity: pad)))
        let repeats = { diagnostics.count { $0.problem == .repeatedEvent } }

        for event in [key, key, reading, reading, text, text, added, added] { scene.send(event) }
        #expect(repeats() == 4)
        // Same kind and time, other contents: new events.
        for event in [key, otherKey, reading, laterReading, text, otherText, text] { scene.send(event) }
        #expect(repeats() == 4)
        // A key is forgotten once a text comes, a text once a key comes,
        // and events kept whole are told apart (a text, a pad connected).
        for event in [key, text, key, text, added, text, added] { scene.send(event) }
        #expect(repeats() == 4)
    }

    /// The diagnostic names the event as its trace line, written field by
    /// field (not by reflection, which follows how the fields are stored).
    @Test func theDiagnosticNamesTheEventAsItsTraceLine() {
        let scene = Scene(size: Size(width: 200, height: 200))
        var diagnostics: [Diagnostic] = []
        scene.diagnostics = { diagnostics.append($0) }
        let down = InputEvent(timestamp: 1.25, .pointer(PointerEvent(
            .down, id: PointerID(kind: .finger, device: 7, index: 2), location: Point(x: 10, y: 20.5), pressure: 0.5)))
        scene.send(down)
        scene.send(down)
        #expect(diagnostics.filter { $0.problem == .repeatedEvent }.map(\.detail) == [
            "\"1.25 pointer down finger 7 2 10.0 20.5 0.5\" (as a trace line) was sent to the scene twice in a row; "
                + "feed the scene from one place (GameLoop's scene, or scene.send in the game, not both)",
        ])
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
