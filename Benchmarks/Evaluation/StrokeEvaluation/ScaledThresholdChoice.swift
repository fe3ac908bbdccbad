import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 22 (issue 15), round 15: the rejection threshold of an adapted
// template scaled with the samples it holds.
//
// What is known before this protocol: rounds 1–14's tuning figures, the
// held-out looks of rounds 2, 5, 10–12 and 14 (published in the history),
// session 11's diagnosis (with each writer's own 3 templates a shape the
// rule of then lost ~1% on wide and lognormal) and session 21's oracle
// (AdaptationChoice.swift): learning no scribble at all, every accept
// still lets in over 5% of the scribbles at the fixed threshold t (k = 1:
// 5.05 / 5.27% on the looping and cornering parts; k = 3 up to 6.77%).
// A template holding 3 + j samples is the nearest of more samples, and
// its shape ranges are wider, so a scribble's D ÷ m against it is lower:
// the extra samples *themselves* bring scribbles within t. This round
// scales the threshold of a template with the learned drawings it holds,
// t · g(j), g decreasing, g(0) = 1 (the built-in set's rule unchanged
// when nothing is learned), and asks whether more of the player's
// drawings then help. No figure of this round's candidates was computed
// before this file was committed. It is the protocol's fifteenth round and
// the tenth on round 6's four-part tuning data (the sessions of round 14,
// `roundSixSessions`, unchanged), said here so the reader can weigh a win.
//
// The family of g, fixed here: g(j) = (b ÷ (b + j))^α, b the template's
// own samples (3 for every built-in template), j the player's drawings it
// holds when the drawing is classified, α ≥ 0 one exponent for every
// template. One parameter, g(0) = 1, decreasing in j for α > 0.
//
// How α is set, from the tuning data only (`calibrateThresholdScaling`,
// step 0 below, run before any candidate and printed first):
// - for each tuning part and each writer of it, and each j in {0, 1, 3, 5}:
//   the built-in set plus, for each shape, the first j of the writer's
//   drawings of that shape (in its session's order) that the built-in set
//   recognizes (nearest right) and accepts at t (what learning every
//   accept would learn first; fewer when the writer has fewer);
// - the writer's scribbles of its session (round 14's split) classified
//   against that set with the exact runner-up; each scribble's value v =
//   D ÷ m when its score is at least the minimum score, +∞ otherwise (so
//   v ≤ x is exactly "accepted at x");
// - K = the count of scribbles, pooled over the four parts, with v ≤ t at
//   j = 0 (the built-in set: the baseline's scribbles let in); t_j = the
//   K-th smallest v at j, the threshold that lets in as many scribbles
//   against templates holding 3 + j samples as t does against 3; r_j =
//   t_j ÷ t;
// - α = the least-squares fit of log r_j = α · log(3 ÷ (3 + j)) over j in
//   {1, 3, 5} (through the origin: g(0) = 1), clamped to at least 0.
// The r_j and α are printed; the fit's residuals are printed too and
// choose nothing. Only the scribbles are used: g is made to hold the
// scribbles let in where they were without learning, not to accept more.
//
// The sessions and the play are round 14's (`playSessions`, `play`): each
// writer plays its 160 drawings and 300 scribbles in one fixed random
// order; each item is classified against the built-in set plus what was
// learned so far (exact runner-up), decided at its nearest template's
// threshold t · g(j), j the drawings that template holds at that moment,
// and learned (oldest dropped beyond k) when its score is at least the
// minimum score and D ÷ m ≤ c · t · g(j), the learning share c of the
// template's own threshold (so a rejected drawing is never learned).
//
// The protocol, fixed in this file and committed before any figure of its
// candidates was computed:
//
// 0. α from the tuning data as above.
// 1. Candidates (`scaledThresholdCandidates`), in this order: the baseline,
//    nothing learned (the library's default); the shipped round-14 rule (k
//    = 1, c = ½, the fixed t: the reference to beat, not itself chosen);
//    then under the scaled threshold t · g(j): k = 1, 3, 5, each with c = 1
//    and c = ½.
// 2. Criterion: round 14's. Round 6's four parts, each writer a session,
//    over the whole sessions: recognized and accepted (RA), accepted as
//    another shape (WA), scribbles let in, by part and pooled.
// 3. Eligible (as round 14, against the baseline): (a) every part's
//    scribbles let in under 5%, (b) no part's RA below the baseline's by
//    more than 0.25 point, (c) pooled WA at most the baseline's + 0.1
//    point. Chosen: of the eligible scaled candidates whose pooled RA is
//    within 0.1 point of the best eligible scaled one's, the smallest k,
//    then the higher RA, then the first in the order above; only if its
//    pooled RA beats the shipped round-14 rule's (whether that is eligible
//    or not) by at least 0.1 point (`requiredImprovement`); otherwise
//    "nothing chosen", and no held-out look.
// 4. Only then, `choose-scaled-threshold heldout`, once: the four held-out
//    families played as round 14's look (each family's drawings and its
//    6,000 scribbles over its 30 writers), the baseline, the round-14 rule
//    and the chosen candidate side by side: nearest right, lost (issue
//    15's measure), scribbles let in, RA, WA, what was learned, losses by
//    runner-up. It ships (replacing round 14's rule as StrokeAdaptation's
//    default, still opt-in) if its scribbles let in are under 5% on every
//    family, its loss is no higher than the round-14 rule's on any family
//    and lower on at least two of s6, wide and lognormal, and under 1% on
//    the report writers. Its cost (3 + k samples a template) is stated
//    with callgrind, not a gate. Held-out figures reported whatever they
//    are, worse ones too.
// Where g would live if it ships: in StrokeAdaptation (the threshold of a
// match against the adapted set), called by the recognizer's decision,
// its learning rule and this harness alike; until then the harness's
// `scaledThreshold` is the one definition.

