import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 12 (issue 15): a built-in set that covers how people draw each
// shape. Session 11 found that every held-out loss is a rejection by
// deviation ÷ margin, winding first, and that each writer's own three
// templates lose about 1% where the built-in ones lose 4–5%: the built-in
// set (the first drawing of each of three writers, `templateSet`) is too
// narrow a sample. The shape check's ink, closure and winding ranges are
// those of a template's three samples, so three drawings alike make ranges
// that real drawings fall out of.
//
// The protocol, fixed in this file before any figure of a new set was read:
//
// 1. The pool: writers 500–559 (used for nothing else), odd seeds with the
//    usual habits and even seeds with the wide ones (as the shipped set's
//    writers mix them), two drawings of each shape each: 120 drawings a
//    shape, rounded to a tenth of a point as the file stores them. No
//    tuning writer, report writer or held-out family draws in it.
// 2. The candidates, three drawings of the pool per shape (16 × 3, the
//    speed bar's size):
//    - the shipped set (the baseline);
//    - medoids: k-medoids (k = 3, build then swap) over the pool's
//      symmetric matching distance (each drawing a one-sample template,
//      the classifier's distance to each other drawing, both ways
//      averaged);
//    - covering: the medoids, then swapped one drawing at a time while
//      that lowers the number of pool drawings of the shape whose shape
//      deviation against the three (alone, one template) is above the
//      library's threshold (ties: the lower sum of deviations), so that the
//      ranges cover the pool.
// 3. Each candidate's threshold on the library's rule (deviation ÷ margin,
//    score floor 0.6) is re-chosen where 4% of the pooled tuning scribbles
//    pass (writers 100–119 usual and 140–159 widened, 1,500 scribbles of
//    each kind each: session 10's protocol, which chose 3.0756 for the
//    shipped set). The candidate that then loses the fewest of the pooled
//    tuning writers' correct matches is chosen, if it beats the baseline by
//    at least 0.1 point and its pooled nearest-template accuracy is not
//    lower than the baseline's by more than 0.5 point; otherwise nothing.
// 4. Only then, with `choose-templates heldout`, the chosen set with its
//    threshold is evaluated once on the report, session 6, wide-habit and
//    lognormal families beside the shipped set and rule. It ships if its
//    loss pooled over the four families is lower, no family loses more by
//    more than 0.1 point, no family's nearest accuracy drops by more than
//    0.5 point, and every family accepts under 5% of scribbles (with the
//    report writers' other bars, which do not depend on the built-in set,
//    checked in the regenerated report).

// Round 1 (the protocol above, run once): the baseline kept its threshold
// (3.0756, reproduced) and lost 0.86%; medoids 0.96% (nearest 98.80% against
// 98.25%), covering 1.53% (its ranges let 11.6% of scribbles in at 3.0756,
// so its threshold fell to 2.17). Nothing chosen, no held-out look.
//
// Round 2, fixed before it was run, on the same tuning data and criterion
// (steps 3 and 4 unchanged; the baseline, medoids and covering stay in the
// table): covering let scribbles in because its cost counted only the
// drawings it covers. The balanced candidates weigh both: from the medoids,
// swap while the count of the shape's pool drawings a template of the three
// alone rejects, plus λ × the count of pool scribbles it alone accepts
// (score ≥ 0.6 and deviation ≤ 3.0756), falls (ties: the lower sum of the
// drawings' deviations), for λ = 1/8, 1/4, 1/2 and 1. The pool scribbles:
// 60 of each kind, half drawn with the usual habits and half with the wide
// (StrokeSynthesizer seeded 0x5C81_0500, used for nothing else). 1/8 is
// the ratio of a pool drawing's share over the 1% target to a scribble's
// share over the 4% budget; the larger values allow for a scribble accepted
// by one template alone going to another shape in the whole set.

