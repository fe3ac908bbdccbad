import Foundation
import Tactile
import TactileTestSupport

// `recorded [FAMILY] [TRIALS] [devices=mouse,touch,stick] [save=DIR]`
// (session 27): a family's drawings (the report's writers by default, or
// `wide` / `lognormal`) recorded with the mouse, with simulated touch and
// with a controller's stick through SDL's queue and a
// StrokeGestureRecognizer (SDLRecording.swift), evaluated as the report
// evaluates the drawings handed to the classifier directly, side by side:
// the same writers, drawings, template picks and scribbles. With `save=DIR`
// the recordings are also written as gesture logs (DIR/mouse, DIR/touch,
// DIR/stick; `logs DIR/mouse` reads them back).

/// What one way of feeding the drawings gives.
struct RecordedFigures {
    var name: String
    var drawingsKept = 0, drawingsPlayed = 0
    var pointsPerDrawing = 0.0
    var userDependent: [Double] = []
    var rotation: RotationFigures?
    var nearest = 0.0
    var rejection: Rejection?
    /// Of the recordings it finished, the recognizer's own decision (its
    /// action, or a failure) that was the classifier's on what it kept.
    var actionsAgreeing = 0
    /// With the stick: recordings the pause split (see `recordWithStick`).
    var split = 0
    var travelTimes: [Double] = []
    /// With the stick: strokes and trips the player did not finish.
    var gaveUp = 0
    var confusions = ""
    /// The built-in set's correctly matched drawings it rejects, by shape.
    var lostByShape = ""
}

/// A device's recordings, and how many the recognizer finished and
/// decided as the classifier decides on what it kept.
@MainActor
final class RecordingSession {
    let recorder: SDLStrokeRecorder
    private let decider = builtInClassifier()
    private(set) var played = 0, kept = 0, agreeing = 0

    init(device: RecordingDevice) throws {
        recorder = try SDLStrokeRecorder(device: device)
    }

    /// What the recognizer kept of `drawing` (the drawing itself, counted
    /// apart, if it finished none).
    func record(_ drawing: [[Point]]) -> [[Point]] {
        let (strokes, recognized) = recorder.record(drawing)
        played += 1
        guard !strokes.isEmpty else { return drawing }
        kept += 1
        let decided = decider.decidedMatch(StrokeInk(strokes: strokes))
        if decided.flatMap({ $0.isConfident() ? $0.name : nil }) == recognized { agreeing += 1 }
        return strokes
    }

    func record(_ drawings: Drawings) -> Drawings {
        var drawings = drawings
        drawings.byWriter = drawings.byWriter.map { $0.map { $0.map { record($0) } } }
        return drawings
    }
}

@MainActor
func recordedFigures(family: String, trials: Int, device: RecordingDevice?, saveTo directory: String?) throws -> RecordedFigures {
    let draw = heldOutDraw(family)
    var figures = RecordedFigures(name: device?.rawValue ?? "direct")
    let session = try device.map { try RecordingSession(device: $0) }
    let (direct, habits, writers) = withHeldOutFamily(family) { ($0, $1, $2) }
    // `withHeldOutFamily` sets the family's generator only while its body
    // runs; the turned drawings and the scribbles are made further down.
    let saved = (sessionSixWriters, lognormalWriters)
    lognormalWriters = family == "lognormal"
    defer { (sessionSixWriters, lognormalWriters) = saved }
    let drawings = session?.record(direct) ?? direct
    if let directory, let device {
        try writeGestureLogs(drawings, writers: writers, to: directory + "/" + device.rawValue, inputType: device.rawValue)
    }
    let all = drawings.byWriter.flatMap { $0.flatMap { $0 } }
    figures.pointsPerDrawing = Double(all.map { $0.map(\.count).reduce(0, +) }.reduce(0, +)) / Double(all.count)
    for count in [1, 2, 3, 5] {
        let confusion = userDependent(drawings, shapeIndices: Array(shapes.indices), templateCount: count, trials: trials,
                                      rotationInvariant: nil, seed: UInt64(count))
        figures.userDependent.append(confusion.accuracy)
        if count == 1 { figures.confusions = confusion.topConfusions(4) }
    }
    let recordDrawings: ((Drawings) -> Drawings)? = session.map { session in { session.record($0) } }
    let recordScribble: (([[Point]]) -> [[Point]])? = session.map { session in { session.record($0) } }
    figures.rotation = RotationFigures(upright: drawings, writers: writers, seed: draw.drawingSeed, habits: habits, trials: trials,
                                       recording: recordDrawings)
    let outcomes = builtInOutcomes(drawings, classifier: builtInClassifier(), scribblesPerKind: 1500, scribbleSeed: draw.scribbleSeed,
                                   habits: habits, recording: recordScribble)
    let real = outcomes.filter { $0.shape != nil }
    figures.nearest = Double(real.filter(\.isCorrect).count) / Double(real.count)
    let score = GestureDefaults.strokeMinimumScore, deviation = GestureDefaults.strokeMaximumShapeDeviation
    let accepts = { (outcome: Outcome) in outcome.accepted(score: score, deviation: deviation) }
    figures.rejection = Rejection(outcomes, accept: accepts)
    figures.lostByShape = lostByShape(outcomes, accept: accepts)
    if let session {
        (figures.drawingsPlayed, figures.drawingsKept, figures.actionsAgreeing) = (session.played, session.kept, session.agreeing)
        figures.split = session.recorder.splitDrawings
        figures.travelTimes = session.recorder.travelTimes
        figures.gaveUp = session.recorder.gaveUp
    }
    return figures
}

