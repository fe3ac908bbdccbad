import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 20 (issue 15), round 14: adaptation to the writer. The recognizer
// keeps a bounded set of the player's own drawings per shape, learned from
// the drawings it recognized confidently, and matches against the built-in
// samples plus the player's.
//
// What is known before this protocol: rounds 1–13's tuning figures, the
// held-out looks of rounds 2, 5, 10, 11 and 12 (published in the history),
// and session 11's diagnosis (`diagnose-rejection`): with each writer's own
// templates (3 a shape, drawn apart from the tests) the rule of then lost
// far less on every held-out family (lognormal 5.19 → 1.19%, wide 4.36 →
// 1.03%) while letting in 3.0–4.6% of the scribbles. That diagnosis had the
// writer's templates given; a game has to learn them from play, where a
// scribble or a wrong accept may be learned too. This round measures that.
// No figure of this round's candidates was computed before this file was
// committed. It is the protocol's fourteenth round and the ninth on round
// 6's four-part tuning data, said here so the reader can weigh a win.
//
// The design, as a game would use it (opt-in, default off):
// - each built-in template keeps up to k of the player's drawings as extra
//   samples, oldest replaced first (bounded memory: at most 16 · k drawings,
//   each already bounded by StrokeInk's thinning);
// - a drawing is learned only when the recognizer recognized it with room
//   to spare: score ≥ 0.6 and D ÷ m ≤ c · t, t the shipped threshold
//   (GestureDefaults.strokeMaximumShapeDeviation, 3.1037) and c ≤ 1; it is
//   learned as the shape it was recognized as (a game has no other label).
//   A rejected drawing is never learned, so a rejected scribble cannot
//   poison the set; an accepted one can, and a wrong accept can, which is
//   why the sessions below interleave scribbles and count every accept;
// - matching is unchanged: the player's drawings are samples of the
//   template like its own (the shape check's ranges include them, the
//   template's deviation scale and close factors stay), so no classifier
//   code changes; the threshold stays the shipped t for every candidate
//   (a game gets the default rule, so the round does not re-choose t;
//   the scribble guard below is what keeps it honest).
//
// The sessions (`playSessions`): each writer of a part plays one session,
// its 160 drawings (16 shapes × 10) and its share of the part's scribbles
// (the part's 6,000, as the one-shot criterion draws them, scribble j to
// writer j mod 20: 300 each) in one fixed random order (SplitMix64 seeded
// by the writer, a Fisher–Yates shuffle). The drawing is classified
// against the built-in set plus what was learned so far (the exact
// runner-up, as the harness decides), decided at t, then learned if the
// candidate's rule says so. Every item counts, first drawings included:
// with scribbles two to one, this is a harsher mix than play, so poisoning
// shows if there is any.
//
// The protocol, fixed in this file and committed before any figure of it
// was computed:
//
// 1. Candidates (`adaptationCandidates`), in this order: the baseline, no
//    learning (k = 0: the library as shipped, whatever the order); then
//    k = 1 and k = 3 each with c = 1 (every accepted drawing is learned)
//    and c = ½ (only those accepted at half the threshold: D ÷ m ≤ t / 2).
//    k = 3 is session 11's diagnosis's count; k = 1 the cheapest.
// 2. Criterion: round 6's four parts (usual 100–119, widened 140–159,
//    looping 160–179, cornering 180–199), each writer a session as above,
//    over the whole sessions: recognized and accepted (RA, the share of the
//    real drawings whose nearest template was the right shape and which
//    were accepted), accepted as another shape (WA), scribbles let in.
// 3. A candidate is eligible if (a) each part's scribbles let in are under
//    5%, (b) no part's RA is below the baseline's by more than 0.25 point
//    (round 13's margin, `roundThirteenPartMargin`), and (c) its pooled WA
//    is at most the baseline's plus 0.1 point (`roundThirteenWrongMargin`).
//    Chosen: of the eligible candidates whose pooled RA is within 0.1 point
//    of the best eligible one's, the smallest k (its cost: 3 + k samples a
//    template), then the higher RA, then the first in the order above; if
//    its pooled RA beats the baseline's by at least 0.1 point
//    (`requiredImprovement`); otherwise "nothing chosen", and no held-out
//    look.
// 4. Only then, `choose-adaptation heldout`, once: the four held-out
//    families played the same way (each family's drawings and its 6,000
//    scribbles split over its 30 writers, 200 each), the baseline beside
//    the chosen candidate: nearest right, lost (issue 15's measure:
//    correctly matched drawings rejected), scribbles let in, RA, WA, what
//    was learned, losses by shape and runner-up. It ships (as an opt-in,
//    the default unchanged) if its scribbles let in are under 5% on every
//    family, its loss is no higher than the baseline's on each family over
//    the 1% bar (s6, wide, lognormal) and under 1% on the report writers.
//    Its cost (3 + k samples a template) is stated with
//    `/work/notes/tools/stroke-cg.sh`, not a gate: the default is off.
//    Held-out figures reported whatever they are, worse ones too.
// The measure (lost) and what was learned (right, wrong shape,
// scribbles) are printed beside; they choose nothing. `choose-adaptation
// oracle` prints the tuning table again with scribbles never learned
// (which a game cannot know), to say how much of any harm is poisoning; it
// chooses nothing and looks at no held-out family.

