import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 23 (issue 15), round 17: how near the next drawing must be to
// confirm a waiting one, and whether a drawing accepted with room to spare
// skips the wait.
//
// What is known before this protocol: everything round 16 knew, and round
// 16's tuning table (ConfirmedLearningChoice.swift; no held-out family was
// looked at for it, nothing having been chosen). Under round 15's scaled
// threshold, a drawing that waits until the template's next accepted
// drawing X would have it as its nearest sample (X's distance to it at
// most X's match distance) learns 31 scribbles over the four tuning parts
// against round 15's 1,079, but only 3,798 of the drawings against 12,378,
// and recognizes and accepts 96.17% (k = 1) against round 14's rule's
// 96.16%: nothing chosen. The test is strict for drawings too: a player's
// earlier drawing is nearer the next one than every sample the template
// holds only about a third of the time. So the scribble filter has room
// to spare, and this round loosens it. This round's candidates were
// designed after reading round 16's tuning figures; no figure of them was
// computed before this file was committed. It is the protocol's
// seventeenth round and the twelfth on round 6's four-part tuning data,
// said here so the reader can weigh a win.
//
// Two loosenings, both rules a recognizer applies online with what it has
// at the template's next accept X (round 16's `confirmedByNext`, with its
// parameters):
// - the factor f: the waiting drawing P is confirmed (learned, oldest
//   dropped beyond k) when X's distance to P alone is at most f times X's
//   match distance; f = 1.5, 2 and 3 (round 16's was 1);
// - at once within half: a drawing accepted within half the threshold it
//   was decided at (D ÷ m ≤ t · g(j) ÷ 2, round 14's confident rule, which
//   learned 162 scribbles at k = 1 under the scaled threshold in round 15)
//   is learned at once; any other accepted drawing waits as in round 16,
//   confirmed at f = 1 or 2.
// Everything else is round 16's: the scaled threshold t · (3 ÷ (3 +
// j))^α, α = 0.2243 (`roundFifteenExponent`), j the template's learned
// drawings (a waiting one not counted); one waiting drawing a template,
// resolved (learned or dropped) at the template's next accept, which then
// waits in its turn unless learned at once.
//
// The protocol, fixed in this file and committed before any figure of its
// candidates was computed:
//
// 1. Candidates (`confirmationFactorCandidates`), in this order: the
//    baseline (nothing learned); round 14's shipped rule (the reference to
//    beat, not itself chosen); round 15's choice (printed beside, not
//    chosen); confirmed by the next at f = 1.5, 2, 3, each with k = 1 and 3;
//    at once within half, else confirmed at f = 1 and 2, each with k = 1
//    and 3.
// 2. Criterion: round 15's (and 16's), unchanged: round 6's four parts,
//    each writer a session, recognized and accepted (RA), another shape
//    accepted (WA), scribbles let in.
// 3. Eligible against the baseline: every part's scribbles under 5%, no
//    part's RA below the baseline's by more than 0.25 point, pooled WA at
//    most the baseline's + 0.1 point. Chosen: of this round's eligible
//    candidates within 0.1 point of the best eligible one's RA, the
//    smallest k, then the higher RA, then the first in the order above;
//    only if its RA beats round 14's rule's by at least 0.1 point;
//    otherwise nothing chosen and no held-out look.
// 4. Only then, `choose-confirmation-factor heldout`, once: the held-out
//    families as round 16's step 4, with round 16's ship rule unchanged
//    (scribbles under 5% on every family, loss no higher than round 14's
//    rule's on any family and lower on at least two of s6, wide and
//    lognormal, under 1% on the report writers). Cost by callgrind, not a
//    gate. Held-out figures reported whatever they are.

