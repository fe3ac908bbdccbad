import Foundation
import Tactile

/// A stroke recognizer with a finger half way through a stroke of 200
/// points (a spiral, 3 points apart, one every 4 ms: drawing, not paused),
/// and a ring of 8 snapshots: what capturing costs per point of ink, which
/// the stroke recognizer saves whole (issue 20).
@MainActor
final class StrokeRollbackFixture {
    static let points = 200

    let scene = Scene(size: Size(width: 400, height: 400))
    let recognizer = StrokeGestureRecognizer(classifier: StrokeClassifier())
    var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
    var problem: String?

    init() {
        scene.diagnostics = nil
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "canvas")
        scene.root.addChild(layer)
        layer.addGestureRecognizer(recognizer)
        var time = 0.01
        for step in 0..<Self.points {
            // A spiral from the middle: each point about 3 apart.
            let angle = Double(step) * 0.12
            let radius = 20 + Double(step) * 0.6
            let location = Point(x: 200 + radius * cos(angle), y: 200 + radius * sin(angle))
            let phase: PointerEvent.Phase = step == 0 ? .down : .move
            scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(
                phase, id: PointerID(kind: .finger, device: 1, index: 0), location: location))))
            time += 0.004
        }
        scene.advanceTime(to: time)
        let drawn = recognizer.ink.strokeCount == 1 ? recognizer.ink.stroke(0).count : 0
        if drawn < Self.points - 10 { problem = "the ink holds \(drawn) points, not about \(Self.points)" }
        do {
            if !(try scene.capture(into: &ring[0])).isEmpty { problem = "the stroke recognizer does not save its state" }
        } catch {
            problem = "\(error)"
        }
    }
}
