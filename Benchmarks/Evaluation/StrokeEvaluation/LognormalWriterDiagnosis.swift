import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 24 (issue 15): why some lognormal writers lose a third to half
// of their drawings (`scripts/evaluate-strokes diagnose-lognormal-writers`;
// chooses nothing, changes nothing).
//
// Session 23's replication found the fresh lognormal draw (writers
// 4100–4129) losing 11.00% of its nearest-right drawings with the default
// rule against 4.22% on the first draw (4000–4029), six fresh writers
// losing 38–62 drawings where the first draw's worst lost 26. This prints,
// for the sixty writers of both draws, each one's habits (`LognormalWriter`'s
// drawn parameters), what the built-in set does with its drawings
// (nothing learned: nearest right, lost, nearest wrong) and its losses'
// confusions; then, for each habit, its mean among the ten writers who
// lose the most beside the other fifty, and the rank correlation of each
// habit with the writers' losses, to say which habits the losses follow;
// then those ten writers drawn again from the same seeds with one habit
// set to a typical value (the onset spacing, the device's noise and
// rounding, the size), to see which habit the losses come from.
// Read after the replication, on held-out writers: a lead for a protocol
// to test on tuning writers, not a result.

// Outcome (session 24, 1.5 s): the loss follows the onset spacing most
// (rank correlation −0.71: fluent writers, whose next pulse starts before
// the last ends, cut corners) and the device's noise against the
// drawing's size (+0.48; the ten losing most draw 100 points wide on
// average against 158, with 1.0 point of noise against 0.63); their
// losses are mostly corners gone (x→delete 37, caret→triangle 27,
// circle→rectangle 26, v→circle 16, check→right-bracket 17). Drawn again
// with one habit typical, nine of the ten still lose 3–63 drawings with
// either change alone; with the onset spacing, the noise and the size
// all typical they lose 0–10 (fresh 4127: 52 of 84 nearest right → 0 of
// 150), so the fresh draw's 11.00% is mostly writers who are at once
// fluent, small and noisy. First 4021 is the exception (26 → 34, its
// left brackets taken for rectangles: none of the three). Halving the
// noise and doubling the size give the same figures (scale invariance:
// 44 / 108 both for 4127), so it is noise relative to the drawing.
// Leads for a protocol on tuning writers (not tested here): a shape
// check whose measures are steadier under per-point noise at high report
// rates (the ten's mean rate 154 Hz against 118), and templates or
// tuning parts with fluent, cut corners.

/// One writer's habits and what the built-in set did with its drawings.
private struct LognormalWriterLosses {
    var draw: String
    var seed: UInt64
    var writer: LognormalWriter
    var drawings = 0, nearestRight = 0, lost = 0
    var confusions: [String: Int] = [:]

    var lostShare: Double { nearestRight == 0 ? 0 : Double(lost) / Double(nearestRight) }
    var nearestWrong: Int { drawings - nearestRight }
}

/// The habits compared, by name.
private let lognormalHabits: [(String, @Sendable (LognormalWriter) -> Double)] = [
    ("size", \.size), ("aspect", \.aspect), ("|log aspect|", { abs(log($0.aspect)) }), ("slant", \.slant),
    ("|slant|", { abs($0.slant) }), ("tilt", \.tilt), ("|tilt|", { abs($0.tilt) }), ("mu", \.mu), ("sigma", \.sigma),
    ("onsetSpacing", \.onsetSpacing), ("lengthSpread", \.lengthSpread), ("directionSpread", \.directionSpread),
    ("arcSpread", \.arcSpread), ("personalDistortion", \.personalDistortion), ("sampleRate", \.sampleRate),
    ("noise", \.noise), ("noise / size", { $0.noise / $0.size }), ("roundsToWholePoints", { $0.roundsToWholePoints ? 1 : 0 }),
    ("dwellChance", \.dwellChance),
]

/// Spearman's rank correlation of `x` and `y`, tied values given their
/// mean rank (so a yes-or-no habit is not ranked by the order met).
private func rankCorrelation(_ x: [Double], _ y: [Double]) -> Double {
    func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var result = Array(repeating: 0.0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { result[order[position]] = Double(start + end) / 2 }
            start = end + 1
        }
        return result
    }
    let (rx, ry) = (ranks(x), ranks(y))
    let mean = Double(x.count - 1) / 2   // of either's ranks, ties averaged
    var sxy = 0.0, sxx = 0.0, syy = 0.0
    for i in x.indices {
        sxy += (rx[i] - mean) * (ry[i] - mean)
        sxx += (rx[i] - mean) * (rx[i] - mean)
        syy += (ry[i] - mean) * (ry[i] - mean)
    }
    return sxy / (sxx * syy).squareRoot()
}

