import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 14 (issue 15), round 3: deviation scales per shape *and per
// measure*, and a looping hand on the tuning side. Session 13's per-shape
// scale (round 2, shipped) lowered the tuning loss and the report, s6 and
// wide families' losses, but the sigma-lognormal family lost more (5.19%
// → 5.60%); the earlier diagnosis (session 11, docs/strokes-history.md) found the winding
// the heaviest measure in that family's losses, and the shapes it loses
// most those with sharp turns (stars, zigzags, deletes).
//
// Before this protocol, on the learning pool only (tuning habits, no
// held-out figure): `explore-pool` printed each shape's measures (share
// nonzero, 50th/95th/99th percentiles of each measure over its unit).
// Every shape's winding has a positive 95th percentile (0.18–1.02); the
// pigtail's 99th is 8.1 (its drawings sometimes wind a turn more or less).
// `draw 161 looping` and `explore-looping` showed the looping hand's
// drawings and how many got a loop (criterion writers 160–179, of 200 a
// shape: zigzag 167, star 160, delete 65, triangle 56, pigtail 45, v 35,
// caret 28, the rest 10–17 where a hook or jitter makes a sharp turn);
// no measure and no rule's figure on them.
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Learning pool: rounds 1–2's (writers 600–659, odd usual, even
//    `variedTuningHabits`, 10 drawings a shape each, seed 0x5A6E), matched
//    by the built-in set without scales; for each shape S and each group g
//    of measures, the contributions C (each measure over its unit, the
//    group's summed) of its pool drawings matched correctly.
// 2. A group's scale for S: q_S, the q-th quantile of C over S's pool
//    matches, over the median of the 16 shapes' q_S (shapes whose q_S is 0
//    left out of the median), at least 0.25; 1 if no pool match of S has a
//    positive C in the group (the group never strays for S). The deviation
//    is Σ_g C_g ÷ s_{S,g}.
// 3. Candidates, each under the rule score ≥ 0.6 and D ÷ m ≤ t:
//    - baseline: the shipped rule, one group (all six) with the built-in
//      set's scales (session 13's p95);
//    - winding apart, p95: groups {winding}, {ink, closure, radial,
//      farthest, 90th percentile}, q = 0.95;
//    - winding apart, p99: the same at q = 0.99;
//    - path apart, p95: groups {ink}, {closure}, {winding}, {radial,
//      farthest, 90th percentile}, q = 0.95;
//    - looping pool, winding apart, p95: as "winding apart, p95", learned
//      on the pool plus writers 660–689 with the looping hand (below; odd
//      usual, even `variedTuningHabits`, same seed).
//    The looping hand, a property of real drawing: a fluent hand often
//    does not stop at a sharp turn (a cusp) but goes round it in a small
//    loop the other way (handwriting's loops against cusps: the same
//    motion with a little more speed or phase lag loops). Each looping
//    writer has a chance (uniform 0.2–0.6) of looping at each turn sharper
//    than 120° and a loop size (uniform 4–10% of the drawing's larger
//    side); the loop is a cubic from the corner back to it, leaving along
//    the incoming direction and arriving along the outgoing one, so it
//    turns the long way (a full turn more or less of winding). Written
//    from that description, not from any held-out generator.
// 4. Criterion data: `pooledTuningOutcomes` (writers 100–119 usual,
//    140–159 widened, 1,500 scribbles of each kind each) and, new, writers
//    160–179 with `variedTuningHabits` and the looping hand (seed 0x70B0,
//    scribbles seed 0x5C81_0008, widened habits), all with the exact
//    runner-up. t re-chosen per candidate (the baseline included) where 4%
//    of the pooled scribbles (all three parts) pass.
// 5. Chosen: the candidate losing the fewest pooled correct matches, if it
//    beats the baseline by at least 0.1 point (ProtocolChoice.swift);
//    otherwise nothing, and no held-out look.
// 6. Only then, `choose-measure-scales heldout`, once: the report, s6,
//    wide and lognormal families, the library as shipped (built-in scales,
//    3.2001) beside the chosen candidate, with each family's losses by
//    shape. Shipped (scales as the built-in set's data, the threshold
//    GestureDefaults') if chosen in step 5 and its scribble false accepts
//    are at most 5% on every family, tuning (three parts) and held out;
//    held-out losses reported whatever they are.