// Outcome (session 22; `choose-scaled-threshold`, 4 min 53 s at load 8;
// `choose-scaled-threshold heldout` once, the tuning table again, the same,
// then the look). Step 0, pooled over the four parts: 959 of 24,000
// scribbles let in at t against the built-in set (4.00%); against it plus
// each writer's first 1, 3 or 5 accepted drawings a shape, 5.13, 6.13 and
// 6.79% let in at t (the extra samples alone, no scribble learned, as
// session 21's oracle found), and as many as at j = 0 at t_j = 2.8176,
// 2.6292, 2.5328 (r_j 0.9078, 0.8471, 0.8161); α = 0.2243 (g(1) =
// 0.9375, g(3) = 0.8560, g(5) = 0.8025: the one-parameter family a little
// loose at j = 1 and tight at j = 5).
// Tuning table, recognized and accepted pooled (usual / widened / looping
// / cornering), another shape accepted pooled, scribbles let in by part,
// learned (right / another shape / scribbles) pooled:
// baseline 94.19% (98.94 / 97.06 / 92.09 / 88.66%), 0.58%, 3.82 / 4.18 /
// 4.10 / 3.88%; round 14's rule 96.16% (99.53 / 98.44 / 94.81 / 91.88%),
// 0.39%, 4.42 / 4.88 / 4.85 / 4.93%, 11,269 / 10 / 178 (session 20's
// figures exactly); scaled:
// k = 1, every accept **96.70%** (99.31 / 98.34 / 95.78 / 93.38%), 0.38%,
// 4.02 / 4.40 / 4.67 / 4.90%, 12,378 / 49 / 1,079: chosen;
// k = 1, within half 96.05% (99.50 / 98.34 / 94.62 / 91.75%), 0.32%, 3.63 /
// 4.18 / 4.20 / 4.45%, 11,112 / 9 / 162;
// k = 3, every accept 97.38% (99.69 / 98.59 / 96.72 / 94.53%), 0.30%, 4.25
// / 4.80 / 5.08 / 5.48%: not eligible, 12,465 / 39 / 1,177;
// k = 3, within half 96.06% (99.50 / 98.59 / 94.50 / 91.66%), 0.29%, 3.37 /
// 3.87 / 4.03 / 4.58%, 11,335 / 11 / 160;
// k = 5, every accept 97.11% (99.44 / 98.31 / 96.50 / 94.19%), 0.58%, 3.83
// / 4.92 / 5.53 / 5.72%: not eligible, 12,430 / 74 / 1,200;
// k = 5, within half 95.93% (99.34 / 98.53 / 94.44 / 91.41%), 0.33%, 3.12 /
// 3.92 / 3.93 / 4.33%, 11,331 / 14 / 156.
// The scaled threshold holds the scribbles for k = 1 even learning every
// accept (about 1,100 scribbles learned, 4.90% let in at most); for k = 3
// and 5 it does not (g fitted for scribbles against a writer's *accepted*
// drawings, not for the scribbles learned on top). Within half the
// threshold the scaling only costs: fewer drawings learned, none better
// than round 14's rule.
//
// The held-out look (step 4, once), baseline / round 14's rule / chosen:
// lost (issue 15's measure) report 0.25 / 0.08 / 0.15%, s6 1.21 / 0.88 /
// 0.65%, wide 2.97 / 2.20 / 1.66%, lognormal 4.22 / 2.98 / 1.92%;
// scribbles let in 3.97 / 4.48 / 4.02%, 3.97 / 4.62 / 3.95%, 3.72 / 4.57 /
// 4.20%, 2.82 / 3.30 / 3.20%; recognized and accepted 98.40 / 99.15 /
// 99.19%, 97.06 / 98.10 / 98.40%, 89.10 / 91.67 / 92.71%, 88.44 / 90.29 /
// 92.79%; nearest right 98.65 / 99.23 / 99.33%, 98.25 / 98.98 / 99.04%,
// 91.83 / 93.73 / 94.27%, 92.33 / 93.06 / 94.60%; another shape accepted
// 0.29 / 0.17 / 0.21%, 0.40 / 0.29 / 0.31%, 1.44 / 1.29 / 1.46%, 0.98 /
// 0.90 / 0.85%. Learned by the chosen (right / another shape / scribbles):
// report 4,761 / 10 / 241, s6 4,723 / 15 / 237, wide 4,450 / 70 / 252,
// lognormal 4,454 / 41 / 192. Lost drawings by runner-up (chosen; round
// 14): report 7 (pigtail→check 2, five single ones; 4), s6 pigtail→
// right-bracket 15 (25), lognormal left-bracket→rectangle 6 (10), zigzag→
// delete 8 (12), x→delete 5 (8); wide's zigzag→delete 10 → 1 at
// most (the top 20 printed end at 2).
// Step 4: **not shipped**. Lower loss than round 14's on s6, wide and
// lognormal, scribbles under 5% everywhere (and below round 14's on every
// family), report under 1%, but the report writers' loss is above round
// 14's (0.15% against 0.08%: 7 drawings against 4), which the rule
// written before the look forbids on any family. So the library keeps
// round 14's rule; the figures stand as a measurement. Wide's another
// shape accepted rose 1.29 → 1.46% (70 drawings learned as another shape).
//
// After the look, on the tuning side only (`choose-scaled-threshold
// oracle`, 8 min at load 12; chooses nothing): scribbles never learned,
// scribbles let in by part (RA pooled): round 14's rule 4.40 / 4.82 / 4.87
// / 4.87% (96.14%, session 21's oracle exactly); scaled k = 1 every accept
// 3.70 / 4.17 / 4.37 / 4.70% (97.00%); k = 3 every accept 3.32 / 4.07 /
// 4.05 / 4.85% (97.41%); k = 5 every accept 3.10 / 3.98 / 3.98 / 4.77%
// (97.17%); within half: k = 1 3.63 / 4.13 / 4.20 / 4.38% (96.06%), k = 3
// 3.30 / 3.83 / 3.90 / 4.50% (96.08%), k = 5 2.98 / 3.85 / 3.83 / 4.27%
// (95.95%). So the scaled threshold does hold what the extra samples
// themselves let in, for k = 3 and 5 too; what puts k = 3 and 5 over 5%
// is the scribbles they learn (about 1,200 over the parts, adding 0.9–1.0
// point on the looping and cornering parts; 0.2–0.3 point for k = 1).
// A next round would keep the scaling and learn fewer scribbles.

