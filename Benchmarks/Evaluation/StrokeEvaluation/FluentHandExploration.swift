import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// Session 24 (issue 15): can the tuning side show what the lognormal
// writers who lose most have (`scripts/evaluate-strokes explore-fluent`;
// tuning writers only, chooses nothing)?
//
// `diagnose-lognormal-writers` found the lognormal family's worst losses
// in writers who are at once fluent (corners cut by the next movement
// starting early), small and noisy for their size. A round aimed at them
// must be tuned without that family, so this asks whether
// StrokeSynthesizer's tuning writers, given those habits, lose the same
// way: writers 100–119 (usual habits) and 140–159 (the widened tuning
// habits), each drawing its shapes as drawn, then drawn again from the
// same seeds with one habit pushed (corners cut up to 40% of the shorter
// segment; the size halved, so the jitter is twice as large against it;
// the jitter doubled) and with all three. The built-in set, nothing
// learned, the default rule: nearest right, lost (nearest right, rejected)
// and the losses' confusions; then session 11's rejection diagnosis of
// each part as drawn and with all three (what rejects the drawings lost:
// the score floor or the deviation ÷ margin rule, the heaviest measure,
// the margins).

// Outcome (session 24, seconds): yes. Lost, as drawn → corners cut 40%
// / size halved / jitter doubled / all three: usual writers 0.16 → 1.54
// / 0.41 / 0.70 / 5.90%, widened writers 0.35 → 2.90 / 2.41 / 3.70 /
// 16.62% (451 drawings; nearest right 97.41 → 84.81%). Each habit alone
// costs a little, together much, as with the lognormal writers, and the
// losses are theirs: caret→triangle, circle→rectangle, x→delete,
// zigzag→delete and zigzag→star. (Halving the size is not the same as
// doubling the jitter here: the report spacing stays in points, so a
// smaller drawing also has fewer points.) So a tuning part of small,
// fluent and noisy hands can be drawn from StrokeSynthesizer, and a round
// aimed at those losses need not touch the lognormal family. What rejects
// them (the diagnosis after the table): every loss by the deviation ÷
// margin rule, none by the score; with all three habits the heaviest
// measure is the winding in 70 of the usual part's 169 losses and 248 of
// the widened part's 451, the 90th-percentile distance in 74 and 136,
// the closure in 22 and 50 (as drawn: the percentile in 4 of 5 and 9 of
// 11); the margins stay 1.13–1.34 (quartiles), the deviations rise to
// 4.1–5.7. The winding of a small, noisy, corner-cut drawing strays from
// its template's range more than any other measure: a measure steadier
// under jitter (a coarser step, or a lower cap than session 14's 2 units,
// `StrokeShapeMeasures.windingShareCap`) is a candidate for that round.

private struct FluentVariant: Sendable {
    var name: String
    var change: @Sendable (inout StrokeWriter) -> Void
}

private let fluentVariants: [FluentVariant] = [
    FluentVariant(name: "as drawn") { _ in },
    FluentVariant(name: "corners cut 40%") { $0.cornerRounding = 0.4 },
    FluentVariant(name: "size halved") { $0.size *= 0.5 },
    FluentVariant(name: "jitter doubled") { $0.jitter *= 2 },
    FluentVariant(name: "all three") { $0.cornerRounding = 0.4; $0.size *= 0.5; $0.jitter *= 2 },
]

func exploreFluentHands() {
    var exact = matchingParameters
    exact.reportsRunnerUp = true
    let classifier = try! StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: exact)
    let names = StrokeTemplate.builtIn.map(\.name)
    var fluentDiagnoses: [(String, RejectionDiagnosis)] = []
    print("| tuning writers | variant | nearest right | lost (nearest right, rejected) | lost most as |")
    print("|---|---|---|---|---|")
    for (partName, writers, habits, seed) in [("100–119, usual", tuningWriters, StrokeHabits.usual, UInt64(0x70AE)),
                                              ("140–159, widened", variedTuningWriters, variedTuningHabits, UInt64(0x70AF))] {
        for variant in fluentVariants {
            var drawings = 0, nearestRight = 0, lost = 0
            var confusions: [String: Int] = [:]
            var diagnosis = RejectionDiagnosis()
            for writerSeed in writers {
                var writer = StrokeWriter(seed: writerSeed, habits: habits)
                variant.change(&writer)
                var synthesizer = StrokeSynthesizer(seed: seed ^ (writerSeed &* 0x9E37_79B9_7F4A_7C15))
                for (shape, kind) in shapes.enumerated() {
                    for _ in 0..<samplesPerWriter {
                        drawings += 1
                        let drawing = synthesizer.drawing(of: kind, by: writer)
                        let found = classifier.classify(strokes: drawing)
                        diagnosis.add(shape: kind.rawValue, drawing: drawing, match: found, isCorrect: found?.templateIndex == shape)
                        guard let match = found, match.templateIndex == shape else { continue }
                        nearestRight += 1
                        guard !match.isConfident() else { continue }
                        lost += 1
                        let runnerUp = match.runnerUpTemplateIndex >= 0 ? names[match.runnerUpTemplateIndex] : "none"
                        confusions["\(names[shape])→\(runnerUp)", default: 0] += 1
                    }
                }
            }
            let top = confusions.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map { "\($0.key) \($0.value)" }
            print("| \(partName) | \(variant.name) | \(percent(Double(nearestRight) / Double(drawings))) | "
                  + "\(percent(Double(lost) / Double(max(1, nearestRight)))) (\(lost)) | \(top.joined(separator: ", ")) |")
            if variant.name == "as drawn" || variant.name == "all three" { fluentDiagnoses.append(("\(partName), \(variant.name)", diagnosis)) }
        }
    }
    // What rejects them: session 11's diagnosis (`diagnose-rejection`) of
    // the parts as drawn and with all three habits.
    print()
    for (name, diagnosis) in fluentDiagnoses { diagnosis.print(family: name) }
}