// Outcome (session 14, one run): nothing chosen. Lost, pooled (usual /
// widened / looping), threshold at 4% of the pooled scribbles: baseline
// 1.26% (0.16 / 0.77 / 2.92%, 3.2093); winding apart p95 1.18% (0.16 /
// 0.64 / 2.82%, 3.1552); p99 1.24%; path apart p95 1.34%; looping pool,
// winding apart p95 1.18% (0.13 / 0.77 / 2.72%, 3.0361). The best beat the
// baseline by 0.08 point, under the 0.1 required: no held-out look.
// `explore-looping losses` (tuning only, after the outcome): the looping
// part's 89 lost drawings have the winding as their heaviest measure in
// 58 (the 90th-percentile distance 25), over every shape (round 4,
// CornerWindingChoice.swift, follows from it).

/// The built-in set's deviation scales as session 13 shipped them (before
/// the winding's cap), in StrokeShape's order: the baseline of rounds 3–5.
let sessionThirteenDeviationScales = [1.3595, 0.7031, 0.9999, 1.0989, 0.7562, 0.7396, 0.6401, 1.0334, 1.064, 1.0001,
                                      1.011, 0.9519, 1.0696, 0.7827, 1.0973, 0.8797]
/// Session 13's threshold, with those scales and no cap.
let sessionThirteenMaximumShapeDeviation = 3.2001

/// Each measure's contribution to the shape deviation (the measure over its
/// unit), in StrokeShapeMeasures.names' order.
func contributions(_ measures: StrokeShapeMeasures) -> [Double] {
    (0..<6).map { StrokeShapeMeasures(copying: measures, keeping: $0).uncappedTotal }
}

/// The median of each measure's contribution over `matches`, and their
/// median margin, as the explorations print them ("ink 0.00, …; median
/// margin 2.19").
func medianContributions(_ matches: [StrokeMatch]) -> String {
    (0..<6).map { k in
        String(format: "%@ %.2f", StrokeShapeMeasures.names[k], quantileInterpolated(matches.map { contributions($0.shapeMeasures)[k] }, 0.5))
    }.joined(separator: ", ") + String(format: "; median margin %.2f", quantileInterpolated(matches.map(\.margin), 0.5))
}

extension StrokeShapeMeasures {
    /// `measures` with every measure but the one at `index` set to 0.
    init(copying measures: StrokeShapeMeasures, keeping index: Int) {
        self = measures
        if index != 0 { ink = 0 }
        if index != 1 { closure = 0 }
        if index != 2 { winding = 0 }
        if index != 3 { radial = 0 }
        if index != 4 { farthest = 0 }
        if index != 5 { percentile = 0 }
    }
}

// MARK: The looping hand

/// A looping writer's habit: the chance of a loop at each sharp turn, and
/// the loop's size as a share of the drawing's larger side.
struct CuspLooping {
    var chance: Double
    var size: Double

    init(writer: UInt64) {
        var random = SplitMix64(seed: writer ^ 0x100B_C05B)
        chance = 0.2 + 0.4 * random.unit()
        size = 0.04 + 0.06 * random.unit()
    }
}

