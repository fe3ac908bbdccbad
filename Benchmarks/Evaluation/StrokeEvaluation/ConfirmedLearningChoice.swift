import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 23 (issue 15), round 16: a learned drawing confirmed by the
// player's next drawing of its shape, under round 15's scaled threshold.
//
// What is known before this protocol: rounds 1–15's tuning figures, the
// held-out looks of rounds 2, 5, 10–12, 14 and 15 (published in the
// history), and round 15's oracle (ScaledThresholdChoice.swift, after its
// look, tuning side): under the scaled threshold t · (3 ÷ (3 + j))^α, α =
// 0.2243, the extra samples themselves let in no more scribbles than the
// built-in set does (k = 3 and 5 learning every accept, scribbles never
// learned: 4.05 / 4.85% and 3.98 / 4.77% on the looping and cornering
// parts), and what put k = 3 and 5 over 5% is the ~1,200 scribbles they
// learned (0.9–1.0 point). Round 15's choice, k = 1 learning every accept,
// lost 7 of the report writers' drawings held out against round 14's rule's
// 4, and was not shipped. No figure of this round's candidates was
// computed before this file was committed. It is the protocol's sixteenth
// round and the eleventh on round 6's four-part tuning data (round 14's
// sessions, `roundSixSessions`, unchanged), said here so the reader can
// weigh a win.
//
// The idea: a scribble the recognizer accepts as a shape is unlike the
// player's other drawings of that shape; the player's drawings of a shape
// are like each other (a hand's habits repeat). So a drawing is let into
// the template's samples only when a *later* accepted drawing of the same
// template agrees with it, which is something the recognizer sees online:
// the later drawing's nearest sample. Two forms, both rules a recognizer
// can apply with what it has when a drawing is accepted:
//
// - "confirmed by the next" (`confirmedByNext`): an accepted drawing is
//   not learned at once; it waits, one a template (the newest replaces an
//   unconfirmed older one), outside the samples matched against, so it can
//   let nothing in. At the template's next accept X (decided at its scaled
//   threshold, j its learned drawings, the waiting one not counted), the
//   waiting drawing P is learned (oldest dropped beyond k) when it would
//   have been X's nearest sample: X's distance to P alone (X classified
//   against a template whose one sample is P) is at most X's match
//   distance (its nearest of the template's samples); otherwise P is
//   dropped. Then X waits in its turn. The probe costs one sample's
//   preparation a waiting drawing and one classification against one
//   sample at the template's next accept.
// - "kept while nearest" (`keptWhileNearest`): an accepted drawing is
//   learned at once, on probation; at the template's next accept X, the
//   learned drawing that is X's nearest sample (the match's
//   `sampleIndex` beyond the template's own samples), if any, is
//   confirmed (kept until k newer ones push it out), and every other
//   learned drawing still on probation is dropped; then X is learned on
//   probation. No probe (the match names the nearest sample), but a
//   learned scribble is matched against until the next accept of its
//   template. With k = 1 it is round 15's choice exactly (X replaces the
//   one drawing either way), so it is a candidate for k = 3 and 5 only.
//
// Every candidate decides each item at its nearest template's scaled
// threshold t · g(j), g(j) = (3 ÷ (3 + j))^α, α = 0.2243 (round 15's step
// 0, `roundFifteenExponent`, fitted to the tuning scribbles alone; the
// same sessions, so it is not fitted again), j the drawings that template
// has learned (confirmed or on probation; a waiting one not counted), and
// considers every accepted drawing for learning (c = 1: round 15 showed
// that within half the threshold every k recognized less than round 14's
// rule).
//
// The protocol, fixed in this file and committed before any figure of its
// candidates was computed:
//
// 1. Candidates (`confirmedLearningCandidates`), in this order: the
//    baseline, nothing learned (the library's default); round 14's
//    shipped rule (k = 1, within t / 2, fixed t: the reference to beat,
//    not itself chosen); round 15's choice (scaled, k = 1, every accept:
//    printed beside, already looked at held out, not itself chosen); then
//    confirmed by the next, k = 1, 3, 5; kept while nearest, k = 3, 5.
// 2. Criterion: round 15's (round 14's). Round 6's four parts, each writer
//    a session, over the whole sessions: recognized and accepted (RA),
//    accepted as another shape (WA), scribbles let in, by part and pooled.
//    "Learned" counts drawings that entered the matched samples (a waiting
//    drawing dropped unconfirmed is not counted; a drawing on probation
//    is, when learned).
// 3. Eligible (against the baseline, as rounds 14–15): (a) every part's
//    scribbles let in under 5%, (b) no part's RA below the baseline's by
//    more than 0.25 point, (c) pooled WA at most the baseline's + 0.1
//    point. Chosen: of the eligible candidates of this round (the last
//    five) whose pooled RA is within 0.1 point of the best eligible one's,
//    the smallest k, then the higher RA, then the first in the order
//    above (`fewestKeptNearBest`); only if its pooled RA beats round 14's
//    rule's (eligible or not) by at least 0.1 point; otherwise "nothing
//    chosen", and no held-out look.
// 4. Only then, `choose-confirmed-learning heldout`, once: the four
//    held-out families played as rounds 14–15's looks, the baseline, round
//    14's rule and the chosen candidate side by side: nearest right, lost
//    (issue 15's measure), scribbles let in, RA, WA, what was learned,
//    losses by runner-up. It ships (replacing round 14's rule as
//    StrokeAdaptation's default, still opt-in) if its scribbles let in are
//    under 5% on every family, its loss is no higher than round 14's
//    rule's on any family and lower on at least two of s6, wide and
//    lognormal, and under 1% on the report writers (round 15's ship rule,
//    unchanged). Its cost is stated with callgrind, not a gate. Held-out
//    figures reported whatever they are, worse ones too.

