import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// `explore-stick` (session 30): what the library's rejection does to
// drawings made with a stick, on the tuning side only (it chooses
// nothing and reads no held-out family). Recorded through SDL, the report
// writers' stick drawings lose 1.20% of their correct matches where the
// same drawings handed to the classifier lose 0.38% (session 29), over
// the 1%; whether the stick's losses are a shape's, a measure's or
// the margin's, and how the stick's scribbles move with the threshold,
// decides what a remedy could be. The data: the pooled tuning writers
// (usual 100–119, widened 140–159, with 1,500 scribbles of each kind),
// drawn with the stick's player as `recorded` draws them, beside the same
// drawings handed to the classifier; the exact runner-up.

@MainActor
func exploreStick() throws {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    matchingParameters.reportsRunnerUp = true   // the exact margin
    let session = try RecordingSession(device: .stick)
    let groups: [(name: String, drawings: Drawings, scribbleSeed: UInt64, habits: StrokeHabits)] = [
        ("usual", Drawings(writers: tuningWriters, seed: 0x70AE), 0x5C81_0001, .usual),
        ("widened", Drawings(writers: variedTuningWriters, seed: 0x70AF, habits: variedTuningHabits), 0x5C81_0007, variedTuningHabits),
    ]
    var direct: [[Outcome]] = [], stick: [[Outcome]] = []
    var drawn: [[[Point]]] = [], recorded: [[[Point]]] = []
    for group in groups {
        let kept = session.record(group.drawings)
        direct.append(builtInOutcomes(group.drawings, classifier: builtInClassifier(), scribblesPerKind: 1500,
                                      scribbleSeed: group.scribbleSeed, habits: group.habits))
        stick.append(builtInOutcomes(kept, classifier: builtInClassifier(), scribblesPerKind: 1500,
                                     scribbleSeed: group.scribbleSeed, habits: group.habits) { session.record($0) })
        // In builtInOutcomes' order: writer, shape, drawing.
        drawn += group.drawings.byWriter.flatMap { $0.flatMap { $0 } }
        recorded += kept.byWriter.flatMap { $0.flatMap { $0 } }
    }
    print("recordings: \(session.played), finished by the recognizer: \(session.kept), decided as the classifier: \(session.agreeing); "
          + "strokes and trips the player did not finish: \(session.recorder.gaveUp)")
    let t = GestureDefaults.strokeMaximumShapeDeviation
    let accept = { (outcome: Outcome) in decisionValue(outcome) <= t }
    print()
    print("| data | nearest right | lost at \(t) | scribbles let in | lost, usual / widened | scribbles, usual / widened |")
    print("|---|---|---|---|---|---|")
    for (name, parts) in [("handed to the classifier", direct), ("stick", stick)] {
        let pooled = parts.flatMap { $0 }, real = pooled.filter { $0.shape != nil }
        let all = Rejection(pooled, accept: accept), each = parts.map { Rejection($0, accept: accept) }
        print("| \(name) | \(percent(Double(real.filter(\.isCorrect).count) / Double(real.count))) | \(percent(all.lost)) | "
              + "\(percent(all.falseAccepts)) | \(each.map { percent($0.lost) }.joined(separator: " / ")) | "
              + "\(each.map { percent($0.falseAccepts) }.joined(separator: " / ")) |")
    }
    print()
    for (name, parts) in [("handed to the classifier", direct), ("stick", stick)] {
        let pooled = parts.flatMap { $0 }
        var heaviest = [Int](repeating: 0, count: 6)
        var margins: [Double] = [], byScore = 0
        for outcome in pooled where outcome.isCorrect && !accept(outcome) {
            let match = outcome.match!
            if match.score < GestureDefaults.strokeMinimumScore { byScore += 1; continue }
            let each = contributions(match.shapeMeasures)
            heaviest[each.indices.max { each[$0] < each[$1] }!] += 1
            margins.append(match.margin)
        }
        print("\(name): lost by shape: " + lostByShape(pooled, accept: accept))
        print("  by score \(byScore); heaviest measure: " + zip(StrokeShapeMeasures.names, heaviest).map { "\($0) \($1)" }.joined(separator: ", ")
              + String(format: "; median margin of the lost %.2f", margins.isEmpty ? .nan : quantileInterpolated(margins, 0.5)))
        print("  all correct matches' median contribution: " + medianContributions(pooled.filter(\.isCorrect).compactMap(\.match)))
        print("  scribbles' median contribution: " + medianContributions(pooled.filter { $0.shape == nil }.compactMap(\.match)))
    }
    // The stick's losses the winding weighs most in: the drawing's own
    // winding (turns, as a one-sample template of it measures it), the same
    // drawing handed over, and the template's range.
    print()
    let classifier = builtInClassifier()
    let stickReal = stick.flatMap { $0.filter { $0.shape != nil } }
    precondition(stickReal.count == recorded.count && recorded.count == drawn.count, "outcomes and drawings in one order")
    func winding(_ drawing: [[Point]]) -> Double {
        let one = try! StrokeClassifier(templates: [StrokeTemplate(name: "one", samples: [drawing])], parameters: matchingParameters)
        return one.shapeRanges(ofTemplate: 0).winding.lowerBound
    }
    var lines = 0
    for (index, outcome) in stickReal.enumerated() where outcome.isCorrect && !accept(outcome) && lines < 40 {
        let each = contributions(outcome.match!.shapeMeasures)
        guard each.indices.max(by: { each[$0] < each[$1] }) == 2 else { continue }
        let shape = outcome.shape!, range = classifier.shapeRanges(ofTemplate: shape).winding
        print(String(format: "%@: stick %.2f turns (%d strokes, %d points), drawn %.2f (%d strokes), template %.2f–%.2f, D ÷ m %.2f",
                     shapes[shape].rawValue, winding(recorded[index]), recorded[index].count, recorded[index].map(\.count).reduce(0, +),
                     winding(drawn[index]), drawn[index].count, range.lowerBound, range.upperBound, decisionValue(outcome)))
        lines += 1
    }
    // How the stick's loss and scribbles move with its threshold.
    print()
    print("| stick threshold | lost, pooled | scribbles let in, pooled |")
    print("|---|---|---|")
    let pooled = stick.flatMap { $0 }
    let budget = scribbleBudgetThreshold(pooled.filter { $0.shape == nil }.map(decisionValue).sorted())
    for threshold in [budget, t, t * 1.05, t * 1.1, t * 1.15, t * 1.2, t * 1.3] {
        let rejection = Rejection(pooled) { decisionValue($0) <= threshold }
        print(String(format: "| %.4f%@ | %@ | %@ |", threshold, threshold == budget ? " (4% of its scribbles)" : "",
                     percent(rejection.lost), percent(rejection.falseAccepts)))
    }
}
