import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 23 (issue 15, accuracy), the rotation round: the rotation-invariant
// templates' scaling and search. (The branch called it round 16; the
// rejection rounds keep the numbers, and session 23's are 16 and 17.)
//
// Rotation-invariant templates scale uniformly (every session before 23):
// the screen's axes are no directions once any rotation matches. Templates
// matched as drawn scale each screen axis separately (the aspect rule). A
// cloud's principal axes turn with it, so scaling along them
// (`StrokeMatchingParameters.rotationInvariantAspectShare`) would give
// rotation-invariant templates an aspect freedom that a rotation does not
// undo: the symmetric inverse square root of a cloud's covariance turns
// with the cloud, so a drawing turned is scaled into the same scaled
// drawing turned, and the rotation search still finds the angle.
//
// The diagnosis (`explore-rotation`, the baseline on the tuning side only,
// read before this protocol was written): the scaling is not where the
// tuning writers' losses are. The same 13 shapes matched as drawn on
// upright tests, 1 / 3 templates: usual 98.85 / 99.87% with the aspect rule,
// 98.97 / 100.00% with the axes scaled alike (minimumAspect 1); widened
// 97.31 / 99.62% and 97.95 / 99.36%; rotation invariant at 0° 97.95 /
// 99.62% and 96.28 / 99.62%. Of the drawings the rotation-invariant
// nearest template gets wrong with one template (16–21 a rotation usual,
// 19–29 widened), the right template alone finds the drawing's angle
// within 15° (up to the shape's symmetry) in all but 4–5 (mostly arrows),
// and its distance over the wrong match's has a median of 1.07–1.15
// (usual) and 0.997–1.020 (widened): about half of the widened losses are
// the search's, the right template nearer than the wrong one when it is
// refined, but never refined. A rotation-invariant candidate is refined
// only when its matching at its coarse angle (12 even steps, up to 15° off)
// already beats the best, and tried only when its bound there does.
//
// The protocol, fixed in this file and committed before any figure of its
// candidates was computed:
//
// 1. Candidates (every other parameter the library's default):
//    - baseline: the library as shipped;
//    - principal axes: `rotationInvariantAspectShare` 1 (each principal axis
//      to a standard deviation of 1, the narrow one at most 1 / 0.3 times the
//      wide one's, as the aspect rule);
//    - 24 steps: `rotationSearchSteps` 24 (coarse angles 15° apart);
//    - slack 1.5 and slack 2: `rotationRefinementSlack` (a candidate whose
//      bound, and then whose matching, at its coarse angle is within that
//      factor of the best weighted sum is matched and refined; the bound's
//      slack is new in session 23, the matching's was there);
//    - 24 steps with slack 1.5.
// 2. Criterion: the rotation-invariant table (13 shapes, templates from a
//    writer's upright drawings, tests by the same writer turned 0°, 30°,
//    60°, 90°, 180°; 1 and 3 templates; 3 trials; `userDependent`'s seeds)
//    on the tuning side only: writers 100–119 (usual habits, seed 0x70AE,
//    as `rotation tune`) and writers 140–159 (widened habits, seed 0x70AF).
//    Four figures a candidate: each part's worst rotation with 1 and with
//    3 templates. Its score is their mean.
// 3. Chosen: the candidate with the highest score, if it beats the
//    baseline's by at least 0.1 point and none of its four figures is
//    below the baseline's by more than 0.25 point; otherwise nothing is
//    chosen and no held-out family is looked at.
// 4. Only then, `choose-rotation heldout`, once: the same table on
//    the report writers (1000–1029), session 6's drawings (the report
//    writers without session 7's details), the wide habits (2000–2029) and
//    the lognormal family (4000–4029), baseline beside the chosen, 3
//    trials. Shipped (the chosen setting as the default) if the mean of its
//    eight held-out figures (worst rotation, 1 and 3 templates, four
//    families) is above the baseline's, none of the eight is below the
//    baseline's by more than 0.5 point, and (5) its callgrind instructions
//    a classification (`scripts/evaluate-strokes classify 3` minus
//    `classify 1`, 78 turned drawings against the 13 × 3 rotation-invariant
//    set) are at most 1.5 times the baseline's; otherwise not shipped, and
//    the figures are reported whatever they are. The built-in set has no
//    rotation-invariant template, so its decisions and the rejection
//    tables cannot move; the plain dumps are compared byte for byte to the
//    base's to show it.

