import Tactile
import TactileTestSupport
import Testing

/// What the harness reports, and how it runs a game's loop.
@MainActor
struct GameHarnessTests {
    let scene = Scene(size: Size(width: 400, height: 300))
    let left = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 300), name: "left")
    let right = Layer(frame: Rect(x: 200, y: 0, width: 200, height: 300), name: "right")

    init() {
        scene.root.addChild(left)
        scene.root.addChild(right)
    }

    @Test func eachLayersDeliveriesArePerTouchWithTheirPhasesPlacesAndTimes() {
        let press = LongPressGestureRecognizer()
        right.addGestureRecognizer(press)
        let harness = GameHarness(scene: scene)
        var script = InputScript()
        script.drag(from: Point(x: 50, y: 50), to: Point(x: 50, y: 100), duration: 0.05)
        script.longPress(at: Point(x: 300, y: 150))
        harness.run(script)

        // The drag on the left: three moves at 1/60 s apart.
        let drag = harness.received(by: left)
        #expect(drag.map(\.phase) == [.began, .moved, .moved, .moved, .ended])
        let third = 50.0 / 3
        let heights: [Double] = [50, 50 + third, 50 + 2 * third, 100, 100]
        #expect(zip(drag.map(\.location.y), heights).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(drag.first?.timestamp == 0)
        #expect(drag.last?.timestamp == 0.05)
        // The long press on the right takes its touch when it begins: the
        // layer saw it begin, then cancelled where it was (a touch keeps
        // the time it last changed, as UIKit's does).
        let held = harness.received(by: right)
        #expect(held.map(\.phase) == [.began, .cancelled])
        #expect(held.map(\.location) == [Point(x: 300, y: 150), Point(x: 300, y: 150)])
        #expect(held[1].timestamp == held[0].timestamp)
        #expect(harness.phases(of: held[0].pointer, receivedBy: right) == [.began, .cancelled])
        #expect(harness.states(of: press) == [.began, .ended])
    }

    @Test func itForwardsTheScenesOwnDecisionHandlerAndCanForget() {
        var forwarded = 0
        scene.arenaDecisions = { _ in forwarded += 1 }
        let tap = TapGestureRecognizer()
        left.addGestureRecognizer(tap)
        let harness = GameHarness(scene: scene)
        var script = InputScript()
        script.tap(at: Point(x: 100, y: 100))
        harness.run(script)
        #expect(forwarded > 0)
        #expect(harness.states(of: tap) == [.ended])

        harness.clearRecord()
        #expect(harness.states(of: tap).isEmpty && harness.received(by: left).isEmpty)
        // A second script from 0 runs from now.
        let before = harness.clock.now
        harness.run(script)
        #expect(harness.states(of: tap) == [.ended])
        #expect(harness.received(by: left).first.map { $0.timestamp >= before } == true)
    }

    /// A game on the loop: events reach its handler on game time after the
    /// scene has them, and its updates run in fixed steps, none while paused.
    @Test func aGameOnTheLoopGetsItsEventsAndFixedUpdates() {
        let harness = GameHarness(scene: scene, updateRate: 50)
        var handled: [Double] = []
        var updates: [Double] = []
        var script = InputScript()
        script.tap(at: Point(x: 100, y: 100))
        let frames = harness.run(script, settle: 0.5, handle: { handled.append($0.timestamp) }, update: { _, now in updates.append(now) })
        #expect(handled == script.events.map(\.timestamp))
        // 0.05 s of tap and 0.5 s to settle, in 1/50 s frames.
        #expect(frames == 29)
        #expect(updates.count == 28)
        #expect(zip(updates, updates.dropFirst()).allSatisfy { abs($1 - $0 - 0.02) < 1e-9 })

        harness.gameClock.isPaused = true
        updates.removeAll()
        handled.removeAll()
        harness.run(script, handle: { handled.append($0.timestamp) }, update: { _, now in updates.append(now) })
        #expect(updates.isEmpty)
        #expect(handled.count == 2)
    }

    @Test func anEmptyScriptRunsOneFrameAndAFrameWithoutAScene() {
        let harness = GameHarness()
        #expect(harness.run(InputScript(), settle: 0) == 1)
        var script = InputScript()
        script.tap(at: Point(x: 10, y: 10))
        #expect(harness.run(script) > 1)
    }

    @Test func aScriptThatStartsFarAheadIsPlayedFromNowAtItsOwnPace() {
        let tap = TapGestureRecognizer()
        left.addGestureRecognizer(tap)
        let harness = GameHarness(scene: scene)
        var script = InputScript(start: 1e9)
        script.tap(at: Point(x: 50, y: 50))
        let frames = harness.run(script)
        #expect(frames < 200)
        #expect(harness.states(of: tap) == [.ended])
        // A short wait before the first event is kept.
        var waiting = InputScript(start: harness.clock.now + 1)
        waiting.tap(at: Point(x: 50, y: 50))
        #expect(harness.run(waiting) > 60)
    }
}
