import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 25 (issue 15), round 22: the shape check's farthest and
// 90th-percentile distances measured between the drawing and the matched
// sample each smoothed (`scripts/evaluate-strokes choose-distance-smoothing`).
//
// What is known before this protocol: round 20 shipped the ink and winding
// measured on each stroke smoothed four times (the fluent tuning part
// 13.43 → 9.90% lost); round 21 found four passes the best there. After
// it, `explore-fluent` (tuning only) finds the 90th-percentile distance
// the heaviest measure in the fluent hands' losses (69 of 169 usual, 149
// of 380 widened), ahead of the winding: a small drawing's jitter, scaled
// to the template's size, puts its points off the sample's path, and the
// distances see it point by point. Smoothing the drawing alone would round
// its corners against the sample's sharp ones, so both are smoothed alike.
// It is the protocol's twenty-second round and the seventeenth on round
// 6's tuning parts (the third in this session), said here so the reader
// can weigh a win; no figure of its candidates was computed before this
// file was committed.
//
// The protocol:
//
// 1. Tuning parts: round 18's five, the exact runner-up.
// 2. Candidates: the baseline, the library (path smoothing 4, distances
//    as matched, 3.0971); `StrokeMatchingParameters.distanceSmoothingPasses`
//    d = 1, 2 and 4 (each stroke of the drawing and of every sample
//    smoothed d times by (previous + 2 · itself + next) ÷ 4 before the
//    farthest and percentile distances; the radial profile, the path
//    measures, scales, pairs, units and cap as shipped), each at the
//    threshold letting in as many of round 6's four parts' scribbles as
//    the baseline does.
// 3. Criterion and choice as round 18 (pooled loss; eligible if every
//    part's scribbles stay under 5% and no part loses more than 0.25 point
//    more than the baseline; chosen if at least 0.1 point better).
// 4. If one is chosen, its one held-out look in this session
//    (`choose-distance-smoothing heldout`), round 18's ship rule against
//    the library. Shipping it waits until the early stop's bounds hold for
//    the smoothed distances (with d above 0 a told classification does not
//    stop early) and its cost is measured.

// Outcome (session 25, one run of each, 32 s and about 50 s): **d = 4
// chosen, and its look says ship; not shipped, for its cost.** No match
// moved to another template. At the library's 959 of round 6's 24,000
// scribbles, lost pooled (usual / widened / looping / cornering / fluent),
// threshold: library 3.09% (0.13 / 0.35 / 1.33 / 4.52 / 9.90%), 3.0971;
// d = 1 2.85% (0.13 / 0.32 / 1.16 / 4.42 / 8.93%), 3.0858; d = 2 2.79%
// (0.13 / 0.32 / 1.10 / 4.45 / 8.65%), 3.0813; d = 4 2.66% (0.13 / 0.29 /
// 0.96 / 4.35 / 8.18%), 3.0756 (the edge of the grid again). The one look,
// lost (drawings) / scribbles let in, library → d = 4: report 0.25% (12) /
// 3.92% → 0.23% (11) / 3.82%; s6 0.57% (27) / 3.92% → 0.42% (20) / 3.82%;
// wide 2.93% (129) / 3.58% → 2.70% (119) / 3.75%; lognormal 3.81% (169) /
// 2.70% → 3.79% (168) / 2.80%: ships by round 18's rule. Step 4 made
// shipping wait for the early stop's bounds and the cost: bounded by the
// distances as matched less how far the smoothing moved both clouds'
// farthest-moved points (sound: `StrokePathSmoothingTests`), a told
// scribble costs (callgrind, `classify 1 plain scribbles decided`, same
// binary) a mean of 350.6 → 519.2 K instructions and a median of 303.3 →
// 453.3 K (d = 1: 444.1 / 390.6 K; d = 2: 475.5 / 415.5 K), a drawing
// 174.0 → 190.9 K: half again the cost of a scribble, against a speed bar
// (50 µs) the told scribble meets only in the machine's usual mode, for 17
// fewer of 335 drawings lost held out. Not shipped. A tighter bound (a
// second lookup grid of each sample smoothed, the drawing's smoothed
// points' own cells, exact least distances between the smoothed clouds)
// would cost a second grid a sample (4 KB, and its preparation, the
// costliest part of a sample's) and is left for a later session to weigh.

let distanceSmoothingCandidates = [1, 2, 4]

/// Round 22, steps 1–3 (and, with `heldOut`, step 4's one look).
func chooseDistanceSmoothing(heldOut: Bool) {
    let name = "baseline: the library (path smoothing \(matchingParameters.pathSmoothingPasses), d = 0) at \(GestureDefaults.strokeMaximumShapeDeviation)"
    runAgainstLibrary(name, heldOut: heldOut,
                      candidates: distanceSmoothingCandidates.map { passes in ("d = \(passes)", { $0.distanceSmoothingPasses = passes }) })
}
