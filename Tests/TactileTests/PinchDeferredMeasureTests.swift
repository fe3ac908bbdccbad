import Tactile
import TactileTestSupport
import Testing

/// A pinch with ``PinchGestureRecognizer/tracksVelocity`` off puts its
/// measure off until something reads the scale; every value read must be the
/// one a pinch measuring on every move gives, to the bit. Two scenes take the
/// same random fingers (landing, moving, lifting, cancelled, ignored,
/// snapshots captured and restored): one pinch measures on every move (its
/// actions read the scale each time), the other puts it off (its actions read
/// it now and then). Recognizers that read the pinch's scale from their own
/// touch handlers, before and after the pinch hears of a sub-event, and reads
/// between sub-events, compare too.
@MainActor
struct PinchDeferredMeasureTests {
    /// Reads `watched`'s scale in its touch handlers, which run before or
    /// after the pinch's for the same sub-event; never recognizes.
    @MainActor
    final class Spy: GestureRecognizer {
        unowned(unsafe) let watched: PinchGestureRecognizer
        var read: (String) -> Void = { _ in }
        init(watching pinch: PinchGestureRecognizer) {
            watched = pinch
            super.init()
        }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { read("spy began \(watched.scale.bitPattern)") }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { read("spy moved \(watched.scale.bitPattern)") }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { read("spy ended \(watched.scale.bitPattern)") }
        // Nothing of its own to save, so that snapshots are complete.
        override var savedStateClass: GestureRecognizer.Type? { Spy.self }
    }

    /// One scene with a pinch between two spies, and what they saw.
    @MainActor
    final class Side {
        let scene = Scene(size: Size(width: 800, height: 600))
        let pinch = PinchGestureRecognizer()
        var log: [String] = []

        init(deferring: Bool, readsInAction: @escaping () -> Bool) {
            let layer = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            layer.isMultipleTouchEnabled = true
            scene.root.addChild(layer)
            pinch.tracksVelocity = !deferring
            let before = Spy(watching: pinch)
            let after = Spy(watching: pinch)
            layer.addGestureRecognizer(before)
            layer.addGestureRecognizer(pinch)
            layer.addGestureRecognizer(after)
            for spy in [before, after] { spy.read = { [unowned self] in log.append($0) } }
            pinch.addAction { [unowned self] pinch in
                // Every action's state; its scale when this side reads it.
                log.append("action \(pinch.state)" + (readsInAction() ? " \(pinch.scale.bitPattern)" : ""))
            }
        }
    }

    @Test(arguments: 0..<40)
    func everyScaleReadIsTheScaleMeasuredOnEveryMove(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x5eed_0000 &+ seed)
        // The deferring side reads the scale in an action now and then, from
        // its own generator, so that both sides see the same fingers.
        var actionReads = SplitMix64(seed: 0xacc0_0000 &+ seed)
        let measuring = Side(deferring: false, readsInAction: { true })
        let deferring = Side(deferring: true, readsInAction: { Double.random(in: 0..<1, using: &actionReads) < 0.15 })
        var down: [Int64: Point] = [:]
        var nextFinger: Int64 = 1
        var time = 0.0
        var saved: (SceneSnapshot, SceneSnapshot, [Int64: Point])?
        for step in 0..<400 {
            time += 0.004
            let roll = Double.random(in: 0..<1, using: &random)
            var event: InputEvent?
            if down.count < 2 || (roll < 0.06 && down.count < 6) {
                let point = Point(x: Double.random(in: 100..<700, using: &random), y: Double.random(in: 100..<500, using: &random))
                down[nextFinger] = point
                event = finger(nextFinger, .down, point.x, point.y, at: time)
                nextFinger += 1
            } else if roll < 0.10, let id = down.keys.sorted().randomElement(using: &random) {
                // A finger lifting, sometimes moving as it lifts.
                let point = down.removeValue(forKey: id)!
                let dx = Double.random(in: 0..<1, using: &random) < 0.5 ? 0 : Double.random(in: -20..<20, using: &random)
                event = finger(id, .up, point.x + dx, point.y, at: time)
            } else if roll < 0.12, let id = down.keys.sorted().randomElement(using: &random) {
                let point = down.removeValue(forKey: id)!
                event = finger(id, .cancel, point.x, point.y, at: time)
            } else if roll < 0.14 {
                // The same touch ignored on both sides, by its place among the pinch's.
                let count = measuring.pinch.touches.count
                if count > 0 {
                    let index = Int.random(in: 0..<count, using: &random)
                    measuring.pinch.ignore(measuring.pinch.touches[index])
                    deferring.pinch.ignore(deferring.pinch.touches[index])
                }
            } else if roll < 0.16 {
                let first = try? measuring.scene.snapshot()
                let second = try? deferring.scene.snapshot()
                #expect((first == nil) == (second == nil), "step \(step): one side could not be captured")
                if let first, let second { saved = (first, second, down) }
            } else if roll < 0.17, let (first, second, fingers) = saved {
                // Both or neither restore (a restore is refused mid-gesture).
                let restoredFirst = (try? measuring.scene.restore(first)) != nil
                let restoredSecond = (try? deferring.scene.restore(second)) != nil
                #expect(restoredFirst == restoredSecond, "step \(step): one side restored")
                if restoredFirst { down = fingers }
            } else if let id = down.keys.sorted().randomElement(using: &random) {
                var point = down[id]!
                point.x += Double.random(in: -15..<15, using: &random)
                point.y += Double.random(in: -15..<15, using: &random)
                down[id] = point
                event = finger(id, .move, point.x, point.y, at: time)
            }
            if let event {
                measuring.scene.send(event)
                deferring.scene.send(event)
            }
            // Between sub-events, now and then: what a game's update reads.
            if Double.random(in: 0..<1, using: &random) < 0.1 {
                #expect(measuring.pinch.scale.bitPattern == deferring.pinch.scale.bitPattern, "step \(step)")
            }
            #expect(deferring.pinch.velocity == 0)
        }
        #expect(measuring.pinch.scale.bitPattern == deferring.pinch.scale.bitPattern)
        // The same actions in the same states, and every scale the
        // deferring side read is the measuring side's at that point.
        #expect(measuring.log.count == deferring.log.count)
        for (seen, expected) in zip(deferring.log, measuring.log) where seen != expected {
            let words = seen.split(separator: " ")
            // "action changed" (not read) against "action changed <bits>".
            #expect(words.count == 2 && expected.hasPrefix(seen + " "), "\(seen) against \(expected)")
        }
    }
}
