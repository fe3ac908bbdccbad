import Foundation
import Tactile
import TactileTestSupport

// The shake detector's accuracy on made-up accelerometer recordings
// (MotionSynthesizer): shakes, and the movements it must not take for one.
//
//   swift run -c release --package-path Benchmarks ShakeEvaluation report > report.md
//   swift run -c release --package-path Benchmarks ShakeEvaluation tune [setting=value …]
//   swift run -c release --package-path Benchmarks ShakeEvaluation file recording.csv [setting=value …]
//
// (or scripts/evaluate-shake). Seeds are kept apart by purpose, so that
// nothing reported was tuned on:
//
// | seeds | used for |
// |---|---|
// | 1 ..< 6 | tuning the defaults (`tune`) |
// | 1000 ..< 1010 | the report (`report`) |
//
// "After" is the detector as a game gets it: recordings go through
// `MotionManager` as SDL sensor events (m/s², SDL's sign) to a scene, and
// the phases of the scene's shake recognizer (the shake motion events the
// responder chain hears) are counted. "Before" is the detector as it was (LegacyShakeDetector).
// `file` runs both over a recording of your own: lines of `time,x,y,z`
// (seconds, g, either sign convention), one recording per file.

let tuningSeeds = (1..<6).map(UInt64.init)
let reportSeeds = (1000..<1010).map(UInt64.init)
/// Recordings per seed and kind.
let perSeed = 200

/// What a detector made of one recording: its phases, in order.
struct Outcome {
    var phases: [(MotionPhase, Double)] = []

    var began: Bool { phases.contains { $0.0 == .began } }
    var ended: Bool { phases.contains { $0.0 == .ended } }
    var label: String {
        phases.isEmpty ? "nothing" : phases.map(\.0.rawValue).joined(separator: " → ")
    }
}

/// The phases of the shake the responder chain hears: the scene's own
/// shake recognizer, fed by the manager.
@MainActor
func tactile(_ readings: [MotionSynthesizer.Reading], settings: ShakeSettings) -> Outcome {
    let clock = ManualClock()
    let manager = MotionManager(clock: clock)
    let scene = Scene(size: Size(width: 100, height: 100))
    manager.motionEventReceiver = scene
    let shake = scene.shakeGestureRecognizer
    shake.settings = settings
    var outcome = Outcome()
    _ = shake.addAction { shake in
        switch shake.state {
        case .began: outcome.phases.append((.began, shake.currentTime))
        case .ended: outcome.phases.append((.ended, shake.currentTime))
        case .cancelled: outcome.phases.append((.cancelled, shake.currentTime))
        case .possible, .changed, .failed: break
        }
    }
    for reading in readings {
        clock.advance(to: reading.time)
        let sample = SensorSample(kind: .accelerometer, source: .device(1),
                                  value: reading.acceleration * -SensorSample.standardGravity, sensorTime: reading.time)
        manager.handle(InputEvent(timestamp: reading.time, .sensor(sample)))
        manager.update()
    }
    return withExtendedLifetime(scene) { outcome }
}

func legacy(_ readings: [MotionSynthesizer.Reading]) -> Outcome {
    var detector = LegacyShakeDetector()
    var outcome = Outcome()
    for reading in readings {
        if let phase = detector.add(reading.acceleration, at: reading.time) { outcome.phases.append((phase, reading.time)) }
    }
    return outcome
}

/// The classes reported: shakes split at the guide's second.
enum Row: String, CaseIterable {
    case shortShake = "shake, < 1 s"
    case longShake = "shake, ≥ 1 s"
    case move = "single move"
    case circle = "circle"
    case pickUp = "pick-up / put-down"

    init(_ recording: MotionSynthesizer.Recording) {
        switch recording.kind {
        case .shake, .longShake: self = recording.motionDuration < 1 ? .shortShake : .longShake
        case .move: self = .move
        case .circle: self = .circle
        case .pickUp: self = .pickUp
        }
    }
}

struct Tally {
    var outcomes: [Row: [String: Int]] = [:]
    var counts: [Row: Int] = [:]
    var began: [Row: Int] = [:]
    var ended: [Row: Int] = [:]
    var byReversals: [Int: (count: Int, began: Int, ended: Int)] = [:]
    var beganLatency: [Double] = []
    var endedLatency: [Double] = []