/// One of round 15's candidates: round 14's (k, c) and whether the
/// threshold is scaled by g.
struct ScaledThresholdCandidate {
    var name: String
    var kept: Int
    var learnsWithin: Double
    var scaled: Bool
    /// `choose-scaled-threshold oracle` (added after the look, chooses
    /// nothing): scribbles are never learned, as round 14's oracle.
    var skipsScribbles = false
}

let scaledThresholdCandidates: [ScaledThresholdCandidate] = [
    ScaledThresholdCandidate(name: "baseline: nothing learned (the library)", kept: 0, learnsWithin: 0, scaled: false),
    ScaledThresholdCandidate(name: "round 14's rule: k = 1, within t / 2, fixed t (reference)", kept: 1, learnsWithin: 0.5, scaled: false),
    ScaledThresholdCandidate(name: "scaled, k = 1, every accept", kept: 1, learnsWithin: 1, scaled: true),
    ScaledThresholdCandidate(name: "scaled, k = 1, within half its threshold", kept: 1, learnsWithin: 0.5, scaled: true),
    ScaledThresholdCandidate(name: "scaled, k = 3, every accept", kept: 3, learnsWithin: 1, scaled: true),
    ScaledThresholdCandidate(name: "scaled, k = 3, within half its threshold", kept: 3, learnsWithin: 0.5, scaled: true),
    ScaledThresholdCandidate(name: "scaled, k = 5, every accept", kept: 5, learnsWithin: 1, scaled: true),
    ScaledThresholdCandidate(name: "scaled, k = 5, within half its threshold", kept: 5, learnsWithin: 0.5, scaled: true),
]

