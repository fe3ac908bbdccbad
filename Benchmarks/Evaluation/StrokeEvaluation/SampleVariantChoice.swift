import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 17 (issue 15), round 11: more varied samples per template.
//
// What is known before this protocol: rounds 6–10 (tuning figures), round
// 10's one held-out look and its published losses by shape (lognormal:
// zigzags 27, left brackets 25, carets 21, deletes 17, check 15, v 15; s6
// and wide: pigtails), and session 15's tuning loss analysis: the lost
// drawings sit at low margins between two templates close in shape
// (zigzag ↔ delete / star, left bracket ↔ rectangle, pigtail ↔ check /
// right bracket, carets, v). No figure of this round's candidates was
// computed before this file was committed. This is the protocol's
// eleventh round and the sixth on the same four-part tuning data, said
// here so the reader can weigh a win.
//
// The property of real drawing assumed: one person draws the same shape
// with sharper or rounder corners, faster or slower, running past or
// stopping short of its ends, from one drawing to the next. A template
// holding one sample per template writer (three) sees each writer's one
// way only, so a faithful drawing drawn the other way lies farther from
// every sample of its shape than it need, and its margin over a template
// close in shape shrinks. Samples of the same writers drawing the same
// shape with one habit moved to the end of that writer's own range cover
// that variation, so fewer real drawings should be lost; but a template
// covering more also lies nearer to scribbles, and its samples' ranges
// (ink, closure, winding) widen, so the threshold re-chosen at the same
// share of scribbles falls: which way it nets out is what this measures.
//
// The variants (the model of drawing is StrokeSynthesizer's own, the
// generator that drew the built-in samples; nothing from the held-out
// families, their writers or LognormalSynthesizer): each built-in sample
// is template writer w's (2 wide, 3 and 9 usual) first drawing of the
// shape (`templateSet`). A variant is that same drawing drawn again with
// one of w's habits moved to an end of w's own habits' range (`.usual`
// or `.wide`), everything drawn before it drawn as before, so the random
// streams stand where they stood: the wobble, size, aspect, tilt and
// hooks are the sample's own, only the varied habit differs.
//   - corners: sharper (no corner cut, cornerRounding 0) and rounder (the
//     range's largest cut: 0.15 usual, 0.30 wide);
//   - speed: a slower and a faster hand (pointSpacing at the range's ends:
//     3 / 22 usual, 1.5 / 40 wide), the corner cut following the speed by
//     the synthesizer's own rule (× (0.4 + 0.6 · speed), speed 0…1 across
//     the range);
//   - ends: an under- and an over-shoot (overshoot at the range's ends,
//     −8% / +15% usual, −12% / +22% wide; a closed stroke's closure at its
//     range's ends too, −4% / +8% usual, −8% / +15% wide).
// Each variant is rounded to a tenth of a point as the file stores samples.
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates, each a built-in set of the same 16 shapes whose samples
//    are the shipped three per template plus variants, in this order:
//    - baseline: the shipped samples (3 a template);
//    - corners: + 2 variants of each sample (9 a template);
//    - speed: + 2 variants of each sample (9);
//    - ends: + 2 variants of each sample (9);
//    - all: + the 6 variants of each sample (21).
//    For each candidate, by the existing rules as `templates` applies them
//    to the shipped set: the deviation scales (round 2: p95 of the pool's
//    correct matches' D over the shapes' median, rounded to 4 decimals)
//    and the close templates' factors (round 10: a = 1/2, pairs with at
//    least 20 of the pool's correct matches, rounded to 4 decimals) are
//    learned from the pool (writers 600–659) against that candidate's
//    samples. Matching, the measures and D are unchanged. Rule: score ≥
//    0.6 and D ÷ (m · f(S, T)) ≤ t, the exact runner-up T.
// 2. Criterion: round 6's four parts (usual 100–119, widened 140–159,
//    looping 160–179, cornering 180–199, each with 1,500 scribbles of each
//    kind), each candidate matching them with its own samples; t re-chosen
//    per candidate (the baseline included) where 4% of the pooled
//    scribbles pass; the first three parts' loss printed beside, not used
//    to choose.
// 3. Chosen: the least pooled loss if it beats the baseline by 0.1 point
//    (ProtocolChoice.swift); otherwise nothing, and no held-out look. Since
//    matching costs grow with the samples, a candidate with fewer samples
//    that loses at most 0.1 point more than the least-losing one (and
//    itself beats the baseline by 0.1 point) is chosen instead (the
//    fewest samples; then the lesser loss).
// 4. Only then, `choose-sample-variants heldout`, once: the four held-out
//    families, the library as shipped (its own matches, its threshold)
//    beside the chosen candidate (its own matches, its threshold), losses
//    by shape and what they were confused with. Shipped if chosen and its
//    scribble false accepts are under 5% on every family, tuning parts and
//    held out; held-out figures reported whatever they are, worse ones too.