// Outcome on the tuning side (session 20, one run, 40 min at load 10–15,
// 17 min of CPU, nearly all of it the classifier made again after each
// learned drawing): chosen, k = 1 learned within t / 2. Recognized and
// accepted over the sessions, pooled (usual / widened / looping /
// cornering), scribbles let in by part, at t = 3.1037 throughout:
// baseline 94.19% (98.94 / 97.06 / 92.09 / 88.66%; 3.82 / 4.18 / 4.10 /
// 3.88%), the one-shot criterion's library figures exactly (lost 1.70%,
// 0.16 / 0.35 / 2.16 / 4.28%); k = 1, every accept 96.70% (99.34 / 98.19 /
// 95.72 / 93.53%; scribbles 4.82 / 5.15 / 5.47 / 5.57%: not eligible);
// k = 3, every accept 97.26% (scribbles 6.15 / 6.87 / 8.05 / 9.05%: not
// eligible); k = 1, within t / 2 96.16% (99.53 / 98.44 / 94.81 / 91.88%;
// scribbles 4.42 / 4.88 / 4.85 / 4.93%; another shape 0.39% against
// 0.58%; lost 1.12%, 0.06 / 0.06 / 1.81 / 2.62%): chosen; k = 3, within
// t / 2 96.23% (scribbles 4.92 / 5.52 / 5.63 / 6.20%: not eligible).
// Learned (right / another shape / scribbles), pooled over the parts:
// every accept k = 1 12,377 / 72 / 1,260, k = 3 12,449 / 78 / 1,807;
// within t / 2 k = 1 11,269 / 10 / 178, k = 3 11,515 / 12 / 217. Learning
// every accept lets scribbles in through the scribbles it learned
// (poisoning, worse with k = 3: more of them kept); at half the threshold
// a sixth as many scribbles are learned, and the scribbles let in stay
// under 5%, but only just (4.93% on the cornering part).
//
// The oracle (session 21, `choose-adaptation oracle`, 34 s: the harness
// now adapts its classifier as the recognizer does, `adapted(to:)`, where
// session 20's made it again whole, 40 min): scribbles never learned,
// scribbles let in by part: k = 1 every accept 4.45 / 4.88 / 5.05 / 5.27%
// (RA 96.96%); k = 3 every accept 4.97 / 5.65 / 5.87 / 6.77% (97.37%); k =
// 1 within t / 2 4.40 / 4.82 / 4.87 / 4.87% (96.14%); k = 3 within t / 2
// 4.90 / 5.43 / 5.53 / 6.08% (96.23%). So poisoning is only part of the
// harm: learning no scribble at all, every accept still lets in over 5%
// on two parts (k = 1) or three (k = 3), the player's own drawings as
// extra samples bringing scribbles within the threshold of something;
// poisoning adds 0.3–0.4 point to k = 1 every accept, 1.2–2.3 to k = 3,
// and about nothing (−0.02 to 0.06) to the chosen rule.