/// g(j) · t: the threshold of a template with `ownSamples` samples of its
/// own and `learned` of the player's, at exponent `exponent`.
func scaledThreshold(_ threshold: Double, ownSamples: Int, learned: Int, exponent: Double) -> Double {
    guard learned > 0, exponent > 0 else { return threshold }
    return threshold * pow(Double(ownSamples) / Double(ownSamples + learned), exponent)
}

/// A scribble's decision value: D ÷ m when its score reaches the minimum
/// score, +∞ otherwise (accepted at x exactly when the value is at most x).
func decisionValue(_ match: StrokeMatch?) -> Double {
    guard let match, match.score >= GestureDefaults.strokeMinimumScore else { return .infinity }
    return match.shapeDeviation / match.margin
}

/// Step 0: α from the tuning parts' scribbles against templates holding
/// the writer's first j accepted drawings (see the protocol).
func calibrateThresholdScaling(_ parts: [[[SessionItem]]], parameters: StrokeMatchingParameters) -> Double {
    let t = GestureDefaults.strokeMaximumShapeDeviation
    let builtIn = StrokeTemplate.builtIn
    let counts = [0, 1, 3, 5]
    let sessions = parts.flatMap { $0 }
    /// Each session's values by j, each slot written by one thread.
    final class Values: @unchecked Sendable {
        var slots: [[[Double]]]
        init(_ count: Int) { slots = Array(repeating: [], count: count) }
    }
    let values = Values(sessions.count)
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: sessions.count) { index in
        let session = sessions[index]
        let base = try! StrokeClassifier(templates: builtIn, parameters: parameters)   // a class: one a thread
        var accepted: [Int: [[[Point]]]] = [:]
        for item in session {
            guard let shape = item.shape, let match = base.classify(strokes: item.drawing), match.templateIndex == shape,
                  match.isConfident() else { continue }
            accepted[shape, default: []].append(item.drawing)
        }
        let scribbles = session.filter { $0.shape == nil }
        var byCount: [[Double]] = []
        for j in counts {
            var adaptation = StrokeAdaptation(drawingsPerTemplate: max(1, j))
            if j > 0 {
                for (shape, drawings) in accepted {
                    for drawing in drawings.prefix(j) { adaptation.learn(drawing, as: builtIn[shape].name) }
                }
            }
            let classifier = j == 0 ? base : try! StrokeClassifier(templates: adaptation.templates(adding: builtIn), parameters: parameters)
            byCount.append(scribbles.map { decisionValue(classifier.classify(strokes: $0.drawing)) })
        }
        lock.lock()
        values.slots[index] = byCount
        lock.unlock()
    }
    let pooled = counts.indices.map { c in values.slots.flatMap { $0[c] }.sorted() }
    let allowed = pooled[0].filter { $0 <= t }.count
    print("step 0: \(allowed) of \(pooled[0].count) scribbles let in at t = \(t) against the built-in set (\(percent(Double(allowed) / Double(pooled[0].count))))")
    var sxy = 0.0, sxx = 0.0
    var ratios: [(Int, Double)] = []
    for (c, j) in counts.enumerated().dropFirst() {
        let threshold = pooled[c][allowed - 1]
        let ratio = threshold / t
        ratios.append((j, ratio))
        let x = log(3.0 / Double(3 + j))
        sxy += log(ratio) * x
        sxx += x * x
        print(String(format: "step 0: j = %d: t_j = %.4f, r_j = %.4f (scribbles let in at t: %@)", j, threshold, ratio,
                     percent(Double(pooled[c].filter { $0 <= t }.count) / Double(pooled[c].count))))
    }
    let exponent = max(0, sxy / sxx)
    for (j, ratio) in ratios {
        print(String(format: "step 0: j = %d: g(j) = %.4f against r_j %.4f", j, pow(3.0 / Double(3 + j), exponent), ratio))
    }
    print(String(format: "step 0: alpha = %.4f", exponent))
    fflush(nil)
    return exponent
}