let confirmationFactorCandidates: [ConfirmedLearningCandidate] = Array(confirmedLearningCandidates.prefix(3))
    + [1.5, 2, 3].flatMap { factor in
        [1, 3].map { kept in
            ConfirmedLearningCandidate(name: "confirmed by the next at f = \(factor), k = \(kept)", kept: kept,
                                       rule: .confirmedByNext(factor: factor, learnsAtOnceWithin: 0), isReference: false)
        }
    }
    + [1.0, 2].flatMap { factor in
        [1, 3].map { kept in
            ConfirmedLearningCandidate(name: "at once within half, else confirmed at f = \(factor), k = \(kept)", kept: kept,
                                       rule: .confirmedByNext(factor: factor, learnsAtOnceWithin: 0.5), isReference: false)
        }
    }

// Outcome (session 23; `choose-confirmation-factor`, 2 min 36 s at load 4,
// then `choose-confirmation-factor heldout` once, 4 min 25 s, its tuning
// table the same). Tuning side, recognized and accepted pooled (usual /
// widened / looping / cornering), another shape accepted pooled, lost
// pooled, scribbles let in by part, learned over the parts (right /
// another shape / scribbles); the baseline, round 14's rule and round 15's
// choice as in round 16's table:
// confirmed at f = 1.5, k = 1: 96.32% (99.44 / 98.03 / 95.22 / 92.59%),
// 0.36%, 1.10%, 3.73 / 4.35 / 4.57 / 4.45%, 8,169 / 12 / 135;
// f = 1.5, k = 3: 96.45% (99.38 / 98.31 / 95.16 / 92.97%), 0.25%, 1.10%,
// 3.27 / 4.20 / 4.25 / 4.50%, 7,307 / 9 / 114;
// f = 2, k = 1: 96.16%, 0.36%, 1.11%, 3.68 / 4.23 / 4.55 / 4.55%, 9,969 /
// 26 / 284;
// f = 2, k = 3: 96.46%, 0.29%, 1.03%, 3.35 / 4.15 / 4.45 / 5.10%: not
// eligible, 9,450 / 20 / 282;
// f = 3, k = 1: 95.99%, 0.41%, 1.14%, 3.78 / 4.32 / 4.47 / 4.68%, 10,779 /
// 43 / 589;
// f = 3, k = 3: 96.23%, 0.44%, 1.04%, 3.47 / 4.35 / 4.38 / 5.28%: not
// eligible, 10,640 / 46 / 543;
// at once within half, else confirmed at f = 1, k = 1: 96.38% (99.53 /
// 98.38 / 95.16 / 92.47%), 0.34%, 1.07%, 3.65 / 4.17 / 4.23 / 4.52%,
// 11,581 / 14 / 172;
// f = 1, k = 3: 96.52% (99.53 / 98.72 / 95.03 / 92.78%), 0.30%, 0.96%,
// 3.43 / 4.10 / 4.05 / 4.68%, 11,733 / 16 / 196;
// f = 2, k = 1: 96.42% (99.56 / 98.38 / 95.19 / 92.56%), 0.32%, 1.04%,
// 3.65 / 4.18 / 4.25 / 4.55%, 12,098 / 28 / 395;
// f = 2, k = 3: **96.66%** (99.53 / 98.72 / 95.38 / 93.00%), 0.33%, 0.91%,
// 3.43 / 4.20 / 4.25 / 4.93%, 12,182 / 30 / 382: chosen (the best
// eligible, none other within 0.1 point; 0.50 point above round 14's rule).
//
// The held-out look (step 4, once), baseline / round 14's rule / chosen:
// lost (issue 15's measure) report 0.25 / 0.08 / 0.13%, s6 1.21 / 0.88 /
// 0.84%, wide 2.97 / 2.20 / 1.40%, lognormal 4.22 / 2.98 / 1.71%;
// scribbles let in 3.97 / 4.48 / 3.50%, 3.97 / 4.62 / 3.32%, 3.72 / 4.57
// / 3.78%, 2.82 / 3.30 / 2.82%; recognized and accepted 98.40 / 99.15 /
// 99.35%, 97.06 / 98.10 / 98.38%, 89.10 / 91.67 / 92.58%, 88.44 / 90.29 /
// 92.02%; nearest right 98.65 / 99.23 / 99.48%, 98.25 / 98.98 / 99.21%,
// 91.83 / 93.73 / 93.90%, 92.33 / 93.06 / 93.62%; another shape accepted
// 0.29 / 0.17 / 0.12%, 0.40 / 0.29 / 0.17%, 1.44 / 1.29 / 1.62%, 0.98 /
// 0.90 / 1.00%. Learned by the chosen (right / another shape /
// scribbles): report 4,728 / 5 / 69, s6 4,653 / 7 / 71, wide 4,316 / 67 /
// 86, lognormal 4,301 / 34 / 44 (round 14's rule: 46, 52, 33, 22
// scribbles). Lost drawings by runner-up, chosen (round 14's): report 6
// single ones (arrow→caret, check→v, line→arrow, line→delete, line→v,
// pigtail→check; round 14's pigtail→check 2, pigtail→x, plus→delete), s6 pigtail→
// right-bracket 19 (25), circle→rectangle 9 (6); wide zigzag→delete 3
// (10), circle→rectangle 7 (6); lognormal zigzag→delete 5 (12),
// left-bracket→rectangle 9 (10), x→delete 4 (8).
// Step 4: **not shipped**. Lower loss than round 14's rule on s6, wide
// and lognormal (wide and lognormal under 2% for the first time), fewer
// scribbles let in than round 14's rule on every family (and than the
// baseline on report and s6), but the report writers lost 6 drawings
// against round 14's 4 (0.13% against 0.08%), which the ship rule written
// before the look forbids on any family, as in round 15. Wide's another
// shape accepted rose 1.29 → 1.62% (67 drawings learned as another shape).
// The library keeps round 14's rule; the figures stand as a measurement.
// Cost of the confirmation (`confirm-cost 1|2 [probe|told]` under
// callgrind, the difference of the two over 288 pairs): the waiting
// drawing's one-sample probe prepared, 2,010,570 instructions (nearly all
// its lookup grid); the next drawing classified against it, 85,220; a
// told classification against the built-in set, for scale, 172,180. So
// each accepted drawing would add about 2.1 million instructions (a
// library version could hand the probe's prepared sample to
// `adapted(to:)` when the drawing is confirmed instead of preparing it
// again), besides round 14's learning cost and the 3 + k samples a
// template matched against.