// Outcome (session 23; `choose-confirmed-learning`, 1 min 21 s at load 4,
// the tuning side only). Recognized and accepted pooled (usual / widened /
// looping / cornering), another shape accepted pooled, lost pooled,
// scribbles let in by part, learned over the parts (right / another shape
// / scribbles):
// baseline 94.19% (98.94 / 97.06 / 92.09 / 88.66%), 0.58%, 1.70%, 3.82 /
// 4.18 / 4.10 / 3.88%; round 14's rule 96.16% (99.53 / 98.44 / 94.81 /
// 91.88%), 0.39%, 1.12%, 4.42 / 4.88 / 4.85 / 4.93%, 11,269 / 10 / 178;
// round 15's choice 96.70% (99.31 / 98.34 / 95.78 / 93.38%), 0.38%, 0.89%,
// 4.02 / 4.40 / 4.67 / 4.90%, 12,378 / 49 / 1,079 (both as published);
// confirmed by the next, k = 1: 96.17% (99.34 / 98.25 / 94.94 / 92.16%),
// 0.27%, 1.17%, 3.90 / 4.30 / 4.35 / 4.48%, 3,798 / 0 / 31;
// k = 3: 96.02% (99.16 / 98.28 / 94.84 / 91.78%), 0.28%, 1.18%, 3.63 /
// 4.28 / 4.10 / 4.48%, 3,293 / 1 / 31;
// k = 5: 96.01%, 0.29%, 1.17%, 3.62 / 4.27 / 4.08 / 4.47%, 3,275 / 1 / 31;
// kept while nearest, k = 3: **97.36%** (99.53 / 98.78 / 96.56 / 94.56%),
// 0.36%, 0.68%, 3.87 / 4.52 / 5.38 / 5.23%: not eligible, 12,462 / 46 /
// 1,140 learned on probation;
// k = 5: 97.33%, 0.38%, 0.68%, 3.77 / 4.38 / 5.53 / 5.25%: not eligible.
// Step 3: **nothing chosen**, no held-out look. Confirmed by the next is
// the only eligible form, and its best (k = 1, 96.17%) does not beat round
// 14's rule (96.16%) by 0.1 point. It learns 31 scribbles against round
// 15's 1,079, but also a third of the drawings (3,798 against 12,378): a
// player's earlier drawing is nearer the next than every sample the
// template holds only about a third of the time, so the test is too strict
// for drawings as well as scribbles. Kept while nearest recognizes the
// most (97.36%) but matches each learned scribble until its template's
// next accept, and that alone lets in over 5% on the looping and cornering
// parts. The library keeps round 14's rule.

