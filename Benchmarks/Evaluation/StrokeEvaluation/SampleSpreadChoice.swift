import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 18 (issue 15), round 12: the three samples spread over a habit's
// range, at the shipped set's cost.
//
// What is known before this protocol: rounds 6–11 (tuning figures), round
// 10's held-out look (the library's losses by shape) and round 11's
// held-out look (published: more samples a template, a slower and a faster
// hand, won on the tuning side, 1.42% against 1.70%, mostly the cornering
// hand's pigtails, and held out lost more on three families while the
// nearest template was right more often on all four; lognormal zigzags
// against star and delete and right brackets against pigtail were its new
// losses). This round was designed knowing those figures. No figure of
// this round's candidates was computed before this file was committed.
// This is the protocol's twelfth round and the seventh on the same
// four-part tuning data, said here so the reader can weigh a win.
//
// The constraint round 11 lacked: no more classification cost than the
// shipped set. The matching's cost grows with the samples a template (round
// 11's nine cost 1.7–2.1× the instructions) and the speed bar for a
// scribble is not met, so every candidate here keeps three samples a
// template, one drawing by each template writer (2 wide, 3 and 9 usual).
//
// The question: round 11 added variants of the same drawings; was its
// tuning win the range of the habit its samples covered or merely having
// more samples? The shipped three samples are each writer's drawing with
// that writer's own habits, so how far they spread over a habit's range is
// an accident of the three writers drawn. Here the two usual writers' (3
// and 9) samples are replaced by the same drawing with one habit moved to
// opposite ends of the usual range (round 11's variations, the same
// replay: everything else in the drawing is the shipped sample's), and the
// wide writer's (2) sample is kept, so the three samples span that habit's
// range on purpose at the same count. Each habit in both assignments
// (which usual writer takes which end), since nothing says which is right:
//   - speed: writer 3 slower and 9 faster; 3 faster and 9 slower;
//   - corners: 3 sharper and 9 rounder; 3 rounder and 9 sharper;
//   - ends: 3 under- and 9 over-shooting; 3 over- and 9 under-shooting.
// Candidates considered and not taken for this round (each is in the
// session 18 report with why): the close pairs' exponent a other than ½
// or 1 (a sweep of round 10's knob, within what its two values spanned);
// the deviation over a power of the margin below 1 (needs the classifier's
// margin search and certificate, not this file's to change); the template
// writers re-picked among 1–10 on the four-part criterion (session 12's
// pool sets found such swaps trade coverage against scribbles on one
// curve); per-shape thresholds (round 2's scales are that); the measure
// weights relearned on four parts (session 8's mixed tuning and round 3's
// per-measure scales moved along the same curve).
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates, each a built-in set of the same 16 shapes with three
//    samples a template, in this order: the baseline (the shipped
//    samples), then the six above. For each, by the rules `templates`
//    applies to the shipped set: the deviation scales (round 2: p95 of the
//    pool's correct matches' D over the shapes' median, 4 decimals) and
//    the close templates' factors (round 10: a = 1/2, pairs with at least
//    20 of the pool's correct matches, 4 decimals) learned from the pool
//    (writers 600–659) against that candidate's samples. Matching, the
//    measures and D unchanged. Rule: score ≥ 0.6 and D ÷ (m · f(S, T)) ≤ t,
//    the exact runner-up T.
// 2. Criterion: round 6's four parts (usual 100–119, widened 140–159,
//    looping 160–179, cornering 180–199), each candidate matching them with
//    its own samples; t re-chosen per candidate (the baseline included)
//    where 4% of the pooled scribbles pass.
// 3. Chosen: the least pooled loss, if it beats the baseline by 0.1 point
//    (ProtocolChoice.swift) and lets in under 5% of each part's scribbles
//    at its threshold; otherwise "nothing chosen", and no held-out look.
// 4. Only then, `choose-sample-spread heldout`, once: the four held-out
//    families, the library as shipped (its matches, its threshold) beside
//    the chosen candidate (its matches, its threshold): nearest right,
//    lost, scribbles let in, losses by shape and against which runner-up.
//    Shipped if its scribble false accepts are under 5% on every family
//    and its loss (issue 15's measure: correctly matched drawings
//    rejected) is no higher than the library's on each family over the
//    1% bar (s6, wide, lognormal) and stays under 1% on the report
//    writers. Held-out figures reported whatever they are, worse ones too.