// Outcome on the tuning side (session 17, one run, about 6 min at load
// 9): chosen, + speed (9 samples a template). Lost, pooled (usual /
// widened / looping / cornering; first three parts), threshold at 4% of
// the pooled scribbles: baseline 1.70% (0.16 / 0.35 / 2.16 / 4.28%;
// 0.87%), 3.1038; + corners 1.99% (0.34 / 0.92 / 3.08 / 3.68%; 1.44%),
// 2.3358; + speed 1.42% (0.16 / 0.22 / 2.77 / 2.61%; 1.04%), 2.2166;
// + ends 1.60% (0.28 / 0.41 / 2.54 / 3.21%; 1.07%), 2.2953; + all 1.53%
// (0.22 / 0.54 / 3.01 / 2.40%; 1.25%), 1.8967. Scribbles 3.58–4.53% per
// part. The library as shipped (3.1037) gives 1.70%. The win is the
// cornering part's (4.28 → 2.61%); on the first three parts alone, which
// do not choose, + speed loses more than the baseline (1.04 against
// 0.87%; looping 2.16 → 2.77%). Tuning losses by shape, library →
// chosen: pigtail 61 → 18, zigzag 28 → 34, plus 7 → 13, check 3 → 7,
// arrow 7 → 11, delete 7 → 2, x 8 → 3, left-bracket 11 → 8,
// right-bracket 0 → 3, rectangle 13 → 15 (the rest within 1).

// The held-out look (step 4, once, about 10 min at load 9), lost /
// scribbles, library (3.1037, 3 samples) → chosen (2.2166, 9 samples):
// report 0.25 / 3.97% → 0.27 / 3.68%; s6 1.21 / 3.97% → 1.33 / 3.68%;
// wide 2.97 / 3.72% → 2.96 / 3.58%; lognormal 4.22 / 2.82% → 5.14 /
// 2.65%. Scribbles under 5% everywhere (tuning 4.40% at most, held out
// 3.68%), so by step 4 it ships. The lost share (of the drawings whose
// nearest template is right) is higher on three families, but the nearest
// template is right more often on all four: report 98.65 → 99.29%, s6
// 98.25 → 98.96%, wide 91.83 → 95.00%, lognormal 92.33 → 95.21%; so the
// share of all drawings recognized and accepted, nearest × (1 − lost),
// rises on every family: report 98.40 → 99.02%, s6 97.06 → 97.64%, wide
// 89.10 → 92.19%, lognormal 88.43 → 90.32%. Held-out losses by shape,
// library → chosen: lognormal zigzag 27 → 46 (→ star 20, → delete 17),
// right-bracket 12 → 34 (→ pigtail 21), caret 21 → 25, left-bracket 25 →
// 29, check 15 → 19, plus 7 → 12, star 8 → 12, delete 17 → 9, x 18 → 12,
// line 6 → 2; wide pigtail 20 → 11, right-bracket 4 → 11, delete 9 → 0,
// zigzag 19 → 22, triangle 10 → 13, rectangle 7 → 10, line 4 → 7; s6
// pigtail 44 → 43, line 2 → 4, circle 8 → 10; report line 2 → 5 (→
// delete 4), check 1 → 3, pigtail 3 → 2. Issue 15's bar (under 1% lost)
// is still not met on s6, wide and lognormal.
//
// Shipped (70f625d, with the report, README and history after it) and
// withdrawn on the branch the same session (the reverts after cfb356d):
// with the nine-sample set two library tests fail. In
// StrokeClassifierRunnerUpTests.theRunnerUpIsTheNearestOfTheOtherTemplates
// the bounded margin search accepts a drawing (nearest delete, runner-up
// x, factor 1.1324, D 2.593) that the exact runner-up rejects: a decision
// differing from the rule, in StrokeClassifier's search with close
// factors, which this set exposes. In StrokeClassifierCertainRejectionTests
// .scribblesStopAfterTheBestsOwnTemplateIsMatched no scribble stops after
// its best's own template (certificateStops.afterOwnMatched 0). Neither is
// this round's file to fix; the set ships only once they pass unchanged.

