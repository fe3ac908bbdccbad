import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 23 (issue 15): a replication of rounds 15 and 17 on fresh
// held-out writers (`replicate-fresh`). The protocol is the lead's, written
// before any figure of it existed, and is committed here before the
// command was run even once.
//
// Why: rounds 15 (ScaledThresholdChoice.swift) and 17
// (ConfirmationFactorChoice.swift) each chose a learning rule on the tuning
// writers and, at their one held-out look, lost fewer drawings than round
// 14's shipped opt-in rule on the s6, wide and lognormal writers, but 7
// and 6 of the report writers' drawings against round 14's 4, so their
// ship rule ("no family's loss higher than round 14's") forbade both. At
// ~4,800 drawings a family, 2–3 drawings is within sampling noise (a
// binomial standard deviation of about 2). The held-out families of those
// looks (report 1000–1029, drawing seed 0xE7A1; wide 2000–2029, 0x2D1E;
// lognormal 4000–4029, 0x106E; s6 the report writers without session 7's
// details; scribble seeds 0x5C81_0002 / 3 / 6) have been looked at many
// times. Neither earlier decision is re-made on them, nor here: this is a
// measurement of whether each choice's advantage holds on writers no
// command has drawn.
//
// The protocol:
//
// 1. Fresh held-out writers, never generated before by any command
//    (`freshHeldOutDraws`): report-like 1100–1129 (usual habits, drawing
//    seed 0xE7B1); s6-like, the same 1100–1129 without session 7's details
//    (as `s6` draws them); wide 2100–2129 (StrokeHabits.wide, drawing seed
//    0x2D2E); lognormal 4100–4129 (LognormalSynthesizer, drawing seed
//    0x107E). Scribble seeds: 0x5C81_0013 (wide), 0x5C81_0016 (lognormal),
//    and for report and s6 0x5C81_0014 instead of the brief's 0x5C81_0012
//    (see the check below). Sessions played exactly as
//    `heldOutSessions(family:)` plays them (the same counts, interleaving
//    and scribble generators; only the writers and seeds fresh), through
//    `heldOutSessions(family:draw:)`.
//    The check, made before any figure (grep over the repository, `git
//    grep` at ab34688): no writer id 1100–1129, 2100–2129 or 4100–4129 is
//    in any writer list of the harness (its lists: 1–10 for `pick`;
//    100–119; 140–199; 300–319; 500–559; 600–719; 1000–1029; 2000–2029;
//    4000–4029; ShakeEvaluation's seeds 1000–1009 are another harness's;
//    `draw N` draws a writer named on the command line, at its own seed
//    0xD4A3), and none of the drawing
//    seeds 0xE7B1, 0x2D2E, 0x107E, nor 0x5C81_0013, 0x5C81_0014,
//    0x5C81_0016, occurs anywhere. 0x5C81_0012 does: HeldOutDiagnosis.swift's
//    user-dependent diagnosis (`diagnose-heldout`) draws the held-out
//    families' scribbles from StrokeSynthesizer(seed: 0x5C81_0012), with
//    the usual habits for report and s6 (30 a writer, the kinds in turn):
//    the same random stream plainScribbles would draw from, so some of those
//    scribbles have been generated (and counted) before. The brief asks for
//    seeds never generated; 0x5C81_0014, unused, replaces it. Writers'
//    drawings are seeded by drawing seed ^ (writer × 0x9E37_79B9_7F4A_7C15)
//    and sessions' orders by 0x5E55_1014 ^ (writer × the same), both fresh
//    with the writers; the lognormal scribbles' writers are seeded 0x5C81_0016
//    + index × 0x9E37_79B9, none equal to the old family's.
// 2. Rules compared, each exactly as its round chose it, no refitting (α =
//    0.2243, `roundFifteenExponent`), played by round 16–17's player
//    (`playConfirmed`, unchanged; it plays rounds 14 and 15's rules through
//    round 14's `play`): the baseline (nothing learned); round 14's shipped
//    rule (k = 1, learned within half the fixed t); round 15's choice (the
//    scaled threshold, k = 1, every accept learned); round 17's choice (the
//    scaled threshold, learned at once within half, else confirmed by the
//    next at f = 2, k = 3).
// 3. Pre-registered outcome, for round 15's and round 17's choice
//    separately, each against round 14's rule: it REPLICATES if on the
//    fresh writers (a) its scribbles let in are under 5% on every family,
//    (b) on every family its lost drawings (issue 15's measure: nearest
//    right but rejected) number at most round 14's lost drawings + 3 (a
//    count margin, about 1.5 binomial standard deviations at these rates),
//    (c) its loss (the share) is lower than round 14's on at least two of
//    s6, wide and lognormal, (d) its loss on the report family is under
//    1%. Otherwise it does not replicate. Printed: the counts (drawings
//    lost, of how many nearest right) beside the percentages, and the four
//    tables of the earlier looks (lost, scribbles let in, recognized and
//    accepted, another shape accepted) for the four rules, what each
//    learned and its losses by runner-up.
// 4. One run. The outcome is what step 3 says; nothing is re-decided after
//    it. The library does not change in this task whatever the outcome (a
//    rule that replicates is a candidate for a later session to implement
//    in StrokeAdaptation).