// Round 2 (run once): every balanced set let 8–10% of the tuning scribbles in
// at 3.0756, so its threshold fell to 2.30–2.38 and it lost 1.29–1.92%
// (nearest 93.5–97.2%). Nothing chosen, no held-out look.
//
// `choose-templates split` (for information, chooses nothing): the
// baseline and the medoids on each tuning family apart, each at its own
// pooled threshold. The baseline's writers were picked (`pick`) and the
// shape check's units learned (`tune`) on writers 100–119, so those writers
// favour it; writers 140–159 took part only in choosing rules.

/// The pool's scribbles (round 2): 60 of each kind, half usual, half wide.
func templatePoolScribbles() -> [[[Point]]] {
    var synthesizer = StrokeSynthesizer(seed: 0x5C81_0500)
    return StrokeScribble.allCases.flatMap { kind in
        (0..<60).map { index in synthesizer.scribble(kind, habits: index % 2 == 0 ? .usual : .wide) }
    }
}

/// The pool's writers (session 12): odd seeds usual, even seeds wide.
let templatePoolWriters = (500..<560).map(UInt64.init)
/// Drawings of each shape by each pool writer.
let templatePoolDrawingsPerWriter = 2

/// pool[shape][drawing], rounded to a tenth of a point.
func templatePool() -> [[[[Point]]]] {
    let saved = (sessionSixWriters, lognormalWriters)
    (sessionSixWriters, lognormalWriters) = (false, false)
    defer { (sessionSixWriters, lognormalWriters) = saved }
    let habits = templateHabits("mixed", seeds: templatePoolWriters)
    let byWriter = zip(templatePoolWriters, habits).map { Drawings(writers: [$0], seed: 0x7E40, habits: $1).byWriter[0] }
    return shapes.indices.map { shape in
        byWriter.flatMap { writer in
            writer[shape].prefix(templatePoolDrawingsPerWriter).map { drawing in
                drawing.map { $0.map { Point(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) } }
            }
        }
    }
}

/// The symmetric matching distance between a shape's pool drawings: each
/// a one-sample template, the classifier's distance to each other drawing,
/// the two ways averaged.
func poolDistances(_ drawings: [[[Point]]], shape: StrokeShape) -> [[Double]] {
    let n = drawings.count
    var oneWay = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for (index, drawing) in drawings.enumerated() {
        let classifier = try! StrokeClassifier(templates: [template(shape, [drawing])], parameters: matchingParameters)
        for other in 0..<n where other != index {
            oneWay[index][other] = classifier.classify(strokes: drawings[other])?.distance ?? .infinity
        }
    }
    return (0..<n).map { i in (0..<n).map { j in (oneWay[i][j] + oneWay[j][i]) / 2 } }
}

/// k-medoids (build, then swap while the total distance to the nearest
/// medoid falls), first of equals, so the same pool gives the same medoids.
func medoids(_ distance: [[Double]], count k: Int) -> [Int] {
    let n = distance.count
    func cost(_ chosen: [Int]) -> Double {
        (0..<n).reduce(0) { total, point in total + chosen.map { distance[point][$0] }.min()! }
    }
    var chosen: [Int] = []
    while chosen.count < k {
        let next = (0..<n).filter { !chosen.contains($0) }.min { cost(chosen + [$0]) < cost(chosen + [$1]) }!
        chosen.append(next)
    }
    var best = cost(chosen)
    var improved = true
    while improved {
        improved = false
        for slot in 0..<k {
            for candidate in 0..<n where !chosen.contains(candidate) {
                var trial = chosen
                trial[slot] = candidate
                let trialCost = cost(trial)
                if trialCost < best - 1e-12 { (chosen, best, improved) = (trial, trialCost, true) }
            }
        }
    }
    return chosen
}

