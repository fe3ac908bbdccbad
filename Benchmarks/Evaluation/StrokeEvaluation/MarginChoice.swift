import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 10 (issue 15): a margin rule. A scribble tends to lie about as far
// from several templates; a drawing of a shape, clearly nearer one. The
// classifier reports the runner-up's distance (the nearest *other*
// template, `StrokeMatch.runnerUpDistance`, with
// `StrokeMatchingParameters.reportsRunnerUp`, exact however far); the margin is the ratio
// m = runner-up distance / best distance (≥ 1, scale-free).
//
// The protocol, fixed in this file before any figure with the runner-up was
// read:
//
// 1. Data: session 9's tuning data (`pooledTuningOutcomes`: writers 100–119
//    with the usual habits and 140–159 with `variedTuningHabits`, 1,500
//    scribbles of each kind each), nothing else.
// 2. Candidates (each with the score floor of 0.6; no free parameter but
//    the one threshold, set where 4% of the pooled tuning scribbles pass):
//    - the library's shape deviation, re-thresholded (the baseline: the
//      rule to beat, as in session 9);
//    - the margin alone (accept when m is large);
//    - the shape deviation divided by m^k, k = 1, 2, 4 (a large margin
//      loosens the shape check, a small one tightens it);
//    - veto: the library's rule as shipped (3.67), and m at least a
//      threshold (a borderline nearest rejected when the margin is small);
//    - rescue: the library's rule as shipped, or m at least a threshold (a
//      clear nearest accepted though a shape check is borderline).
// 3. The chosen candidate is the one that loses the fewest of the pooled
//    tuning writers' correct matches at that threshold; it must beat the
//    baseline by at least 0.1 point, or nothing is chosen.
// 4. Only then, with `choose-margin heldout`, the chosen rule is evaluated
//    once on the report, session 6, wide-habit and lognormal families
//    (the held-out families), beside the library's rule as shipped. Each
//    run of `heldout` is a look, and is counted in the report.

/// The margin of `match`: its runner-up's distance over its own (1 when
/// the two are equally near, infinite when nothing else is near or the
/// match is exact).
func margin(_ match: StrokeMatch) -> Double { match.margin }

/// A rule as a value that accepts at or below a threshold.
struct MarginCandidate {
    var name: String
    var value: (StrokeMatch) -> Double

    func callAsFunction(_ match: StrokeMatch) -> Double {
        guard match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
        let result = value(match)
        return result.isNaN ? .infinity : result
    }
}

func marginCandidates() -> [MarginCandidate] {
    let shipped = sessionNineMaximumShapeDeviation
    func libraryAccepts(_ match: StrokeMatch) -> Bool { match.shapeDeviation <= shipped }
    return [
        MarginCandidate(name: "library shape deviation (baseline)") { $0.shapeDeviation },
        MarginCandidate(name: "margin alone") { 1 / margin($0) },
        MarginCandidate(name: "deviation / m") { $0.shapeDeviation / margin($0) },
        MarginCandidate(name: "deviation / m²") { $0.shapeDeviation / pow(margin($0), 2) },
        MarginCandidate(name: "deviation / m⁴") { $0.shapeDeviation / pow(margin($0), 4) },
        MarginCandidate(name: "veto: library and m ≥ t") { libraryAccepts($0) ? 1 / margin($0) : .infinity },
        MarginCandidate(name: "rescue: library or m ≥ t") { libraryAccepts($0) ? 0 : 1 / margin($0) },
    ]
}

func marginThreshold(_ candidate: MarginCandidate, scribbles: [Outcome], budget: Double) -> Double {
    let values = scribbles.map { $0.match.map(candidate.callAsFunction) ?? .infinity }.sorted()
    let allowed = Int(budget * Double(values.count))
    guard allowed > 0 else { return -.infinity }
    return values[allowed - 1]
}

func marginRejection(_ candidate: MarginCandidate, threshold: Double, outcomes: [Outcome]) -> Rejection {
    Rejection(outcomes) { outcome in outcome.match.map { candidate($0) <= threshold } ?? false }
}

