import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 19 (issue 15), round 13: the template writers re-picked by one
// swap among writers 1–10, judged on the share of drawings recognized and
// accepted.
//
// What is known before this protocol: rounds 1–12's tuning figures and the
// held-out looks of rounds 2, 5, 10, 11 and 12 (published in the history).
// This round was designed knowing them. No figure of this round's
// candidates was computed before this file was committed. It is the
// protocol's thirteenth round and the eighth on round 6's four-part tuning
// data, said here so the reader can weigh a win.
//
// Why the criterion changes. Rounds 6–12 chose on the share of correctly
// matched tuning drawings the rule rejects. A rule change keeps the matches,
// so that share says all; a template change also changes which drawings are
// matched rightly, and the share cannot see it: round 12's chosen set lost
// a smaller share of fewer right matches (nearest right 95.81 → 94.02%,
// pooled), and held out it matched fewer rightly on every family and lost
// more on the lognormal one. So this round decides on what a user sees, the
// share of all real drawings whose nearest template is the right shape and
// which the rule accepts ("recognized and accepted"), with a guard that no
// tuning part gets worse by more than a stated margin, and that no more
// drawings are accepted as the wrong shape.
//
// Why this direction. Session 11 found most of the held-out loss comes from
// the built-in templates being other writers' drawings, so which writers
// draw them matters. They were picked once, in session 7: `pick` ranked
// the triples of writers 1–10 by the nearest template alone (no rejection),
// and among the best the set with a wide writer was taken for its loss on
// the choosing writers at session 7's units. Nobody has picked them with
// the rule as it now is, or on a criterion that counts both finding the
// right template and accepting it. Round 12 set this direction aside
// because session 12's pool sets traded coverage against scribbles on one
// curve, but that curve was drawn on the lost share, the criterion that
// ignores coverage. The candidates are the shipped set's neighbours, one
// writer swapped for another of the same habits (the wide writer 2 for 4,
// 6, 8 or 10; a usual writer 3 or 9 for 1, 5 or 7), so each keeps the
// shipped structure (one wide writer, two usual, three samples a template:
// the shipped cost) and the search is small (10 candidates, not the 119
// other triples, which would fit the tuning side's noise). The writers 1–10
// are the project's own generator's template writers; nothing comes from
// the held-out families.
//
// Directions considered and not taken for this round: the close pairs'
// exponent a other than ½ or 1 (a sweep of round 10's knob); the deviation
// over a power of the margin below 1 (needs StrokeClassifier's margin search
// and certificate, 15s's files this session); per-shape thresholds (round
// 2's scales are that); the measure weights relearned on four parts
// (session 8's mixed tuning and round 3 moved along the same curve); more
// samples a template (round 11: twice the cost, and a certificate test
// fails); the samples spread over a habit (round 12, done); the same
// drawings with every habit at its range's middle (one more replay of round
// 12's family, which has twice moved the tuning side and the held-out look
// apart); every triple of writers 1–10 (119 candidates: a search as large
// as that fits noise, and it would not finish in the session); session
// 12's pool medoids re-judged (another set of drawings than the
// generator's template writers, and a second direction in one round); rule
// changes alone (rounds 6–10's kind: they keep the matches, so the new
// criterion ranks them as the old one did).
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates, each a built-in set of the same 16 shapes with three
//    samples a template (each writer's first drawing of the shape, as
//    `templates` writes them), in this order: the baseline (writers 2, 3,
//    9: the shipped samples, checked bit for bit), then 2 → 4, 6, 8, 10;
//    3 → 1, 5, 7; 9 → 1, 5, 7 (`templateWriterSwaps`), the swapped writer
//    in the same place. For each, by the rules `templates` applies to the
//    shipped set: the deviation scales (round 2) and the close templates'
//    factors (round 10) learned from the pool (writers 600–659) against its
//    samples. Matching, the measures and D unchanged. Rule: score ≥ 0.6 and
//    D ÷ (m · f(S, T)) ≤ t, the exact runner-up T.
// 2. Criterion: round 6's four parts (usual 100–119, widened 140–159,
//    looping 160–179, cornering 180–199), each candidate matching them with
//    its own samples; t re-chosen per candidate (the baseline included)
//    where 4% of the pooled scribbles pass. For each part: recognized and
//    accepted (RA), the share of its real drawings whose nearest template
//    is the right shape and which the rule accepts at t; accepted as
//    another shape (WA), the share of its real drawings whose nearest
//    template is wrong and which the rule accepts; scribbles let in.
// 3. A candidate is eligible if (a) each part's scribbles let in are under
//    5%, (b) no part's RA is below the baseline's by more than 0.25 point
//    (`roundThirteenPartMargin`; 8 of a part's 3,200 drawings), and (c) its
//    pooled WA is at most the baseline's plus 0.1 point
//    (`roundThirteenWrongMargin`). Chosen: the eligible candidate with the
//    highest pooled RA (the first in the order above on a tie), if it beats
//    the baseline's pooled RA by at least 0.1 point (`requiredImprovement`);
//    otherwise "nothing chosen", and no held-out look.
// 4. Only then, `choose-template-writers heldout`, once: the four held-out
//    families, the library as shipped (its matches, its threshold) beside
//    the chosen candidate (its matches, its threshold): nearest right,
//    lost, scribbles let in, RA, WA, losses by shape and against which
//    runner-up. Shipped if its scribbles let in are under 5% on every
//    family, its loss (issue 15's measure: correctly matched drawings
//    rejected) is no higher than the library's on each family over the 1%
//    bar (s6, wide, lognormal) and under 1% on the report writers, and its
//    cost (`/work/notes/tools/stroke-cg.sh`, instructions a told drawing
//    and a told scribble) is within 5% of the shipped set's. Held-out
//    figures reported whatever they are, worse ones too.
// The old criterion's figures (lost, pooled and by part) are printed beside
// the new ones for comparison; they choose nothing.