/// How many of a shape's pool drawings a template of `samples` alone
/// (one template, so no runner-up) rejects on the library's deviation
/// threshold, and their summed deviation: the covering candidate's cost.
func coveringCost(_ samples: [[[Point]]], pool: [[[Point]]], shape: StrokeShape) -> (rejected: Int, deviation: Double) {
    let classifier = try! StrokeClassifier(templates: [template(shape, samples)], parameters: matchingParameters)
    var rejected = 0, total = 0.0
    for drawing in pool {
        let deviation = classifier.classify(strokes: drawing)?.shapeDeviation ?? .infinity
        if !(deviation <= GestureDefaults.strokeMaximumShapeDeviation) { rejected += 1 }
        total += deviation.isFinite ? deviation : 100
    }
    return (rejected, total)
}

/// The balanced cost (round 2): the covering cost's rejected drawings plus
/// λ × the pool scribbles a template of `samples` alone accepts.
func balancedCost(_ samples: [[[Point]]], pool: [[[Point]]], scribbles: [[[Point]]], shape: StrokeShape,
                  scribbleWeight: Double) -> (rejected: Double, deviation: Double) {
    let classifier = try! StrokeClassifier(templates: [template(shape, samples)], parameters: matchingParameters)
    let drawings = coveringCost(samples, pool: pool, shape: shape)
    let accepted = scribbles.count { classifier.classify(strokes: $0)?.isConfident() ?? false }
    return (Double(drawings.rejected) + scribbleWeight * Double(accepted), drawings.deviation)
}

/// The medoids, then swapped one drawing at a time while that lowers the
/// covering cost (with `scribbles` and a weight, the balanced cost).
func covering(_ start: [Int], pool: [[[Point]]], shape: StrokeShape, scribbles: [[[Point]]] = [], scribbleWeight: Double = 0) -> [Int] {
    func coveringCost(_ samples: [[[Point]]], pool: [[[Point]]], shape: StrokeShape) -> (rejected: Double, deviation: Double) {
        if scribbleWeight > 0 { return balancedCost(samples, pool: pool, scribbles: scribbles, shape: shape, scribbleWeight: scribbleWeight) }
        let cost = StrokeEvaluation.coveringCost(samples, pool: pool, shape: shape)
        return (Double(cost.rejected), cost.deviation)
    }
    var chosen = start
    var best = coveringCost(chosen.map { pool[$0] }, pool: pool, shape: shape)
    var improved = true
    while improved {
        improved = false
        for slot in chosen.indices {
            for candidate in pool.indices where !chosen.contains(candidate) {
                var trial = chosen
                trial[slot] = candidate
                let cost = coveringCost(trial.map { pool[$0] }, pool: pool, shape: shape)
                if cost.rejected < best.rejected || (cost.rejected == best.rejected && cost.deviation < best.deviation - 1e-9) {
                    (chosen, best, improved) = (trial, cost, true)
                }
            }
        }
    }
    return chosen
}

/// The candidate sets of the protocol, made from the pool: the medoids
/// and the covering set, each with the pool indices it took.
func candidateTemplateSets() -> [(name: String, templates: [StrokeTemplate], picks: [[Int]])] {
    let pool = templatePool()
    let scribbles = templatePoolScribbles()
    let weights = [0.125, 0.25, 0.5, 1]
    var medoidPicks: [[Int]] = [], coveringPicks: [[Int]] = []
    var balancedPicks = [[[Int]]](repeating: [], count: weights.count)
    for (shape, drawings) in pool.enumerated() {
        let picks = medoids(poolDistances(drawings, shape: shapes[shape]), count: 3).sorted()
        medoidPicks.append(picks)
        coveringPicks.append(covering(picks, pool: drawings, shape: shapes[shape]).sorted())
        for (index, weight) in weights.enumerated() {
            balancedPicks[index].append(covering(picks, pool: drawings, shape: shapes[shape], scribbles: scribbles, scribbleWeight: weight).sorted())
        }
    }
    func set(_ picks: [[Int]]) -> [StrokeTemplate] {
        shapes.indices.map { shape in template(shapes[shape], picks[shape].map { pool[shape][$0] }) }
    }
    return [("medoids", set(medoidPicks), medoidPicks), ("covering", set(coveringPicks), coveringPicks)]
        + zip(weights, balancedPicks).map { ("balanced λ = \($0)", set($1), $1) }
}