/// Plays `session` with `candidate` at exponent `exponent` (round 14's
/// `play`, each item decided at its nearest template's scaled threshold
/// and learned within the candidate's share of it). Each outcome carries
/// the threshold it was decided at.
func playScaled(_ session: [SessionItem], _ candidate: ScaledThresholdCandidate, exponent: Double,
                parameters: StrokeMatchingParameters) -> PlayedSession {
    let t = GestureDefaults.strokeMaximumShapeDeviation
    let builtIn = StrokeTemplate.builtIn
    return play(session, kept: candidate.kept, learnsWithin: candidate.learnsWithin, skipsScribbles: candidate.skipsScribbles,
                parameters: parameters) { match, adaptation in
        candidate.scaled
            ? scaledThreshold(t, ownSamples: builtIn[match.templateIndex].samples.count,
                              learned: adaptation.drawings[match.name]?.count ?? 0, exponent: exponent)
            : t
    }
}

/// Every session of `sessions` played with `candidate`, two at a time.
func playAllScaled(_ sessions: [[SessionItem]], _ candidate: ScaledThresholdCandidate, exponent: Double,
                   parameters: StrokeMatchingParameters) -> [PlayedSession] {
    playAll(sessions) { playScaled($0, candidate, exponent: exponent, parameters: parameters) }
}

/// The decision each outcome was played with: its own threshold (t when
/// nothing scaled it).
func scaledAccepts(_ outcome: Outcome) -> Bool {
    outcome.match?.isConfident(maximumShapeDeviation: outcome.threshold ?? GestureDefaults.strokeMaximumShapeDeviation) ?? false
}

/// Step 0 alone, with the library as it is (`choose-scaled-threshold
/// fit`): α for `GestureDefaults.strokeAdaptedThresholdExponent`, which
/// session 30 fitted again so under many-to-one matching.
func fitScaledThresholdExponent() {
    var parameters = matchingParameters
    parameters.reportsRunnerUp = true   // the exact margin, as step 0 ran
    _ = calibrateThresholdScaling(roundSixSessions(), parameters: parameters)
}

func chooseScaledThreshold(heldOut: Bool, oracle: Bool = false) {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    var parameters = saved
    parameters.reportsRunnerUp = true   // the exact margin: the decision and the learning rule exact
    let parts = roundSixSessions()
    let exponent = calibrateThresholdScaling(parts, parameters: parameters)
    print()
    let scores = scaledTuningTable(parts, names: scaledThresholdCandidates.map(\.name)) { part, index in
        var candidate = scaledThresholdCandidates[index]
        candidate.skipsScribbles = oracle
        return playAllScaled(part, candidate, exponent: exponent, parameters: parameters)
    }
    guard !oracle else { return }
    // Step 3.
    guard let pick = pickBeatingRoundFourteen(scores, names: scaledThresholdCandidates.map(\.name), choosable: { $0 >= 2 },
                                              kept: { scaledThresholdCandidates[$0].kept }) else { return }
    guard heldOut else { return }
    print()
    print("held-out look: \(scaledThresholdCandidates[pick].name), alpha \(exponent)")
    heldOutLookAgainstRoundFourteen(chosen: pick) { sessions, index in
        playAllScaled(sessions, scaledThresholdCandidates[index], exponent: exponent, parameters: parameters)
    }
}

/// The tuning table of rounds 15–17: each candidate (`names`, by index)
/// played on each of round 6's `parts` (`playing(part, index)`), its row
/// printed as it is made, scored at the threshold each outcome was decided
/// at; returns the scores in order.
func scaledTuningTable(_ parts: [[[SessionItem]]], names: [String],
                       _ playing: ([[SessionItem]], Int) -> [PlayedSession]) -> [RecognizedAcceptedScore] {
    print("| candidate | " + recognizedAcceptedHeader.dropFirst(2) + " learned (right / another shape / scribbles) |")
    print("|---|---|---|---|---|---|---|---|---|")
    let scores = names.indices.map { index in
        let played = parts.map { playing($0, index) }
        let score = RecognizedAcceptedScore(played.map { $0.flatMap(\.outcomes) }, threshold: GestureDefaults.strokeMaximumShapeDeviation,
                                            accept: scaledAccepts)
        print("| \(names[index]) | " + score.cells + " " + played.map(learnedLine).joined(separator: "; ") + " |")
        fflush(nil)
        return score
    }
    print()
    return scores
}