// Outcome on the tuning side (session 19, one run, about 9 min at load
// 10): nothing chosen, so no held-out look and the library is unchanged.
// Recognized and accepted, pooled (usual / widened / looping / cornering),
// threshold at 4% of the pooled scribbles: baseline 94.19% (98.94 / 97.06
// / 92.09 / 88.66%), 3.1038; 2 → 4 91.72%; 2 → 6 93.71%; 2 → 8 90.13%;
// 2 → 10 95.12% (98.97 / 96.19 / 93.41 / 91.91%), 2.7852; 3 → 1 94.59%
// (98.22 / 97.19 / 93.44 / 89.53%), 2.9696; 3 → 5 88.94%; 3 → 7 93.74%;
// 9 → 1 92.81%; 9 → 5 89.22%; 9 → 7 93.60%. Every candidate fails step
// 3(b): the two above the baseline pooled lose a part by more than 0.25
// point (2 → 10 the widened writers, 97.06 → 96.19%; 3 → 1 the usual,
// 98.94 → 98.22%), the rest several parts (2 → 4, 2 → 8 and 9 → 5 also
// step 3(c), another shape accepted 0.69–1.02% against 0.58%). Scribbles
// 3.50–4.67% a part, all under 5%. On the old criterion (lost, pooled),
// which chooses nothing here: baseline 1.70%, 3 → 1 1.63%, 2 → 10 1.66%,
// the rest 1.75–5.18%, so neither would have beaten it by 0.1 point
// either. What the table says: 2 → 10 finds the right template more often
// on the looping and cornering hands (nearest 94.12 → 95.94%, 92.62 →
// 94.72%) and loses fewer of the cornering hand's (4.28 → 2.97%), but on
// the widened writers it matches fewer rightly (97.41 → 97.09%) and loses
// more (0.35 → 0.93%): a trade between parts, as rounds 11 and 12's wins
// were, which the part margin is there to refuse. No candidate is at least
// the baseline's on every part.

/// Round 13: how far below the baseline's a tuning part's recognized and
/// accepted share may fall in an eligible candidate (0.25 point).
let roundThirteenPartMargin = 0.0025
/// Round 13: how far above the baseline's a candidate's pooled share of
/// drawings accepted as another shape may rise (0.1 point).
let roundThirteenWrongMargin = 0.001

/// Round 13's candidates: the template writers (wide 2, usual 3 and 9) with
/// one swapped for another of writers 1–10 of the same habits (`mixed`:
/// odd seeds usual, even wide), in the swapped writer's place.
let templateWriterSwaps: [(name: String, writers: [UInt64])] =
    [4, 6, 8, 10].map { ("2 → \($0)", [$0, 3, 9]) }
    + [1, 5, 7].map { ("3 → \($0)", [2, $0, 9]) }
    + [1, 5, 7].map { ("9 → \($0)", [2, 3, $0]) }

/// A candidate's figures on round 6's four parts at its threshold where 4%
/// of the pooled scribbles pass (as `FourPartScore` sets it): recognized
/// and accepted, accepted as another shape, nearest right, lost (the old
/// criterion, printed only) and scribbles let in, pooled and by part.
struct RecognizedAcceptedScore {
    let threshold: Double
    let recognized: Double
    let recognizedByPart: [Double]
    let wrong: Double
    let lost: Double
    let lostByPart: [Double]
    let nearestByPart: [Double]
    let scribblesByPart: [Double]