// Outcome (session 23; `replicate-fresh`, run once, 48 s at load ~4 after
// a clean-clone CI run). Lost (issue 15's measure), drawings lost of the
// nearest right, baseline / round 14's rule / round 15's choice / round
// 17's choice:
//   report    0.21% (10 of 4,726) / 0.15% (7 of 4,765) / 0.19% (9 of 4,764) / 0.19% (9 of 4,767)
//   s6        1.23% (58 of 4,718) / 1.03% (49 of 4,761) / 0.67% (32 of 4,765) / 0.71% (34 of 4,767)
//   wide      3.48% (157 of 4,509) / 2.41% (109 of 4,524) / 2.04% (93 of 4,568) / 1.84% (84 of 4,562)
//   lognormal 11.00% (463 of 4,211) / 9.18% (390 of 4,249) / 6.91% (297 of 4,301) / 6.26% (267 of 4,266)
// Scribbles let in: report 3.65 / 4.27 / 3.90 / 3.70%, s6 3.65 / 4.22 /
// 3.83 / 3.45%, wide 4.18 / 4.87 / 4.67 / 4.35%, lognormal 2.98 / 3.60 /
// 3.48 / 3.25%. Recognized and accepted: report 98.25 / 99.12 / 99.06 /
// 99.12%, s6 97.08 / 98.17 / 98.60 / 98.60%, wide 90.67 / 91.98 / 93.23 /
// 93.29%, lognormal 78.08 / 80.40 / 83.42 / 83.31%. Another shape
// accepted: report 0.29 / 0.19 / 0.29 / 0.21%, s6 0.50 / 0.29 / 0.25 /
// 0.25%, wide 1.06 / 1.15 / 1.19 / 1.42%, lognormal 0.92 / 1.19 / 1.31 /
// 1.44%. Learned (right / another shape / scribbles), round 14 / 15 / 17:
// report 4,577 / 2 / 29, 4,755 / 14 / 234, 4,724 / 8 / 77; s6 4,449 / 3
// / 27, 4,733 / 12 / 230, 4,688 / 10 / 67; wide 3,740 / 20 / 50, 4,475 /
// 57 / 280, 4,356 / 58 / 92; lognormal 3,176 / 10 / 19, 4,004 / 63 /
// 209, 3,863 / 49 / 57. Report losses by runner-up: round 14's 7
// (caret→triangle 3, arrow→x, line→star, pigtail→delete, pigtail→v);
// round 15's 9 (round 14's 7 plus check→v, star→zigzag);
// round 17's 9 (round 14's 7 plus left-bracket→triangle, line→delete).
// Step 3: round 15's choice REPLICATES, round 17's choice REPLICATES: both
// let in under 5% of the scribbles everywhere, lose at most round 14's + 3
// drawings on every family (report 9 against 7 for both), lose less than
// round 14's rule on all three of s6, wide and lognormal, and under 1% on
// the report writers. As in the earlier looks, both lose a little more
// than round 14's rule on the report writers (2 drawings here, within the
// margin) and let in fewer scribbles than it on every family; round 17's
// choice accepts more drawings as another shape on wide and lognormal
// (1.42 and 1.44% against round 14's 1.15 and 1.19%), which the outcome
// does not weigh. The fresh lognormal family loses far more than the old
// one (baseline 11.00% against 4.22%, nearest right 87.7% against 92.3%):
// its writers are harder, the rules' order on it the same. Nothing is
// re-decided here and the library is unchanged.
// After the run, `replicate-fresh writers` (decides nothing; 9 s): the
// baseline's lost drawings by writer. Lognormal: the earlier writers'
// most-losing ten lose 26, 22, 20, 18, 14, 12, 12, 10, 7, 6 (none above
// 19% of its nearest right); the fresh ones' 62, 52, 48, 47, 46, 38, 36,
// 31, 23, 20 (the first six a third to over half of their nearest right
// drawings), the other twenty 0–12. So the lognormal family's loss
// hangs on a few writers of the synthesizer's tail, and 30 writers measure
// it loosely (4.22% against 11.00% on two draws of the same generator).
// Wide: one fresh writer loses 50 (the earlier most, 23); report and s6
// look alike on both draws (at most 4 and 12 a writer).

/// The fresh held-out families' writers and seeds (step 1).
let freshHeldOutDraws: [String: HeldOutDraw] = {
    let report = HeldOutDraw(writers: (1100..<1130).map(UInt64.init), drawingSeed: 0xE7B1, scribbleSeed: 0x5C81_0014)
    return [
        "report": report,
        "s6": report,
        "wide": HeldOutDraw(writers: (2100..<2130).map(UInt64.init), drawingSeed: 0x2D2E, scribbleSeed: 0x5C81_0013),
        "lognormal": HeldOutDraw(writers: (4100..<4130).map(UInt64.init), drawingSeed: 0x107E, scribbleSeed: 0x5C81_0016),
    ]
}()