/// One way round 11 varies a template writer's habit for a drawing.
struct SampleVariation: Sendable {
    var name: String
    /// Changes `writer` (drawn from `habits`) for the variant's drawing.
    var apply: @Sendable (inout StrokeWriter, StrokeHabits) -> Void
}

/// Round 11's variations, in pairs: corners, speed, ends.
let sampleVariationGroups: [(name: String, variations: [SampleVariation])] = [
    ("corners", [
        SampleVariation(name: "sharper corners") { writer, _ in writer.cornerRounding = 0 },
        SampleVariation(name: "rounder corners") { writer, habits in writer.cornerRounding = habits.cornerRounding.upperBound },
    ]),
    ("speed", [
        SampleVariation(name: "slower hand") { writer, habits in setSpeed(&writer, habits, to: 0) },
        SampleVariation(name: "faster hand") { writer, habits in setSpeed(&writer, habits, to: 1) },
    ]),
    ("ends", [
        SampleVariation(name: "undershoot") { writer, habits in
            writer.overshoot = habits.overshoot.lowerBound
            writer.closure = habits.closure.lowerBound
        },
        SampleVariation(name: "overshoot") { writer, habits in
            writer.overshoot = habits.overshoot.upperBound
            writer.closure = habits.closure.upperBound
        },
    ]),
]

/// The writer's speed moved to `speed` (0 slowest, 1 fastest of `habits`'
/// spacing range), its corner cut following it as `StrokeWriter.init`
/// grows the cut with the speed: × (0.4 + 0.6 · speed).
func setSpeed(_ writer: inout StrokeWriter, _ habits: StrokeHabits, to speed: Double) {
    let range = habits.pointSpacing
    let span = max(1e-9, range.upperBound - range.lowerBound)
    let old = (writer.pointSpacing - range.lowerBound) / span
    writer.cornerRounding = writer.cornerRounding / (0.4 + 0.6 * old) * (0.4 + 0.6 * speed)
    writer.pointSpacing = range.lowerBound + speed * span
}

/// Template writer `seed`'s (habits `habits`) first drawing of each shape
/// as `templateSet` draws it, with `variation` applied to the writer for
/// that drawing alone: the drawings before it (every earlier shape's ten)
/// are drawn by the writer as it is, so both random streams stand where
/// they stood and only the varied habit differs. nil: the shipped sample.
/// Rounded to a tenth of a point, as the file stores samples.
func templateWriterDrawings(seed: UInt64, habits: StrokeHabits, variation: SampleVariation?) -> [[[Point]]] {
    var synthesizer = StrokeSynthesizer(seed: 0x7E3F ^ (seed &* 0x9E37_79B9_7F4A_7C15))
    let writer = StrokeWriter(seed: seed, habits: habits)
    var varied = writer
    variation?.apply(&varied, habits)
    return shapes.map { shape in
        var first: [[Point]] = []
        for sample in 0..<samplesPerWriter {
            let drawing = synthesizer.drawing(of: shape, by: sample == 0 ? varied : writer)
            if sample == 0 { first = drawing }
        }
        return first.map { $0.map { Point(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) } }
    }
}

