import Foundation
import Tactile
import TactileTestSupport

// `reference [report|wide|s6|lognormal|all] [TRIALS]`: our matcher beside
// the published reference recognizers ($P: ReferencePointCloud.swift, $1:
// ReferenceUnistroke.swift) on the same drawings, the same template picks
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
enum ReferenceRecognizer: CaseIterable {
    case ours, pointCloud, unistroke

    var title: String {
        switch self {
        case .ours: "ours (nearest)"
        case .pointCloud: "$P"
        case .unistroke: "$1"
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

/// The section for one family: the 16-shape user-dependent table (ours and
/// $P; $1 shown apart, as it cannot tell turned twins apart), per-shape
/// accuracy with 1 template, and the 13-shape rotation table (ours
/// invariant and $1 at every rotation; $P upright only).
func referenceSection(_ family: ReferenceFamily, trials: Int) -> String {
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    let drawings = family.drawings()
    let all = Array(shapes.indices)
    let recognizers = ReferenceRecognizer.allCases
    line("### \(family.title)")
    line()
    line("User-dependent, all \(shapes.count) shapes, rotation sensitive ($1 rotation invariant by design: see below).")
    line()
    line("| templates per shape | ours (nearest) | $P | $1 | confusions: ours | confusions: $P |")
    line("|---|---|---|---|---|---|")
    var one: [Confusion] = []
    for count in [1, 2, 3, 5] {
        let result = referenceUserDependent(drawings, shapeIndices: all, templateCount: count, trials: trials,
                                            rotationInvariant: false, seed: UInt64(count), recognizers: recognizers)
        if count == 1 { one = result }
        line("| \(count) | \(referenceCell(result[0])) | \(referenceCell(result[1])) | \(referenceCell(result[2])) | \(result[0].topConfusions(3)) | \(result[1].topConfusions(3)) |")
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
    line("every template rotation invariant. $P is not rotation invariant, so only its upright row is meaningful.")
    line()
    line("| rotation | ours, 1 | $1, 1 | $P, 1 | ours, 3 | $1, 3 | $P, 3 | confusions (1 template): ours | confusions (1 template): $1 |")
    line("|---|---|---|---|---|---|---|---|---|")
    for degrees in [0.0, 30, 60, 90, 180] {
        let turned = family.drawings(rotation: degrees * .pi / 180)
        let compared: [ReferenceRecognizer] = degrees == 0 ? [.ours, .unistroke, .pointCloud] : [.ours, .unistroke]
        let one = referenceUserDependent(drawings, shapeIndices: invariantShapes, templateCount: 1, trials: trials,
                                         rotationInvariant: true, tests: turned, seed: 0x40, recognizers: compared)
        let three = referenceUserDependent(drawings, shapeIndices: invariantShapes, templateCount: 3, trials: trials,
                                           rotationInvariant: true, tests: turned, seed: 0x41, recognizers: compared)
        let p1 = one.count > 2 ? referenceCell(one[2]) : "–"
        let p3 = three.count > 2 ? referenceCell(three[2]) : "–"
        line("| \(Int(degrees))° | \(referenceCell(one[0])) | \(referenceCell(one[1])) | \(p1) | \(referenceCell(three[0])) | \(referenceCell(three[1])) | \(p3) | \(one[0].topConfusions(3)) | \(one[1].topConfusions(3)) |")
    }
    line()
    return out
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