    mutating func add(_ outcome: Outcome, for recording: MotionSynthesizer.Recording) {
        let row = Row(recording)
        outcomes[row, default: [:]][outcome.label, default: 0] += 1
        counts[row, default: 0] += 1
        if outcome.began { began[row, default: 0] += 1 }
        if outcome.ended { ended[row, default: 0] += 1 }
        if row == .shortShake {
            var entry = byReversals[recording.reversals] ?? (0, 0, 0)
            entry.count += 1
            if outcome.began { entry.began += 1 }
            if outcome.ended { entry.ended += 1 }
            byReversals[recording.reversals] = entry
            if let began = outcome.phases.first(where: { $0.0 == .began }) { beganLatency.append(began.1 - recording.motionStart) }
            if let ended = outcome.phases.first(where: { $0.0 == .ended }) { endedLatency.append(ended.1 - recording.motionEnd) }
        }
    }

    func rate(_ table: [Row: Int], _ row: Row) -> Double {
        Double(table[row] ?? 0) / Double(max(1, counts[row] ?? 0))
    }

    var falseBegan: Double {
        let rows: [Row] = [.move, .circle, .pickUp]
        return Double(rows.reduce(0) { $0 + (began[$1] ?? 0) }) / Double(max(1, rows.reduce(0) { $0 + (counts[$1] ?? 0) }))
    }
    var falseEnded: Double {
        let rows: [Row] = [.move, .circle, .pickUp]
        return Double(rows.reduce(0) { $0 + (ended[$1] ?? 0) }) / Double(max(1, rows.reduce(0) { $0 + (counts[$1] ?? 0) }))
    }
    var allShakesBegan: Double {
        Double((began[.shortShake] ?? 0) + (began[.longShake] ?? 0))
            / Double(max(1, (counts[.shortShake] ?? 0) + (counts[.longShake] ?? 0)))
    }
}

func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

func median(_ values: [Double]) -> String {
    guard !values.isEmpty else { return "–" }
    let sorted = values.sorted()
    return String(format: "%.2f s", sorted[sorted.count / 2])
}