// The held-out look (step 4, once: `choose-adaptation heldout-only 3`, 7
// min at load 10), baseline → k = 1 within t / 2, each family's writers a
// session with its scribbles interleaved: lost (issue 15's measure) report
// 0.25 → 0.08%, s6 1.21 → 0.88%, wide 2.97 → 2.20%, lognormal 4.22 →
// 2.98%; scribbles let in 3.97 → 4.48%, 3.97 → 4.62%, 3.72 → 4.57%, 2.82
// → 3.30%; nearest right 98.65 → 99.23%, 98.25 → 98.98%, 91.83 → 93.73%,
// 92.33 → 93.06%; recognized and accepted 98.40 → 99.15%, 97.06 →
// 98.10%, 89.10 → 91.67%, 88.44 → 90.29%; another shape accepted 0.29 →
// 0.17%, 0.40 → 0.29%, 1.44 → 1.29%, 0.98 → 0.90%. The baseline's
// figures are the library's published ones (the order does not matter
// without learning). Learned (right / another shape / scribbles): report
// 4,550 / 2 / 46, s6 4,382 / 4 / 52, wide 3,735 / 8 / 33, lognormal 3,789
// / 6 / 22. By step 4 it ships as an opt-in: every family's loss lower,
// the report writers' under 1%, scribbles under 5% everywhere (but up
// 0.5–0.9 point, 4.62% at most: the headroom under the bar shrinks).
// Issue 15's bar (under 1% lost) is then met on s6 too, not on wide or
// lognormal. Lognormal losses, baseline → chosen: left-bracket→rectangle
// 22 → 10, caret→triangle 16 → 7, zigzag→star 13 → 8, zigzag→delete 13 →
// 12; s6 pigtail→right-bracket 35 → 25. Cost (`classify 1|3 plain
// [scribbles] decided learned=K`, callgrind, instructions a
// classification): a told drawing 191,113 at k = 0, 231,643 at k = 1
// (+21%), 309,868 at k = 3 (+62%); a told scribble 415,750, 558,592
// (+34%), 843,025 (+103%). Each learned drawing also makes the classifier
// again as this harness does (O(s · g² · n), about 17 ms of CPU a time
// here: 51,000 makes in 17 min of CPU), which a library version must
// avoid by preparing only the new sample.

/// One of round 14's candidates: how many of the player's drawings each
/// shape keeps, and the share of the threshold a drawing's D ÷ m must be
/// within to be learned.
struct AdaptationCandidate {
    var name: String
    var kept: Int
    var learnsWithin: Double
    /// The oracle of `choose-adaptation oracle`: scribbles are never learned.
    var skipsScribbles = false
}

let adaptationCandidates: [AdaptationCandidate] = [
    AdaptationCandidate(name: "baseline: nothing learned (the library)", kept: 0, learnsWithin: 0),
    AdaptationCandidate(name: "k = 1, every accept", kept: 1, learnsWithin: 1),
    AdaptationCandidate(name: "k = 3, every accept", kept: 3, learnsWithin: 1),
    AdaptationCandidate(name: "k = 1, accepted within t / 2", kept: 1, learnsWithin: 0.5),
    AdaptationCandidate(name: "k = 3, accepted within t / 2", kept: 3, learnsWithin: 0.5),
]

/// One thing a player draws in a session: a shape's drawing (its index)
/// or a scribble (nil), with its kind for the tables.
struct SessionItem {
    var shape: Int?
    var kind: String
    var drawing: [[Point]]
}

/// Each writer's session: its drawings and its share of `scribbles`
/// (scribble j to writer j mod the writers' count), in one fixed random
/// order seeded by the writer.
func playSessions(_ drawings: Drawings, scribbles: [(kind: String, drawing: [[Point]])], writers: [UInt64]) -> [[SessionItem]] {
    drawings.byWriter.enumerated().map { index, writer in
        var items: [SessionItem] = []
        for (shape, samples) in writer.enumerated() {
            items += samples.map { SessionItem(shape: shape, kind: shapes[shape].rawValue, drawing: $0) }
        }
        for j in stride(from: index, to: scribbles.count, by: drawings.byWriter.count) {
            items.append(SessionItem(shape: nil, kind: scribbles[j].kind, drawing: scribbles[j].drawing))
        }
        var random = SplitMix64(seed: 0x5E55_1014 ^ (writers[index] &* 0x9E37_79B9_7F4A_7C15))
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, random.below(i + 1)) }
        return items
    }
}

/// `perKind` scribbles of each kind from `synthesizer`, as `builtInOutcomes` draws them.
func plainScribbles(seed: UInt64, habits: StrokeHabits, perKind: Int = 1500) -> [(kind: String, drawing: [[Point]])] {
    var synthesizer = StrokeSynthesizer(seed: seed)
    return StrokeScribble.allCases.flatMap { kind in (0..<perKind).map { _ in (kind.rawValue, synthesizer.scribble(kind, habits: habits)) } }
}

