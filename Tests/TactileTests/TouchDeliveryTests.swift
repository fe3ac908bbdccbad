import Testing
@testable import Tactile

/// Touches from pointer events: binding, phases, regulation, tap counts.
@MainActor
struct TouchDeliveryTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let left: RecordingLayer
    let right: RecordingLayer

    init() {
        left = RecordingLayer("left", frame: Rect(x: 0, y: 0, width: 200, height: 300), log: log)
        right = RecordingLayer("right", frame: Rect(x: 200, y: 0, width: 200, height: 300), log: log)
        scene.root.addChild(left)
        scene.root.addChild(right)
    }

    @Test func aTouchStaysBoundToItsHitLayerWhenItMovesOutside() throws {
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(1, .move, 350, 50))
        scene.send(finger(1, .up, 350, 60))
        #expect(log.take() == ["left began 1", "left moved 1", "left ended 1"])
        let touch = try #require(scene.event.allTouches.first)
        #expect(touch.layer === left)
        #expect(touch.location(in: left) == Point(x: 350, y: 60))
        #expect(touch.previousLocation(in: right) == Point(x: 150, y: 50))
    }

    @Test func aTouchThatDidNotChangeIsStationary() throws {
        left.isMultipleTouchEnabled = true
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(2, .down, 20, 20))
        let first = try #require(scene.event.allTouches.first)
        #expect(first.phase == .stationary)
        scene.send(finger(2, .move, 25, 20))
        let second = scene.event.allTouches[1]
        #expect(first.phase == .stationary && second.phase == .moved)
        scene.send(finger(1, .move, 15, 10))
        #expect(first.phase == .moved && second.phase == .stationary)
        scene.send(finger(1, .up, 15, 10))
        #expect(first.phase == .ended && second.phase == .stationary)
        #expect(scene.event.allTouches.count == 2)
        // The ended touch leaves the event once it has been reported.
        scene.send(finger(2, .move, 30, 20))
        #expect(scene.event.allTouches.count == 1)
        #expect(scene.event.touches(for: left).count == 1)
    }

    /// The scene keeps notes on which touch changed last and whether one
    /// ended, so that it need not walk every touch on every event; here
    /// every touch's phase is checked after every event of a stream with
    /// five contacts moving out of turn, lifting in the middle, landing
    /// again, and a snapshot restored under the notes.
    @Test func withManyTouchesOnlyTheOneThatChangedIsNotStationary() throws {
        left.isMultipleTouchEnabled = true
        var down: [Int64: Touch] = [:]
        var time = 0.0
        func send(_ index: Int64, _ phase: PointerEvent.Phase, _ x: Double = 10) throws {
            time += 0.01
            scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: index),
                                                                         location: Point(x: x + Double(index), y: 10 * Double(index))))))
            let expected: Touch.Phase = switch phase {
            case .down: .began
            case .move: .moved
            case .up: .ended
            case .cancel: .cancelled
            }
            if phase == .down { down[index] = scene.event.allTouches.last }
            let touch = try #require(down[index])
            #expect(touch.phase == expected)
            for (other, otherTouch) in down where other != index {
                #expect(otherTouch.phase == .stationary, "finger \(other) after \(phase) of \(index)")
            }
            if phase == .up || phase == .cancel { down[index] = nil }
            // Every touch that is down is in the event, once; one that
            // ended leaves it with the next event.
            let inEvent = scene.event.allTouches.filter { !$0.hasEnded }
            #expect(inEvent.count == down.count)
            for touch in down.values { #expect(inEvent.contains { $0 === touch }) }
            #expect(scene.event.allTouches.count == down.count + (phase == .up || phase == .cancel ? 1 : 0))
        }
        for finger in 1...5 { try send(Int64(finger), .down) }
        for round in 0..<3 {
            for finger in [3, 1, 5, 5, 2, 4] { try send(Int64(finger), .move, 20 + Double(round)) }
        }
        try send(2, .up)
        try send(4, .move, 30)
        try send(3, .up)
        try send(6, .down)
        try send(1, .move, 31)
        try send(6, .move, 32)
        // Restored under the notes: finger 6 moved last in the snapshot,
        // finger 4 before the restore.
        let moved = try scene.snapshot()
        let downAtMoved = down
        try send(5, .move, 33)
        try send(1, .up)
        try send(7, .down)
        try send(4, .move, 34)
        try scene.restore(moved)
        down = downAtMoved
        #expect(down[6]?.phase == .moved)
        try send(5, .move, 35)
        // A snapshot with a touch that ended in it: the restored event
        // still drops it at the next event.
        try send(4, .up)
        let lifted = try scene.snapshot()
        let downAtLifted = down
        try send(5, .move, 36)
        try scene.restore(lifted)
        down = downAtLifted
        #expect(scene.event.allTouches.count == down.count + 1)
        try send(6, .move, 37)
        try send(6, .cancel)
        try send(5, .move, 38)
        try send(8, .down)
        try send(1, .move, 39)
    }

    // MARK: Seed 003: the multiple-touch and exclusive-touch flags

    /// Each row: the flags of `left`, then which of four touches reach a
    /// layer, in this order: (1) on left, (2) a second on left while 1 is
    /// down, (3) on right while left tracks, and, after all lift, (4) on
    /// right then (5) on left while right tracks.
    @Test(arguments: [
        // multiple, exclusive: 1, 2, 3, 5 (4 always arrives: nothing is down)
        (false, false, [true, false, true, true]),   // one touch at a time on left; others free
        (true, false, [true, true, true, true]),     // everything arrives
        (false, true, [true, false, false, false]),  // single touches, and only when nothing else is down
        (true, true, [true, true, false, false]),    // many touches, and only when nothing else is down
    ])
    func theFourFlagCombinations(multiple: Bool, exclusive: Bool, delivered: [Bool]) {
        left.isMultipleTouchEnabled = multiple
        left.isExclusiveTouch = exclusive
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(2, .down, 60, 60))
        scene.send(finger(3, .down, 250, 50))
        for index in Int64(1)...3 { scene.send(finger(index, .up, 0, 0)) }
        scene.send(finger(4, .down, 250, 50))
        scene.send(finger(5, .down, 50, 50))
        for index in Int64(4)...5 { scene.send(finger(index, .up, 0, 0)) }

        let began = log.take().filter { $0.contains("began") }
        let reached = [
            began.contains("left began 1"), began.contains("left began 2"),
            began.contains("right began 3"), began.contains("left began 5"),
        ]
        #expect(reached == delivered)
        #expect(began.contains("right began 4"))
    }

    @Test func anIgnoredTouchIsIgnoredForLife() {
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(2, .down, 60, 60))   // multiple touch is off: ignored
        scene.send(finger(2, .move, 70, 60))
        scene.send(finger(1, .up, 50, 50))
        scene.send(finger(2, .move, 80, 60))   // still ignored, though left is free now
        scene.send(finger(2, .up, 80, 60))
        #expect(log.take() == ["left began 1", "left ended 1"])
    }

    @Test func exclusivityIsScopedToTheScene() {
        let other = Scene(size: Size(width: 400, height: 300))
        let elsewhere = RecordingLayer("elsewhere", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        other.root.addChild(elsewhere)
        left.isExclusiveTouch = true
        scene.send(finger(1, .down, 50, 50))
        other.send(finger(2, .down, 50, 50))
        #expect(log.take() == ["left began 1", "elsewhere began 2"])
    }

    // MARK: Ignoring interaction

    @Test func ignoringInteractionNestsAndLetsTouchesThatAreDownFinish() {
        scene.send(finger(1, .down, 50, 50))
        scene.beginIgnoringInteractionEvents()
        scene.beginIgnoringInteractionEvents()
        scene.send(finger(2, .down, 250, 50))
        scene.send(finger(1, .move, 55, 50))
        scene.endIgnoringInteractionEvents()
        #expect(scene.isIgnoringInteractionEvents)
        scene.send(finger(3, .down, 250, 60))
        scene.endIgnoringInteractionEvents()
        scene.send(finger(2, .up, 250, 50))
        scene.send(finger(4, .down, 260, 60))
        scene.send(finger(1, .up, 55, 50))
        #expect(log.take() == ["left began 1", "left moved 1", "right began 4", "left ended 1"])
        scene.endIgnoringInteractionEvents()   // one too many is harmless
        #expect(!scene.isIgnoringInteractionEvents)
    }

    // MARK: Tap counts

    func tapCounts(_ taps: [(layer: Double, x: Double, time: Double)]) -> [Int] {
        var counts: [Int] = []
        for (index, tap) in taps.enumerated() {
            let id = Int64(index)
            scene.send(finger(id, .down, tap.layer + tap.x, 50, at: tap.time))
            counts.append(scene.event.allTouches.last!.tapCount)
            scene.send(finger(id, .up, tap.layer + tap.x, 50, at: tap.time + 0.05))
        }
        return counts
    }

    @Test func tapsInQuickSuccessionAtTheSamePlaceCount() {
        #expect(tapCounts([(0, 50, 0), (0, 52, 0.2), (0, 48, 0.4)]) == [1, 2, 3])
    }

    @Test func aTapTooFarAwayStartsAgain() {
        // Over 100 points from where the last one lifted (both on `left`).
        #expect(tapCounts([(0, 10, 0), (0, 130, 0.2), (0, 135, 0.4)]) == [1, 1, 2])
    }

    /// Each tap is measured from where the first tap of the run landed, as
    /// the tap recognizer measures it: a run that wanders 60 points a tap
    /// is a double tap, then starts again 120 points from its first.
    @Test func tapsAreMeasuredFromTheFirstTapsLanding() {
        #expect(tapCounts([(0, 10, 0), (0, 70, 0.2), (0, 130, 0.4)]) == [1, 2, 1])
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 3
        var fired = 0
        tap.addAction { _ in fired += 1 }
        left.addGestureRecognizer(tap)
        _ = tapCounts([(0, 10, 1), (0, 70, 1.2), (0, 130, 1.4)])
        #expect(fired == 0)
    }

    @Test func aTapOnAnotherLayerStartsAgain() {
        // 20 points apart, but across the border between left and right.
        #expect(tapCounts([(0, 190, 0), (0, 210, 0.2)]) == [1, 1])
    }

    @Test func aTapTooLateStartsAgain() {
        // The second lands 0.35 s after the first lifted (limit 0.3 s).
        #expect(tapCounts([(0, 50, 0), (0, 50, 0.4), (0, 50, 0.65)]) == [1, 1, 2])
    }

    @Test func aCancelledTouchIsNoTap() {
        scene.send(finger(1, .down, 50, 50))
        scene.send(finger(1, .cancel, 50, 50))
        scene.send(finger(2, .down, 50, 50, at: 0.1))
        #expect(scene.event.allTouches.last!.tapCount == 1)
    }
}