// Outcome on the tuning side (session 18, one run, about 4 min at load
// 5): chosen, "ends: 3 under, 9 over", threshold 2.6454. Lost, pooled
// (usual / widened / looping / cornering; first three parts), threshold at
// 4% of the pooled scribbles: baseline 1.70% (0.16 / 0.35 / 2.16 / 4.28%;
// 0.87%), 3.1038; speed 3 slower 9 faster 2.18% (0.16 / 0.67 / 2.90 /
// 5.14%; 1.22%), 2.8776; speed 3 faster 9 slower 2.11% (0.19 / 0.61 / 3.05
// / 4.69%; 1.26%), 3.0049; corners 3 sharper 9 rounder 1.95% (0.25 / 0.60
// / 2.74 / 4.31%; 1.18%), 2.7779; corners 3 rounder 9 sharper 2.05% (0.32
// / 0.77 / 2.94 / 4.35%; 1.32%), 2.8752; ends 3 under 9 over 1.46% (0.13 /
// 0.53 / 2.45 / 2.82%; 1.02%), 2.6454; ends 3 over 9 under 1.83% (0.36 /
// 1.01 / 3.21 / 2.80%; 1.51%), 2.5418. Scribbles 3.72–4.37% per part. The
// library as shipped (3.1037) gives 1.70%. As in round 11 the win is the
// cornering part's (4.28 → 2.82%; pigtails 61 → 8 lost); on the first
// three parts alone, which do not choose, every candidate loses more than
// the baseline (the chosen 1.02% against 0.87%; widened 0.35 → 0.53%,
// looping 2.16 → 2.45%). Tuning losses by shape, library → chosen:
// pigtail 61 → 8, rectangle 13 → 3, triangle 7 → 3, left-bracket 11 → 22,
// plus 7 → 13, star 6 → 11, right-bracket 0 → 3, line 10 → 13, zigzag 28
// → 31, x 8 → 10, circle 9 → 11 (the rest equal). Speed, round 11's
// winning habit, loses more than the baseline in both assignments at
// three samples.

// The held-out look (step 4, once, about 5 min at load 5), lost /
// scribbles, library (3.1037, the shipped samples) → chosen (2.6454, 3
// under, 9 over): report 0.25 / 3.97% → 0.50 / 3.57%; s6 1.21 / 3.97% →
// 0.82 / 3.57%; wide 2.97 / 3.72% → 2.83 / 3.42%; lognormal 4.22 / 2.82%
// → 5.12 / 2.35%. Not shipped: the lognormal family loses more (step 4).
// Unlike round 11's, the nearest template is right *less* often on every
// family (report 98.65 → 96.67%, s6 98.25 → 96.35%, wide 91.83 → 91.31%,
// lognormal 92.33 → 91.56%), so the share of drawings recognized and
// accepted falls on all four (report 98.40 → 96.19%, s6 97.06 → 95.56%,
// wide 89.10 → 88.73%, lognormal 88.44 → 86.88%). Drawings accepted as
// another shape: report 0.29 → 0.29%, s6 0.40 → 0.29%, wide 1.44 →
// 1.23%, lognormal 0.98 → 0.98%. Held-out losses by shape, library →
// chosen: report pigtail 3 → 10 (→ x 9), line 2 → 4, plus 1 → 3; s6
// pigtail 44 → 26 (→ right-bracket 35 → 21), circle 8 → 6; wide pigtail
// 20 → 11, triangle 10 → 5, rectangle 7 → 3, left-bracket 3 → 9, line 4 →
// 8, plus 3 → 7; lognormal zigzag 27 → 45 (→ delete 25, → rectangle 12),
// right-bracket 12 → 20, plus 7 → 12, left-bracket 25 → 29, caret 21 →
// 24, check 15 → 18, v 15 → 11, circle 5 → 2. The pigtails the chosen set
// wins on the cornering part are won on s6 and wide too; the lognormal
// family's zigzags are lost as round 11's were (against delete), and the
// report writers' pigtails go to x. Issue 15's bar (under 1% lost) is
// still not met on s6, wide and lognormal either way; the library is
// unchanged.