/// Round 6's four parts as sessions, their drawings and scribbles as
/// `roundSixCriterion` draws them.
func roundSixSessions() -> [[[SessionItem]]] {
    var cornering = StrokeSynthesizer(seed: 0x5C81_0009)
    var random = SplitMix64(seed: 0x5C81_0009)
    let corneringScribbles = StrokeScribble.allCases.flatMap { kind in
        (0..<1500).map { index in
            (kind: kind.rawValue, drawing: withCornering(cornering.scribble(kind, habits: variedTuningHabits),
                                                          CorneringHand(writer: 0xC0_0000 + UInt64(index)), random: &random))
        }
    }
    return [
        playSessions(Drawings(writers: tuningWriters, seed: 0x70AE), scribbles: plainScribbles(seed: 0x5C81_0001, habits: .usual),
                     writers: tuningWriters),
        playSessions(Drawings(writers: variedTuningWriters, seed: 0x70AF, habits: variedTuningHabits),
                     scribbles: plainScribbles(seed: 0x5C81_0007, habits: variedTuningHabits), writers: variedTuningWriters),
        playSessions(loopingDrawings(writers: loopCriterionWriters, seed: 0x70B0) { _ in variedTuningHabits },
                     scribbles: plainScribbles(seed: 0x5C81_0008, habits: variedTuningHabits), writers: loopCriterionWriters),
        playSessions(corneringDrawings(writers: corneringCriterionWriters, seed: 0x70B1) { _ in variedTuningHabits },
                     scribbles: corneringScribbles, writers: corneringCriterionWriters),
    ]
}

/// A held-out family as sessions, its drawings and scribbles as
/// `heldOutOutcomes(family:)` draws them (or by `draw`'s writers and seeds).
func heldOutSessions(family: String, draw: HeldOutDraw? = nil) -> [[SessionItem]] {
    let scribbleSeed = (draw ?? heldOutDraw(family)).scribbleSeed
    return withHeldOutFamily(family, draw: draw) { drawings, habits, writers in
        guard family == "lognormal" else {
            return playSessions(drawings, scribbles: plainScribbles(seed: scribbleSeed, habits: habits), writers: writers)
        }
        var lognormal = LognormalSynthesizer(seed: scribbleSeed)
        let scribbles = StrokeScribble.allCases.flatMap { kind in
            (0..<1500).map { index in
                (kind: kind.rawValue, drawing: lognormal.scribble(kind, by: LognormalWriter(seed: scribbleSeed &+ UInt64(index) &* 0x9E37_79B9)))
            }
        }
        return playSessions(drawings, scribbles: scribbles, writers: writers)
    }
}

/// What one session of play gave: every item's outcome in order, and what
/// was learned (right shape, another shape, scribbles).
struct PlayedSession {
    var outcomes: [Outcome] = []
    var learnedRight = 0, learnedWrong = 0, learnedScribbles = 0
}

/// Plays `session` with `candidate`: each item classified against the
/// built-in set plus the drawings learned so far (the exact runner-up),
/// then learned when the candidate's rule says so, the oldest of its
/// shape's dropped beyond k. The learning is the library's own
/// `StrokeAdaptation` (rule, bound and adapted templates), so what is
/// evaluated is what ships; after each learned drawing the classifier is
/// adapted as the recognizer adapts its own (`adapted(to:)`, the learning
/// template's samples alone prepared: the classifier a whole preparation
/// makes, bit for bit, `StrokeClassifierAddingTests`).
func play(_ session: [SessionItem], _ candidate: AdaptationCandidate, parameters: StrokeMatchingParameters) -> PlayedSession {
    play(session, kept: candidate.kept, learnsWithin: candidate.learnsWithin, skipsScribbles: candidate.skipsScribbles,
         parameters: parameters)
}

