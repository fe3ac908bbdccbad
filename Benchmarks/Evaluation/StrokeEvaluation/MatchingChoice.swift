import Foundation
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
/// below the score floor or without a match; with `exponent`, ÷ margin to
/// that power (the margin round below).
func ruleValue(_ outcome: Outcome, exponent: Double = 1) -> Double {
    guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
    let value = match.shapeDeviation / pow(match.margin, exponent)
    return value.isNaN ? .infinity : value
}

// The margin round (`choose-matching margin`), session 28, after the round
// above chose nothing; fixed before its figures:
//
// 1. The same pooled tuning outcomes, many-to-one matching, exact runner-up.
// 2. Candidates: shapeDeviation ÷ margin^k for k = 0 (no margin), 0.5, 1
//    (the shipped rule), 1.5, 2, 3 and 4: the many-to-one distances of two
//    templates lie closer together than the greedy ones, so the margin may
//    need more weight. Each k's threshold where 4% of the pooled scribbles
//    pass; the k losing the fewest correct matches is chosen.
// 3. Many-to-one with that k is preferred to the greedy matching with the
//    shipped rule (at its own 4% threshold) if it loses at most as many
//    correct matches as the greedy one does (0.25%) and names right and
//    accepts more drawings. Only then the held-out look
//    (`choose-matching margin heldout`), once. Nothing is shipped by it.
let marginExponents = [0.0, 0.5, 1, 1.5, 2, 3, 4]

// The replication (`choose-matching fresh`), session 28, after the margin
// round; fixed before its figures:
//
// 1. Fresh tuning writers, never used before: 800–819 (usual habits) and
//    820–839 (the widened tuning habits), 1,500 scribbles of each kind a
//    group, the built-in set, exact runner-up.
// 2. The greedy matching with the shipped rule at the threshold the margin
//    round set (4% of its pooled tuning scribbles), beside many-to-one with
//    the margin round's k = 0.5 at its threshold from that round: no
//    threshold is set on these writers.
// 3. The criterion is what a player meets, not the loss among each
//    matching's own correct matches (a criterion thought of after the
//    rounds above had shown that figure on the first tuning writers, which
//    is why these writers are fresh): many-to-one is preferred if, on these
//    writers, it names right and accepts more drawings, loses under the
//    issue's 1% of its correct matches, and lets in at most half a point
//    more scribbles than the greedy matching. Only then the held-out look
//    (`choose-matching fresh heldout`), once, with the same figures on each
//    held-out family. Nothing is shipped by it.
/// The margin round's choice of k, which the replication takes as fixed.
let marginRoundExponent = 0.5
let freshUsualWriters = (800..<820).map(UInt64.init)
let freshWidenedWriters = (820..<840).map(UInt64.init)

/// `choose-matching [margin|fresh] [heldout]`: one of the three rounds
/// above, each on the same pooled tuning outcomes of both matchings.
func chooseMatching(round: String?, heldOut: Bool) {
    let rounds = MatchingRounds()
    switch round {
    case "margin": rounds.marginRound(heldOut: heldOut)
    case "fresh": rounds.freshRound(heldOut: heldOut)
    default: rounds.lossRound(heldOut: heldOut)
    }
}

/// What the rounds share: the built-in set with the exact runner-up under
/// either matching, and both matchings' outcomes on the pooled tuning
/// writers (the same drawings in the same order).
struct MatchingRounds {
    typealias Group = (writers: [UInt64], seed: UInt64, scribbleSeed: UInt64)
    let greedy: [Outcome]
    let manyToOne: [Outcome]

    init() {
        greedy = Self.pooled((tuningWriters, 0x70AE, 0x5C81_0001), (variedTuningWriters, 0x70AF, 0x5C81_0007), manyToOne: false)
        manyToOne = Self.pooled((tuningWriters, 0x70AE, 0x5C81_0001), (variedTuningWriters, 0x70AF, 0x5C81_0007), manyToOne: true)
    }

    static func classifier(manyToOne: Bool) -> StrokeClassifier {
        var parameters = matchingParameters
        parameters.manyToOneMatching = manyToOne
        parameters.reportsRunnerUp = true
        return try! StrokeClassifier(templates: builtInTemplates, parameters: parameters)
    }

