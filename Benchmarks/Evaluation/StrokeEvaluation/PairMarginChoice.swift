import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 16 (issue 15), round 10: the margin judged by the pair of
// templates it is between.
//
// What is known before this protocol: session 15's rounds 6–9 (tuning
// figures only) and `explore-cornering losses` (tuning only): every lost
// tuning drawing is lost by D ÷ m, at low margins (median 1.12 cornering,
// 1.20 looping, against 1.74–1.87 over all correct matches), and they sit
// between two templates that are close in shape: zigzag ↔ delete / star,
// left bracket ↔ rectangle, pigtail ↔ check / right bracket. Session 14's
// published held-out loss list (which shapes) is read too, as by rounds
// 6–9. No figure of this round's candidates was computed before this file
// was committed; this is the protocol's tenth round and the fifth on the
// same four-part tuning data, said here so the reader can weigh a win.
//
// The property of real drawing assumed: the margin m (the runner-up's
// distance over the nearest's) says how far a drawing is from confusable;
// but how large a margin a faithful drawing of a shape S has depends on
// which template is next to it. Two templates close in shape (a zigzag and
// a delete) leave even a good drawing of either a low margin against the
// other, while a scribble's margin is low against whatever is next. So a
// margin between a known-close pair is worth more than the same margin
// between two shapes far apart. The closeness of a pair is learned from
// drawings, not from the held-out families: the median margin of the
// learning pool's correct matches of S whose runner-up is T.
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates, the built-in set's samples as shipped, matching and the
//    shape deviation D unchanged (the winding's share capped at 2, the
//    built-in scales s_S), rule score ≥ 0.6 and D ÷ (m · f(S, T)) ≤ t,
//    where S is the nearest template, T the exact runner-up and
//    f(S, T) = max(1, (M ÷ M_ST)^a): M_ST the median margin of the pool's
//    correct matches of S with runner-up T (pairs with at least 20 such
//    matches; f = 1 for the others), M the median margin of all the
//    pool's correct matches. Only close pairs (M_ST < M) are judged more
//    leniently; no pair more strictly.
//    - baseline: the shipped rule (f = 1 everywhere);
//    - pool pairs, a = 1: round 2's pool (writers 600–659);
//    - pool pairs, a = 1/2: the same, the square root of the factor;
//    - pool and cornering pool pairs, a = 1: the pool plus writers
//      690–719 drawn by the cornering hand (round 6's cornering pool; not
//      the criterion's writers 180–199).
//    The pool is classified with the exact runner-up, as the criterion is.
// 2. Criterion: round 6's four parts (usual 100–119, widened 140–159,
//    looping 160–179, cornering 180–199, each with 1,500 scribbles of
//    each kind), exact runner-up, t re-chosen per candidate (the baseline
//    included) where 4% of the pooled scribbles pass; the first three
//    parts' loss printed beside, not used to choose.
// 3. Chosen: the least pooled loss if it beats the baseline by 0.1 point
//    (ProtocolChoice.swift); otherwise nothing, and no held-out look.
// 4. Only then, `choose-pair-margins heldout`, once: the four held-out
//    families, the library as shipped beside the chosen candidate (the
//    same matches, exact runner-up), losses by shape. Shipped if chosen and
//    its scribble false accepts are at most 5% on every family, tuning and
//    held out; held-out losses reported whatever they are.

