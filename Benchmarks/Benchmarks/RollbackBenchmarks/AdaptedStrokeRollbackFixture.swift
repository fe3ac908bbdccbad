import Foundation
import Tactile

/// A stroke recognizer with the built-in set that has learned one drawing
/// of each of its 16 shapes (each template's first sample, drawn again as
/// the player's), nothing being drawn, and a ring of 8 snapshots: what an
/// adapting recognizer's learned set costs a capture and a restore, which
/// happen every frame of a rollback game while the set changes once in a
/// while.
@MainActor
final class AdaptedStrokeRollbackFixture {
    let scene = Scene(size: Size(width: 400, height: 400))
    let recognizer = StrokeGestureRecognizer(classifier: StrokeClassifier())
    var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
    /// The points of the learned drawings, for the benchmark's description.
    private(set) var learnedPoints = 0
    var problem: String?

    init() {
        scene.diagnostics = nil
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "canvas")
        scene.root.addChild(layer)
        layer.addGestureRecognizer(recognizer)
        var adaptation = StrokeAdaptation()
        for template in recognizer.classifier.templates {
            guard let drawing = template.samples.first, adaptation.learn(drawing, as: template.name) else {
                problem = "\(template.name) was not learned"
                continue
            }
            learnedPoints += drawing.reduce(0) { $0 + $1.count }
        }
        recognizer.adaptation = adaptation
        if recognizer.adaptation?.drawings.count != 16 { problem = "the recognizer holds \(recognizer.adaptation?.drawings.count ?? 0) learned shapes, not 16" }
        do {
            if !(try scene.capture(into: &ring[0])).isEmpty { problem = "the stroke recognizer does not save its state" }
        } catch {
            problem = "\(error)"
        }
    }
}
