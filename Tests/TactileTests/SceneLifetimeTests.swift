import Testing
@testable import Tactile

/// A scene dropped with its layers lets go of everything, whatever the
/// touches and recognizers were doing: a recognizer follows its touches and
/// a touch lists its recognizers, so a gesture under way is a cycle that the
/// scene's end has to break.
@MainActor
struct SceneLifetimeTests {
    /// Weak references to what a scene made, to check it all went.
    final class Watch {
        weak var scene: Scene?
        weak var layer: Layer?
        weak var recognizer: GestureRecognizer?
        weak var touch: Touch?

        var survivors: [String] {
            [("scene", scene as AnyObject?), ("layer", layer), ("recognizer", recognizer), ("touch", touch)]
                .filter { $0.1 != nil }.map(\.0)
        }
    }

    /// Builds a scene with one layer carrying the recognizer `make` makes,
    /// runs `events` on it and drops everything but the weak references.
    private func watch(_ make: () -> GestureRecognizer, _ events: [InputEvent]) -> Watch {
        let watch = Watch()
        do {
            let recognizer = make()
            let scene = Scene(size: Size(width: 400, height: 300))
            scene.diagnostics = nil
            let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            layer.handlesTouches = true
            scene.root.addChild(layer)
            layer.addGestureRecognizer(recognizer)
            for event in events { scene.send(event) }
            watch.scene = scene
            watch.layer = layer
            watch.recognizer = recognizer
            watch.touch = scene.event.allTouches.first ?? recognizer.trackedTouches.first
            #expect(watch.touch != nil, "the case should leave a touch held")
        }
        return watch
    }

    @Test func aPanUnderWayDoesNotKeepTheSceneAlive() {
        let watch = watch({ PanGestureRecognizer() }, [finger(1, .down, 100, 100, at: 0), finger(1, .move, 160, 100, at: 0.1), finger(1, .move, 200, 100, at: 0.2)])
        #expect(watch.survivors == [])
    }

    @Test func aDoubleTapBetweenItsTapsDoesNotKeepTheSceneAlive() {
        // Between taps the recognizer still follows the first tap's ended
        // touch, which the scene's event no longer lists.
        let watch = watch({
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            return doubleTap
        }, [finger(1, .down, 100, 100, at: 0), finger(1, .up, 100, 100, at: 0.05)])
        #expect(watch.survivors == [])
    }

    // The arena keeps the entries of recognizers that finished, for the
    // next attempt to take back (ArenaReferee's `parkedFrom`): one taken
    // off its layer, or whose layer left, must still go, though the scene
    // lives on.

    /// Taps a layer carrying a tap and a pan in a scene that outlives the
    /// checks, takes the tap away with `remove`, then taps again (the first
    /// tap's ended touch, which lists the recognizers, goes with the next
    /// event); returns a weak reference to the tap.
    private func tapThenRemove(_ remove: (Layer, GestureRecognizer) -> Void) -> (Scene, Watch) {
        let watch = Watch()
        let scene = Scene(size: Size(width: 400, height: 300))
        scene.diagnostics = nil
        do {
            let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            scene.root.addChild(layer)
            let recognizer = TapGestureRecognizer()
            layer.addGestureRecognizer(recognizer)
            layer.addGestureRecognizer(PanGestureRecognizer())
            scene.send(finger(1, .down, 100, 100, at: 0))
            scene.send(finger(1, .up, 100, 100, at: 0.05))
            #expect(recognizer.state == .possible)
            #expect(scene.arena.recognizers.isEmpty)
            remove(layer, recognizer)
            watch.recognizer = recognizer
        }
        scene.send(finger(1, .down, 100, 100, at: 1))
        scene.send(finger(1, .up, 100, 100, at: 1.05))
        return (scene, watch)
    }