/// Step 3 of rounds 15–17: eligible against the baseline (`scores[0]`,
/// as round 14), then among the `choosable` eligible ones
/// `fewestKeptNearBest`, chosen only if it beats round 14's rule
/// (`scores[1]`) by `requiredImprovement`. Prints why each candidate is
/// not eligible and the choice or why there is none; returns the chosen
/// index or nil (no held-out look).
func pickBeatingRoundFourteen(_ scores: [RecognizedAcceptedScore], names: [String], choosable: (Int) -> Bool,
                              kept: (Int) -> Int) -> Int? {
    let baseline = scores[0], reference = scores[1]
    var eligible: [Int] = []
    for index in scores.indices.dropFirst() {
        if let reason = scores[index].ineligibility(against: baseline) {
            print("not eligible: \(names[index]): \(reason)")
        } else if choosable(index) {
            eligible.append(index)
        } else {
            print("eligible (a reference, not itself chosen): \(names[index])")
        }
    }
    guard let choice = fewestKeptNearBest(eligible, scores, kept: kept) else {
        print("nothing chosen: no candidate of the round is eligible; no held-out look")
        return nil
    }
    let (best, pick) = choice
    guard scores[pick].recognized >= reference.recognized + requiredImprovement else {
        print("nothing chosen: \(names[pick]) recognizes and accepts \(percent(scores[pick].recognized)) against "
              + "round 14's rule's \(percent(reference.recognized)) (it must beat it by 0.1 point); no held-out look")
        return nil
    }
    print("chosen: \(names[pick]) (candidate \(pick); recognized and accepted \(percent(scores[pick].recognized)) against round 14's "
          + "rule's \(percent(reference.recognized)) and the baseline's \(percent(baseline.recognized)); best eligible \(names[best]) "
          + "\(percent(scores[best].recognized)))")
    return pick
}

/// Step 4 of rounds 15–17, the held-out look: each family's sessions
/// played (`playing(sessions, index)`) by the baseline (index 0), round
/// 14's rule (1) and the chosen candidate (`chosen`) side by side, then
/// the ship rule of round 15: scribbles under 5% on every family, a loss
/// no higher than round 14's rule's on any family and lower on at least
/// two of s6, wide and lognormal, and under 1% on the report writers.
func heldOutLookAgainstRoundFourteen(chosen pick: Int, _ playing: ([[SessionItem]], Int) -> [PlayedSession]) {
    print("| family | nearest right, baseline / round 14 / chosen | lost | scribbles | recognized and accepted | another shape accepted | learned (round 14; chosen) |")
    print("|---|---|---|---|---|---|---|")
    var ships = true
    var lowerOn = 0
    var confusions: [String] = []
    for family in heldOutFamilies {
        let sessions = heldOutSessions(family: family)
        let played = [0, 1, pick].map { playing(sessions, $0) }
        let r = played.map { Rejection($0.flatMap(\.outcomes), accept: scaledAccepts) }
        func cell(_ value: (Rejection) -> Double) -> String { r.map { percent(value($0)) }.joined(separator: " / ") }
        print("| \(family) | \(cell(\.nearestRight)) | \(cell(\.lost)) | \(cell(\.falseAccepts)) | \(cell(\.recognizedAndAccepted)) | "
              + "\(cell(\.wronglyAccepted)) | \(learnedLine(played[1])); \(learnedLine(played[2])) |")
        fflush(nil)
        confusions.append("\(family), chosen: scribbles by kind \(r[2].byKind); lost drawings confused with: "
                          + lossConfusions(played[2].flatMap(\.outcomes), accept: scaledAccepts))
        confusions.append("\(family), round 14: lost drawings confused with: " + lossConfusions(played[1].flatMap(\.outcomes), accept: scaledAccepts))
        confusions.append("\(family), baseline: lost drawings confused with: " + lossConfusions(played[0].flatMap(\.outcomes), accept: scaledAccepts))
        if r[2].falseAccepts >= 0.05 || r[2].lost > r[1].lost { ships = false }
        if family == "report" && r[2].lost >= 0.01 { ships = false }
        if family != "report" && r[2].lost < r[1].lost { lowerOn += 1 }
    }
    if lowerOn < 2 { ships = false }
    print()
    confusions.forEach { print($0) }
    print()
    print(ships ? "step 4: ships (scribbles under 5% on every family, lost no higher than round 14's anywhere and lower on \(lowerOn) of s6, wide, lognormal, under 1% on the report writers)"
                : "step 4: not shipped (a family's scribbles at 5% or more, a loss above round 14's, lower on fewer than two of s6, wide, lognormal (\(lowerOn)), or report at 1% or more)")
}

