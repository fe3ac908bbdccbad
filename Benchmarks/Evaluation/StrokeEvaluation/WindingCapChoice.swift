import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 14 (issue 15), round 5: a cap on how much the winding alone adds
// to the shape deviation.
//
// Designed after reading rounds 3 and 4's figures (tuning data only; no
// held-out figure computed in this session; this is the session's third
// try on the same tuning data, said here so the reader can weigh a win).
// A corner gone round the long way, or a pigtail's loop left out, adds a
// whole turn of winding: about 8.6 units (a turn over the winding unit,
// 0.1167), enough alone to reject a drawing whose cloud and other path
// measures match (round 3's looping part: winding the heaviest measure in
// 58 of its 89 losses). Neither a looser winding per shape (round 3) nor
// taking the turns the short way (round 4, which let scribbles' winding
// through) helped. Here the winding's share of the sum is capped: it can
// still reject together with the other measures, but a single mis-turned
// corner cannot by itself. Robust sums bound each term's influence; that
// is the property of real drawing assumed: a drawing's strokes turn the
// wrong way round at a corner now and then while the rest of the shape holds.
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates, the built-in set's samples, W = 1 (matching and measures
//    unchanged), the deviation D = (the sum of the other five measures over
//    their units + min(winding over its unit, c)) ÷ s_S:
//    - baseline: the shipped rule (no cap, the built-in scales);
//    - c = 1, c = 2, c = 3: per-shape scales s_S relearned by round 2's
//      procedure (p95 of the pool's correct matches' D with s = 1, over the
//      shapes' median) on round 2's pool (writers 600–659).
// 2. Criterion: rounds 3–4's three parts (writers 100–119 usual, 140–159
//    widened, 160–179 widened with the looping hand), exact runner-up, rule
//    score ≥ 0.6 and D ÷ m ≤ t, t re-chosen per candidate at 4% of the
//    pooled scribbles; usual + widened printed beside, not used to choose.
// 3. Chosen: the least pooled loss if it beats the baseline by 0.1 point
//    (ProtocolChoice.swift); otherwise nothing, and no held-out look.
// 4. Only then, `choose-winding-cap heldout`, once (the session's one
//    held-out look): the report, s6, wide and lognormal families, the
//    library as shipped beside the chosen candidate, with each family's
//    losses by shape. Shipped if chosen and its scribble false accepts are
//    at most 5% on every family, tuning and held out; held-out losses
//    reported whatever they are.

// Outcome (session 14, one run of each): chosen, c = 2. Lost, pooled
// (usual / widened / looping; usual + widened), threshold at 4% of the
// pooled scribbles: baseline 1.26% (0.16 / 0.77 / 2.92%; 0.46%), 3.2093;
// c = 1 1.18%, 2.9740; **c = 2 1.05%** (0.19 / 0.51 / 2.52%; 0.35%),
// 3.1806; c = 3 1.15%, 3.1987. The scales at c = 2 are session 13's within
// 0.02 (line 1.36 → 1.34). The one held-out look, lost / scribbles, library
// (3.2001, no cap) → chosen: report 0.32% / 3.67% → 0.30% / 3.77%; s6
// 1.53% / 3.67% → 1.23% / 3.77%; wide 3.95% / 3.55% → 3.47% / 3.58%;
// lognormal 5.60% / 2.80% → 4.69% / 2.83%. Better on every family, the
// 1% bar still not met on s6, wide and lognormal; scribbles at most 5%
// everywhere (tuning 3.90 / 4.10 / 4.00%), so by step 4 it is shipped:
// `StrokeShapeMeasures.windingShareCap`, the built-in scales regenerated
// (`scripts/evaluate-strokes templates`), GestureDefaults' threshold
// 3.1806. Lost by shape, lognormal, library → chosen: pigtail 19 → 5, plus
// 12 → 6, caret 25 → 21, right-bracket 15 → 11; zigzag 28, star 19,
// left-bracket 28 → 26, delete 21 → 22 hardly move (their losses are not
// the winding alone).

let windingCapCandidates = [1.0, 2.0, 3.0]

/// The deviation with the winding's share capped at `cap` (infinite: no
/// cap), before any scale.
func cappedTotal(_ measures: StrokeShapeMeasures, cap: Double) -> Double {
    var rest = measures
    rest.winding = 0
    let winding = measures.uncappedTotal - rest.uncappedTotal
    let value = rest.uncappedTotal + min(winding, cap)
    return value.isFinite ? value : .infinity
}

