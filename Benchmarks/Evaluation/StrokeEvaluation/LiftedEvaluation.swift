@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 32 (issue 15), after round 30 shipped; chooses nothing. The
// issue asks that a star drawn in one stroke or five, either way round,
// be recognized alike. No held-out family draws a shape in other strokes
// than its pen path's, so their tables cannot show it: this cuts each
// family's triangles, rectangles and stars at every corner (the lifting
// hand's corners: turns of more than 60° over a tenth of the drawing's
// larger side), each piece drawn the other way and the pieces shuffled at
// even odds, and reports the built-in set on them as drawn and as cut,
// with the library's rule and with the strokes apart at session 29's
// threshold (the rule before round 30). `scripts/evaluate-strokes lifted
// [report|s6|wide|lognormal|all]`.

/// Of `drawings`, how many the nearest template names right, and of those
/// how many each rule rejects.
private struct LiftedTally {
    var drawings = 0, severalStrokes = 0, right = 0, lostShipped = 0, lostApart = 0
    /// The library's losses by shape, and what their measures added up to.
    var lostByShape: [String: Int] = [:]
    var lostMeasures = [Double](repeating: 0, count: StrokeShapeMeasures.names.count)

    mutating func add(_ drawing: [[Point]], shape: Int, shipped: StrokeClassifier, apart: StrokeClassifier) {
        drawings += 1
        if drawing.count > 1 { severalStrokes += 1 }
        let joined = Outcome(shape: shape, kind: shapes[shape].rawValue, match: shipped.classify(strokes: drawing))
        let separate = Outcome(shape: shape, kind: shapes[shape].rawValue, match: apart.classify(strokes: drawing))
        // The matching does not depend on the strokes' measures: both name the same template.
        guard joined.isCorrect else { return }
        right += 1
        if decisionValue(joined) > GestureDefaults.strokeMaximumShapeDeviation {
            lostShipped += 1
            lostByShape[shapes[shape].rawValue, default: 0] += 1
            for (index, value) in joined.match!.shapeMeasures.values.enumerated() { lostMeasures[index] += value }
        }
        if decisionValue(separate) > sessionTwentyNineMaximumShapeDeviation { lostApart += 1 }
    }

    /// The library's losses by shape, and each measure's mean over them.
    var lostDetail: String {
        let byShape = lostByShape.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let measures = zip(StrokeShapeMeasures.names, lostMeasures).map { name, sum in
            String(format: "%@ %.2f", name, sum / Double(max(1, lostShipped)))
        }.joined(separator: ", ")
        return "\(byShape); mean measures (before the unit and scale) \(measures)"
    }

    func row(_ family: String, _ drawn: String) -> String {
        func share(_ count: Int) -> String { percent(Double(count) / Double(max(1, right))) }
        return "| \(family) | \(drawn) | \(drawings) | \(severalStrokes) | \(percent(Double(right) / Double(max(1, drawings)))) | "
            + "\(share(lostShipped)) (\(lostShipped)) | \(share(lostApart)) (\(lostApart)) |"
    }
}

func liftedEvaluation(families: [String]) {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    matchingParameters.reportsRunnerUp = true   // the exact margin, as the rounds decide
    let shipped = builtInClassifier()
    matchingParameters.joinsStrokes = false
    let apart = builtInClassifier()
    // Every corner lifted; pieces reversed and shuffled at even odds.
    let habit = PenLifting(chance: 1, lift: 1, reverse: 0.5, shuffle: 0.5)
    print("The built-in set on each family's triangles, rectangles and stars, as drawn and cut at every corner "
          + "(pieces reversed and shuffled at even odds). Lost: of those the nearest template names right, rejected by the "
          + "library's rule (\(GestureDefaults.strokeMaximumShapeDeviation)) and by the strokes apart at session 29's "
          + "\(sessionTwentyNineMaximumShapeDeviation).")
    print()
    print("| family | drawn | drawings | in several strokes | nearest right | lost, library | lost, strokes apart |")
    print("|---|---|---|---|---|---|---|")
    var details: [String] = []
    for family in families {
        var random = SplitMix64(seed: 0x1_1F7E_D032)
        let (asDrawn, cut) = withHeldOutFamily(family) { drawings, _, _ in
            var asDrawn = LiftedTally(), cut = LiftedTally()
            for writer in drawings.byWriter {
                for (shape, samples) in writer.enumerated() where liftedShapes.contains(shapes[shape]) {
                    for drawing in samples {
                        asDrawn.add(drawing, shape: shape, shipped: shipped, apart: apart)
                        cut.add(lifted(drawing, habit, random: &random), shape: shape, shipped: shipped, apart: apart)
                    }
                }
            }
            return (asDrawn, cut)
        }
        print(asDrawn.row(family, "as drawn"))
        print(cut.row(family, "cut at every corner"))
        details.append("- \(family), cut: lost \(cut.lostDetail)")
    }
    print()
    print("What the library's rule loses of the drawings cut:")
    print()
    for line in details { print(line) }
}
