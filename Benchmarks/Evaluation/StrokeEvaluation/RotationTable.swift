import Foundation
@_spi(StrokeTuning) import Tactile
import TactileTestSupport

// The rotation-invariant table (the report's, `rotation`'s and the
// rotation round's): every template rotation invariant, templates from a
// writer's upright drawings, tests by the same writer turned.

/// The rotation-invariant table's rotations, in degrees.
let tableRotations = [0.0, 30, 60, 90, 180]

/// One family's rotation-invariant table under the global
/// `matchingParameters`: the accuracy with 1 and 3 templates at each of
/// `tableRotations`, and the confusions with each.
struct RotationFigures {
    var one: [Double] = []
    var three: [Double] = []
    /// The most frequent confusions with 1 template, a rotation each.
    var confusions: [String] = []
    /// The same with 3 templates.
    var confusionsWithThree: [String] = []
    var worstOne: Double { one.min() ?? .nan }
    var worstThree: Double { three.min() ?? .nan }

    /// The table of `writers`' drawings (`upright`, when made already, as
    /// `Drawings(writers:seed:habits:)` makes them), turned by the same seed.
    /// With `recording`, the turned drawings go through it (`recorded`: a
    /// device into SDL's queue; `upright` is given recorded).
    init(upright: Drawings? = nil, writers: [UInt64], seed: UInt64, habits: StrokeHabits, trials: Int,
         recording: ((Drawings) -> Drawings)? = nil) {
        let upright = upright ?? Drawings(writers: writers, seed: seed, habits: habits)
        let invariantShapes = shapes.indices.filter { !shapes[$0].hasRotatedTwin }
        for degrees in tableRotations {
            var turned = Drawings(writers: writers, rotation: degrees * .pi / 180, seed: seed, habits: habits)
            if let recording { turned = recording(turned) }
            let first = userDependent(upright, shapeIndices: invariantShapes, templateCount: 1, trials: trials,
                                      rotationInvariant: true, tests: turned, seed: 0x40)
            let third = userDependent(upright, shapeIndices: invariantShapes, templateCount: 3, trials: trials,
                                      rotationInvariant: true, tests: turned, seed: 0x41)
            one.append(first.accuracy)
            three.append(third.accuracy)
            confusions.append(first.topConfusions(3))
            confusionsWithThree.append(third.topConfusions(3))
        }
    }

    /// "worst 1 / worst 3 (each rotation's 1 / 3)".
    var cells: String {
        "\(percent(worstOne)) / \(percent(worstThree)) | "
            + zip(one, three).map { "\(percent($0)) / \(percent($1))" }.joined(separator: ", ")
    }

    /// The table in markdown, a row a rotation.
    var markdown: String {
        var out = "| rotation | 1 template | 3 templates | confusions (1 template) | confusions (3 templates) |\n|---|---|---|---|---|\n"
        for index in tableRotations.indices {
            out += "| \(Int(tableRotations[index]))° | \(percent(one[index])) | \(percent(three[index])) | "
                + "\(confusions[index]) | \(confusionsWithThree[index]) |\n"
        }
        return out
    }
}

/// The rotation-invariant table: templates from `drawings` upright, tests
/// by the same writers turned.
func rotationTable(_ drawings: Drawings, writers: [UInt64], seed: UInt64, habits: StrokeHabits = .usual, trials: Int) -> String {
    RotationFigures(upright: drawings, writers: writers, seed: seed, habits: habits, trials: trials).markdown
}

/// The rotation-invariant table alone, on the tuning writers (for tuning
/// the rotation search) or the report's writers, with the time per
/// classification: quicker than a whole report.
func rotationOnly(writers: [UInt64], trials: Int) {
    let seed: UInt64 = writers == reportWriters ? 0xE7A1 : writers == wideWriters ? 0x2D1E : writers == lognormalWriterSeeds ? 0x106E : 0x70AE
    let habits: StrokeHabits = writers == wideWriters ? .wide : .usual
    let drawings = Drawings(writers: writers, seed: seed, habits: habits)
    let clock = ContinuousClock()
    let started = clock.now
    print(rotationTable(drawings, writers: writers, seed: seed, habits: habits, trials: trials), terminator: "")
    print("(\(clock.now - started) in all, templates prepared included)")
}