/// The library's rule (deviation ÷ margin, score floor) as a candidate rule.
var libraryMarginRule: MarginCandidate { MarginCandidate(name: "deviation / m") { $0.shapeDeviation / margin($0) } }

struct TemplateSetResult {
    var name: String
    var threshold: Double
    var lost: Double
    var nearest: Double
    var lostAtShipped: Double
    var scribblesAtShipped: Double
}

/// One set on the pooled tuning writers, with the exact runner-up.
func tuningResult(name: String, templates: [StrokeTemplate]) -> TemplateSetResult {
    let saved = (builtInTemplates, matchingParameters)
    defer { (builtInTemplates, matchingParameters) = saved }
    builtInTemplates = templates
    matchingParameters.reportsRunnerUp = true
    let (usual, varied) = pooledTuningOutcomes()
    let pooled = usual + varied
    let real = pooled.filter { $0.shape != nil }, scribbles = pooled.filter { $0.shape == nil }
    let limit = marginThreshold(libraryMarginRule, scribbles: scribbles, budget: scribbleBudget)
    let chosen = marginRejection(libraryMarginRule, threshold: limit, outcomes: pooled)
    let shipped = marginRejection(libraryMarginRule, threshold: GestureDefaults.strokeMaximumShapeDeviation, outcomes: pooled)
    return TemplateSetResult(name: name, threshold: limit, lost: chosen.lost,
                             nearest: Double(real.filter(\.isCorrect).count) / Double(real.count),
                             lostAtShipped: shipped.lost, scribblesAtShipped: shipped.falseAccepts)
}

/// `choose-templates split`: the baseline and the medoids on each tuning
/// family apart, each at its threshold over the pooled scribbles.
func splitTemplateComparison() {
    let pool = templatePool()
    let picks = pool.indices.map { medoids(poolDistances(pool[$0], shape: shapes[$0]), count: 3).sorted() }
    let medoidSet = shapes.indices.map { shape in template(shapes[shape], picks[shape].map { pool[shape][$0] }) }
    let saved = (builtInTemplates, matchingParameters)
    defer { (builtInTemplates, matchingParameters) = saved }
    matchingParameters.reportsRunnerUp = true
    print("| set | threshold | lost: usual 100–119 / widened 140–159 | nearest: usual / widened | lost by shape (pooled) |")
    print("|---|---|---|---|---|")
    for (name, templates) in [("shipped (baseline)", StrokeTemplate.builtIn), ("medoids", medoidSet)] {
        builtInTemplates = templates
        let (usual, varied) = pooledTuningOutcomes()
        let pooled = usual + varied
        let limit = marginThreshold(libraryMarginRule, scribbles: pooled.filter { $0.shape == nil }, budget: scribbleBudget)
        func nearest(_ outcomes: [Outcome]) -> Double {
            let real = outcomes.filter { $0.shape != nil }
            return Double(real.filter(\.isCorrect).count) / Double(real.count)
        }
        var lostBy: [String: Int] = [:]
        for outcome in pooled where outcome.isCorrect && !(libraryMarginRule(outcome.match!) <= limit) { lostBy[outcome.kind, default: 0] += 1 }
        let lost = [usual, varied].map { marginRejection(libraryMarginRule, threshold: limit, outcomes: $0).lost }
        print(String(format: "| %@ | %.4f | %@ / %@ | %@ / %@ | %@ |", name, limit, percent(lost[0]), percent(lost[1]),
                     percent(nearest(usual)), percent(nearest(varied)),
                     byCountThenName(lostBy.map { ($0.key, $0.value) }).map { "\($0.0) \($0.1)" }.joined(separator: ", ")))
    }
}