/// `play`'s session for any rule that keeps up to `kept` drawings a
/// template, learned within `learnsWithin` of the threshold (scribbles
/// never, with `skipsScribbles`). `threshold`, when given, is the threshold
/// an item matched as `match` is decided and learned at, with what was
/// learned so far (round 15's scaled one), recorded in its outcome;
/// without it, the shipped t, not recorded.
func play(_ session: [SessionItem], kept: Int, learnsWithin: Double, skipsScribbles: Bool,
          parameters: StrokeMatchingParameters,
          threshold: ((StrokeMatch, StrokeAdaptation) -> Double)? = nil) -> PlayedSession {
    let builtIn = StrokeTemplate.builtIn
    var classifier = try! StrokeClassifier(templates: builtIn, parameters: parameters)
    var played = PlayedSession()
    guard kept > 0 else {
        played.outcomes = session.map { Outcome(shape: $0.shape, kind: $0.kind, match: classifier.classify(strokes: $0.drawing)) }
        return played
    }
    var adaptation = StrokeAdaptation(drawingsPerTemplate: kept, learningShare: learnsWithin)
    for item in session {
        let match = classifier.classify(strokes: item.drawing)
        var outcome = Outcome(shape: item.shape, kind: item.kind, match: match)
        let decidedAt = match.flatMap { match in threshold.map { $0(match, adaptation) } }
        outcome.threshold = decidedAt
        played.outcomes.append(outcome)
        guard let match, adaptation.learns(match, maximumShapeDeviation: decidedAt ?? GestureDefaults.strokeMaximumShapeDeviation),
              !(skipsScribbles && item.shape == nil), adaptation.learn(item.drawing, as: match.name) else { continue }
        let index = match.templateIndex
        if item.shape == nil { played.learnedScribbles += 1 } else if item.shape == index { played.learnedRight += 1 } else { played.learnedWrong += 1 }
        classifier = try! classifier.adapted(to: adaptation.templates(adding: builtIn))
    }
    return played
}

/// Every session of `sessions` played with `candidate`, two at a time.
func playAll(_ sessions: [[SessionItem]], _ candidate: AdaptationCandidate, parameters: StrokeMatchingParameters) -> [PlayedSession] {
    playAll(sessions) { play($0, candidate, parameters: parameters) }
}

/// Every session of `sessions` played by `playOne`, two at a time.
func playAll(_ sessions: [[SessionItem]], _ playOne: @Sendable ([SessionItem]) -> PlayedSession) -> [PlayedSession] {
    /// Each session's result in its slot; each slot written by one thread.
    final class Results: @unchecked Sendable {
        var slots: [PlayedSession]
        init(_ count: Int) { slots = Array(repeating: PlayedSession(), count: count) }
    }
    let results = Results(sessions.count)
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: sessions.count) { index in
        let played = playOne(sessions[index])
        lock.lock()
        results.slots[index] = played
        lock.unlock()
    }
    return results.slots
}

/// What was learned over `played`: "right r, another shape w, scribbles s".
func learnedLine(_ played: [PlayedSession]) -> String {
    "right \(played.map(\.learnedRight).reduce(0, +)), another shape \(played.map(\.learnedWrong).reduce(0, +)), "
        + "scribbles \(played.map(\.learnedScribbles).reduce(0, +))"
}

/// Round 14's pick among the `eligible` candidates (indices into
/// `scores`): the best by recognized and accepted, and of those within
/// `requiredImprovement` of it the one that keeps the fewest drawings
/// (`kept`), then the higher score, then the first. `nil` when none is
/// eligible. Round 15 picks the same way.
func fewestKeptNearBest(_ eligible: [Int], _ scores: [RecognizedAcceptedScore],
                        kept: (Int) -> Int) -> (best: Int, pick: Int)? {
    guard let best = eligible.max(by: { scores[$0].recognized < scores[$1].recognized }) else { return nil }
    let pick = eligible.filter { scores[$0].recognized >= scores[best].recognized - requiredImprovement }
        .min { a, b in
            if kept(a) != kept(b) { return kept(a) < kept(b) }
            return scores[a].recognized != scores[b].recognized ? scores[a].recognized > scores[b].recognized : a < b
        }!
    return (best, pick)
}

/// The library's decision, the same for every candidate (the shipped t).
func adaptationAccepts(_ outcome: Outcome) -> Bool { outcome.match?.isConfident() ?? false }

