import Testing
@testable import Tactile

/// The scene reuses ended touches that nothing else holds (``Touch``'s
/// documentation): ten fingers landing again allocate no new touch, and a
/// touch that a game, a handler or a recognizer kept is never made into
/// another contact.
@MainActor
struct TouchReuseTests {
    /// A multitouch layer that keeps the touches it is handed, if told to.
    final class KeepingLayer: Layer {
        var keeps = false
        var kept: [Touch] = []
        var began: [Touch] = []

        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            began.append(contentsOf: touches)
            if keeps { kept.append(contentsOf: touches) }
        }
    }

    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = KeepingLayer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    var time = 0.0

    init() {
        layer.isMultipleTouchEnabled = true
        scene.root.addChild(layer)
    }

    /// `count` fingers land together, then lift together; a second later each time.
    mutating func round(fingers count: Int) {
        for phase in [PointerEvent.Phase.down, .up] {
            for index in 0..<count {
                let finger = PointerID(kind: .finger, device: 1, index: Int64(index))
                let location = Point(x: 50 + Double(index) * 40, y: 300)
                scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: finger, location: location))))
            }
            time += 0.05
        }
        time += 1
    }

    /// The touches the layer saw begin in the last round, as identities.
    mutating func lastRoundsTouches() -> Set<ObjectIdentifier> {
        defer { layer.began.removeAll() }
        return Set(layer.began.map(ObjectIdentifier.init))
    }

    @Test mutating func tenFingersLandingAgainReuseTheirTouches() {
        round(fingers: 10)
        let first = lastRoundsTouches()
        // The lift's touches are dropped as the next event arrives.
        round(fingers: 10)
        let second = lastRoundsTouches()
        #expect(first.count == 10)
        #expect(second == first)
        #expect(scene.spareTouchCount + scene.lingeringTouches.count <= Scene.spareTouchLimit)
    }

    @Test mutating func touchesAPinchHeldUntilTheLastLiftAreReusedToo() {
        // The pinch follows every finger until the last lifts, so as the
        // event drops each earlier one it is still held: it lingers, and
        // becomes a spare once the pinch lets go.
        layer.addGestureRecognizer(PinchGestureRecognizer())
        round(fingers: 10)
        let first = lastRoundsTouches()
        round(fingers: 10)
        #expect(first.count == 10)
        #expect(lastRoundsTouches() == first)
    }

    @Test mutating func aTouchTheGameKeptIsNeverReused() {
        layer.keeps = true
        round(fingers: 10)
        let kept = layer.kept
        layer.keeps = false
        _ = lastRoundsTouches()
        round(fingers: 10)
        round(fingers: 10)
        let later = lastRoundsTouches()
        #expect(later.isDisjoint(with: kept.map(ObjectIdentifier.init)))
        // Each kept touch is still the contact it was: its finger, lifted.
        for (index, touch) in kept.enumerated() {
            #expect(touch.pointer.index == Int64(index))
            #expect(touch.phase == .ended)
            #expect(touch.layer === layer)
        }
    }

    @Test mutating func theSceneKeepsNoMoreSparesThanItsLimit() {
        round(fingers: Scene.spareTouchLimit + 5)
        round(fingers: 1)
        #expect(scene.spareTouchCount + scene.lingeringTouches.count <= Scene.spareTouchLimit)
        // A spare holds nothing alive.
        for spare in scene.moreSpareTouches + [scene.spareTouch].compactMap({ $0 }) {
            #expect(spare.layer == nil)
            #expect(spare.gestureRecognizers.isEmpty)
        }
    }
}