func cappedValue(_ scales: [Double], cap: Double, _ outcome: Outcome) -> Double {
    guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
    let value = cappedTotal(match.shapeMeasures, cap: cap) / (scales[match.templateIndex] * match.margin)
    return value.isNaN ? .infinity : value
}

func chooseWindingCap(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    builtInTemplates = unscaledBuiltIn()
    let pool = poolMeasures(rangePoolDrawings(), builtInTemplates)
    var rows: [(name: String, cap: Double, scales: [Double])] =
        [("baseline: no cap, session 13's scales (shipped until this round)", .infinity, sessionThirteenDeviationScales)]
    for cap in windingCapCandidates {
        let deviations = pool.map { $0.map { cappedTotal($0, cap: cap) } }
        rows.append((String(format: "winding capped at %.0f", cap), cap, poolScales(deviations, at: 0.95)))
    }
    matchingParameters.reportsRunnerUp = true
    let parts = roundThreeCriterion()
    let pooled = parts.flatMap { $0 }
    let scribbles = pooled.filter { $0.shape == nil }
    print("| candidate | threshold (4% of pooled scribbles) | lost, pooled | lost, usual / widened / looping | lost, usual + widened | scribbles, usual / widened / looping |")
    print("|---|---|---|---|---|---|")
    func rejection(_ row: (name: String, cap: Double, scales: [Double]), _ threshold: Double, _ outcomes: [Outcome]) -> Rejection {
        Rejection(outcomes) { cappedValue(row.scales, cap: row.cap, $0) <= threshold }
    }
    var baseline = Double.nan
    var chosen: (row: (name: String, cap: Double, scales: [Double]), threshold: Double, lost: Double)? = nil
    for row in rows {
        let values = scribbles.map { cappedValue(row.scales, cap: row.cap, $0) }.sorted()
        let limit = scribbleBudgetThreshold(values)
        let all = rejection(row, limit, pooled)
        let each = parts.map { rejection(row, limit, $0) }
        let two = rejection(row, limit, parts[0] + parts[1])
        print(String(format: "| %@ | %.4f | %@ | %@ | %@ | %@ |", row.name, limit, percent(all.lost),
                     each.map { percent($0.lost) }.joined(separator: " / "), percent(two.lost),
                     each.map { percent($0.falseAccepts) }.joined(separator: " / ")))
        if baseline.isNaN { baseline = all.lost; continue }
        if chosen == nil || all.lost < chosen!.lost { chosen = (row, limit, all.lost) }
    }
    let library = Rejection(pooled) { outcome in
        cappedValue(StrokeTemplate.builtIn.map(\.deviationScale), cap: StrokeShapeMeasures.windingShareCap, outcome)
            <= GestureDefaults.strokeMaximumShapeDeviation
    }
    print(String(format: "| (the library now: the built-in scales, the cap, at %.4f) | | %@ | | | |",
                 GestureDefaults.strokeMaximumShapeDeviation, percent(library.lost)))
    print()
    for row in rows { print("scales, \(row.name): " + row.scales.map { String(format: "%.2f", $0) }.joined(separator: " ")) }
    print()
    guard beatsBaseline(best: chosen?.row.name, lost: chosen?.lost, baseline: baseline), let best = chosen else { return }
    print("chosen: \(best.row.name), threshold \(best.threshold) (\(percent(best.lost)) lost against the baseline's \(percent(baseline)))")
    print("tuning losses by shape, library: " + lostByShape(pooled) { cappedValue(rows[0].scales, cap: .infinity, $0) <= sessionThirteenMaximumShapeDeviation })
    print("tuning losses by shape, chosen: " + lostByShape(pooled) { cappedValue(best.row.scales, cap: best.row.cap, $0) <= best.threshold })
    guard heldOut else { return }
    print()
    printHeldOutLook(
        header: String(format: "| family | nearest | library (3.2001): lost / scribbles | chosen (%.4f): lost / scribbles |", best.threshold),
        outcomes: { family in let outcomes = heldOutOutcomes(family: family); return (outcomes, outcomes) },
        library: { cappedValue(rows[0].scales, cap: .infinity, $0) <= sessionThirteenMaximumShapeDeviation },
        chosen: { cappedValue(best.row.scales, cap: best.row.cap, $0) <= best.threshold })
}