func chooseAdaptation(heldOut: Bool, oracle: Bool = false) {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    var parameters = saved
    parameters.reportsRunnerUp = true   // the exact margin: the decision is the library's, the learning rule's too
    let parts = roundSixSessions()
    print("| candidate | " + recognizedAcceptedHeader.dropFirst(2) + " learned (right / another shape / scribbles) |")
    print("|---|---|---|---|---|---|---|---|---|")
    var scores: [RecognizedAcceptedScore] = []
    for var candidate in adaptationCandidates {
        candidate.skipsScribbles = oracle
        let played = parts.map { playAll($0, candidate, parameters: parameters) }
        let score = RecognizedAcceptedScore(played.map { $0.flatMap(\.outcomes) }, threshold: GestureDefaults.strokeMaximumShapeDeviation,
                                            accept: adaptationAccepts)
        scores.append(score)
        print("| \(candidate.name) | " + score.cells + " " + played.map(learnedLine).joined(separator: "; ") + " |")
        fflush(nil)   // each row as it is made: the sessions take long
    }
    print()
    guard !oracle else { return }
    // Step 3: eligibility as round 13's; then the smallest k within 0.1 point of the best.
    let baseline = scores[0]
    var eligible: [Int] = []
    for index in scores.indices.dropFirst() {
        if let reason = scores[index].ineligibility(against: baseline) {
            print("not eligible: \(adaptationCandidates[index].name): \(reason)")
        } else {
            eligible.append(index)
        }
    }
    guard let choice = fewestKeptNearBest(eligible, scores, kept: { adaptationCandidates[$0].kept }) else {
        print("nothing chosen: no candidate is eligible; no held-out look")
        return
    }
    let (best, pick) = choice
    guard scores[pick].recognized >= baseline.recognized + requiredImprovement else {
        print("nothing chosen: \(adaptationCandidates[pick].name) recognizes and accepts \(percent(scores[pick].recognized)) against the "
              + "baseline's \(percent(baseline.recognized)) (it must beat it by 0.1 point); no held-out look")
        return
    }
    let chosen = adaptationCandidates[pick]
    print("chosen: \(chosen.name) (candidate \(pick); recognized and accepted \(percent(scores[pick].recognized)) against the baseline's "
          + "\(percent(baseline.recognized)); best eligible \(adaptationCandidates[best].name) \(percent(scores[best].recognized)))")
    guard heldOut else { return }
    print()
    adaptationHeldOutLook(chosen, parameters: parameters)
}

/// Step 4, the held-out look at `chosen` beside the baseline. Called by
/// `choose-adaptation heldout` after the tuning table, or alone by
/// `choose-adaptation heldout-only N` with N the candidate a tuning run
/// chose (its index in `adaptationCandidates`, printed with the choice):
/// the same look without playing the tuning sessions again (added after
/// the tuning run, for time; it changes nothing of the protocol).
func adaptationHeldOutLook(_ chosen: AdaptationCandidate, parameters: StrokeMatchingParameters) {
    print("held-out look: \(chosen.name)")
    print("| family | nearest right, baseline / chosen | lost, baseline / chosen | scribbles, baseline / chosen | recognized and accepted, baseline / chosen | another shape accepted, baseline / chosen | learned (chosen) |")
    print("|---|---|---|---|---|---|---|")
    var ships = true
    var confusions: [String] = []
    for family in heldOutFamilies {
        let sessions = heldOutSessions(family: family)
        let before = playAll(sessions, adaptationCandidates[0], parameters: parameters)
        let after = playAll(sessions, chosen, parameters: parameters)
        let old = Rejection(before.flatMap(\.outcomes), accept: adaptationAccepts)
        let new = Rejection(after.flatMap(\.outcomes), accept: adaptationAccepts)
        print("| \(family) | \(percent(old.nearestRight)) / \(percent(new.nearestRight)) | \(percent(old.lost)) / **\(percent(new.lost))** | "
              + "\(percent(old.falseAccepts)) / \(percent(new.falseAccepts)) | \(percent(old.recognizedAndAccepted)) / "
              + "\(percent(new.recognizedAndAccepted)) | \(percent(old.wronglyAccepted)) / \(percent(new.wronglyAccepted)) | \(learnedLine(after)) |")
        fflush(nil)
        confusions.append("\(family), chosen: scribbles by kind \(new.byKind); lost drawings confused with: "
                          + lossConfusions(after.flatMap(\.outcomes), accept: adaptationAccepts))
        confusions.append("\(family), baseline: lost drawings confused with: " + lossConfusions(before.flatMap(\.outcomes), accept: adaptationAccepts))
        if new.falseAccepts >= 0.05 { ships = false }
        if family == "report" ? new.lost >= 0.01 : new.lost > old.lost { ships = false }
    }
    print()
    confusions.forEach { print($0) }
    print()
    print(ships ? "step 4: ships as an opt-in (scribbles under 5% on every family, lost no higher on s6, wide and lognormal, under 1% on the report writers)"
                : "step 4: not shipped (see the table: a family's scribbles at 5% or more, or its loss higher than the baseline's)")
}
