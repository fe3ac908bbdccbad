import Foundation
import Tactile

/// A stroke recognizer on a 400 × 400 layer and a ring of 8 snapshots, in
/// one of two states that do not change between captures:
/// - ``drawing()``: a finger half way through a stroke of 200 points (a
///   spiral, 3 points apart, one every 4 ms: drawing, not paused): what
///   capturing costs per point of ink, which the recognizer saves whole
///   (issue 20);
/// - ``learned()``: an adaptation that has learned one drawing of each of
///   the 16 built-in shapes (each template's first sample, drawn again as
///   the player's), nothing being drawn: what the learned set costs a
///   capture and a restore, which a rollback game does every frame while
///   the set changes once in a while.
@MainActor
final class StrokeRollbackFixture: SnapshotRingFixture {
    static let points = 200

    let scene = Scene(size: Size(width: 400, height: 400))
    let recognizer = StrokeGestureRecognizer(classifier: StrokeClassifier())
    var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
    var problem: String?

    private init() {
        Self.canvas(in: scene, carrying: recognizer)
    }

    static func drawing() -> StrokeRollbackFixture {
        let fixture = StrokeRollbackFixture()
        var time = 0.01
        for step in 0..<points {
            // A spiral from the middle: each point about 3 apart.
            let angle = Double(step) * 0.12
            let radius = 20 + Double(step) * 0.6
            let location = Point(x: 200 + radius * cos(angle), y: 200 + radius * sin(angle))
            let phase: PointerEvent.Phase = step == 0 ? .down : .move
            fixture.scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(
                phase, id: PointerID(kind: .finger, device: 1, index: 0), location: location))))
            time += 0.004
        }
        fixture.scene.advanceTime(to: time)
        let ink = fixture.recognizer.ink
        let drawn = ink.strokeCount == 1 ? ink.stroke(0).count : 0
        if drawn < points - 10 { fixture.problem = "the ink holds \(drawn) points, not about \(points)" }
        fixture.checkCapture()
        return fixture
    }

    static func learned() -> StrokeRollbackFixture {
        let fixture = StrokeRollbackFixture()
        var adaptation = StrokeAdaptation()
        for template in fixture.recognizer.classifier.templates
        where !(template.samples.first.map { adaptation.learn($0, as: template.name) } ?? false) {
            fixture.problem = "\(template.name) was not learned"
        }
        fixture.recognizer.adaptation = adaptation
        let shapes = fixture.recognizer.adaptation?.drawings.count ?? 0
        if shapes != 16 { fixture.problem = "the recognizer holds \(shapes) learned shapes, not 16" }
        fixture.checkCapture()
        return fixture
    }

    private func checkCapture() {
        do {
            if !(try scene.capture(into: &ring[0])).isEmpty { problem = "the stroke recognizer does not save its state" }
        } catch {
            problem = "\(error)"
        }
    }
}