/// A candidate built-in set, unscaled and without close templates: the
/// shipped samples, then for each template writer in order the variants of
/// `variations` in order.
func variedTemplateSet(_ variations: [SampleVariation]) -> [StrokeTemplate] {
    let shipped = unscaledBuiltIn()
    let variants = zip(templateWriters, templateWriterHabits).flatMap { seed, habits in
        variations.map { templateWriterDrawings(seed: seed, habits: habits, variation: $0) }
    }
    return shipped.indices.map { shape in
        try! StrokeTemplate(name: shipped[shape].name, isRotationInvariant: shipped[shape].isRotationInvariant,
                            samples: shipped[shape].samples + variants.map { $0[shape] })
    }
}

/// The close templates' factors round 10's rule learns for `templates`
/// (as `shippedCloseTemplates` writes them: rounded to 4 decimals), as a
/// matrix [S][T], 1 for the pairs without one.
func shippedCloseFactors(_ templates: [StrokeTemplate]) -> [[Double]] {
    let close = shippedCloseTemplates(templates)
    return templates.indices.map { s in templates.map { close[s][$0.name] ?? 1 } }
}

/// A candidate sample set of rounds 11 and 12, with the shipped rule's
/// deviation scales and close factors learned again on it (rounds 2 and
/// 10's rules, under `parameters`), printed after `label`.
struct SampleSetCandidate {
    var name: String
    var templates: [StrokeTemplate]
    var rule: PairMarginRule

    init(_ name: String, _ templates: [StrokeTemplate], parameters: StrokeMatchingParameters, label: String) {
        matchingParameters = parameters
        let scales = shippedDeviationScales(templates)
        let factors = shippedCloseFactors(templates)
        var pairs: [String] = []
        for s in shapes.indices { for t in shapes.indices where factors[s][t] > 1 {
            pairs.append(String(format: "%@→%@ %.4f", shapes[s].rawValue, shapes[t].rawValue, factors[s][t]))
        } }
        print(label + "scales " + scales.map { String(format: "%.4f", $0) }.joined(separator: " ")
              + "; close pairs (\(pairs.count)): " + pairs.joined(separator: ", "))
        self.name = name
        self.templates = templates
        rule = PairMarginRule(name: name, factors: factors, scales: scales)
    }
}

/// Round 6's four parts classified with each set's templates, the runner-up
/// reported (what the pair margins read).
func roundSixParts(of sets: [SampleSetCandidate], parameters: StrokeMatchingParameters) -> [[[Outcome]]] {
    matchingParameters = parameters
    matchingParameters.reportsRunnerUp = true
    return sets.map { set in
        builtInTemplates = set.templates
        return roundSixCriterion()
    }
}

/// Each held-out family classified with the library's built-in set and
/// with `templates`, keyed "library <family>" and "chosen <family>".
func heldOutOutcomes(libraryAnd templates: [StrokeTemplate]) -> [String: [Outcome]] {
    var outcomes: [String: [Outcome]] = [:]
    for family in heldOutFamilies {
        builtInTemplates = StrokeTemplate.builtIn
        outcomes["library " + family] = heldOutOutcomes(family: family)
        builtInTemplates = templates
        outcomes["chosen " + family] = heldOutOutcomes(family: family)
    }
    return outcomes
}

