import Tactile

/// A scene of 5 layers with 4 recognizers each (tap, double tap, pan, pinch
/// or rotation, long press or swipe), every one of which saves its state,
/// with 10 fingers down and moving.
@MainActor
public final class RollbackFixture {
    public let scene = Scene(size: Size(width: 1000, height: 200))
    public var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
    /// 8 frames of 10 moves, with each frame's end time.
    public var frames: [(events: [InputEvent], end: Double)] = []
    public var problem: String?

    public init() {
        scene.diagnostics = nil
        for column in 0..<5 {
            let layer = Layer(frame: Rect(x: Double(column) * 200, y: 0, width: 200, height: 200), name: "column\(column)")
            layer.isMultipleTouchEnabled = true
            scene.root.addChild(layer)
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            let recognizers: [GestureRecognizer] = [
                TapGestureRecognizer(), doubleTap, PanGestureRecognizer(),
                column.isMultiple(of: 2) ? PinchGestureRecognizer() : RotationGestureRecognizer(),
            ]
            for recognizer in recognizers { layer.addGestureRecognizer(recognizer) }
        }
        // Ten fingers, two per column, down and moved a little: the pans
        // have begun, the taps have failed, the arena is busy.
        var time = 0.01
        for finger in 0..<10 {
            scene.send(pointer(.down, finger, at: time, step: 0))
            time += 0.001
        }
        for step in 1...3 {
            for finger in 0..<10 {
                scene.send(pointer(.move, finger, at: time, step: step))
                time += 0.001
            }
        }
        scene.advanceTime(to: time)
        let start = time
        for frame in 0..<8 {
            var events: [InputEvent] = []
            for finger in 0..<10 { events.append(pointer(.move, finger, at: start + Double(frame) / 60 + Double(finger) / 1000, step: 4 + frame)) }
            frames.append((events, start + Double(frame + 1) / 60))
        }
        do {
            let notSaved = try scene.capture(into: &ring[0])
            if !notSaved.isEmpty { problem = "\(notSaved.count) recognizers do not save their state" }
        } catch {
            problem = "\(error)"
        }
        if scene.event.allTouches.count != 10 { problem = "\(scene.event.allTouches.count) touches down, not 10" }
    }

    public func pointer(_ phase: PointerEvent.Phase, _ finger: Int, at time: Double, step: Int) -> InputEvent {
        let x = Double(finger / 2) * 200 + 60 + Double(finger % 2) * 80 + Double(step) * 3
        let y = 100 + Double(step) * (finger.isMultiple(of: 2) ? 2 : -2)
        return InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: Int64(finger)),
                                                                 location: Point(x: x, y: y))))
    }

    /// Back to the snapshot in ring slot 0, then the 8 frames again.
    public func resimulate() {
        do { try scene.restore(ring[0]) } catch { problem = "\(error)" }
        for frame in frames {
            for event in frame.events { scene.send(event) }
            scene.advanceTime(to: frame.end)
        }
    }
}