// Outcome (session 23, one run of each). Tuning side, the four figures
// (usual worst 1 / 3 templates, widened worst 1 / 3) and their mean:
// baseline 97.31 / 99.62 / 96.28 / 99.36% (98.14%); principal axes 95.13 /
// 98.21 / 95.00 / 98.21% (96.63%: every figure lower, so the aspect
// hypothesis is not what the tuning writers lose to); 24 steps 97.56 /
// 99.36 / 96.54 / 99.10% (98.14%); slack 1.5 97.56 / 99.49 / 96.54 /
// 99.49% (98.27%); **slack 2** 97.82 / 99.49 / 96.92 / 99.36% (98.40%,
// chosen); 24 steps with slack 1.5 98.08 / 99.23 / 96.28 / 99.23% (98.21%).
// The one held-out look, baseline → slack 2, worst 1 / 3 templates: report
// 97.95 / 99.32% → 97.69 / 99.49%; s6 97.61 / 98.97% → 97.09 / 98.89%;
// wide 91.11 / 96.41% → 91.97 / 95.90%; lognormal 91.11 / 96.75% → 91.37 /
// 96.58%; mean of the eight 96.15% → 96.12%, s6 with one template 0.52
// point and wide with three 0.51 point below: not shipped (step 4). Its
// cost fails step 5 too: 729 K instructions a classification against 438 K
// (1.66 times; `classify 3 slack=2 boundslack=2` minus `classify 1` the
// same). Slack 2 refines wrong templates as well: pigtail→line 5–9 a
// rotation on session 6's drawings against at most 2 before. The library's
// defaults are unchanged.

// Session 29, the rotation round again (`choose-rotation manytoone
// [heldout]`), after many-to-one matching replaced the greedy one. What is
// known before this protocol: the library's search, on the rotation table
// with 2 trials, leaves up to 1.5 points against an exhaustive search of
// the same matching (every 10°, refined to 1.25°; `reference-parts
// rotation`): wide habits 92.69 / 97.05% against 94.23 / 97.56% (1 / 3
// templates, worst rotation), lognormal 92.31 / 97.31% against 92.18 /
// 97.56%, report writers 98.08 / 99.10% against 98.21 / 99.36%, tuning
// writers 98.27 / 99.23% against 98.46 / 99.23% (those looks at the held-out
// families were the matching's, not this round's; they are why it is run).
// A matching costs less than it did (380 K instructions a classification of
// the 13 × 3 set against the greedy matching's 447 K), so a wider search
// may now be worth its cost.
//
// The protocol, fixed here and committed before any figure of its
// candidates was computed: session 23's steps 2–5 unchanged (the same
// tuning parts, 3 trials, the same criterion, choice, held-out look and
// ship rule, the cost at most 1.5 times the baseline's, now 380 K), with
// these candidates (every other parameter the library's default):
// baseline; 24 steps; slack 1.5; slack 2; 24 steps with slack 1.5; 4
// candidates refined (`refinedCandidates` 4); 4 candidates with slack 1.5.
// It is the second rotation round (the first was session 23's).