// Outcome on the tuning side (session 16, one run, about 30 s): chosen,
// pool pairs, a = 1/2. Lost, pooled (usual / widened / looping /
// cornering; first three parts), threshold at 4% of the pooled scribbles:
// baseline 1.97% (0.19 / 0.51 / 2.52 / 4.82%; 1.05%), 3.1851; pool pairs,
// a = 1 1.74% (0.19 / 0.48 / 2.12 / 4.35%; 0.91%), 2.9543; pool pairs,
// a = 1/2 1.70% (0.16 / 0.35 / 2.16 / 4.28%; 0.87%), 3.1037; pool and
// cornering pool pairs, a = 1 1.79% (0.19 / 0.45 / 2.29 / 4.39%; 0.96%),
// 2.9282. Scribbles 3.83–4.18% per part. 23 pairs get a factor above 1
// (largest star→plus 1.22, star→triangle 1.20, line→delete 1.18). Tuning
// losses by shape, library → chosen: zigzag 36 → 28, star 20 → 6, delete
// 11 → 7, triangle 10 → 7, rectangle 15 → 13, pigtail 58 → 61 (the rest
// within 1).
//
// The held-out look (step 4, once, about 60 s), lost / scribbles, library
// (3.1806) → chosen (3.1037): report 0.30 / 3.77% → 0.25 / 3.97%; s6 1.23
// / 3.77% → 1.21 / 3.97%; wide 3.47 / 3.58% → 2.97 / 3.72%; lognormal
// 4.69 / 2.83% → 4.22 / 2.82%. Lower on every family, scribbles at most
// 5% everywhere (tuning 4.18%, held out 3.97%), so by step 4 it ships.
// Held-out losses by shape, library → chosen: lognormal star 19 → 8,
// delete 22 → 17, x 22 → 18, zigzag 28 → 27, left-bracket 26 → 25, caret
// 21 → 21, check 15 → 15, right-bracket 11 → 12, v 14 → 15, plus 6 → 7;
// wide rectangle 15 → 7, triangle 14 → 10, delete 13 → 9, star 9 → 5,
// line 7 → 4, pigtail 18 → 20, caret 8 → 10; s6 pigtail 41 → 44, zigzag,
// star, right-bracket 1 → 0 each; report star 1 → 0, right-bracket 2 → 1.
// Issue 15's bar (under 1% lost) is still not met on s6, wide and
// lognormal.

/// The library's threshold from session 14 to 15 (no close pairs): rounds
/// 6–10 compare with it, so that they rerun as they ran after round 10
/// shipped 3.1037.
let sessionFourteenMaximumShapeDeviation = 3.1806
/// Session 16's threshold, the library's until session 25 (rounds 18–20
/// measured against it, with the path measures unsmoothed).
let sessionSixteenMaximumShapeDeviation = 3.1037

/// The exponent and least count round 10 chose: the built-in set's
/// ``StrokeTemplate/closeTemplates`` are learned so (`templates`).
let shippedPairMarginExponent = 0.5

/// The least number of the pool's correct matches with a given runner-up
/// for that pair's margin to be learned.
let pairMarginMinimumCount = 20

/// A rule judging the margin by the pair it is between: `factors[S][T]`
/// multiplies the margin of a drawing nearest S with runner-up T.
struct PairMarginRule {
    var name: String
    var factors: [[Double]]
    var scales: [Double]

    func value(_ outcome: Outcome) -> Double {
        guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
        let runner = match.runnerUpTemplateIndex
        let factor = runner >= 0 ? factors[match.templateIndex][runner] : 1
        let value = match.shapeMeasures.total / (scales[match.templateIndex] * match.margin * factor)
        return value.isNaN ? .infinity : value
    }
}

/// The margins of `pool`'s ([shape][drawing]) correct matches by the
/// built-in set, by nearest and runner-up: [S][T] → margins. The caller
/// sets the exact runner-up.
func poolPairMargins(_ pool: [[[[Point]]]], classifier: StrokeClassifier) -> [[[Double]]] {
    var margins = Array(repeating: Array(repeating: [Double](), count: shapes.count), count: shapes.count)
    for (shape, drawings) in pool.enumerated() {
        for drawing in drawings {
            guard let match = classifier.classify(strokes: drawing), match.templateIndex == shape,
                  match.runnerUpTemplateIndex >= 0, match.margin.isFinite else { continue }
            margins[shape][match.runnerUpTemplateIndex].append(match.margin)
        }
    }
    return margins
}

/// f(S, T) = max(1, (M ÷ M_ST)^exponent) for pairs with enough matches, else 1.
func pairMarginFactors(_ margins: [[[Double]]], exponent: Double) -> [[Double]] {
    let all = margins.flatMap { $0.flatMap { $0 } }
    let median = quantileInterpolated(all, 0.5)
    return margins.map { row in
        row.map { list in
            guard list.count >= pairMarginMinimumCount else { return 1 }
            return max(1, pow(median / quantileInterpolated(list, 0.5), exponent))
        }
    }
}

/// Each template's close templates as round 10 chose them: learned from
/// round 2's pool against `templates` (their samples; scales play no part
/// in which template is nearest), rounded to 4 decimals, those above 1.
func shippedCloseTemplates(_ templates: [StrokeTemplate]) -> [[String: Double]] {
    var parameters = matchingParameters
    parameters.reportsRunnerUp = true
    let classifier = try! StrokeClassifier(templates: templates, parameters: parameters)
    let factors = pairMarginFactors(poolPairMargins(rangePoolDrawings(), classifier: classifier), exponent: shippedPairMarginExponent)
    return templates.indices.map { s in
        var close: [String: Double] = [:]
        for t in templates.indices {
            let factor = (factors[s][t] * 10_000).rounded() / 10_000
            if factor > 1 { close[templates[t].name] = factor }
        }
        return close
    }
}