extension SplitMix64 {
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// `drawing` with a loop at some of its turns sharper than 120°: found on
/// the sampled points by the direction over a tenth of the larger side
/// before and after each point, one corner per run of such points.
func withCuspLoops(_ drawing: [[Point]], _ habit: CuspLooping, random: inout SplitMix64) -> [[Point]] {
    let all = drawing.flatMap { $0 }
    guard let first = all.first else { return drawing }
    var low = first, high = first
    for point in all {
        low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
        high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
    }
    let larger = max(high.x - low.x, high.y - low.y)
    guard larger > 0 else { return drawing }
    let reach = 0.1 * larger
    return drawing.map { stroke in
        guard stroke.count > 4 else { return stroke }
        let (along, turn) = turnsOverReach(stroke, reach: reach)
        var result: [Point] = []
        var index = 0
        while index < stroke.count {
            guard abs(turn[index]) > 2 * Double.pi / 3 else { result.append(stroke[index]); index += 1; continue }
            // The sharpest point of this run of sharp turns is the corner.
            var end = index, corner = index
            while end < stroke.count, abs(turn[end]) > 2 * Double.pi / 3 {
                if abs(turn[end]) > abs(turn[corner]) { corner = end }
                end += 1
            }
            result.append(contentsOf: stroke[index...corner])
            if random.unit() < habit.chance {
                let c = stroke[corner]
                let inX = c.x - stroke[max(0, corner - 1)].x, inY = c.y - stroke[max(0, corner - 1)].y
                let outX = stroke[min(stroke.count - 1, corner + 1)].x - c.x, outY = stroke[min(stroke.count - 1, corner + 1)].y - c.y
                let inLength = hypot(inX, inY), outLength = hypot(outX, outY)
                if inLength > 0, outLength > 0 {
                    let size = habit.size * larger
                    // Bulging to the side it turns to, the long way round (away
                    // from the sharp turn's own side), so that it is a loop and
                    // not a spike.
                    let side = turn[corner] > 0 ? 1.0 : -1.0
                    let bulgeX = side * inY / inLength * 0.6 * size, bulgeY = -side * inX / inLength * 0.6 * size
                    let p1 = Point(x: c.x + size * inX / inLength + bulgeX, y: c.y + size * inY / inLength + bulgeY)
                    let p2 = Point(x: c.x - size * outX / outLength + bulgeX, y: c.y - size * outY / outLength + bulgeY)
                    // Points about as far apart as the stroke's own.
                    let spacing = max(1e-9, along[stroke.count - 1] / Double(stroke.count - 1))
                    let steps = max(6, Int((2.5 * size / spacing).rounded()))
                    for step in 1..<steps {
                        let t = Double(step) / Double(steps), u = 1 - t
                        let a = u * u * u + t * t * t, b = 3 * u * u * t, d = 3 * u * t * t
                        result.append(Point(x: a * c.x + b * p1.x + d * p2.x, y: a * c.y + b * p1.y + d * p2.y))
                    }
                    result.append(c)
                }
            }
            if corner + 1 < end { result.append(contentsOf: stroke[(corner + 1)..<end]) }
            index = end
        }
        return result
    }
}

/// Each point's distance along `stroke`, and the turn at each point
/// between the chords a `reach` before and after it (0 where the stroke
/// is shorter than that on either side): what the looping hand (here) and
/// the lifting hand (round 26) take a stroke's corners from.
func turnsOverReach(_ stroke: [Point], reach: Double) -> (along: [Double], turn: [Double]) {
    var along = [0.0]
    for index in 1..<stroke.count {
        along.append(along[index - 1] + hypot(stroke[index].x - stroke[index - 1].x, stroke[index].y - stroke[index - 1].y))
    }
    var turn = [Double](repeating: 0, count: stroke.count)
    var before = 0, after = 0
    for index in stroke.indices {
        while before + 1 < index, along[index] - along[before + 1] >= reach { before += 1 }
        if after < index { after = index }
        while after < stroke.count - 1, along[after] - along[index] < reach { after += 1 }
        guard along[index] - along[before] >= reach, along[after] - along[index] >= reach else { continue }
        let ax = stroke[index].x - stroke[before].x, ay = stroke[index].y - stroke[before].y
        let bx = stroke[after].x - stroke[index].x, by = stroke[after].y - stroke[index].y
        turn[index] = atan2(ax * by - ay * bx, ax * bx + ay * by)
    }
    return (along, turn)
}

/// Drawings of `writers` (habits by `habits`), each redrawn with `redraw`
/// by the writer's own `hand`, from a random stream of the writer's own:
/// the looping hand's (here) and the cornering hand's (round 6).
func redrawnDrawings<Hand>(writers: [UInt64], seed: UInt64, habits: (UInt64) -> StrokeHabits, hand: (UInt64) -> Hand,
                           redraw: ([[Point]], Hand, inout SplitMix64) -> [[Point]]) -> Drawings {
    var drawings = Drawings(writers: [], seed: seed)
    drawings.byWriter = writers.map { writer in
        var random = SplitMix64(seed: seed ^ (writer &* 0xD1B5_4A32_D192_ED03))
        let writersHand = hand(writer)
        return Drawings(writers: [writer], seed: seed, habits: habits(writer)).byWriter[0].map { samples in
            samples.map { redraw($0, writersHand, &random) }
        }
    }
    return drawings
}

/// Drawings of `writers` (odd usual, even `habits`, or all `habits`) by
/// the looping hand.
func loopingDrawings(writers: [UInt64], seed: UInt64, habits: (UInt64) -> StrokeHabits) -> Drawings {
    redrawnDrawings(writers: writers, seed: seed, habits: habits, hand: { CuspLooping(writer: $0) },
                    redraw: { withCuspLoops($0, $1, random: &$2) })
}

let loopPoolWriters = (660..<690).map(UInt64.init)
let loopCriterionWriters = (160..<180).map(UInt64.init)

// MARK: Candidates

struct MeasureScaleCandidate {
    var name: String
    /// Measure indices (StrokeShapeMeasures.names) of each group.
    var groups: [[Int]]
    var quantile: Double
    var loopingPool = false
}

let allMeasures = [0, 1, 2, 3, 4, 5]

func measureScaleCandidates() -> [MeasureScaleCandidate] { [
    MeasureScaleCandidate(name: "winding apart, p95", groups: [[2], [0, 1, 3, 4, 5]], quantile: 0.95),
    MeasureScaleCandidate(name: "winding apart, p99", groups: [[2], [0, 1, 3, 4, 5]], quantile: 0.99),
    MeasureScaleCandidate(name: "path apart, p95", groups: [[0], [1], [2], [3, 4, 5]], quantile: 0.95),
    MeasureScaleCandidate(name: "looping pool, winding apart, p95", groups: [[2], [0, 1, 3, 4, 5]], quantile: 0.95,
                          loopingPool: true),
] }

/// A rule's groups and each shape's scales, [shape][group].
struct GroupScales {
    var groups: [[Int]]
    var scales: [[Double]]