func chooseMarginRule(heldOut: Bool) {
    let saved = matchingParameters
    matchingParameters.marginSearchDeviation = 0
    let without = pooledTuningOutcomes()
    matchingParameters = saved
    let searchedOutcomes = pooledTuningOutcomes()
    matchingParameters.reportsRunnerUp = true
    let (usual, varied) = pooledTuningOutcomes()
    let pooled = usual + varied
    // The library's search (`marginSearchDeviation`) decides as the exact
    // runner-up does, with the library's rule.
    let decidedOtherwise = zip(searchedOutcomes.usual + searchedOutcomes.varied, pooled).count { searched, exact in
        (searched.match?.isConfident() ?? false) != (exact.match?.isConfident() ?? false)
    }
    print("decisions of the library's rule differing between its bounded search and the exact runner-up: \(decidedOtherwise) of \(pooled.count)")
    // The match must be the one found without the runner-up, bit for bit.
    let differing = zip(without.usual + without.varied, pooled).count { plain, ranked in
        var stripped = ranked.match
        stripped?.runnerUpDistance = .infinity
        stripped?.runnerUpTemplateIndex = -1
        return stripped != plain.match
    }
    print("matches differing from those found without the runner-up: \(differing) of \(pooled.count)")
    let correct = pooled.filter(\.isCorrect)
    let scribbles = pooled.filter { $0.shape == nil }
    print("tuning writers 100–119 (usual) and 140–159 (widened): \(correct.count) of \(pooled.filter { $0.shape != nil }.count) drawings matched correctly; \(scribbles.count) scribbles")
    let correctMargins = correct.map { margin($0.match!) }
    let scribbleMargins = scribbles.compactMap { $0.match.map(margin) }
    print("margin m (runner-up / best distance), 5th/25th/50th percentile: correct matches "
          + [0.05, 0.25, 0.5].map { String(format: "%.3f", quantile(correctMargins, $0)) }.joined(separator: " / ")
          + "; scribbles " + [0.05, 0.25, 0.5].map { String(format: "%.3f", quantile(scribbleMargins, $0)) }.joined(separator: " / "))
    print()
    print("| rule | threshold (4% of pooled scribbles) | lost, pooled | lost, usual | lost, widened | scribbles, usual | scribbles, widened |")
    print("|---|---|---|---|---|---|---|")
    let candidates = marginCandidates()
    var baseline = Double.nan
    var chosen: (candidate: MarginCandidate, threshold: Double, lost: Double)? = nil
    for candidate in candidates {
        let limit = marginThreshold(candidate, scribbles: scribbles, budget: scribbleBudget)
        let all = marginRejection(candidate, threshold: limit, outcomes: pooled)
        let onUsual = marginRejection(candidate, threshold: limit, outcomes: usual)
        let onVaried = marginRejection(candidate, threshold: limit, outcomes: varied)
        print(String(format: "| %@ | %.4f | %@ | %@ | %@ | %@ | %@ |", candidate.name, limit, percent(all.lost), percent(onUsual.lost),
                     percent(onVaried.lost), percent(onUsual.falseAccepts), percent(onVaried.falseAccepts)))
        if baseline.isNaN { baseline = all.lost; continue }
        if chosen == nil || all.lost < chosen!.lost { chosen = (candidate, limit, all.lost) }
    }
    guard let best = chosen else { return }
    print()
    guard best.lost <= baseline - requiredImprovement else {
        print("nothing chosen: the best, \(best.candidate.name), loses \(percent(best.lost)) against the baseline's \(percent(baseline)) (it must beat it by 0.1 point)")
        return
    }
    print("chosen: \(best.candidate.name), threshold \(best.threshold) (\(percent(best.lost)) lost against the baseline's \(percent(baseline)))")
    // What it loses on the tuning writers: by shape, and by runner-up.
    var lostBy: [String: Int] = [:], lostTo: [String: Int] = [:]
    for outcome in correct where !(best.candidate(outcome.match!) <= best.threshold) {
        lostBy[outcome.kind, default: 0] += 1
        let other = outcome.match!.runnerUpTemplateIndex
        lostTo["\(outcome.kind)~\(other >= 0 ? builtInTemplates[other].name : "none")", default: 0] += 1
    }
    print("lost on the tuning writers, by shape: " + byCountThenName(lostBy.map { ($0.key, $0.value) }).map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    print("… by shape~runner-up: " + byCountThenName(lostTo.map { ($0.key, $0.value) }).prefix(12).map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    guard heldOut else { return }
    // The one look at the held-out families: the library's rule as shipped
    // beside the chosen rule.
    let shipped = MarginCandidate(name: "library, as shipped up to session 9") { $0.shapeDeviation }
    printHeldOutLook(library: { marginRejection(shipped, threshold: sessionNineMaximumShapeDeviation, outcomes: $0) },
                     chosen: { marginRejection(best.candidate, threshold: best.threshold, outcomes: $0) })
}