func choosePairMargins(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    builtInTemplates = unscaledBuiltIn()
    precondition(!builtInTemplates.contains(where: \.isRotationInvariant), "round 10 is written for a set without rotation-invariant templates")
    matchingParameters.reportsRunnerUp = true
    let plainMargins = poolPairMargins(rangePoolDrawings(), classifier: builtInClassifier())
    let cornerMargins = poolPairMargins(corneringPoolDrawings(), classifier: builtInClassifier())
    let shippedScales = StrokeTemplate.builtIn.map(\.deviationScale)
    let ones = Array(repeating: Array(repeating: 1.0, count: shapes.count), count: shapes.count)
    let rules = [
        PairMarginRule(name: "baseline: the shipped rule (f = 1)", factors: ones, scales: shippedScales),
        PairMarginRule(name: "pool pairs, a = 1", factors: pairMarginFactors(plainMargins, exponent: 1), scales: shippedScales),
        PairMarginRule(name: "pool pairs, a = 1/2", factors: pairMarginFactors(plainMargins, exponent: 0.5), scales: shippedScales),
        PairMarginRule(name: "pool and cornering pool pairs, a = 1", factors: pairMarginFactors(cornerMargins, exponent: 1),
                       scales: shippedScales),
    ]
    for rule in rules.dropFirst() {
        var pairs: [String] = []
        for s in shapes.indices { for t in shapes.indices where rule.factors[s][t] > 1 {
            pairs.append(String(format: "%@→%@ %.2f", shapes[s].rawValue, shapes[t].rawValue, rule.factors[s][t]))
        } }
        print("factors, \(rule.name) (\(pairs.count) pairs above 1): " + pairs.joined(separator: ", "))
    }
    print()
    let parts = roundSixCriterion()
    let pooled = parts.flatMap { $0 }
    print("| candidate | threshold (4% of pooled scribbles) | lost, pooled | lost, usual / widened / looping / cornering | lost, first three parts | scribbles, usual / widened / looping / cornering |")
    print("|---|---|---|---|---|---|")
    let (baseline, chosen) = scoreCandidates(rules, parts: { _ in parts }, value: { $0.value },
                                             row: { "| \($0.name) | " })
    let shipped = sessionFourteenMaximumShapeDeviation
    let library = Rejection(pooled) { rules[0].value($0) <= shipped }
    print(String(format: "| (the library before round 10, at %.4f) | | %@ | | | |", shipped, percent(library.lost)))
    // The library as shipped since (its close templates from `templates`,
    // factors rounded to 4 decimals; its own threshold), matched again.
    builtInTemplates = StrokeTemplate.builtIn
    let shippedParts = roundSixCriterion()
    let now = FourPartScore(shippedParts) { outcome in
        guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
        return match.shapeDeviation / match.margin
    }
    let nowLost = Rejection(shippedParts.flatMap { $0 }) { $0.match?.isConfident() ?? false }
    print(String(format: "| (the library now, at %.4f) | | %@ | (at 4%% of its scribbles: %.4f, %@) | | |",
                 GestureDefaults.strokeMaximumShapeDeviation, percent(nowLost.lost), now.threshold, percent(now.lost)))
    builtInTemplates = unscaledBuiltIn()
    print()
    guard beatsBaseline(best: chosen?.rule.name, lost: chosen?.lost, baseline: baseline), let best = chosen else { return }
    print("chosen: \(best.rule.name), threshold \(best.threshold) (\(percent(best.lost)) lost against the baseline's \(percent(baseline)))")
    print("tuning losses by shape, library: " + lostByShape(pooled) { rules[0].value($0) <= shipped })
    print("tuning losses by shape, chosen: " + lostByShape(pooled) { best.rule.value($0) <= best.threshold })
    guard heldOut else { return }
    print()
    printHeldOutLook(
        header: String(format: "| family | nearest | library (%.4f): lost / scribbles | chosen (%.4f): lost / scribbles |", shipped, best.threshold),
        outcomes: { family in let outcomes = heldOutOutcomes(family: family); return (outcomes, outcomes) },
        library: { rules[0].value($0) <= shipped },
        chosen: { best.rule.value($0) <= best.threshold })
}