/// How one of round 16's candidates learns.
enum ConfirmedLearningRule {
    /// Nothing learned (the library's default).
    case none
    /// Round 14's or round 15's rule: every drawing the rule passes is
    /// learned at once (`learnsWithin` of the threshold, scaled or not).
    case atOnce(learnsWithin: Double, scaled: Bool)
    /// Waits outside the samples until the template's next accept finds
    /// it near: its distance to the waiting drawing at most `factor` times
    /// its match distance (1: the waiting drawing would be its nearest
    /// sample, round 16). Round 17 (ConfirmationFactorChoice.swift): with
    /// `learnsAtOnceWithin` above 0, a drawing accepted within that share
    /// of the threshold it was decided at is learned at once instead of
    /// waiting.
    case confirmedByNext(factor: Double, learnsAtOnceWithin: Double)
    /// Learned at once on probation; kept only when the template's next
    /// accept has it as its nearest sample.
    case keptWhileNearest
}

/// One of round 16's candidates.
struct ConfirmedLearningCandidate {
    var name: String
    var kept: Int
    var rule: ConfirmedLearningRule
    /// Printed beside, never chosen (the baseline and the two references).
    var isReference: Bool
}

let confirmedLearningCandidates: [ConfirmedLearningCandidate] = [
    ConfirmedLearningCandidate(name: "baseline: nothing learned (the library)", kept: 0, rule: .none, isReference: true),
    ConfirmedLearningCandidate(name: "round 14's rule: k = 1, within t / 2, fixed t (reference)", kept: 1,
                               rule: .atOnce(learnsWithin: 0.5, scaled: false), isReference: true),
    ConfirmedLearningCandidate(name: "round 15's choice: scaled, k = 1, every accept (beside)", kept: 1,
                               rule: .atOnce(learnsWithin: 1, scaled: true), isReference: true),
    ConfirmedLearningCandidate(name: "confirmed by the next, k = 1", kept: 1, rule: .confirmedByNext(factor: 1, learnsAtOnceWithin: 0), isReference: false),
    ConfirmedLearningCandidate(name: "confirmed by the next, k = 3", kept: 3, rule: .confirmedByNext(factor: 1, learnsAtOnceWithin: 0), isReference: false),
    ConfirmedLearningCandidate(name: "confirmed by the next, k = 5", kept: 5, rule: .confirmedByNext(factor: 1, learnsAtOnceWithin: 0), isReference: false),
    ConfirmedLearningCandidate(name: "kept while nearest, k = 3", kept: 3, rule: .keptWhileNearest, isReference: false),
    ConfirmedLearningCandidate(name: "kept while nearest, k = 5", kept: 5, rule: .keptWhileNearest, isReference: false),
]

/// A drawing a template holds or waits with, and what it was (for the
/// learned counts only: the rule never sees it).
private struct HeldDrawing {
    var drawing: [[Point]]
    var shape: Int?
    var confirmed = false
}

/// Plays `session` with `candidate` (round 14's sessions and decision,
/// each item decided at its nearest template's threshold, scaled with the
/// drawings that template has learned unless the candidate is round 14's
/// fixed-t rule).
func playConfirmed(_ session: [SessionItem], _ candidate: ConfirmedLearningCandidate,
                   parameters: StrokeMatchingParameters) -> PlayedSession {
    let t = GestureDefaults.strokeMaximumShapeDeviation
    switch candidate.rule {
    case .none:
        return play(session, kept: 0, learnsWithin: 0, skipsScribbles: false, parameters: parameters)
    case .atOnce(let learnsWithin, let scaled):
        let builtIn = StrokeTemplate.builtIn
        return play(session, kept: candidate.kept, learnsWithin: learnsWithin, skipsScribbles: false, parameters: parameters) { match, adaptation in
            scaled ? scaledThreshold(t, ownSamples: builtIn[match.templateIndex].samples.count,
                                     learned: adaptation.drawings[match.name]?.count ?? 0, exponent: roundFifteenExponent) : t
        }
    case .confirmedByNext, .keptWhileNearest:
        return playConfirming(session, candidate, parameters: parameters)
    }
}