    func deviation(_ match: StrokeMatch) -> Double {
        let parts = contributions(match.shapeMeasures)
        var sum = 0.0
        for (group, measures) in groups.enumerated() {
            let part = measures.reduce(0) { $0 + parts[$1] }
            if part > 0 { sum += part / scales[match.templateIndex][group] }
        }
        return sum.isFinite ? sum : .infinity
    }

    /// D ÷ m with the score floor; infinite when not matched.
    func value(_ outcome: Outcome) -> Double {
        guard let match = outcome.match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
        let value = deviation(match) / match.margin
        return value.isNaN ? .infinity : value
    }

    func rejection(threshold: Double, _ outcomes: [Outcome]) -> Rejection {
        Rejection(outcomes) { value($0) <= threshold }
    }
}

/// Step 2: a group's scale for each shape from the pool's correct matches' measures.
func learnedScales(_ pool: [[StrokeShapeMeasures]], groups: [[Int]], quantile q: Double) -> GroupScales {
    let perGroup: [[Double]] = groups.map { measures in
        let sums = pool.map { list in list.map { m in measures.reduce(0) { $0 + contributions(m)[$1] } } }
        let q = sums.map { $0.isEmpty ? 0 : quantileInterpolated($0, q) }
        let positive = q.filter { $0 > 0 }
        let median = positive.isEmpty ? 1 : quantileInterpolated(positive, 0.5)
        return zip(sums, q).map { values, value in
            guard values.contains(where: { $0 > 0 }) else { return 1 }
            return max(0.25, value / median)
        }
    }
    return GroupScales(groups: groups, scales: pool.indices.map { shape in perGroup.map { $0[shape] } })
}

/// The correct matches' measures of `pool` ([shape][drawing]) by `templates`.
func poolMeasures(_ pool: [[[[Point]]]], _ templates: [StrokeTemplate]) -> [[StrokeShapeMeasures]] {
    let classifier = try! StrokeClassifier(templates: templates, parameters: matchingParameters)
    return pool.enumerated().map { shape, drawings in
        drawings.compactMap { drawing in
            guard let match = classifier.classify(strokes: drawing), match.templateIndex == shape else { return nil }
            return match.shapeMeasures
        }
    }
}

func loopingPoolDrawings() -> [[[[Point]]]] {
    let looping = loopingDrawings(writers: loopPoolWriters, seed: 0x5A6E) { $0 % 2 == 1 ? .usual : variedTuningHabits }
    let plain = rangePoolDrawings()
    return shapes.indices.map { shape in plain[shape] + looping.byWriter.flatMap { $0[shape] } }
}

func explorePool() {
    builtInTemplates = unscaledBuiltIn()
    let measures = poolMeasures(rangePoolDrawings(), builtInTemplates)
    print("| shape | n | " + StrokeShapeMeasures.names.map { "\($0) nonzero / p50 / p95 / p99" }.joined(separator: " | ") + " | total p95 |")
    print("|---|---|" + String(repeating: "---|", count: 7))
    for (shape, list) in measures.enumerated() {
        let parts = list.map(contributions)
        var row = "| \(shapes[shape].rawValue) | \(list.count) |"
        for k in 0..<6 {
            let values = parts.map { $0[k] }
            let nonzero = Double(values.filter { $0 > 0 }.count) / Double(values.count)
            row += String(format: " %.0f%% / %.2f / %.2f / %.2f |", nonzero * 100, quantileInterpolated(values, 0.5),
                          quantileInterpolated(values, 0.95), quantileInterpolated(values, 0.99))
        }
        row += String(format: " %.2f |", quantileInterpolated(list.map(\.uncappedTotal), 0.95))
        print(row)
    }
}

/// Each shape's count of lost correct matches under `accept`, "shape n" for those with any.
func lostByShape(_ outcomes: [Outcome], accept: (Outcome) -> Bool) -> String {
    var counts = [Int](repeating: 0, count: shapes.count)
    for outcome in outcomes where outcome.isCorrect && !accept(outcome) { counts[outcome.shape!] += 1 }
    return counts.enumerated().filter { $0.element > 0 }.map { "\(shapes[$0.offset].rawValue) \($0.element)" }
        .joined(separator: ", ")
}

func chooseMeasureScales(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    builtInTemplates = unscaledBuiltIn()
    let plainPool = poolMeasures(rangePoolDrawings(), builtInTemplates)
    let loopPool = poolMeasures(loopingPoolDrawings(), builtInTemplates)
    matchingParameters.reportsRunnerUp = true   // the exact margin
    let (usual, varied) = pooledTuningOutcomes()
    let looping = builtInOutcomes(loopingDrawings(writers: loopCriterionWriters, seed: 0x70B0) { _ in variedTuningHabits },
                                  classifier: builtInClassifier(), scribblesPerKind: 1500, scribbleSeed: 0x5C81_0008,
                                  habits: variedTuningHabits)
    let parts = [usual, varied, looping]
    let pooled = parts.flatMap { $0 }
    let scribbles = pooled.filter { $0.shape == nil }
    let shipped = GroupScales(groups: [allMeasures], scales: sessionThirteenDeviationScales.map { [$0] })
    var rules: [(name: String, rule: GroupScales)] = [("baseline: the built-in scales (shipped)", shipped)]
    for candidate in measureScaleCandidates() {
        rules.append((candidate.name, learnedScales(candidate.loopingPool ? loopPool : plainPool, groups: candidate.groups,
                                                    quantile: candidate.quantile)))
    }
    print("| candidate | threshold (4% of pooled scribbles) | lost, pooled | lost, usual / widened / looping | scribbles, usual / widened / looping |")
    print("|---|---|---|---|---|")
    var baseline = Double.nan
    var chosen: (name: String, rule: GroupScales, threshold: Double, lost: Double)? = nil
    for (name, rule) in rules {
        let values = scribbles.map(rule.value).sorted()
        let limit = scribbleBudgetThreshold(values)
        let all = rule.rejection(threshold: limit, pooled)
        let each = parts.map { rule.rejection(threshold: limit, $0) }
        print(String(format: "| %@ | %.4f | %@ | %@ | %@ |", name, limit, percent(all.lost),
                     each.map { percent($0.lost) }.joined(separator: " / "),
                     each.map { percent($0.falseAccepts) }.joined(separator: " / ")))
        if baseline.isNaN { baseline = all.lost; continue }
        if chosen == nil || all.lost < chosen!.lost { chosen = (name, rule, limit, all.lost) }
    }
    let library = shipped.rejection(threshold: sessionThirteenMaximumShapeDeviation, pooled)
    print(String(format: "| (the library now, at %.4f) | | %@ | | |", sessionThirteenMaximumShapeDeviation, percent(library.lost)))
    print()
    print("scales (" + shapes.map(\.rawValue).joined(separator: " ") + "), each group:")
    for (name, rule) in rules {
        for (group, measures) in rule.groups.enumerated() {
            print("  \(name), {" + measures.map { StrokeShapeMeasures.names[$0] }.joined(separator: ", ") + "}: "
                  + rule.scales.map { String(format: "%.2f", $0[group]) }.joined(separator: " "))
        }
    }
    print()
    guard beatsBaseline(best: chosen?.name, lost: chosen?.lost, baseline: baseline), let best = chosen else { return }
    print("chosen: \(best.name), threshold \(best.threshold) (\(percent(best.lost)) lost against the baseline's \(percent(baseline)))")
    print("tuning losses by shape, library: " + lostByShape(pooled) { shipped.value($0) <= sessionThirteenMaximumShapeDeviation })
    print("tuning losses by shape, chosen: " + lostByShape(pooled) { best.rule.value($0) <= best.threshold })
    guard heldOut else { return }
    print()
    printHeldOutLook(
        header: String(format: "| family | nearest | library (3.2001): lost / scribbles | chosen (%.4f): lost / scribbles |", best.threshold),
        outcomes: { family in let outcomes = heldOutOutcomes(family: family); return (outcomes, outcomes) },
        library: { shipped.value($0) <= sessionThirteenMaximumShapeDeviation },
        chosen: { best.rule.value($0) <= best.threshold })
}

/// `explore-looping`: the share of each shape's drawings by the criterion's
/// looping writers that got at least one loop (no measure, no figure of any rule).
func exploreLooping() {
    let plain = Drawings(writers: loopCriterionWriters, seed: 0x70B0, habits: variedTuningHabits).byWriter
    let looped = loopingDrawings(writers: loopCriterionWriters, seed: 0x70B0) { _ in variedTuningHabits }.byWriter
    for shape in shapes.indices {
        var changed = 0, total = 0
        for writer in plain.indices {
            for (a, b) in zip(plain[writer][shape], looped[writer][shape]) {
                total += 1
                if a.map(\.count) != b.map(\.count) { changed += 1 }
            }
        }
        print("\(shapes[shape].rawValue): \(changed) of \(total) looped")
    }
}

/// `explore-looping losses`: after round 3 chose nothing, on the tuning
/// side only: what the shipped rule (at 3.2001) rejects among each
/// criterion part's correct matches, by shape and by heaviest measure.
func exploreLoopingLosses() {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    builtInTemplates = unscaledBuiltIn()
    matchingParameters.reportsRunnerUp = true
    let (usual, varied) = pooledTuningOutcomes()
    let looping = builtInOutcomes(loopingDrawings(writers: loopCriterionWriters, seed: 0x70B0) { _ in variedTuningHabits },
                                  classifier: builtInClassifier(), scribblesPerKind: 1500, scribbleSeed: 0x5C81_0008,
                                  habits: variedTuningHabits)
    let shipped = GroupScales(groups: [allMeasures], scales: sessionThirteenDeviationScales.map { [$0] })
    for (name, part) in [("usual", usual), ("widened", varied), ("looping", looping)] {
        var heaviest = [Int](repeating: 0, count: 6)
        var margins: [Double] = []
        for outcome in part where outcome.isCorrect && shipped.value(outcome) > sessionThirteenMaximumShapeDeviation {
            let parts = contributions(outcome.match!.shapeMeasures)
            heaviest[parts.indices.max { parts[$0] < parts[$1] }!] += 1
            margins.append(outcome.match!.margin)
        }
        print("\(name): lost by shape: " + lostByShape(part) { shipped.value($0) <= sessionThirteenMaximumShapeDeviation })
        print("  heaviest measure: " + zip(StrokeShapeMeasures.names, heaviest).map { "\($0) \($1)" }.joined(separator: ", ")
              + String(format: "; median margin %.2f", margins.isEmpty ? .nan : quantileInterpolated(margins, 0.5)))
    }
}
