import Foundation
import Tactile
import TactileTestSupport

// `reference [report|wide|s6|lognormal|all] [TRIALS]`: our matcher beside
// the published reference recognizers ($P: ReferencePointCloud.swift, $P+:
// ReferencePointCloudPlus.swift, $1: ReferenceUnistroke.swift) on the same drawings, the same template picks
// and the same tests, so that a family's figures can be read against what
// the papers' recognizers do on it. Our matcher is taken without its
// rejection (the nearest template), as the papers report theirs.
//
// The picks repeat `userDependent`'s random draws with its seeds, so our
// column reproduces the report's user-dependent and rotation tables.

/// A family of writers as the report draws them.
struct ReferenceFamily {
    let name: String
    let title: String
    let writers: [UInt64]
    let seed: UInt64
    let habits: StrokeHabits
    let sessionSix: Bool
    let lognormal: Bool

    static let all: [ReferenceFamily] = [
        ReferenceFamily(name: "report", title: "report writers (1000–1029)", writers: reportWriters, seed: 0xE7A1,
                        habits: .usual, sessionSix: false, lognormal: false),
        ReferenceFamily(name: "wide", title: "wide habits (2000–2029)", writers: wideWriters, seed: 0x2D1E,
                        habits: .wide, sessionSix: false, lognormal: false),
        ReferenceFamily(name: "s6", title: "session 6's drawings of the report writers (`writers=s6`)", writers: reportWriters,
                        seed: 0xE7A1, habits: .usual, sessionSix: true, lognormal: false),
        ReferenceFamily(name: "lognormal", title: "sigma-lognormal family (4000–4029)", writers: lognormalWriterSeeds,
                        seed: 0x106E, habits: .usual, sessionSix: false, lognormal: true),
    ]

    /// Tuning writers only (session 9), for matcher work that must not look
    /// at the held-out families: `reference tune` and `reference varied`
    /// (not part of `all`).
    static let tuning: [ReferenceFamily] = [
        ReferenceFamily(name: "tune", title: "tuning writers (100–119)", writers: tuningWriters, seed: 0x70AE,
                        habits: .usual, sessionSix: false, lognormal: false),
        ReferenceFamily(name: "varied", title: "widened tuning writers (140–159)", writers: variedTuningWriters, seed: 0x70AF,
                        habits: variedTuningHabits, sessionSix: false, lognormal: false),
    ]

    func drawings(rotation: Double = 0) -> Drawings {
        let (oldSix, oldLognormal) = (sessionSixWriters, lognormalWriters)
        sessionSixWriters = sessionSix
        lognormalWriters = lognormal
        defer { (sessionSixWriters, lognormalWriters) = (oldSix, oldLognormal) }
        return Drawings(writers: writers, rotation: rotation, seed: seed, habits: habits)
    }
}

/// The recognizers compared.
enum ReferenceRecognizer {
    case ours, pointCloud, pointCloudPlus, unistroke
    /// $P+'s parts apart (`reference-parts`): many-to-one on positions
    /// alone, and $P's greedy runs with the turning angle.
    case manyToOne, greedyTurning
    /// Many-to-one on positions with our matcher's normalization, summing
    /// point distances or (as ours) their squares.
    case manyToOneSpread, manyToOneSpreadSquared
    /// The squared one, both directions added (the library's, session 29),
    /// scaled uniformly and matched at its best rotation.
    case manyToOneTurnable
    /// The squared one from the drawing's side only, and both sides added.
    case manyToOneFromDrawing, manyToOneBothSides
    /// Each point's nearest on both sides, each once (session 29).
    case eachNearest

    /// The recognizers of a family's section, in its columns' order.
    static let compared: [ReferenceRecognizer] = [.ours, .pointCloud, .pointCloudPlus, .unistroke]

    var title: String {
        switch self {
        case .ours: "ours (nearest)"
        case .pointCloud: "$P"
        case .pointCloudPlus: "$P+"
        case .unistroke: "$1"
        case .manyToOne: "$P+ without turning angles"
        case .greedyTurning: "$P with turning angles"
        case .manyToOneSpread: "$P+ without turning angles, axes as ours"
        case .manyToOneSpreadSquared: "the same, squared distances"
        case .manyToOneTurnable: "many-to-one, both directions, squared, rotation invariant"
        case .manyToOneFromDrawing: "the same, from the drawing only"
        case .manyToOneBothSides: "the same, both directions added"
        case .eachNearest: "each point's nearest, both sides once"
        }
    }

