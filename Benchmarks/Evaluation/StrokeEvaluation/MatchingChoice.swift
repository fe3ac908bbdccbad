@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 28 (issue 15): the rejection under many-to-one matching
// (`StrokeMatchingParameters.manyToOneMatching`, $P+'s matching without its
// turning angles), which `reference-parts` found better than the greedy runs
// at naming drawings on every family. Its distances are not the greedy
// ones, so the shipped rule's threshold (set where the greedy matching lets
// in 4% of the tuning scribbles) says nothing of it. The protocol, as
// session 9's (RejectionChoice.swift), fixed before any figure was read:
//
// 1. The data are the pooled tuning writers (100–119 usual, 140–159
//    widened), each with 1,500 scribbles of each kind, classified by the
//    built-in set with the exact runner-up (`reportsRunnerUp`), so that a
//    drawing's value, shapeDeviation ÷ margin with the score floor, is
//    exact at any threshold.
// 2. The shipped rule (greedy matching) and the same rule under many-to-one
//    matching, each at the threshold where 4% of the pooled scribbles pass
//    (``scribbleBudget``); the greedy one also at its shipped threshold.
// 3. Many-to-one is preferred if it loses fewer of the pooled tuning
//    writers' correct matches at the budget than the greedy matching by
//    ``requiredImprovement`` (0.1 point) or more. Nothing is shipped by this
//    command: the rejection's speed-ups are the greedy matching's.
// 4. Only then, with `choose-matching heldout`, both are shown once on the
//    report, session 6, wide-habit and lognormal families, at the
//    thresholds chosen in 2.

/// A drawing's value under the shipped rule: shapeDeviation ÷ margin, +∞
/// below the score floor or without a match.
func ruleValue(_ outcome: Outcome) -> Double {
    guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
    let value = match.shapeDeviation / match.margin
    return value.isNaN ? .infinity : value
}

func chooseMatching(heldOut: Bool) {
    func classifier(manyToOne: Bool) -> StrokeClassifier {
        var parameters = matchingParameters
        parameters.manyToOneMatching = manyToOne
        parameters.reportsRunnerUp = true
        return try! StrokeClassifier(templates: builtInTemplates, parameters: parameters)
    }
    func tuningOutcomes(manyToOne: Bool) -> [Outcome] {
        builtInOutcomes(Drawings(writers: tuningWriters, seed: 0x70AE), classifier: classifier(manyToOne: manyToOne),
                        scribblesPerKind: 1500, scribbleSeed: 0x5C81_0001)
            + builtInOutcomes(Drawings(writers: variedTuningWriters, seed: 0x70AF, habits: variedTuningHabits),
                              classifier: classifier(manyToOne: manyToOne), scribblesPerKind: 1500, scribbleSeed: 0x5C81_0007,
                              habits: variedTuningHabits)
    }
    let greedy = tuningOutcomes(manyToOne: false), manyToOne = tuningOutcomes(manyToOne: true)
    func budgetThreshold(_ outcomes: [Outcome]) -> Double {
        scribbleBudgetThreshold(outcomes.filter { $0.shape == nil }.map(ruleValue).sorted())
    }
    let shipped = GestureDefaults.strokeMaximumShapeDeviation
    let greedyLimit = budgetThreshold(greedy), manyToOneLimit = budgetThreshold(manyToOne)
    print("Pooled tuning writers (100–119 usual, 140–159 widened), the built-in set, exact runner-up.")
    print()
    print("| matching | threshold | nearest right | lost | named right and accepted | accepted as another shape | scribbles accepted |")
    print("|---|---|---|---|---|---|---|")
    for (name, outcomes, limit) in [("greedy (shipped), shipped threshold", greedy, shipped),
                                    ("greedy, at 4% of the scribbles", greedy, greedyLimit),
                                    ("many-to-one, shipped threshold", manyToOne, shipped),
                                    ("many-to-one, at 4% of the scribbles", manyToOne, manyToOneLimit)] {
        let rejection = Rejection(outcomes) { ruleValue($0) <= limit }
        print(String(format: "| %@ | %.4f | %@ | %@ | %@ | %@ | %@ |", name, limit, percent(rejection.nearestRight), percent(rejection.lost),
                     percent(rejection.recognizedAndAccepted), percent(rejection.wronglyAccepted), percent(rejection.falseAccepts)))
    }
    print()
    let baseline = Rejection(greedy) { ruleValue($0) <= greedyLimit }.lost
    let candidate = Rejection(manyToOne) { ruleValue($0) <= manyToOneLimit }.lost
    guard beatsBaseline(best: "many-to-one matching", lost: candidate, baseline: baseline) else { return }
    print("preferred: many-to-one matching at \(String(format: "%.4f", manyToOneLimit)) (nothing shipped by this command)")
    guard heldOut else { return }
    func heldOutOutcomes(_ family: String, manyToOne: Bool) -> [Outcome] {
        withHeldOutFamily(family) { drawings, habits, _ in
            builtInOutcomes(drawings, classifier: classifier(manyToOne: manyToOne), scribblesPerKind: 1500,
                            scribbleSeed: heldOutDraw(family).scribbleSeed, habits: habits)
        }
    }
    print()
    printHeldOutLook(header: "| family | nearest (greedy) | greedy at its 4%: lost / scribbles | many-to-one at its 4%: lost / scribbles |",
                     outcomes: { (heldOutOutcomes($0, manyToOne: false), heldOutOutcomes($0, manyToOne: true)) },
                     library: { ruleValue($0) <= greedyLimit }, chosen: { ruleValue($0) <= manyToOneLimit })
}