    /// A group of usual writers and one of widened habits, pooled.
    static func pooled(_ usual: Group, _ widened: Group, manyToOne: Bool) -> [Outcome] {
        builtInOutcomes(Drawings(writers: usual.writers, seed: usual.seed), classifier: classifier(manyToOne: manyToOne),
                        scribblesPerKind: 1500, scribbleSeed: usual.scribbleSeed)
            + builtInOutcomes(Drawings(writers: widened.writers, seed: widened.seed, habits: variedTuningHabits),
                              classifier: classifier(manyToOne: manyToOne), scribblesPerKind: 1500,
                              scribbleSeed: widened.scribbleSeed, habits: variedTuningHabits)
    }

    static func heldOutOutcomes(_ family: String, manyToOne: Bool) -> [Outcome] {
        withHeldOutFamily(family) { drawings, habits, _ in
            builtInOutcomes(drawings, classifier: classifier(manyToOne: manyToOne), scribblesPerKind: 1500,
                            scribbleSeed: heldOutDraw(family).scribbleSeed, habits: habits)
        }
    }

    /// The threshold at which ``scribbleBudget`` of `outcomes`' scribbles pass.
    static func budgetThreshold(_ outcomes: [Outcome], exponent: Double = 1) -> Double {
        scribbleBudgetThreshold(outcomes.filter { $0.shape == nil }.map { ruleValue($0, exponent: exponent) }.sorted())
    }

    /// Round 1: the loss at each matching's 4% threshold.
    func lossRound(heldOut: Bool) {
        let shipped = GestureDefaults.strokeMaximumShapeDeviation
        let greedyLimit = Self.budgetThreshold(greedy), manyToOneLimit = Self.budgetThreshold(manyToOne)
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
        print()
        printHeldOutLook(header: "| family | nearest (greedy) | greedy at its 4%: lost / scribbles | many-to-one at its 4%: lost / scribbles |",
                         outcomes: { (Self.heldOutOutcomes($0, manyToOne: false), Self.heldOutOutcomes($0, manyToOne: true)) },
                         library: { ruleValue($0) <= greedyLimit }, chosen: { ruleValue($0) <= manyToOneLimit })
    }

    /// Round 2: the margin weighed as margin^k under many-to-one.
    func marginRound(heldOut: Bool) {
        let greedyLimit = Self.budgetThreshold(greedy)
        let baseline = Rejection(greedy) { ruleValue($0) <= greedyLimit }
        print("Pooled tuning writers, the built-in set, exact runner-up; greedy (shipped rule) at its 4%: lost "
              + "\(percent(baseline.lost)), named right and accepted \(percent(baseline.recognizedAndAccepted)).")
        print()
        print("| many-to-one, shapeDeviation ÷ margin^k | threshold (4% of scribbles) | lost | named right and accepted | accepted as another shape |")
        print("|---|---|---|---|---|")
        var best: (exponent: Double, limit: Double, rejection: Rejection)?
        for exponent in marginExponents {
            let limit = Self.budgetThreshold(manyToOne, exponent: exponent)
            let rejection = Rejection(manyToOne) { ruleValue($0, exponent: exponent) <= limit }
            print(String(format: "| k = %.1f | %.4f | %@ | %@ | %@ |", exponent, limit, percent(rejection.lost),
                         percent(rejection.recognizedAndAccepted), percent(rejection.wronglyAccepted)))
            if best == nil || rejection.lost < best!.rejection.lost { best = (exponent, limit, rejection) }
        }
        print()
        guard let best else { return }
        // Information: the lost drawings by shape, and whether the greedy
        // matching named and accepted them (the outcomes are the same
        // drawings in the same order).
        let greedyAccepts = { (outcome: Outcome) in ruleValue(outcome) <= greedyLimit }
        let chosenAccepts = { (outcome: Outcome) in ruleValue(outcome, exponent: best.exponent) <= best.limit }
        print("lost by shape, greedy: " + lostByShape(greedy, accept: greedyAccepts))
        print("lost by shape, many-to-one, k = \(best.exponent): " + lostByShape(manyToOne, accept: chosenAccepts))
        let pairs = zip(greedy, manyToOne)
        let lost = pairs.filter { $0.1.isCorrect && !chosenAccepts($0.1) }
        let keptByGreedy = lost.filter { $0.0.isCorrect && greedyAccepts($0.0) }.count
        let wrongForGreedy = lost.filter { !$0.0.isCorrect }.count
        let greedyAlone = pairs.filter { greedyAccepts($0.0) && $0.0.isCorrect && !($0.1.isCorrect && chosenAccepts($0.1)) }.count
        let manyToOneAlone = pairs.filter { chosenAccepts($0.1) && $0.1.isCorrect && !($0.0.isCorrect && greedyAccepts($0.0)) }.count
        print("many-to-one's \(lost.count) lost drawings: \(keptByGreedy) named right and accepted by the greedy matching, "
              + "\(wrongForGreedy) named wrong by it; the greedy matching names right and accepts \(greedyAlone) "
              + "drawings that many-to-one does not, many-to-one \(manyToOneAlone) that the greedy matching does not")
        print()
        let preferred = best.rejection.lost <= baseline.lost && best.rejection.recognizedAndAccepted > baseline.recognizedAndAccepted
        print("chosen: k = \(best.exponent); " + (preferred
            ? "preferred to the greedy matching (loses \(percent(best.rejection.lost)) against \(percent(baseline.lost)))"
            : "not preferred: it loses \(percent(best.rejection.lost)) against the greedy matching's \(percent(baseline.lost)); no held-out look"))
        guard preferred, heldOut else { return }
        print()
        printHeldOutLook(header: "| family | nearest (greedy) | greedy at its 4%: lost / scribbles | many-to-one, k = \(best.exponent), at its 4%: lost / scribbles |",
                         outcomes: { (Self.heldOutOutcomes($0, manyToOne: false), Self.heldOutOutcomes($0, manyToOne: true)) },
                         library: { ruleValue($0) <= greedyLimit }, chosen: { ruleValue($0, exponent: best.exponent) <= best.limit })
    }