    /// A classifier for `samples[k]`, the template drawings of the k-th of
    /// `shapeIndices`, answering a position in `shapeIndices`.
    func classifier(_ samples: [[[[Point]]]], shapeIndices: [Int], rotationInvariant: Bool) -> ([[Point]]) -> Int? {
        switch self {
        case .ours:
            let templates = zip(shapeIndices, samples).map { template(shapes[$0.0], $0.1, rotationInvariant: rotationInvariant) }
            let classifier = try! StrokeClassifier(templates: templates, parameters: matchingParameters)
            return { classifier.classify(strokes: $0).map(\.templateIndex) }
        case .pointCloud:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: ReferencePointCloud.init(strokes:)) {
                $0.greedyMatch($1)
            }
            return { recognizer.classify($0) }
        case .pointCloudPlus:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: { ReferencePointCloudPlus(strokes: $0) }) {
                $0.distance(to: $1)
            }
            return { recognizer.classify($0) }
        case .manyToOne:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: { ReferencePointCloudPlus(strokes: $0, turningWeight: 0) }) {
                $0.distance(to: $1)
            }
            return { recognizer.classify($0) }
        case .manyToOneSpread, .manyToOneSpreadSquared, .manyToOneFromDrawing, .manyToOneBothSides, .eachNearest:
            let squared = self != .manyToOneSpread
            let directions: ReferencePointCloudPlus.Directions =
                self == .manyToOneFromDrawing ? .fromThis : self == .manyToOneBothSides ? .both
                    : self == .eachNearest ? .eachNearest : .lesser
            // The drawing is the first cloud (`NearestReferenceTemplate` measures drawing to template).
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: {
                ReferencePointCloudPlus(strokes: $0, turningWeight: 0, spreadAxes: true)
            }) { $0.distance(to: $1, squared: squared, directions: directions) }
            return { recognizer.classify($0) }
        case .manyToOneTurnable:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: {
                ReferencePointCloudPlus(strokes: $0, turningWeight: 0, turnable: true)
            }) { $0.distanceAtBestRotation(to: $1, directions: .both) }
            return { recognizer.classify($0) }
        case .greedyTurning:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: { ReferencePointCloudPlus(strokes: $0) }) {
                $0.greedyDistance(to: $1)
            }
            return { recognizer.classify($0) }
        case .unistroke:
            let recognizer = NearestReferenceTemplate(samples: samples, prepare: ReferenceUnistroke.init(strokes:)) {
                $0.distanceAtBestAngle(to: $1)
            }
            return { recognizer.classify($0) }
        }
    }
}

/// A published recognizer over a template set, as $P and $1 both use one:
/// each template drawing is its own sample, and the nearest sample's shape
/// wins.
struct NearestReferenceTemplate<Sample> {
    private var templates: [(shape: Int, sample: Sample)] = []
    private let prepare: ([[Point]]) -> Sample?
    private let distance: (Sample, Sample) -> Double

    /// `samples[k]` are the drawings of shape `k`; `prepare` normalizes a
    /// drawing (`nil` for one without length); `distance(drawing,
    /// template)`.
    init(samples: [[[[Point]]]], prepare: @escaping ([[Point]]) -> Sample?,
         distance: @escaping (Sample, Sample) -> Double) {
        self.prepare = prepare
        self.distance = distance
        for (shape, drawings) in samples.enumerated() {
            for drawing in drawings {
                if let sample = prepare(drawing) { templates.append((shape, sample)) }
            }
        }
    }

    /// The index of the nearest template's shape; `nil` for a drawing
    /// without length.
    func classify(_ drawing: [[Point]]) -> Int? {
        guard let sample = prepare(drawing) else { return nil }
        var best = Double.infinity
        var bestShape: Int?
        for template in templates {
            let d = distance(sample, template.sample)
            if d < best { best = d; bestShape = template.shape }
        }
        return bestShape
    }
}