/// The `recorded` command's tables, markdown, for the report or the terminal.
@MainActor
func recordedSection(family: String, trials: Int, devices: [RecordingDevice] = RecordingDevice.allCases,
                     saveTo directory: String? = nil) throws -> String {
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    let columns = try ([nil] + devices).map { try recordedFigures(family: family, trials: trials, device: $0, saveTo: directory) }
    func row(_ name: String, _ cell: (RecordedFigures) -> String) {
        line("| \(name) | " + columns.map(cell).joined(separator: " | ") + " |")
    }
    line("| | " + columns.map { $0.name == "direct" ? "handed to the classifier" : "recorded: \($0.name)" }.joined(separator: " | ") + " |")
    line("|---|" + columns.map { _ in "---|" }.joined())
    row("recordings the recognizer finished (drawings, turned, scribbles; one it did not is evaluated as drawn)") { $0.name == "direct" ? "" : "\($0.drawingsKept) of \($0.drawingsPlayed)" }
    row("its action (or failure) the classifier's decision on what it kept") {
        $0.name == "direct" ? "" : "\($0.actionsAgreeing) of \($0.drawingsKept)"
    }
    if columns.contains(where: { $0.name == "stick" }) {
        row("recordings split by the recognizer's pause (pen-up travel too long)") { $0.name == "stick" ? "\($0.split)" : "" }
        row("strokes and pen-up trips the stick's player did not finish") { $0.name == "stick" ? "\($0.gaveUp)" : "" }
        row("pen-up travel between strokes, s: median / 95th / 99th percentile / longest") { figures in
            guard figures.name == "stick", !figures.travelTimes.isEmpty else { return "" }
            let times = figures.travelTimes.sorted()
            return [0.5, 0.95, 0.99, 1].map { String(format: "%.2f", quantile(times, $0)) }.joined(separator: " / ")
        }
    }
    row("points per drawing") { String(format: "%.1f", $0.pointsPerDrawing) }
    for (index, count) in [1, 2, 3, 5].enumerated() {
        row("user-dependent, 16 shapes, \(count) template\(count == 1 ? "" : "s")") { percent($0.userDependent[index]) }
    }
    row("rotation invariant, 13 shapes, worst of 0°/30°/60°/90°/180°, 1 / 3 templates") {
        "\(percent($0.rotation!.worstOne)) / \(percent($0.rotation!.worstThree))"
    }
    row("built-in set, nearest template") { percent($0.nearest) }
    row("… correctly matched drawings rejected (lost; target < 1%)") { percent($0.rejection!.lost) }
    row("… real drawings accepted as another shape") { percent($0.rejection!.wronglyAccepted) }
    row("… scribbles accepted (target < 5%)") { percent($0.rejection!.falseAccepts) }
    line()
    line("Most frequent confusions, user-dependent, 1 template: "
         + columns.map { "\($0.name): \($0.confusions.isEmpty ? "none" : $0.confusions)" }.joined(separator: "; ") + ".")
    line()
    line("Correctly matched drawings the built-in set rejects, by shape: "
         + columns.map { "\($0.name): \($0.lostByShape.isEmpty ? "none" : $0.lostByShape)" }.joined(separator: "; ") + ".")
    return out
}