    /// Round 3: the replication on fresh writers, on what a player meets.
    func freshRound(heldOut: Bool) {
        let greedyLimit = Self.budgetThreshold(greedy)
        let exponent = marginRoundExponent, manyToOneLimit = Self.budgetThreshold(manyToOne, exponent: exponent)
        func fresh(manyToOne: Bool) -> [Outcome] {
            Self.pooled((freshUsualWriters, 0xF4E5, 0x5C81_0021), (freshWidenedWriters, 0xF4E6, 0x5C81_0027), manyToOne: manyToOne)
        }
        func row(_ name: String, _ outcomes: [Outcome], _ accept: (Outcome) -> Bool) -> Rejection {
            let rejection = Rejection(outcomes, accept: accept)
            print("| \(name) | \(percent(rejection.nearestRight)) | \(percent(rejection.recognizedAndAccepted)) | \(percent(rejection.lost)) "
                  + "| \(percent(rejection.wronglyAccepted)) | \(percent(rejection.falseAccepts)) |")
            return rejection
        }
        let header = "| writers, matching | nearest right | named right and accepted | lost | accepted as another shape | scribbles accepted |"
        print("Thresholds from the pooled tuning writers: greedy \(String(format: "%.4f", greedyLimit)), many-to-one (k = \(exponent)) "
              + "\(String(format: "%.4f", manyToOneLimit)).")
        print()
        print(header)
        print("|---|---|---|---|---|---|")
        let old = row("fresh 800–839, greedy", fresh(manyToOne: false)) { ruleValue($0) <= greedyLimit }
        let new = row("fresh 800–839, many-to-one", fresh(manyToOne: true)) { ruleValue($0, exponent: exponent) <= manyToOneLimit }
        print()
        let preferred = new.recognizedAndAccepted > old.recognizedAndAccepted && new.lost < 0.01
            && new.falseAccepts <= old.falseAccepts + 0.005
        print(preferred ? "preferred: many-to-one (k = \(exponent))" : "not preferred; no held-out look")
        guard preferred, heldOut else { return }
        print()
        print(header)
        print("|---|---|---|---|---|---|")
        for family in heldOutFamilies {
            _ = row("\(family), greedy", Self.heldOutOutcomes(family, manyToOne: false)) { ruleValue($0) <= greedyLimit }
            _ = row("\(family), many-to-one", Self.heldOutOutcomes(family, manyToOne: true)) {
                ruleValue($0, exponent: exponent) <= manyToOneLimit
            }
        }
    }
}