    @Test func aRecognizerTakenOffItsLayerAfterATapIsNotKeptByTheArena() {
        let (scene, watch) = tapThenRemove { layer, recognizer in layer.removeGestureRecognizer(recognizer) }
        #expect(watch.recognizer == nil)
        _ = scene
    }

    @Test func aRecognizerWhoseLayerLeftAfterATapIsNotKeptByTheArena() {
        let (scene, watch) = tapThenRemove { layer, _ in layer.removeFromParent() }
        #expect(watch.recognizer == nil)
        _ = scene
    }

    @Test func aRecognizerDrivenOutsideASceneIsNotKeptByItsOwnArena() {
        weak var weakRecognizer: GestureRecognizer?
        do {
            let recognizer = TapGestureRecognizer()
            recognizer.state = .recognized
            #expect(recognizer.state == .possible)
            weakRecognizer = recognizer
        }
        #expect(weakRecognizer == nil)
    }

    @Test func aTouchDownOnARecognizerStillDecidingDoesNotKeepTheSceneAlive() {
        let watch = watch({ LongPressGestureRecognizer() }, [finger(1, .down, 100, 100, at: 0)])
        #expect(watch.survivors == [])
    }

    /// A layer's handler that makes the loop let go of the scene (the only
    /// thing holding it) while the scene is delivering: the loop hands
    /// events to its scene borrowed, so the scene must outlive that
    /// delivery. It is kept until the frame ends, and the frame's later
    /// events go to the new scene.
    @Test func aSceneTheLoopLetsGoOfDuringAFrameLivesToTheFrameEnd() {
        final class Handing: Layer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan() }
        }
        let loop = GameLoop(clock: GameClock(base: ManualClock()))
        let watch = Watch()
        let next = Scene(size: Size(width: 400, height: 300))
        next.diagnostics = nil   // the first finger's lift is unknown to it
        let nextLayer = Handing(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        nextLayer.handlesTouches = true
        next.root.addChild(nextLayer)
        var nextBegan = 0
        nextLayer.onBegan = { nextBegan += 1 }
        do {
            let scene = Scene(size: Size(width: 400, height: 300))
            let layer = Handing(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            layer.handlesTouches = true
            scene.root.addChild(layer)
            layer.onBegan = { [unowned loop] in loop.scene = next }
            loop.scene = scene
            watch.scene = scene
        }
        var aliveAfterEachEvent: [Bool] = []
        var events = [finger(1, .down, 100, 100), finger(2, .down, 200, 100), finger(2, .up, 200, 100), finger(1, .up, 100, 100)]
        loop.frame(events: &events, handle: { _ in aliveAfterEachEvent.append(watch.scene != nil) })
        #expect(aliveAfterEachEvent == [true, true, true, true])
        #expect(watch.scene == nil, "let go of as the frame ended")
        #expect(nextBegan == 1, "the second finger went to the new scene")
        #expect(loop.scene === next)
    }

    /// A motion manager does not keep its receiving scene alive (it holds
    /// the scene's `SceneReference`, not a weak reference to the scene),
    /// and reads `nil` once the scene is gone, as a weak reference would.
    @Test func aMotionManagersSceneIsNotKeptAliveByIt() {
        let manager = MotionManager(clock: ManualClock())
        let watch = Watch()
        do {
            let scene = Scene(size: Size(width: 10, height: 10))
            manager.motionEventReceiver = scene
            #expect(manager.motionEventReceiver === scene)
            watch.scene = scene
        }
        #expect(watch.scene == nil)
        #expect(manager.motionEventReceiver == nil)
        // Another kind of receiver is still held weakly.
        final class Receiver: MotionEventReceiver {
            func send(_ subEvent: InputSubEvent, timestamp: Double) {}
        }
        var receiver: Receiver? = Receiver()
        manager.motionEventReceiver = receiver
        #expect(manager.motionEventReceiver === receiver)
        receiver = nil
        #expect(manager.motionEventReceiver == nil)
    }
}