/// Step 2's rules in order: the baseline, round 14's rule, round 15's
/// choice (round 16–17's first three), round 17's choice (its last
/// candidate, the one its tuning side chose).
let replicatedRules: [ConfirmedLearningCandidate] = Array(confirmationFactorCandidates.prefix(3)) + [confirmationFactorCandidates.last!]

/// A rule's outcomes on one family: issue 15's measures, and the counts
/// behind its loss.
private struct FreshFamilyResult {
    var rejection: Rejection
    var lost: Int
    var nearestRight: Int
    var played: [PlayedSession]

    init(_ played: [PlayedSession]) {
        let outcomes = played.flatMap(\.outcomes)
        rejection = Rejection(outcomes, accept: scaledAccepts)
        let correct = outcomes.filter { $0.shape != nil && $0.isCorrect }
        nearestRight = correct.count
        lost = correct.filter { !scaledAccepts($0) }.count
        self.played = played
    }
}

func replicateOnFreshWriters() {
    var parameters = matchingParameters
    parameters.reportsRunnerUp = true   // the exact margin, as rounds 14–17 played
    let exact = parameters
    print("rules: " + replicatedRules.map(\.name).joined(separator: " / "))
    print("alpha = \(roundFifteenExponent) (round 15's step 0, not refitted)")
    var results: [String: [FreshFamilyResult]] = [:]
    for family in heldOutFamilies {
        let sessions = heldOutSessions(family: family, draw: freshHeldOutDraws[family]!)
        results[family] = replicatedRules.map { rule in
            FreshFamilyResult(playAll(sessions) { playConfirmed($0, rule, parameters: exact) })
        }
        print("played \(family): \(sessions.count) sessions, \(sessions.map(\.count).reduce(0, +)) items")
        fflush(nil)
    }
    let columns = "baseline | round 14 | round 15 | round 17"
    func table(_ title: String, _ cell: (FreshFamilyResult) -> String) {
        print()
        print("### \(title)")
        print()
        print("| family | \(columns) |")
        print("|---|---|---|---|---|")
        for family in heldOutFamilies { print("| \(family) | " + results[family]!.map(cell).joined(separator: " | ") + " |") }
    }
    table("Lost (issue 15: nearest right, rejected), drawings of nearest right") {
        "\(percent($0.rejection.lost)) (\($0.lost) of \($0.nearestRight))"
    }
    table("Scribbles let in") { percent($0.rejection.falseAccepts) }
    table("Recognized and accepted") { percent($0.rejection.recognizedAndAccepted) }
    table("Another shape accepted") { percent($0.rejection.wronglyAccepted) }
    table("Learned (right, another shape, scribbles)") { learnedLine($0.played) }
    print()
    for family in heldOutFamilies {
        for (rule, result) in zip(["baseline", "round 14", "round 15", "round 17"], results[family]!) {
            print("\(family), \(rule): lost drawings confused with: "
                  + lossConfusions(result.played.flatMap(\.outcomes), accept: scaledAccepts))
        }
    }
    // Step 3.
    print()
    for (candidate, name) in [(2, "round 15's choice"), (3, "round 17's choice")] {
        var failures: [String] = []
        var lowerOn = 0
        for family in heldOutFamilies {
            let reference = results[family]![1], result = results[family]![candidate]
            if result.rejection.falseAccepts >= 0.05 { failures.append("(a) \(family) scribbles \(percent(result.rejection.falseAccepts))") }
            if result.lost > reference.lost + 3 { failures.append("(b) \(family) lost \(result.lost) > \(reference.lost) + 3") }
            if family != "report" && result.rejection.lost < reference.rejection.lost { lowerOn += 1 }
            if family == "report" && result.rejection.lost >= 0.01 { failures.append("(d) report lost \(percent(result.rejection.lost))") }
        }
        if lowerOn < 2 { failures.append("(c) lower than round 14's on \(lowerOn) of s6, wide, lognormal") }
        print(failures.isEmpty
              ? "step 3: \(name) REPLICATES (scribbles under 5% everywhere, lost within round 14's + 3 on every family, lower on \(lowerOn) of s6, wide, lognormal, report under 1%)"
              : "step 3: \(name) does not replicate: " + failures.joined(separator: "; "))
    }
}

/// `replicate-fresh writers` (after the run; decides nothing): the
/// baseline's lost drawings writer by writer (lost / nearest right, most
/// lost first), the earlier looks' writers beside the fresh ones, to see
/// whether a family's difference comes from a few writers.
func freshWritersLosses() {
    var parameters = matchingParameters
    parameters.reportsRunnerUp = true
    let exact = parameters
    for family in heldOutFamilies {
        for (name, draw) in [("earlier", nil), ("fresh", freshHeldOutDraws[family])] {
            let played = playAll(heldOutSessions(family: family, draw: draw)) { playConfirmed($0, replicatedRules[0], parameters: exact) }
            let writers = played.map { FreshFamilyResult([$0]) }.sorted { $0.lost > $1.lost }
            print("\(family), \(name) writers: " + writers.map { "\($0.lost)/\($0.nearestRight)" }.joined(separator: " "))
        }
    }
}