func chooseSampleVariants(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    precondition(!StrokeTemplate.builtIn.contains(where: \.isRotationInvariant), "round 11 is written for a set without rotation-invariant templates")
    // The replay draws the shipped samples exactly.
    let replayed = zip(templateWriters, templateWriterHabits).map { templateWriterDrawings(seed: $0, habits: $1, variation: nil) }
    for shape in shapes.indices {
        precondition(StrokeTemplate.builtIn[shape].samples == replayed.map { $0[shape] }, "the replay must draw the shipped samples")
    }
    let candidates: [(name: String, variations: [SampleVariation])] =
        [("baseline: the shipped samples", [])] + sampleVariationGroups.map { ("+ \($0.name)", $0.variations) }
        + [("+ all", sampleVariationGroups.flatMap(\.variations))]
    let sets = candidates.map { candidate -> SampleSetCandidate in
        let templates = variedTemplateSet(candidate.variations)
        return SampleSetCandidate(candidate.name, templates, parameters: saved.0,
                                  label: "\(candidate.name): \(templates[0].samples.count) samples a template; ")
    }
    print()
    let partsBySet = roundSixParts(of: sets, parameters: saved.0)
    print("| candidate | samples a template | threshold (4% of pooled scribbles) | lost, pooled | lost, usual / widened / looping / cornering | lost, first three parts | scribbles, usual / widened / looping / cornering |")
    print("|---|---|---|---|---|---|---|")
    let indices = Array(sets.indices)
    var scores: [(index: Int, threshold: Double, lost: Double)] = []
    let (baseline, _) = scoreCandidates(indices, parts: { partsBySet[$0] }, value: { sets[$0].rule.value },
                                        row: { "| \(sets[$0].name) | \(sets[$0].templates[0].samples.count) | " })
    for index in indices {
        let score = FourPartScore(partsBySet[index], value: sets[index].rule.value)
        scores.append((index, score.threshold, score.lost))
    }
    // The library as shipped, on its own matches (its rounded scales and
    // factors, GestureDefaults' threshold): the baseline's samples.
    builtInTemplates = StrokeTemplate.builtIn
    let shippedParts = roundSixCriterion()
    let shippedPooled = shippedParts.flatMap { $0 }
    let library = Rejection(shippedPooled) { $0.match?.isConfident() ?? false }
    print(String(format: "| (the library as shipped, at %.4f) | 3 | | %@ | %@ | | %@ |", GestureDefaults.strokeMaximumShapeDeviation,
                 percent(library.lost),
                 shippedParts.map { part in percent(Rejection(part) { $0.match?.isConfident() ?? false }.lost) }.joined(separator: " / "),
                 shippedParts.map { part in percent(Rejection(part) { $0.match?.isConfident() ?? false }.falseAccepts) }.joined(separator: " / ")))
    print()
    // Step 3: the least loss, then the fewest samples within 0.1 point of it.
    let beating = scores.dropFirst().filter { $0.lost <= baseline - requiredImprovement }
    let least = scores.dropFirst().min { $0.lost < $1.lost }
    guard beatsBaseline(best: least.map { sets[$0.index].name }, lost: least?.lost, baseline: baseline), let best = least else { return }
    let pick = beating.filter { $0.lost <= best.lost + requiredImprovement }
        .min { a, b in
            let (na, nb) = (sets[a.index].templates[0].samples.count, sets[b.index].templates[0].samples.count)
            return na != nb ? na < nb : a.lost < b.lost
        }!
    let chosen = sets[pick.index]
    print("chosen: \(chosen.name), threshold \(pick.threshold) (\(percent(pick.lost)) lost against the baseline's \(percent(baseline)); "
          + "least-losing \(sets[best.index].name) \(percent(best.lost)))")
    let chosenPooled = partsBySet[pick.index].flatMap { $0 }
    print("tuning losses by shape, library: " + lostByShape(shippedPooled) { $0.match?.isConfident() ?? false })
    print("tuning losses by shape, chosen: " + lostByShape(chosenPooled) { chosen.rule.value($0) <= pick.threshold })
    guard heldOut else { return }
    print()
    let heldOutBySet = heldOutOutcomes(libraryAnd: chosen.templates)
    printHeldOutLook(
        header: String(format: "| family | nearest (library) | library (%.4f): lost / scribbles | chosen (%.4f): lost / scribbles |",
                       GestureDefaults.strokeMaximumShapeDeviation, pick.threshold),
        outcomes: { family in (heldOutBySet["library " + family]!, heldOutBySet["chosen " + family]!) },
        library: { $0.match?.isConfident() ?? false },
        chosen: { chosen.rule.value($0) <= pick.threshold })
    print()
    for family in heldOutFamilies {
        let after = heldOutBySet["chosen " + family]!
        let real = after.filter { $0.shape != nil }
        print("\(family), chosen: nearest \(percent(Double(real.filter(\.isCorrect).count) / Double(real.count))); lost drawings confused with: "
              + lossConfusions(after) { chosen.rule.value($0) <= pick.threshold })
        print("\(family), library: lost drawings confused with: " + lossConfusions(heldOutBySet["library " + family]!) { $0.match?.isConfident() ?? false })
    }
}

