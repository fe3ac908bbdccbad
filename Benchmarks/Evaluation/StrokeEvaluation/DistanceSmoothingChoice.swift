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

let distanceSmoothingCandidates = [1, 2, 4]

/// Round 22, steps 1–3 (and, with `heldOut`, step 4's one look).
func chooseDistanceSmoothing(heldOut: Bool) {
    let saved = matchingParameters
    defer { matchingParameters = saved }
    matchingParameters.reportsRunnerUp = true   // the exact margin
    let t = GestureDefaults.strokeMaximumShapeDeviation
    let baselineParts = fluentRoundParts()
    var candidates = [FluentRoundCandidate(name: "baseline: the library (path smoothing \(matchingParameters.pathSmoothingPasses), d = 0) at \(t)",
                                           isBaseline: true, parts: baselineParts, value: decisionValue)]
    for passes in distanceSmoothingCandidates {
        let parts: [[Outcome]] = {
            let outer = matchingParameters
            defer { matchingParameters = outer }
            matchingParameters.distanceSmoothingPasses = passes
            return fluentRoundParts()
        }()
        let before = baselineParts.flatMap { $0 }.map { $0.match?.templateIndex ?? -1 }
        let after = parts.flatMap { $0 }.map { $0.match?.templateIndex ?? -1 }
        let moved = before.count == after.count ? before.indices.filter { before[$0] != after[$0] }.count : -1
        print("d = \(passes): \(moved) outcomes matched to another template than the baseline's")
        candidates.append(FluentRoundCandidate(
            name: "d = \(passes)", isBaseline: false, parts: parts,
            heldOut: { family in
                let outer = matchingParameters
                defer { matchingParameters = outer }
                matchingParameters.distanceSmoothingPasses = passes
                return heldOutOutcomes(family: family)
            },
            value: decisionValue))
    }
    print()
    runFluentRound(candidates, parts: baselineParts, heldOut: heldOut, baselineThreshold: t)
}