// MARK: Cost (`confirm-cost REPEATS [probe|told]`, under callgrind)

/// What round 16–17's confirmation adds to a recognizer, counted by
/// callgrind as the difference of two REPEATS: for the first two tuning
/// writers' drawings of each shape in order (288 pairs), each repeat
/// prepares a one-sample classifier of the earlier drawing (the waiting
/// drawing's probe) and classifies the later one against it (the test at
/// the template's next accept). `probe`: the preparation alone. `told`: the
/// later drawing told against the built-in set instead (the recognizer's
/// own classification, for scale).
func confirmationCost(repeats: Int, mode: String) {
    let builtIn = StrokeTemplate.builtIn
    let drawings = Drawings(writers: Array(tuningWriters.prefix(2)), seed: 0x70AE)
    var pairs: [(shape: Int, waiting: [[Point]], next: [[Point]])] = []
    for writer in drawings.byWriter {
        for (shape, samples) in writer.enumerated() {
            for i in samples.indices.dropLast() { pairs.append((shape, samples[i], samples[i + 1])) }
        }
    }
    let classifier = StrokeClassifier()
    var distances = 0.0, accepted = 0
    for _ in 0..<repeats {
        for pair in pairs {
            switch mode {
            case "told":
                let ink = StrokeInk(strokes: pair.next)
                if classifier.classify(ink, marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation)?.isConfident() == true { accepted += 1 }
            default:
                let template = builtIn[pair.shape]
                let probe = try! StrokeClassifier(templates: [StrokeTemplate(name: template.name, isRotationInvariant: template.isRotationInvariant,
                                                                             samples: [pair.waiting])], parameters: classifier.parameters)
                if mode != "probe" { distances += probe.classify(strokes: pair.next)?.distance ?? 0 }
            }
        }
    }
    print("\(pairs.count) pairs × \(repeats) (\(mode)): distances summed \(distances), accepted \(accepted)")
}