    init(_ parts: [[Outcome]], value: (Outcome) -> Double) {
        let values = parts.flatMap { $0 }.filter { $0.shape == nil }.map(value).sorted()
        let limit = scribbleBudgetThreshold(values)
        self.init(parts, threshold: limit) { value($0) <= limit }
    }

    /// The figures of a rule given as `accept` (its threshold `threshold`,
    /// printed only): the library as shipped.
    init(_ parts: [[Outcome]], threshold limit: Double, accept: (Outcome) -> Bool) {
        let all = Rejection(parts.flatMap { $0 }, accept: accept), each = parts.map { Rejection($0, accept: accept) }
        threshold = limit
        recognized = all.recognizedAndAccepted
        recognizedByPart = each.map(\.recognizedAndAccepted)
        wrong = all.wronglyAccepted
        lost = all.lost
        lostByPart = each.map(\.lost)
        nearestByPart = each.map(\.nearestRight)
        scribblesByPart = each.map(\.falseAccepts)
    }

    var cells: String {
        func list(_ values: [Double]) -> String { values.map(percent).joined(separator: " / ") }
        return String(format: "%.4f | **%@** | %@ | %@ | %@ | %@ / %@ | %@ |", threshold, percent(recognized), list(recognizedByPart),
                      percent(wrong), list(nearestByPart), percent(lost), list(lostByPart), list(scribblesByPart))
    }