// Outcome (session 29, one run of each, 39 s). Tuning side, the four
// figures (usual worst 1 / 3 templates, widened worst 1 / 3) and their
// mean: baseline 98.21 / 99.36 / 97.31 / 99.10% (98.49%); 24 steps 98.46 /
// 99.49 / 97.05 / 98.97% (98.49%); slack 1.5 98.59 / 99.62 / 97.69 /
// 99.36% (98.81%); **slack 2** 98.72 / 99.62 / 97.95 / 99.36% (98.91%,
// chosen); 24 steps with slack 1.5 98.59 / 99.49 / 97.82 / 99.36%
// (98.81%); 4 candidates 98.33 / 99.36 / 97.31 / 99.10% (98.53%); 4
// candidates with slack 1.5 98.59 / 99.62 / 97.82 / 99.36% (98.85%). The
// one held-out look, baseline → slack 2, worst 1 / 3 templates: report
// 98.55 / 99.32% → 98.63 / 99.49%; s6 97.69 / 99.40% → 98.63 / 99.49%; wide
// 93.08 / 96.75% → 94.02 / 97.18%; lognormal 92.56 / 97.09% → 93.76 /
// 97.18%; mean of the eight 96.81% → 97.30%, none lower. Cost (step 5):
// 525 K instructions a classification against 380 K (`classify 3 slack=2
// boundslack=2` minus `classify 1` the same), 1.38 times. **Shipped**: both
// slacks 2 by default (the baseline row above is slack 1, run before).

/// The second rotation round's candidates (the baseline first): the first
/// round's searches, and more candidates refined.
let manyToOneRotationCandidates: [RotationCandidate] = [baselineRotationCandidate] + widerRotationSearches + [
    RotationCandidate(name: "4 candidates") { $0.refinedCandidates = 4 },
    RotationCandidate(name: "4 candidates, slack 1.5") {
        $0.refinedCandidates = 4
        $0.setRotationSlacks(1.5)
    },
]

/// A candidate of the rotation round: its name and how it sets the parameters.
struct RotationCandidate: Sendable {
    var name: String
    var set: @Sendable (inout StrokeMatchingParameters) -> Void
}

/// The library as shipped, each round's baseline (so since session 29 with
/// both slacks 2: each round's recorded figures are its own run's).
let baselineRotationCandidate = RotationCandidate(name: "baseline") { _ in }

/// Searches further than the baseline, in both rounds.
let widerRotationSearches: [RotationCandidate] = [
    RotationCandidate(name: "24 steps") { $0.rotationSearchSteps = 24 },
    // The slack on the bound was part of `rotationRefinementSlack` when the
    // first round ran; it became `rotationBoundSlack` after the look, so that a
    // slack alone keeps answering as before (the same figures).
    RotationCandidate(name: "slack 1.5") { $0.setRotationSlacks(1.5) },
    RotationCandidate(name: "slack 2") { $0.setRotationSlacks(2) },
    RotationCandidate(name: "24 steps, slack 1.5") {
        $0.rotationSearchSteps = 24
        $0.setRotationSlacks(1.5)
    },
]

/// The first rotation round's candidates (the baseline first).
let rotationCandidates: [RotationCandidate] = [
    baselineRotationCandidate,
    RotationCandidate(name: "principal axes") { $0.rotationInvariantAspectShare = 1 },
] + widerRotationSearches

/// The tuning side's two parts: (name, writers, seed, habits).
let rotationTuningParts: [(String, [UInt64], UInt64, StrokeHabits)] = [
    ("usual 100–119", tuningWriters, 0x70AE, .usual),
    ("widened 140–159", variedTuningWriters, 0x70AF, variedTuningHabits),
]

extension StrokeMatchingParameters {
    /// The rotation round's slack: on the refinement and on the bound alike.
    mutating func setRotationSlacks(_ slack: Double) {
        rotationRefinementSlack = slack
        rotationBoundSlack = slack
    }
}

/// Runs `body` with `candidate`'s parameters, the others as they were.
func withRotationCandidate<Result>(_ candidate: RotationCandidate, _ body: () -> Result) -> Result {
    let saved = matchingParameters
    candidate.set(&matchingParameters)
    defer { matchingParameters = saved }
    return body()
}