func chooseTemplates(heldOut: Bool) {
    let started = ContinuousClock.now
    let baseline = StrokeTemplate.builtIn
    let candidates = candidateTemplateSets()
    print("pool: writers 500–559 (odd usual, even wide), \(templatePoolDrawingsPerWriter) drawings of each shape each (\(ContinuousClock.now - started))")
    for candidate in candidates {
        print("\(candidate.name) picks (pool index = 2 × writer offset + drawing): " + zip(shapes, candidate.picks).map { "\($0.0.rawValue) \($0.1.map(String.init).joined(separator: ","))" }.joined(separator: "; "))
    }
    print()
    print("| set | threshold (4% of pooled scribbles) | lost, pooled | nearest, pooled | lost at 3.0756 | scribbles at 3.0756 |")
    print("|---|---|---|---|---|---|")
    let results = [tuningResult(name: "shipped (baseline)", templates: baseline)]
        + candidates.map { tuningResult(name: $0.name, templates: $0.templates) }
    for result in results {
        print(String(format: "| %@ | %.4f | %@ | %@ | %@ | %@ |", result.name, result.threshold, percent(result.lost), percent(result.nearest),
                     percent(result.lostAtShipped), percent(result.scribblesAtShipped)))
    }
    let base = results[0]
    let eligible = results.dropFirst().filter { $0.lost <= base.lost - 0.001 && $0.nearest >= base.nearest - 0.005 }
    print()
    guard let best = eligible.min(by: { $0.lost < $1.lost }) else {
        print("nothing chosen: no candidate beats the baseline's \(percent(base.lost)) by 0.1 point with its nearest accuracy within 0.5 point")
        return
    }
    print("chosen: \(best.name), threshold \(best.threshold) (\(percent(best.lost)) lost against the baseline's \(percent(base.lost)))")
    print("(\(ContinuousClock.now - started))")
    guard heldOut else { return }
    // The one look: the shipped set with the shipped rule beside the chosen
    // set with its threshold, on each held-out family.
    let chosenTemplates = candidates.first { $0.name == best.name }!.templates
    let saved = (builtInTemplates, matchingParameters)
    defer { (builtInTemplates, matchingParameters) = saved }
    matchingParameters.reportsRunnerUp = true
    print()
    print("| family | nearest: shipped / chosen | lost: shipped / chosen | scribbles accepted: shipped / chosen |")
    print("|---|---|---|---|")
    var allBefore: [Outcome] = [], allAfter: [Outcome] = []
    var ships = true
    for family in heldOutFamilies {
        builtInTemplates = baseline
        let before = heldOutOutcomes(family: family)
        builtInTemplates = chosenTemplates
        let after = heldOutOutcomes(family: family)
        func nearest(_ outcomes: [Outcome]) -> Double {
            let real = outcomes.filter { $0.shape != nil }
            return Double(real.filter(\.isCorrect).count) / Double(real.count)
        }
        let old = marginRejection(libraryMarginRule, threshold: GestureDefaults.strokeMaximumShapeDeviation, outcomes: before)
        let new = marginRejection(libraryMarginRule, threshold: best.threshold, outcomes: after)
        print("| \(family) | \(percent(nearest(before))) / \(percent(nearest(after))) | \(percent(old.lost)) / \(percent(new.lost)) | \(percent(old.falseAccepts)) / \(percent(new.falseAccepts)) |")
        allBefore += before.filter { $0.shape != nil }
        allAfter += after.filter { $0.shape != nil }
        if new.lost > old.lost + 0.001 || nearest(after) < nearest(before) - 0.005 || new.falseAccepts >= 0.05 { ships = false }
    }
    let old = marginRejection(libraryMarginRule, threshold: GestureDefaults.strokeMaximumShapeDeviation, outcomes: allBefore)
    let new = marginRejection(libraryMarginRule, threshold: best.threshold, outcomes: allAfter)
    if new.lost >= old.lost { ships = false }
    print("| pooled | | \(percent(old.lost)) / \(percent(new.lost)) | |")
    print()
    print(ships ? "the chosen set wins on the held-out families: ship it (`templates` writes it)" : "the chosen set does not win on the held-out families: not shipped")
    print("(\(ContinuousClock.now - started))")
}
