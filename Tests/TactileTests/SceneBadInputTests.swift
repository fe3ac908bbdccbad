import TactileTestSupport
import Testing
@testable import Tactile

/// Malformed streams and a changing tree: each case has a defined outcome,
/// and every touch a layer saw begin ends for it exactly once.
@MainActor
struct SceneBadInputTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let left: RecordingLayer
    let right: RecordingLayer
    var diagnostics: [Diagnostic.Problem] { problems.value }
    let problems = Box<[Diagnostic.Problem]>([])

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    init() {
        left = RecordingLayer("left", frame: Rect(x: 0, y: 0, width: 200, height: 300), log: log)
        right = RecordingLayer("right", frame: Rect(x: 200, y: 0, width: 200, height: 300), log: log)
        scene.root.addChild(left)
        scene.root.addChild(right)
        let problems = self.problems
        scene.diagnostics = { problems.value.append($0.problem) }
    }

    @Test func movesAndLiftsOfPointersThatNeverWentDownAreDropped() {
        scene.send(finger(1, .move, 50, 50))
        scene.send(finger(1, .up, 50, 50))
        scene.send(finger(1, .cancel, 50, 50))
        #expect(log.take().isEmpty)
        #expect(diagnostics == [.unknownPointer, .unknownPointer, .unknownPointer])
    }

    @Test func aSecondDownCancelsTheOldTouchThenBeginsTheNewOne() {
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(1, .down, 250, 50))
        scene.send(finger(1, .up, 250, 50))
        #expect(log.take() == ["left began 1", "left cancelled 1", "right began 1", "right ended 1"])
        #expect(diagnostics == [.repeatedDown])
    }

    @Test func nonFiniteCoordinatesAreDropped() {
        scene.send(finger(1, .down, .nan, 50))
        scene.send(finger(1, .move, 50, 50))       // part of the dropped contact
        scene.send(finger(1, .up, 50, 50))
        scene.send(finger(2, .down, 50, 50))
        scene.send(finger(2, .move, .infinity, 50))
        scene.send(finger(2, .up, 60, 50))
        #expect(log.take() == ["left began 2", "left ended 2"])
        #expect(diagnostics == [.nonFiniteValue, .nonFiniteValue])
        #expect(scene.event.allTouches.last?.location == Point(x: 60, y: 50))
    }

    @Test func aLiftAtANonFiniteLocationStillEndsTheTouchWhereItWas() {
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(1, .move, 60, 50))
        scene.send(finger(1, .up, .nan, 50))
        #expect(log.take() == ["left began 1", "left moved 1", "left ended 1"])
        #expect(scene.event.allTouches.last?.location == Point(x: 60, y: 50))
        #expect(diagnostics == [.nonFiniteValue])
    }

    @Test func aLayerRemovedWhileTrackingGetsItsTouchesCancelled() {
        right.isMultipleTouchEnabled = true
        scene.send(finger(1, .down, 250, 50))
        scene.send(finger(2, .down, 260, 50))
        scene.send(finger(3, .down, 50, 50))
        right.removeFromParent()
        #expect(log.take() == ["right began 1", "right began 2", "left began 3", "right cancelled 1,2"])
        // The removed layer's pointers now belong to nothing; the others carry on.
        scene.send(finger(1, .up, 250, 50))
        scene.send(finger(3, .up, 50, 50))
        #expect(log.take() == ["left ended 3"])
        #expect(diagnostics == [.unknownPointer])
    }

    @Test func aChildOfARemovedLayerHasItsTouchesCancelledToo() {
        let child = RecordingLayer("child", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        left.addChild(child)
        scene.send(finger(1, .down, 10, 10))
        left.removeFromParent()
        #expect(log.take() == ["child began 1", "child cancelled 1"])
    }

    @Test func aLayerMovedWithinTheSceneKeepsItsTouches() {
        scene.send(finger(1, .down, 50, 50))
        right.addChild(left)       // left now sits at right's (0, 0): window x 200…400
        scene.send(finger(1, .move, 260, 60))
        scene.send(finger(1, .up, 260, 60))
        #expect(log.take() == ["left began 1", "left moved 1", "left ended 1"])
        #expect(scene.event.allTouches.last?.location(in: left) == Point(x: 60, y: 60))
    }

    @Test func aLayerMovedToAnotherSceneLosesItsTouches() {
        let other = Scene(size: Size(width: 100, height: 100))
        scene.send(finger(1, .down, 50, 50))
        other.root.addChild(left)
        #expect(log.take() == ["left began 1", "left cancelled 1"])
    }

    @Test func aFirstResponderRemovedFromTheSceneResigns() {
        left.acceptsFirstResponder = true
        left.becomeFirstResponder()
        left.removeFromParent()
        #expect(scene.firstResponder == nil)
        scene.send(InputEvent(timestamp: 0, .remote(.play)))
        #expect(log.take().isEmpty)
    }

    @Test func anInterruptionCancelsEveryTouchForEveryLayerOnce() {
        left.isMultipleTouchEnabled = true
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(2, .down, 60, 50))
        scene.send(finger(3, .down, 250, 50))
        scene.send(finger(3, .up, 250, 50))
        scene.send(finger(4, .down, 260, 50))
        scene.send(InputEvent(timestamp: 1, .interrupted(.focusLost)))
        scene.send(InputEvent(timestamp: 1, .interrupted(.focusLost)))
        #expect(log.take() == [
            "left began 1", "left began 2", "right began 3", "right ended 3", "right began 4",
            "left cancelled 1,2", "right cancelled 4",
        ])
        #expect(scene.event.allTouches.allSatisfy { $0.phase == .cancelled && $0.timestamp == 1 })
    }

    @Test func aHandlerThatRemovesItsOwnLayerMidDeliveryEndsCleanly() {
        final class SelfRemoving: Layer {
            var calls: [String] = []
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
                calls.append("began")
                removeFromParent()
            }
            override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { calls.append("cancelled") }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { calls.append("ended") }
        }
        let layer = SelfRemoving(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        left.addChild(layer)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .up, 10, 10))
        #expect(layer.calls == ["began", "cancelled"])
    }

    /// Random streams over a changing tree: whatever happens, each layer
    /// sees each touch begin once and end (or cancel) once.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func everyTouchThatBeganEndsOnceWhateverHappens(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let counting = CountingLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let other = CountingLayer(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        other.isMultipleTouchEnabled = true
        scene.root.addChild(counting)
        scene.root.addChild(other)
        for step in 0..<3000 {
            let index = Int64(random.below(5))
            let x = Double(random.below(220)) - 10, y = Double(random.below(110))
            let phases: [PointerEvent.Phase] = [.down, .move, .move, .up, .cancel]
            switch random.below(40) {
            case 0: scene.send(InputEvent(timestamp: Double(step), .interrupted(.focusLost)))
            case 1: counting.removeFromParent()
            case 2: scene.root.addChild(counting)
            case 3: other.addChild(counting)
            case 4: counting.isExclusiveTouch.toggle()
            default: scene.send(finger(index, phases[random.below(phases.count)], x, y, at: Double(step)))
            }
        }
        scene.send(InputEvent(timestamp: 9999, .interrupted(.focusLost)))
        for layer in [counting, other] {
            #expect(layer.open.isEmpty)
            #expect(layer.violations.isEmpty)
            #expect(layer.began > 0)
        }
    }
}

/// Counts, per touch identity, that each began touch ends once.
@MainActor
final class CountingLayer: Layer {
    var open: Set<ObjectIdentifier> = []
    var violations: [String] = []
    var began = 0

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches where !open.insert(ObjectIdentifier(touch)).inserted { violations.append("began twice") }
        began += touches.count
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches where !open.contains(ObjectIdentifier(touch)) { violations.append("moved unknown") }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { end(touches) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { end(touches) }

    private func end(_ touches: [Touch]) {
        for touch in touches where open.remove(ObjectIdentifier(touch)) == nil { violations.append("ended unknown") }
    }
}