func diagnoseLognormalWriters() {
    var exact = matchingParameters
    exact.reportsRunnerUp = true   // the runner-up the margin is measured to
    let classifier = try! StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: exact)
    let names = StrokeTemplate.builtIn.map(\.name)
    var writers: [LognormalWriterLosses] = []
    for (drawName, draw) in [("first", heldOutDraw("lognormal")), ("fresh", freshHeldOutDraws["lognormal"]!)] {
        withHeldOutFamily("lognormal", draw: draw) { drawings, _, seeds in
            for (index, byShape) in drawings.byWriter.enumerated() {
                var losses = LognormalWriterLosses(draw: drawName, seed: seeds[index], writer: LognormalWriter(seed: seeds[index]))
                for (shape, samples) in byShape.enumerated() {
                    for drawing in samples {
                        losses.drawings += 1
                        guard let match = classifier.classify(strokes: drawing), match.templateIndex == shape else { continue }
                        losses.nearestRight += 1
                        if !match.isConfident() {
                            losses.lost += 1
                            let runnerUp = match.runnerUpTemplateIndex >= 0 ? names[match.runnerUpTemplateIndex] : "none"
                            losses.confusions["\(names[shape])→\(runnerUp)", default: 0] += 1
                        }
                    }
                }
                writers.append(losses)
            }
        }
    }
    writers.sort { $0.lostShare > $1.lostShare }
    print("| writer | lost / nearest right | nearest wrong | size | aspect | slant | tilt | mu | sigma | onset | length / direction / arc spread | distortion | rate | noise | rounds | dwell | lost most as |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for w in writers {
        let h = w.writer
        let top = w.confusions.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3).map { "\($0.key) \($0.value)" }
        print(String(format: "| %@ %llu | %d / %d (%.1f%%) | %d | %.0f | %.2f | %+.2f | %+.2f | %.2f | %.2f | %.2f | %.3f / %.3f / %.2f | %.3f | %.0f | %.2f | %@ | %.2f | %@ |",
                     w.draw, w.seed, w.lost, w.nearestRight, 100 * w.lostShare, w.nearestWrong, h.size, h.aspect, h.slant, h.tilt,
                     h.mu, h.sigma, h.onsetSpacing, h.lengthSpread, h.directionSpread, h.arcSpread, h.personalDistortion,
                     h.sampleRate, h.noise, h.roundsToWholePoints ? "yes" : "no", h.dwellChance, top.joined(separator: ", ")))
    }
    print()
    let worst = Array(writers.prefix(10)), rest = Array(writers.dropFirst(10))
    let losses = writers.map(\.lostShare)
    print("| habit | mean, the 10 losing most | mean, the other 50 | rank correlation with the loss |")
    print("|---|---|---|---|")
    for (name, value) in lognormalHabits {
        func mean(_ group: [LognormalWriterLosses]) -> Double { group.map { value($0.writer) }.reduce(0, +) / Double(group.count) }
        print(String(format: "| %@ | %.3f | %.3f | %+.2f |", name, mean(worst), mean(rest), rankCorrelation(writers.map { value($0.writer) }, losses)))
    }
    print()
    // The ten drawn again, one habit changed; the same synthesizer seeds.
    print("| writer | as drawn | onset spacing 1.1 | noise 0.5, no rounding | size 160 | all three |")
    print("|---|---|---|---|---|---|")
    let variants: [(inout LognormalWriter) -> Void] = [
        { _ in }, { $0.onsetSpacing = 1.1 }, { $0.noise = 0.5; $0.roundsToWholePoints = false }, { $0.size = 160 },
        { $0.onsetSpacing = 1.1; $0.noise = 0.5; $0.roundsToWholePoints = false; $0.size = 160 },
    ]
    for w in worst {
        let drawingSeed = (w.draw == "first" ? heldOutDraw("lognormal") : freshHeldOutDraws["lognormal"]!).drawingSeed
        let cells = variants.map { change in
            var writer = LognormalWriter(seed: w.seed)
            change(&writer)
            var synthesizer = LognormalSynthesizer(seed: drawingSeed ^ (w.seed &* 0x9E37_79B9_7F4A_7C15))
            var nearestRight = 0, lost = 0
            for (shape, kind) in shapes.enumerated() {
                for _ in 0..<samplesPerWriter {
                    guard let match = classifier.classify(strokes: synthesizer.drawing(of: kind, by: writer)),
                          match.templateIndex == shape else { continue }
                    nearestRight += 1
                    if !match.isConfident() { lost += 1 }
                }
            }
            return "\(lost) / \(nearestRight)"
        }
        print("| \(w.draw) \(w.seed) | " + cells.joined(separator: " | ") + " |")
    }
    print()
    var pooled: [String: Int] = [:]
    for w in writers { for (key, count) in w.confusions { pooled[key, default: 0] += count } }
    let worstPooled = worst.reduce(into: [String: Int]()) { result, w in for (key, count) in w.confusions { result[key, default: 0] += count } }
    print("lost as, all sixty writers: " + pooled.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(12).map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    print("lost as, the ten losing most: " + worstPooled.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(12).map { "\($0.key) \($0.value)" }.joined(separator: ", "))
}