/// `playConfirmed` for the two confirming rules.
private func playConfirming(_ session: [SessionItem], _ candidate: ConfirmedLearningCandidate,
                            parameters: StrokeMatchingParameters) -> PlayedSession {
    let t = GestureDefaults.strokeMaximumShapeDeviation
    let builtIn = StrokeTemplate.builtIn
    var classifier = try! StrokeClassifier(templates: builtIn, parameters: parameters)
    var played = PlayedSession()
    var learned: [Int: [HeldDrawing]] = [:]                                     // by template index, oldest first
    var waiting: [Int: (held: HeldDrawing, probe: StrokeClassifier)] = [:]      // confirmedByNext's one a template
    func count(_ held: HeldDrawing, as index: Int) {
        if held.shape == nil { played.learnedScribbles += 1 } else if held.shape == index { played.learnedRight += 1 } else { played.learnedWrong += 1 }
    }
    for item in session {
        let match = classifier.classify(strokes: item.drawing)
        var outcome = Outcome(shape: item.shape, kind: item.kind, match: match)
        let threshold = match.map { match in
            scaledThreshold(t, ownSamples: builtIn[match.templateIndex].samples.count,
                            learned: learned[match.templateIndex]?.count ?? 0, exponent: roundFifteenExponent)
        }
        outcome.threshold = threshold
        played.outcomes.append(outcome)
        guard let match, let threshold, match.isConfident(maximumShapeDeviation: threshold) else { continue }
        let index = match.templateIndex
        var check = StrokeAdaptation(drawingsPerTemplate: 1)   // the library's test of a drawing a template can hold
        let holdable = check.learn(item.drawing, as: match.name)
        var list = learned[index] ?? []
        let before = list.map(\.drawing)
        switch candidate.rule {
        case .confirmedByNext(let factor, let learnsAtOnceWithin):
            if let wait = waiting.removeValue(forKey: index),
               (wait.probe.classify(strokes: item.drawing)?.distance ?? .infinity) <= factor * match.distance {
                list.append(wait.held)
                count(wait.held, as: index)
            }
            if holdable, learnsAtOnceWithin > 0, match.isConfident(maximumShapeDeviation: learnsAtOnceWithin * threshold) {
                let held = HeldDrawing(drawing: item.drawing, shape: item.shape)
                list.append(held)
                count(held, as: index)
            } else if holdable {
                let template = builtIn[index]
                let probe = try! StrokeClassifier(templates: [StrokeTemplate(name: template.name, isRotationInvariant: template.isRotationInvariant,
                                                                             samples: [item.drawing])], parameters: parameters)
                waiting[index] = (HeldDrawing(drawing: item.drawing, shape: item.shape), probe)
            }
        case .keptWhileNearest:
            let nearest = match.sampleIndex - builtIn[index].samples.count
            if list.indices.contains(nearest) { list[nearest].confirmed = true }
            list.removeAll { !$0.confirmed }
            if holdable {
                let held = HeldDrawing(drawing: item.drawing, shape: item.shape)
                list.append(held)
                count(held, as: index)
            }
        case .none, .atOnce:
            preconditionFailure("playConfirming plays the two confirming rules only, not \(candidate.name)")
        }
        if list.count > candidate.kept { list.removeFirst(list.count - candidate.kept) }
        learned[index] = list
        guard list.count != before.count || !zip(list, before).allSatisfy({ $0.drawing == $1 }) else { continue }
        var adaptation = StrokeAdaptation(drawingsPerTemplate: candidate.kept)
        for (template, drawings) in learned {
            for held in drawings { adaptation.learn(held.drawing, as: builtIn[template].name) }
        }
        classifier = try! classifier.adapted(to: adaptation.templates(adding: builtIn))
    }
    return played
}

/// Round 16's table, choice and look (`candidates` round 16's list), or
/// round 17's (its own list, the same steps).
func chooseConfirmedLearning(heldOut: Bool, candidates: [ConfirmedLearningCandidate] = confirmedLearningCandidates) {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    var exact = saved
    exact.reportsRunnerUp = true   // the exact margin: the decision and the learning rule exact
    let parameters = exact
    let parts = roundSixSessions()
    print("alpha = \(roundFifteenExponent) (round 15's step 0)")
    let scores = scaledTuningTable(parts, names: candidates.map(\.name)) { part, index in
        playAll(part) { playConfirmed($0, candidates[index], parameters: parameters) }
    }
    // Step 3.
    guard let pick = pickBeatingRoundFourteen(scores, names: candidates.map(\.name), choosable: { !candidates[$0].isReference },
                                              kept: { candidates[$0].kept }) else { return }
    guard heldOut else { return }
    print()
    print("held-out look: \(candidates[pick].name)")
    heldOutLookAgainstRoundFourteen(chosen: pick) { sessions, index in
        playAll(sessions) { playConfirmed($0, candidates[index], parameters: parameters) }
    }
}