/// `choose-rotation [manytoone]`: a rotation round on the tuning side
/// (step 3), then, with `heldOut`, the one held-out look (step 4).
func chooseRotation(heldOut: Bool, candidates rotationCandidates: [RotationCandidate] = rotationCandidates, trials: Int = 3) {
    print("| candidate | part | worst 1 / 3 templates | 0°, 30°, 60°, 90°, 180° (1 / 3) |")
    print("|---|---|---|---|")
    var scores: [(candidate: RotationCandidate, figures: [Double])] = []
    for candidate in rotationCandidates {
        var figures: [Double] = []
        for (name, writers, seed, habits) in rotationTuningParts {
            let table = withRotationCandidate(candidate) { RotationFigures(writers: writers, seed: seed, habits: habits, trials: trials) }
            print("| \(candidate.name) | \(name) | \(table.cells) |")
            figures += [table.worstOne, table.worstThree]
        }
        scores.append((candidate, figures))
    }
    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
    let baseline = scores[0]
    print()
    for score in scores {
        print("\(score.candidate.name): score \(percent(mean(score.figures))) (\(score.figures.map(percent).joined(separator: ", ")))")
    }
    let eligible = scores.dropFirst().filter { score in
        zip(score.figures, baseline.figures).allSatisfy { $0 >= $1 - 0.0025 }
    }
    guard let best = eligible.max(by: { mean($0.figures) < mean($1.figures) }),
          mean(best.figures) >= mean(baseline.figures) + 0.001 else {
        print("nothing chosen: no candidate beats the baseline's score by 0.1 point with none of its four figures "
              + "0.25 point below the baseline's; no held-out look")
        return
    }
    print("chosen: \(best.candidate.name)")
    guard heldOut else { return }
    print()
    print("Held out (the round's one look), baseline beside \(best.candidate.name):")
    print()
    print("| family | candidate | worst 1 / 3 templates | 0°, 30°, 60°, 90°, 180° (1 / 3) | confusions, 1 template, by rotation |")
    print("|---|---|---|---|---|")
    var before: [Double] = [], after: [Double] = []
    for family in heldOutFamilies {
        for candidate in [baseline.candidate, best.candidate] {
            let table = withRotationCandidate(candidate) {
                withHeldOutFamily(family) { _, habits, writers in
                    RotationFigures(writers: writers, seed: heldOutSeed(family), habits: habits, trials: trials)
                }
            }
            print("| \(family) | \(candidate.name) | \(table.cells) | \(table.confusions.joined(separator: "; ")) |")
            if candidate.name == baseline.candidate.name {
                before += [table.worstOne, table.worstThree]
            } else {
                after += [table.worstOne, table.worstThree]
            }
        }
    }
    let passes = mean(after) > mean(before) && zip(after, before).allSatisfy { $0 >= $1 - 0.005 }
    print()
    print("held-out mean of the eight worst-rotation figures: baseline \(percent(mean(before))), chosen \(percent(mean(after)))")
    print(passes ? "accuracy part of the ship rule met (the mean is higher and none of the eight is 0.5 point below); "
                   + "shipped if its instructions are at most 1.5 times the baseline's (step 5)"
                 : "not shipped: the mean is not higher, or one of the eight is more than 0.5 point below the baseline's")
}

/// The drawings' seed of a held-out family, as the report draws them.
func heldOutSeed(_ family: String) -> UInt64 {
    switch family {
    case "wide": 0x2D1E
    case "lognormal": 0x106E
    default: 0xE7A1
    }
}

