@_spi(StrokeTuning) import Tactile

// Session 12 (issue 15): `dump-families` prints every match of every writer
// family's drawings and scribbles at full precision, so that a change of
// the matcher's speed can be checked to leave every answer alone, bit for
// bit (compare the output of the binaries before and after with `cmp`).
//
// For each of the tuning writers and the held-out families (report, s6,
// wide, lognormal), generated as `rejection` and `choose-margin heldout`
// generate them: every real drawing and 1,500 scribbles of each kind
// against the built-in set, and every real drawing and 300 scribbles of
// each kind against the 13 × 3 rotation-invariant set (the shapes without
// a rotated twin, as `classify` and the rotation table use). Each line: the
// set, the family, the drawing's number and kind, the template, sample,
// distance, score, angle, shape deviation, scale, runner-up distance and
// template, margin and the library rule's decision.

func dumpFamilies() {
    let invariantTemplates = builtInTemplates.filter { template in
        shapes.contains { $0.rawValue == template.name && !$0.hasRotatedTwin }
    }.map { try! StrokeTemplate(name: $0.name, isRotationInvariant: true, samples: $0.samples) }
    let sets: [(name: String, classifier: StrokeClassifier, scribblesPerKind: Int)] = [
        ("builtin", builtInClassifier(), 1500),
        ("invariant", try! StrokeClassifier(templates: invariantTemplates, parameters: matchingParameters), 300),
    ]
    for set in sets {
        for family in ["tune"] + heldOutFamilies {
            let scribbleSeed: UInt64 = switch family {
            case "tune": 0x5C81_0001
            case "wide": 0x5C81_0003
            case "lognormal": 0x5C81_0006
            default: 0x5C81_0002
            }
            let outcomes = family == "tune"
                ? builtInOutcomes(Drawings(writers: tuningWriters, seed: 0x70AE), classifier: set.classifier,
                                  scribblesPerKind: set.scribblesPerKind, scribbleSeed: scribbleSeed)
                : withHeldOutFamily(family) { drawings, habits, _ in
                    builtInOutcomes(drawings, classifier: set.classifier, scribblesPerKind: set.scribblesPerKind,
                                    scribbleSeed: scribbleSeed, habits: habits)
                }
            for (index, outcome) in outcomes.enumerated() {
                let prefix = "\(set.name) \(family) \(index) \(outcome.kind)"
                guard let match = outcome.match else { print("\(prefix) nil"); continue }
                // Decided, a rejected drawing's match is the nearest only as far as the classifier looked.
                if decidedClassification, !match.isConfident() { print("\(prefix) false"); continue }
                print("\(prefix) \(match.name) \(match.sampleIndex) \(match.distance) \(match.score) \(match.angle) \(match.shapeDeviation) \(match.scale) \(match.runnerUpDistance) \(match.runnerUpTemplateIndex) \(match.margin) \(match.isConfident())")
            }
        }
    }
}