/// User-dependent accuracy of each of `recognizers` on the same picks
/// (the draws of `userDependent`, so its seeds give its figures).
func referenceUserDependent(_ drawings: Drawings, shapeIndices: [Int], templateCount: Int, trials: Int,
                            rotationInvariant: Bool, tests: Drawings? = nil, seed: UInt64,
                            recognizers: [ReferenceRecognizer]) -> [Confusion] {
    var random = SplitMix64(seed: seed)
    var confusions = recognizers.map { _ in Confusion(names: shapeIndices.map { shapes[$0].rawValue }) }
    for writer in drawings.byWriter.indices {
        for _ in 0..<trials {
            var picks = Array(0..<samplesPerWriter)
            for index in picks.indices.reversed() { picks.swapAt(index, random.below(index + 1)) }
            let samples = shapeIndices.map { shape in picks.prefix(templateCount).map { drawings.byWriter[writer][shape][$0] } }
            let testSample = picks[templateCount]
            for (which, recognizer) in recognizers.enumerated() {
                let classify = recognizer.classifier(samples, shapeIndices: shapeIndices, rotationInvariant: rotationInvariant)
                for (position, shape) in shapeIndices.enumerated() {
                    confusions[which].add(actual: position, predicted: classify((tests ?? drawings).byWriter[writer][shape][testSample]))
                }
            }
        }
    }
    return confusions
}

func referenceCell(_ confusion: Confusion) -> String { percent(confusion.accuracy) }

/// The section for one family: the 16-shape user-dependent table (ours, $P
/// and $P+; $1 shown apart, as it cannot tell turned twins apart), per-shape
/// accuracy with 1 template, and the 13-shape rotation table (ours
/// invariant and $1 at every rotation; $P and $P+ upright only).
func referenceSection(_ family: ReferenceFamily, trials: Int) -> String {
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    let drawings = family.drawings()
    let all = Array(shapes.indices)
    let recognizers = ReferenceRecognizer.compared
    line("### \(family.title)")
    line()
    line("User-dependent, all \(shapes.count) shapes, rotation sensitive ($1 rotation invariant by design: see below).")
    line()
    line("| templates per shape | ours (nearest) | $P | $P+ | $1 | confusions: ours | confusions: $P | confusions: $P+ |")
    line("|---|---|---|---|---|---|---|---|")
    var one: [Confusion] = []
    for count in [1, 2, 3, 5] {
        let result = referenceUserDependent(drawings, shapeIndices: all, templateCount: count, trials: trials,
                                            rotationInvariant: false, seed: UInt64(count), recognizers: recognizers)
        if count == 1 { one = result }
        let (ours, p, pPlus, unistroke) = (result[0], result[1], result[2], result[3])
        line("| \(count) | \(referenceCell(ours)) | \(referenceCell(p)) | \(referenceCell(pPlus)) | \(referenceCell(unistroke)) | \(ours.topConfusions(3)) | \(p.topConfusions(3)) | \(pPlus.topConfusions(3)) |")
    }
    line()
    line("Per shape, 1 template (share of that shape's tests right):")
    line()
    line("| shape | " + shapes.map(\.rawValue).joined(separator: " | ") + " |")
    line("|---" + String(repeating: "|---", count: shapes.count) + "|")
    for (which, recognizer) in recognizers.enumerated() {
        let confusion = one[which]
        let cells = confusion.counts.enumerated().map { shape, row in
            String(format: "%.0f", 100 * Double(row[shape]) / Double(max(1, row.reduce(0, +))))
        }
        line("| \(recognizer.title) | " + cells.joined(separator: " | ") + " |")
    }
    line()
    let invariantShapes = shapes.indices.filter { !shapes[$0].hasRotatedTwin }
    line("Rotation invariant, \(invariantShapes.count) shapes (no turned twins): templates upright, tests turned; ours with")
    line("every template rotation invariant. $P and $P+ are not rotation invariant, so only their upright row is meaningful.")
    line()
    line("| rotation | ours, 1 | $1, 1 | $P, 1 | $P+, 1 | ours, 3 | $1, 3 | $P, 3 | $P+, 3 | confusions (1 template): ours | confusions (1 template): $1 |")
    line("|---|---|---|---|---|---|---|---|---|---|---|")
    for degrees in [0.0, 30, 60, 90, 180] {
        let turned = family.drawings(rotation: degrees * .pi / 180)
        let compared: [ReferenceRecognizer] = degrees == 0 ? [.ours, .unistroke, .pointCloud, .pointCloudPlus] : [.ours, .unistroke]
        let one = referenceUserDependent(drawings, shapeIndices: invariantShapes, templateCount: 1, trials: trials,
                                         rotationInvariant: true, tests: turned, seed: 0x40, recognizers: compared)
        let three = referenceUserDependent(drawings, shapeIndices: invariantShapes, templateCount: 3, trials: trials,
                                           rotationInvariant: true, tests: turned, seed: 0x41, recognizers: compared)
        func upright(_ result: [Confusion], _ position: Int) -> String { result.count > position ? referenceCell(result[position]) : "–" }
        line("| \(Int(degrees))° | \(referenceCell(one[0])) | \(referenceCell(one[1])) | \(upright(one, 2)) | \(upright(one, 3)) | \(referenceCell(three[0])) | \(referenceCell(three[1])) | \(upright(three, 2)) | \(upright(three, 3)) | \(one[0].topConfusions(3)) | \(one[1].topConfusions(3)) |")
    }
    line()
    return out
}