// MARK: Cost (`classify REPEATS plain [scribbles] decided learned=K scaled`)

/// Step 0's α in the tuning run (session 22), for the cost run alone.
let roundFifteenExponent = 0.22434422781634547

/// The learned drawings a template holds for `classify … learned=K
/// scaled`, when both options are given and the classification is told
/// the decision; nil otherwise. `scaled-untold`: the second
/// classification untold (its margin searched as far as the threshold
/// decides), as the recognizer's learning rule does.
func scaledCostOption(_ options: Set<String>, classifier: StrokeClassifier) -> Int? {
    guard options.contains("scaled") || options.contains("scaled-untold"), options.contains("decided"),
          let option = options.first(where: { $0.hasPrefix("learned=") }), let count = Int(option.dropFirst(8)), count > 0 else { return nil }
    scaledSecondIsUntold = options.contains("scaled-untold")
    return count
}

/// `classify … scaled-untold`: `scaledDecision`'s second classification untold.
nonisolated(unsafe) var scaledSecondIsUntold = false

/// A drawing decided as a recognizer would at a template's scaled
/// threshold (every template holding `learned` drawings): told the shipped
/// t, the highest threshold, so a rejection stands; an accepted drawing
/// (its match exact, the nearest) whose margin, then a lower bound, does
/// not settle the lower threshold is classified again (`again`), told that
/// threshold: the decision of a told classification is the whole
/// search's for the nearest template, the same one, at the threshold told,
/// which is that template's own.
func scaledDecision(_ ink: StrokeInk, classifier: StrokeClassifier, learned: Int) -> (match: StrokeMatch?, accepted: Bool, again: Bool) {
    let t = GestureDefaults.strokeMaximumShapeDeviation
    guard let match = classifier.decidedMatch(ink), match.isConfident() else { return (nil, false, false) }
    let threshold = scaledThreshold(t, ownSamples: classifier.templates[match.templateIndex].samples.count - learned, learned: learned,
                                    exponent: roundFifteenExponent)
    if match.isConfident(maximumShapeDeviation: threshold) { return (match, true, false) }
    let again = scaledSecondIsUntold
        ? classifier.classify(ink, marginSearchDeviation: threshold)
        : classifier.classify(ink, marginSearchDeviation: threshold)
    return (again, again?.isConfident(maximumShapeDeviation: threshold) ?? false, true)
}

/// `classify 1 plain [scribbles] decided learned=K scaled check` (with
/// `dump`'s ten writers' inks): each ink's scaled decision, told and
/// untold second classification, against the exact runner-up's; prints
/// how many differ (none should).
func checkScaledDecisions(_ inks: [StrokeInk], classifier: StrokeClassifier, templates: [StrokeTemplate], learned: Int) {
    var parameters = matchingParameters
    parameters.reportsRunnerUp = true
    let exact = try! StrokeClassifier(templates: templates, parameters: parameters)
    var differ = 0, again = 0, accepted = 0
    for ink in inks {
        scaledSecondIsUntold = false
        let told = scaledDecision(ink, classifier: classifier, learned: learned)
        scaledSecondIsUntold = true
        let untold = scaledDecision(ink, classifier: classifier, learned: learned)
        var truth = false
        if let match = exact.classify(ink) {
            let threshold = scaledThreshold(GestureDefaults.strokeMaximumShapeDeviation,
                                            ownSamples: templates[match.templateIndex].samples.count - learned, learned: learned,
                                            exponent: roundFifteenExponent)
            truth = match.isConfident(maximumShapeDeviation: threshold)
        }
        if told.accepted != truth || untold.accepted != truth { differ += 1 }
        if told.again { again += 1 }
        if truth { accepted += 1 }
    }
    print("\(inks.count) inks: \(accepted) accepted at the scaled threshold (exact runner-up), \(again) classified again, "
          + "\(differ) decided otherwise by the told or untold second classification")
}