/// `explore-rotation`: the baseline's rotation-invariant losses on the
/// tuning side (chooses nothing, reads no held-out family): the tables,
/// the same 13 shapes matched as drawn (aspect rule, and axes scaled alike)
/// on upright tests, and for each drawing the nearest template gets wrong
/// with one template, whether the right template alone finds the drawing's
/// angle (within 15°, up to the shape's symmetry) and how much farther it
/// lies than the wrong one.
func exploreRotation(trials: Int = 3) {
    let invariantShapes = shapes.indices.filter { !shapes[$0].hasRotatedTwin }
    for (name, writers, seed, habits) in rotationTuningParts {
        print("## \(name)")
        print()
        let table = RotationFigures(writers: writers, seed: seed, habits: habits, trials: trials)
        print("rotation invariant, worst 1 / 3 and each rotation: \(table.cells)")
        for (degrees, confusions) in zip(tableRotations, table.confusions) { print("  \(Int(degrees))°: \(confusions)") }
        let upright = Drawings(writers: writers, seed: seed, habits: habits)
        let saved = matchingParameters
        for aspect in [0.3, 1.0] {
            matchingParameters.minimumAspect = aspect
            let first = userDependent(upright, shapeIndices: invariantShapes, templateCount: 1, trials: trials, rotationInvariant: false, seed: 0x40)
            let third = userDependent(upright, shapeIndices: invariantShapes, templateCount: 3, trials: trials, rotationInvariant: false, seed: 0x41)
            print("as drawn, upright, minimumAspect \(aspect): \(percent(first.accuracy)) / \(percent(third.accuracy)); "
                  + "\(first.topConfusions(4)) / \(third.topConfusions(4))")
        }
        matchingParameters = saved
        for degrees in tableRotations {
            let turned = Drawings(writers: writers, rotation: degrees * .pi / 180, seed: seed, habits: habits)
            var random = SplitMix64(seed: 0x40)
            var searchMissed = 0, fartherRight = 0
            var ratios: [Double] = []
            var pairs: [String: Int] = [:]
            for writer in upright.byWriter.indices {
                for _ in 0..<trials {
                    var picks = Array(0..<samplesPerWriter)
                    for index in picks.indices.reversed() { picks.swapAt(index, random.below(index + 1)) }
                    let templates = invariantShapes.map { shape in
                        template(shapes[shape], [upright.byWriter[writer][shape][picks[0]]], rotationInvariant: true)
                    }
                    let classifier = try! StrokeClassifier(templates: templates, parameters: matchingParameters)
                    for (position, shape) in invariantShapes.enumerated() {
                        let drawing = turned.byWriter[writer][shape][picks[1]]
                        guard let match = classifier.classify(strokes: drawing), match.templateIndex != position else { continue }
                        let alone = try! StrokeClassifier(templates: [templates[position]], parameters: matchingParameters)
                        guard let right = alone.classify(strokes: drawing) else { continue }
                        let symmetry: Double = switch shapes[shape] {
                        case .circle: 0
                        case .line, .rectangle, .x: 2
                        case .star: 5
                        default: 1
                        }
                        var error = 0.0
                        if symmetry > 0 {
                            let period = 2 * Double.pi / symmetry
                            let raw = (right.angle - degrees * .pi / 180).truncatingRemainder(dividingBy: period)
                            let wrapped = raw < 0 ? raw + period : raw
                            error = min(wrapped, period - wrapped) * 180 / .pi
                        }
                        if error > 15 { searchMissed += 1 } else { fartherRight += 1 }
                        ratios.append(right.distance / match.distance)
                        pairs["\(shapes[shape].rawValue)→\(match.name)\(error > 15 ? " (angle off)" : "")", default: 0] += 1
                    }
                }
            }
            ratios.sort()
            let median = ratios.isEmpty ? Double.nan : ratios[ratios.count / 2]
            print("\(Int(degrees))°, 1 template: \(searchMissed + fartherRight) wrong; the right template alone at an angle "
                  + "off by over 15° in \(searchMissed), near the true angle but farther in \(fartherRight); right ÷ wrong distance, "
                  + String(format: "median %.3f", median))
            print("  " + byCountThenName(pairs.map { ($0.key, $0.value) }).prefix(8).map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        }
        print()
    }
}