/// Runs both detectors over every kind for `seeds`.
@MainActor
func evaluate(seeds: [UInt64], settings: ShakeSettings) -> (before: Tally, after: Tally) {
    var before = Tally(), after = Tally()
    for seed in seeds {
        for (index, kind) in MotionSynthesizer.Kind.allCases.enumerated() {
            var synthesizer = MotionSynthesizer(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
            for _ in 0..<perSeed {
                let recording = synthesizer.recording(of: kind)
                before.add(legacy(recording.readings), for: recording)
                after.add(tactile(recording.readings, settings: settings), for: recording)
            }
        }
    }
    return (before, after)
}

func summary(_ name: String, _ tally: Tally) -> String {
    "| \(name) | \(percent(tally.allShakesBegan)) | \(percent(tally.rate(tally.ended, .shortShake))) | "
        + "\(percent(tally.rate(tally.ended, .longShake))) | \(percent(tally.falseBegan)) | \(percent(tally.falseEnded)) | "
        + Row.allCases.dropFirst(2).map { "\(percent(tally.rate(tally.began, $0))) / \(percent(tally.rate(tally.ended, $0)))" }.joined(separator: " | ")
        + " |"
}

let summaryHeader = """
    | detector | shakes began (target ≥ 90%) | shakes < 1 s ended (≥ 90%) | shakes ≥ 1 s ended (guide: cancelled) | non-shakes began (≤ 25%) | non-shakes ended (≤ 10%) | moves began / ended | circles | pick-ups |
    |---|---|---|---|---|---|---|---|---|
    """

func confusion(_ tally: Tally) -> String {
    let labels = ["nothing", "began → cancelled", "began → ended"]
    var lines = ["| recording | count | " + labels.joined(separator: " | ") + " | other |", "|---|---|---|---|---|---|"]
    for row in Row.allCases {
        let outcomes = tally.outcomes[row] ?? [:]
        let other = outcomes.filter { !labels.contains($0.key) }
        let otherText = other.isEmpty ? "·" : other.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("| \(row.rawValue) | \(tally.counts[row] ?? 0) | " + labels.map { "\(outcomes[$0] ?? 0)" }.joined(separator: " | ") + " | \(otherText) |")
    }
    return lines.joined(separator: "\n")
}

func byReversals(_ before: Tally, _ after: Tally) -> String {
    var lines = ["| reversals | count | began, before | began, after | ended, before | ended, after |", "|---|---|---|---|---|---|"]
    for reversals in after.byReversals.keys.sorted() {
        let a = after.byReversals[reversals]!, b = before.byReversals[reversals]!
        func r(_ n: Int) -> String { percent(Double(n) / Double(max(1, a.count))) }
        lines.append("| \(reversals) | \(a.count) | \(r(b.began)) | \(r(a.began)) | \(r(b.ended)) | \(r(a.ended)) |")
    }
    return lines.joined(separator: "\n")
}

/// `name=value` arguments over the default settings.
func settings(from arguments: ArraySlice<String>) -> ShakeSettings {
    var settings = ShakeSettings()
    for argument in arguments {
        let parts = argument.split(separator: "=")
        guard parts.count == 2, let value = Double(parts[1]) else { continue }
        switch parts[0] {
        case "joltThreshold": settings.joltThreshold = value
        case "restingAcceleration": settings.restingAcceleration = value
        case "shortestHalfCycle": settings.shortestHalfCycle = value
        case "longestHalfCycle": settings.longestHalfCycle = value
        case "minimumRelativeStrength": settings.minimumRelativeStrength = value
        case "reversalsToBegin": settings.reversalsToBegin = Int(value)
        case "minimumReversals": settings.minimumReversals = Int(value)
        case "quietInterval": settings.quietInterval = value
        case "maximumDuration": settings.maximumDuration = value
        case "gravityTimeConstant": settings.gravityTimeConstant = value
        case "settleTime": settings.settleTime = value
        default: FileHandle.standardError.write(Data("unknown setting \(parts[0])\n".utf8))
        }
    }
    return settings
}

@MainActor
func report() {
    let (before, after) = evaluate(seeds: reportSeeds, settings: ShakeSettings())
    print("""
        # Shake detection: evaluation report

        Generated by `scripts/evaluate-shake` (Benchmarks/Evaluation/ShakeEvaluation). \(perSeed) made-up
        recordings of each kind for each of the report seeds \(reportSeeds.first!)…\(reportSeeds.last!)
        (`MotionSynthesizer`: minimum-jerk shakes of 2–8 reversals at 3–8 Hz and of 1–3 s, single moves
        of 0.2–1 s with overshoot and ringing, circles, pick-ups and put-downs; sensor noise, bias, scale
        error, range and rate; the device in any orientation). The defaults were tuned on seeds
        \(tuningSeeds.first!)…\(tuningSeeds.last!), never on these. Made up, not recorded: see the type's
        documentation for what is modelled, and run `file` on recordings of your own.

        **Before** is the detector as it was (high-pass filter, began at one reversal, ended at two);
        **after** is the detector now, through `MotionManager` as a game has it. A shake lasting a
        second or more should be cancelled (the guide's rule), so its "ended" should be low.

        \(summaryHeader)
        \(summary("before", before))
        \(summary("after", after))

        ## Outcomes, after

        \(confusion(after))

        ## Outcomes, before

        \(confusion(before))

        ## Shakes under a second, by reversals of the hand

        \(byReversals(before, after))

        Median time from the hand starting to shake to `began`: before \(median(before.beganLatency)),
        after \(median(after.beganLatency)); from the hand stopping to `ended`: before
        \(median(before.endedLatency)), after \(median(after.endedLatency)).
        """)
}

@MainActor
func tune(_ arguments: ArraySlice<String>) {
    let (before, after) = evaluate(seeds: tuningSeeds, settings: settings(from: arguments))
    print(summaryHeader)
    print(summary("before", before))
    print(summary("after", after))
    print()
    print(confusion(after))
    print()
    print(byReversals(before, after))
}

/// Both detectors over one recording of time,x,y,z lines (g). A recording
/// with gravity pointing up (SDL's and Android's sign) is turned over.
@MainActor
func file(_ path: String, _ arguments: ArraySlice<String>) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var readings: [MotionSynthesizer.Reading] = []
    for line in text.split(whereSeparator: \.isNewline) {
        let fields = line.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard fields.count == 4 else { continue }
        readings.append(.init(time: fields[0], acceleration: Vector3(x: fields[1], y: fields[2], z: fields[3])))
    }
    print("\(readings.count) readings")
    print("before: \(legacy(readings).phases.map { "\($0.0.rawValue) at \(String(format: "%.2f", $0.1))" })")
    print("after:  \(tactile(readings, settings: settings(from: arguments)).phases.map { "\($0.0.rawValue) at \(String(format: "%.2f", $0.1))" })")
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first ?? "report" {
case "report": report()
case "tune": tune(arguments.dropFirst())
case "file":
    guard let path = arguments.dropFirst().first else { print("file needs a path"); exit(2) }
    try file(path, arguments.dropFirst(2))
default:
    print("usage: ShakeEvaluation [report | tune [setting=value …] | file path [setting=value …]]")
    exit(2)
}