// After the look, on the tuning side only (`nearest`, `nearest11`; chooses
// nothing): the criterion's loss is a share of the correctly matched
// drawings, and the chosen set matches fewer of them rightly. Nearest right,
// pooled over the four parts: baseline 95.81%; round 12's chosen 94.02%
// (lower on every part: usual 99.09 → 95.69%), the others 94.94–96.79%;
// round 11's + speed 97.66% (higher on every part), + corners 97.94%,
// + ends 97.86%, + all 98.40%. The share of all tuning drawings recognized
// and accepted, nearest × (1 − lost): baseline 94.18%, round 12's chosen
// 92.65% (corners 3 sharper, 9 rounder 94.90%, speed 3 faster, 9 slower
// 94.69%, the rest 93.20–94.04%), round 11's + speed 96.27%. Its direction
// on the tuning side is the held-out look's on every family in both rounds
// (round 12's chosen lower, round 11's higher).

/// Round 12's candidates: for each of the two usual template writers (3,
/// then 9) the variation its sample is drawn with; the wide writer's (2)
/// sample is the shipped one.
let sampleSpreadCandidates: [(name: String, usualWriters: [SampleVariation])] = {
    func pair(_ group: String) -> [SampleVariation] { sampleVariationGroups.first { $0.name == group }!.variations }
    let speed = pair("speed"), corners = pair("corners"), ends = pair("ends")
    return [
        ("speed: 3 slower, 9 faster", [speed[0], speed[1]]),
        ("speed: 3 faster, 9 slower", [speed[1], speed[0]]),
        ("corners: 3 sharper, 9 rounder", [corners[0], corners[1]]),
        ("corners: 3 rounder, 9 sharper", [corners[1], corners[0]]),
        ("ends: 3 under, 9 over", [ends[0], ends[1]]),
        ("ends: 3 over, 9 under", [ends[1], ends[0]]),
    ]
}()

/// A round 12 set, unscaled and without close templates: template writer
/// 2's shipped sample, then writers 3 and 9's drawings with `usualWriters`'
/// variations (nil: shipped).
func spreadTemplateSet(_ usualWriters: [SampleVariation?]) -> [StrokeTemplate] {
    precondition(templateWriters == [2, 3, 9] && usualWriters.count == 2, "round 12 is written for template writers 2, 3 and 9")
    let variations: [SampleVariation?] = [nil] + usualWriters
    let drawings = zip(zip(templateWriters, templateWriterHabits), variations).map { writer, variation in
        templateWriterDrawings(seed: writer.0, habits: writer.1, variation: variation)
    }
    let shipped = unscaledBuiltIn()
    return shipped.indices.map { shape in
        try! StrokeTemplate(name: shipped[shape].name, isRotationInvariant: shipped[shape].isRotationInvariant,
                            samples: drawings.map { $0[shape] })
    }
}

/// After the held-out look (tuning writers only; chooses nothing): the
/// share of each tuning part's drawings whose nearest template is right,
/// for each round 12 candidate (`choose-sample-spread nearest`) or round
/// 11's (`nearest11`), to see whether the tuning side showed what the look
/// found (round 12's chosen set's nearest template right less often on
/// every held-out family, round 11's more often). The criterion counts
/// only correct matches lost, so a set that matches fewer drawings rightly
/// can lose a smaller share of them; nearest × (1 − lost), the share of
/// all drawings recognized and accepted, is in the session 18 report.
func sampleSpreadNearest(roundEleven: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    matchingParameters.reportsRunnerUp = true
    print("| candidate | nearest template right, usual / widened / looping / cornering | pooled |")
    print("|---|---|---|")
    let sets: [(String, [StrokeTemplate])] = roundEleven
        ? [("baseline: the shipped samples", variedTemplateSet([]))]
            + sampleVariationGroups.map { ("+ \($0.name)", variedTemplateSet($0.variations)) }
            + [("+ all", variedTemplateSet(sampleVariationGroups.flatMap(\.variations)))]
        : ([("baseline: the shipped samples", [SampleVariation?]([nil, nil]))]
            + sampleSpreadCandidates.map { ($0.name, $0.usualWriters.map { Optional($0) }) }).map { ($0.0, spreadTemplateSet($0.1)) }
    for (name, templates) in sets {
        builtInTemplates = templates
        let parts = roundSixCriterion().map { $0.filter { $0.shape != nil } }
        func share(_ items: [Outcome]) -> String { percent(Double(items.filter(\.isCorrect).count) / Double(items.count)) }
        print("| \(name) | " + parts.map(share).joined(separator: " / ") + " | \(share(parts.flatMap { $0 })) |")
    }
}