    /// Why this candidate is not eligible against `baseline` (step 3's (a)–(c)), or nil.
    func ineligibility(against baseline: RecognizedAcceptedScore) -> String? {
        var reasons: [String] = []
        if !scribblesByPart.allSatisfy({ $0 < 0.05 }) { reasons.append("a part's scribbles at 5% or more") }
        for (part, (mine, theirs)) in zip(["usual", "widened", "looping", "cornering"], zip(recognizedByPart, baseline.recognizedByPart))
        where mine < theirs - roundThirteenPartMargin {
            reasons.append("\(part) recognized and accepted \(percent(mine)) against the baseline's \(percent(theirs))")
        }
        if wrong > baseline.wrong + roundThirteenWrongMargin {
            reasons.append("another shape accepted \(percent(wrong)) against the baseline's \(percent(baseline.wrong))")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }
}

let recognizedAcceptedHeader = "| threshold (4% of pooled scribbles) | recognized and accepted, pooled | … usual / widened / looping / cornering | another shape accepted, pooled | nearest right, by part | lost, pooled / by part (old criterion) | scribbles, by part |"

/// Step 3: the index of the chosen candidate among `scores` (the first the
/// baseline), printing why each other is not eligible; nil when nothing is
/// chosen (the line printed says why).
func chooseByRecognizedAndAccepted(_ scores: [RecognizedAcceptedScore], names: [String]) -> Int? {
    let baseline = scores[0]
    var best: Int? = nil
    for index in scores.indices.dropFirst() {
        if let reason = scores[index].ineligibility(against: baseline) {
            print("not eligible: \(names[index]): \(reason)")
            continue
        }
        if best == nil || scores[index].recognized > scores[best!].recognized { best = index }
    }
    guard let best, scores[best].recognized >= baseline.recognized + requiredImprovement else {
        print("nothing chosen: the best eligible candidate, \(best.map { names[$0] } ?? "none"), recognizes and accepts "
              + "\(best.map { percent(scores[$0].recognized) } ?? "—") against the baseline's \(percent(baseline.recognized)) "
              + "(it must beat it by 0.1 point); no held-out look")
        return nil
    }
    return best
}

func chooseTemplateWriters(heldOut: Bool) {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    precondition(!StrokeTemplate.builtIn.contains(where: \.isRotationInvariant), "round 13 is written for a set without rotation-invariant templates")
    precondition(templateWriters == [2, 3, 9], "round 13 swaps from template writers 2, 3 and 9")
    let candidates = [("baseline: writers 2, 3, 9 (shipped)", templateWriters)] + templateWriterSwaps.map { ($0.name, $0.writers) }
    let sets = candidates.map { name, writers in
        SampleSetCandidate(name, templateSet(writers: writers, habits: templateHabits("mixed", seeds: writers)),
                           parameters: saved.0, label: "\(name): ")
    }
    precondition(sets[0].templates.map(\.samples) == StrokeTemplate.builtIn.map(\.samples), "the baseline must be the shipped samples")
    print()
    let partsBySet = roundSixParts(of: sets, parameters: saved.0)
    let scores = sets.indices.map { RecognizedAcceptedScore(partsBySet[$0], value: sets[$0].rule.value) }
    print("| candidate " + recognizedAcceptedHeader)
    print("|---|---|---|---|---|---|---|---|")
    for index in sets.indices { print("| \(sets[index].name) | " + scores[index].cells) }
    builtInTemplates = StrokeTemplate.builtIn
    let shippedParts = roundSixCriterion()
    let libraryAccepts: (Outcome) -> Bool = { $0.match?.isConfident() ?? false }
    let library = RecognizedAcceptedScore(shippedParts, threshold: GestureDefaults.strokeMaximumShapeDeviation, accept: libraryAccepts)
    print("| (the library as shipped) | " + library.cells)
    print()
    guard let index = chooseByRecognizedAndAccepted(scores, names: sets.map(\.name)) else { return }
    let chosen = sets[index], threshold = scores[index].threshold
    let accepts: (Outcome) -> Bool = { chosen.rule.value($0) <= threshold }
    print("chosen: \(chosen.name), threshold \(String(format: "%.4f", threshold)) (recognized and accepted \(percent(scores[index].recognized)) "
          + "against the baseline's \(percent(scores[0].recognized)))")
    print("tuning losses by shape, library: " + lostByShape(shippedParts.flatMap { $0 }, accept: libraryAccepts))
    print("tuning losses by shape, chosen: " + lostByShape(partsBySet[index].flatMap { $0 }, accept: accepts))
    guard heldOut else { return }
    print()
    printTemplateSetVerdict(templates: chosen.templates, threshold: threshold, library: libraryAccepts, chosen: accepts,
                            shipsNote: " if its cost is within 5% of the shipped set's")
}

// `rejudge`, run after round 13's outcome (tuning side only, one run,
// about 20 min at load 10; it chooses nothing and no held-out family was
// looked at for it). Round 12's candidates, RA pooled (usual / widened /
// looping / cornering): baseline 94.19%; corners 3 sharper, 9 rounder
// 94.91% (98.91 / 97.56 / 93.03 / 90.12%, another shape 0.31%), eligible,
// and the one round 13's criterion would take; speed 3 faster, 9 slower
// 94.69% and 3 slower, 9 faster 94.05% (usual 98.41% and 98.25%: not
// eligible); corners 3 rounder, 9 sharper 93.77%; ends 3 under, 9 over
// (round 12's chosen) 92.65% (usual 95.56%); ends 3 over, 9 under 93.20%.
// Round 11's: + corners 95.99%, + speed (round 11's chosen) 96.27%, + ends
// 96.30%, + all 96.89% (99.56 / 98.19 / 94.69 / 95.12%), every one
// eligible; the criterion would take + all, 21 samples a template (seven
// times the shipped samples; round 11's nine cost 1.7–2.1 times the
// instructions), since it has no cost rule of its own: round 13's
// cost rule is in its candidates (three samples each). Both rounds' held-out
// looks agree in direction with these figures (round 11's + speed
// recognized and accepted more on every family, round 12's chosen less), but
// round 11's lost more of its right matches on three families: the issue's
// measure and this criterion can disagree.

/// Rounds 11 and 12's candidates judged again by round 13's criterion, on
/// the tuning side only (`choose-template-writers rejudge`): chooses
/// nothing and looks at no held-out family (rounds 11 and 12 had theirs).
/// It says which candidate the new criterion would have taken.
func rejudgeSampleRounds() {
    let saved = (matchingParameters, builtInTemplates)
    defer { (matchingParameters, builtInTemplates) = saved }
    let rounds: [(String, [(String, [StrokeTemplate])])] = [
        ("round 12 (three samples spread over a habit)",
         [("baseline: the shipped samples", spreadTemplateSet([nil, nil]))]
            + sampleSpreadCandidates.map { ($0.name, spreadTemplateSet($0.usualWriters.map { Optional($0) })) }),
        ("round 11 (more samples a template)",
         [("baseline: the shipped samples", variedTemplateSet([]))]
            + sampleVariationGroups.map { ("+ \($0.name)", variedTemplateSet($0.variations)) }
            + [("+ all", variedTemplateSet(sampleVariationGroups.flatMap(\.variations)))]),
    ]
    for (round, candidates) in rounds {
        let sets = candidates.map { SampleSetCandidate($0.0, $0.1, parameters: saved.0, label: "\($0.0): ") }
        let partsBySet = roundSixParts(of: sets, parameters: saved.0)
        let scores = sets.indices.map { RecognizedAcceptedScore(partsBySet[$0], value: sets[$0].rule.value) }
        print()
        print(round + ", judged again by round 13's criterion (tuning side only; chooses nothing)")
        print("| candidate " + recognizedAcceptedHeader)
        print("|---|---|---|---|---|---|---|---|")
        for index in sets.indices { print("| \(sets[index].name) | " + scores[index].cells) }
        if let index = chooseByRecognizedAndAccepted(scores, names: sets.map(\.name)) {
            print("round 13's criterion would take: \(sets[index].name) (no held-out look for it)")
        }
    }
}