/// The correctly matched drawings `accept` rejects, by shape and the
/// runner-up template they were lost against ("zigzag→delete 12, …"),
/// most first.
func lossConfusions(_ outcomes: [Outcome], accept: (Outcome) -> Bool) -> String {
    var counts: [String: Int] = [:]
    for outcome in outcomes where outcome.isCorrect && !accept(outcome) {
        let runner = outcome.match!.runnerUpTemplateIndex
        counts["\(shapes[outcome.shape!].rawValue)→\(runner >= 0 ? shapes[runner].rawValue : "none")", default: 0] += 1
    }
    return byCountThenName(counts.map { ($0.key, $0.value) }).prefix(20).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
}

/// Step 4 of a round that chose a template set (rounds 12 and 13): the one
/// held-out look at the library's templates and `templates`, judged at
/// `threshold` by `accepts` against the library's rule; each family's
/// nearest right, recognized and accepted, accepted as another shape and
/// confusions under both; then whether it ships (scribbles under 5% on
/// every family, lost no higher than the library's on s6, wide and
/// lognormal, under 1% on the report writers). `shipsNote` says what the
/// round also asks of a set that ships.
func printTemplateSetVerdict(templates: [StrokeTemplate], threshold: Double,
                             library libraryAccepts: (Outcome) -> Bool, chosen accepts: (Outcome) -> Bool, shipsNote: String) {
    let heldOutBySet = heldOutOutcomes(libraryAnd: templates)
    printHeldOutLook(
        header: String(format: "| family | nearest (library) | library (%.4f): lost / scribbles | chosen (%.4f): lost / scribbles |",
                       GestureDefaults.strokeMaximumShapeDeviation, threshold),
        outcomes: { family in (heldOutBySet["library " + family]!, heldOutBySet["chosen " + family]!) },
        library: libraryAccepts, chosen: accepts)
    print()
    var ships = true
    for family in heldOutFamilies {
        let before = heldOutBySet["library " + family]!, after = heldOutBySet["chosen " + family]!
        let old = Rejection(before, accept: libraryAccepts), new = Rejection(after, accept: accepts)
        print("\(family): nearest right, library \(percent(old.nearestRight)), chosen \(percent(new.nearestRight)); recognized and accepted, "
              + "library \(percent(old.recognizedAndAccepted)), chosen \(percent(new.recognizedAndAccepted)); another shape accepted, "
              + "library \(percent(old.wronglyAccepted)), chosen \(percent(new.wronglyAccepted)); scribbles by kind, chosen: \(new.byKind)")
        print("\(family), chosen: lost drawings confused with: " + lossConfusions(after, accept: accepts))
        print("\(family), library: lost drawings confused with: " + lossConfusions(before, accept: libraryAccepts))
        if new.falseAccepts >= 0.05 { ships = false }
        if family == "report" ? new.lost >= 0.01 : new.lost > old.lost { ships = false }
    }
    print()
    print(ships ? "step 4: ships\(shipsNote) (scribbles under 5% on every family, lost no higher on s6, wide and lognormal, under 1% on the report writers)"
                : "step 4: not shipped (see the table: a family's scribbles at 5% or more, or its loss higher than the library's)")
}