func chooseSampleSpread(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    precondition(!StrokeTemplate.builtIn.contains(where: \.isRotationInvariant), "round 12 is written for a set without rotation-invariant templates")
    let replayed = spreadTemplateSet([nil, nil])
    precondition(replayed.map(\.samples) == StrokeTemplate.builtIn.map(\.samples), "the replay must draw the shipped samples")
    let sets = ([("baseline: the shipped samples", [SampleVariation?]([nil, nil]))]
                + sampleSpreadCandidates.map { ($0.name, $0.usualWriters.map { Optional($0) }) }).map { name, usual in
        SampleSetCandidate(name, spreadTemplateSet(usual), parameters: saved.0, label: "\(name): ")
    }
    print()
    let partsBySet = roundSixParts(of: sets, parameters: saved.0)
    print("| candidate | threshold (4% of pooled scribbles) | lost, pooled | lost, usual / widened / looping / cornering | lost, first three parts | scribbles, usual / widened / looping / cornering |")
    print("|---|---|---|---|---|---|")
    let indices = Array(sets.indices)
    let (baseline, _) = scoreCandidates(indices, parts: { partsBySet[$0] }, value: { sets[$0].rule.value },
                                        row: { "| \(sets[$0].name) | " })
    builtInTemplates = StrokeTemplate.builtIn
    let shippedParts = roundSixCriterion()
    let shippedPooled = shippedParts.flatMap { $0 }
    let libraryAccepts: (Outcome) -> Bool = { $0.match?.isConfident() ?? false }
    print(String(format: "| (the library as shipped, at %.4f) | | %@ | %@ | | %@ |", GestureDefaults.strokeMaximumShapeDeviation,
                 percent(Rejection(shippedPooled, accept: libraryAccepts).lost),
                 shippedParts.map { percent(Rejection($0, accept: libraryAccepts).lost) }.joined(separator: " / "),
                 shippedParts.map { percent(Rejection($0, accept: libraryAccepts).falseAccepts) }.joined(separator: " / ")))
    print()
    // Step 3: the least pooled loss, 0.1 point under the baseline's, each
    // part's scribbles under 5%.
    let scores = indices.dropFirst().map { index in (index: index, score: FourPartScore(partsBySet[index], value: sets[index].rule.value)) }
    guard let best = scores.min(by: { $0.score.lost < $1.score.lost }),
          beatsBaseline(best: sets[best.index].name, lost: best.score.lost, baseline: baseline) else { return }
    let chosen = sets[best.index], threshold = best.score.threshold
    let accepts: (Outcome) -> Bool = { chosen.rule.value($0) <= threshold }
    let partScribbles = partsBySet[best.index].map { Rejection($0, accept: accepts).falseAccepts }
    guard partScribbles.allSatisfy({ $0 < 0.05 }) else {
        print("nothing chosen: \(chosen.name) lets in \(partScribbles.map(percent).joined(separator: " / ")) of the parts' scribbles (each must be under 5%); no held-out look")
        return
    }
    print("chosen: \(chosen.name), threshold \(String(format: "%.4f", threshold)) (\(percent(best.score.lost)) lost against the baseline's \(percent(baseline)))")
    print("tuning losses by shape, library: " + lostByShape(shippedPooled, accept: libraryAccepts))
    print("tuning losses by shape, chosen: " + lostByShape(partsBySet[best.index].flatMap { $0 }, accept: accepts))
    guard heldOut else { return }
    print()
    printTemplateSetVerdict(templates: chosen.templates, threshold: threshold, library: libraryAccepts, chosen: accepts, shipsNote: "")
}