/// `reference-parts [family|all] [TRIALS]`: which of $P+'s two changes
/// makes its difference: user-dependent accuracy, 16 shapes, 1 and 3
/// templates, of $P, $P with the turning angle, $P+ without it, and $P+
/// (ours beside them), on the same picks as the family's section.
func referenceParts(familyName: String, trials: Int) {
    let families = familyName == "all" ? ReferenceFamily.all + ReferenceFamily.tuning
        : (ReferenceFamily.all + ReferenceFamily.tuning).filter { $0.name == familyName }
    precondition(!families.isEmpty, "reference-parts takes report, wide, s6, lognormal, tune, varied or all")
    let recognizers: [ReferenceRecognizer] = [.ours, .pointCloud, .greedyTurning, .manyToOne, .pointCloudPlus, .manyToOneSpread, .manyToOneSpreadSquared,
                                                .manyToOneFromDrawing, .manyToOneBothSides, .eachNearest]
    print("| family | templates | " + recognizers.map(\.title).joined(separator: " | ") + " |")
    print("|---|---|" + String(repeating: "---|", count: recognizers.count))
    for family in families {
        for count in [1, 3] {
            let result = referenceUserDependent(family.drawings(), shapeIndices: Array(shapes.indices), templateCount: count,
                                                trials: trials, rotationInvariant: false, seed: UInt64(count), recognizers: recognizers)
            print("| \(family.name) | \(count) | " + result.map(referenceCell).joined(separator: " | ") + " |")
        }
    }
}

/// `reference-parts rotation [family|all] [TRIALS]`: ours rotation
/// invariant beside many-to-one matching (squared, scaled uniformly) at its
/// best rotation, 13 shapes, templates upright and tests turned, on the
/// picks of the family's rotation table.
func referencePartsRotation(familyName: String, trials: Int) {
    let families = familyName == "all" ? ReferenceFamily.all + ReferenceFamily.tuning
        : (ReferenceFamily.all + ReferenceFamily.tuning).filter { $0.name == familyName }
    precondition(!families.isEmpty, "reference-parts rotation takes report, wide, s6, lognormal, tune, varied or all")
    let invariantShapes = shapes.indices.filter { !shapes[$0].hasRotatedTwin }
    let recognizers: [ReferenceRecognizer] = [.ours, .manyToOneTurnable]
    let rotations = [0.0, 30, 60, 90, 180]
    print("| family | templates | recognizer | " + rotations.map { "\(Int($0))°" }.joined(separator: " | ") + " | worst |")
    print("|---|---|---|" + String(repeating: "---|", count: rotations.count + 1))
    for family in families {
        let drawings = family.drawings()
        for (count, seed) in [(1, UInt64(0x40)), (3, 0x41)] {
            var cells = recognizers.map { _ in [Double]() }
            for degrees in rotations {
                let result = referenceUserDependent(drawings, shapeIndices: invariantShapes, templateCount: count, trials: trials,
                                                    rotationInvariant: true, tests: family.drawings(rotation: degrees * .pi / 180),
                                                    seed: seed, recognizers: recognizers)
                for index in recognizers.indices { cells[index].append(result[index].accuracy) }
            }
            for (index, recognizer) in recognizers.enumerated() {
                print("| \(family.name) | \(count) | \(recognizer.title) | " + cells[index].map(percent).joined(separator: " | ")
                      + " | \(percent(cells[index].min()!)) |")
            }
        }
    }
}

/// `reference [family|all] [TRIALS]`: prints the sections (markdown).
func referenceComparison(familyName: String, trials: Int) {
    let clock = ContinuousClock()
    let started = clock.now
    let families = familyName == "all" ? ReferenceFamily.all : (ReferenceFamily.all + ReferenceFamily.tuning).filter { $0.name == familyName }
    precondition(!families.isEmpty, "reference takes report, wide, s6, lognormal, all, or tune or varied (tuning writers)")
    for family in families {
        print(referenceSection(family, trials: trials), terminator: "")
        FileHandle.standardError.write("\(family.name): \(clock.now - started)\n".data(using: .utf8)!)
    }
    print("(\(trials) trials per writer and setting; \(clock.now - started) in all.)")
}
