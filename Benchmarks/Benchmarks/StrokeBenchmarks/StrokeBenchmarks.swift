import Benchmark
import BenchmarkSupport
import Foundation
import Tactile
import TactileSDL
import TactileTestSupport

// What stroke gestures cost. The bars: classifying a finished
// drawing against 16 shapes × 3 templates takes at most 50 µs and
// allocates nothing after warm-up; a move while drawing costs no more than
// a pan's move.
//
// | benchmark | measures |
// |---|---|
// | SDL push+poll (floor) | SDL's own cost, in this run (per event, ×1000 per iteration) |
// | Classify: built-in set (16 × 3) | `StrokeClassifier.classify` of one finished drawing against the built-in set (none rotation invariant), drawings of all 16 shapes in turn by a writer the set was not made from; one per iteration; `classify(_:)`, which searches the margin as far as the library's threshold decides, as `StrokeGestureRecognizer` classifies (sessions 14–28 the recognizer's classification was told the decision, `classify(_:minimumScore:maximumShapeDeviation:)`, and could stop once rejection was certain; gone with the greedy matching in session 29) |
// | Classify: 16 × 3, circle and star rotation invariant | the same drawings against the same templates with the circle's and the star's rotation invariance on |
// | Classify: 13 × 3, all rotation invariant | the evaluation's rotation-invariant set (no shape that is a turn of another) |
// | Classify: 13 × 3, all rotation invariant, turned | the same set, the drawings turned by 0°, 37°, 90°, 143°, 200° and 291° in turn |
// | … , without runner-up | the built-in set and the turned rotation-invariant set with `marginSearchDeviation` 0: the search for the match alone, without the next nearest template the margin rule needs (session 10), as up to session 9 |
// | Classify: built-in set (16 × 3), a side at a time | the same writer's triangle, rectangle and star, each cut into as many strokes as it has sides (equal runs of points, every other one drawn backwards): drawings of a stroke count the built-in samples lack, whose shape check joins their strokes (`joinsStrokesAcrossCounts`, session 32; a star's five strokes are ordered exhaustively) |
// | Classify: built-in set (16 × 3), scribbles | the built-in set against scribbles that resemble nothing (each kind in turn, as the evaluation's `classify N plain scribbles`): a finished drawing too, the costliest kind, whose large shape deviation sets off the margin's search for the next nearest template (session 11: stopped once the decision is known); `, without runner-up`: with `marginSearchDeviation` 0 |
// | Decide: built-in set + one learned drawing a template (16 × 4)[, scribbles] | the built-in set's drawings, or its scribbles, decided as a recognizer with an adaptation decides them (`StrokeAdaptation.decide`, session 24): every template holding one drawing of another writer (its threshold 0.9396 times the built-in one), the margin searched at the recognizer's threshold and, when its bound does not settle the template's own, classified again searching at that one |
// | … , angular alignment | the two upright invariant sets above (16 × 3 and 13 × 3) with `alignmentAngles` 36: each sample matched at the two angles where its angular harmonics line up with the drawing's, instead of at 12 |
// | Stroke drawing: move | `scene.send` of one finger move to a layer whose `StrokeGestureRecognizer` is drawing (×1000 per iteration) |
// | Pan changing: move | the same move with a `PanGestureRecognizer` that has begun, as in SceneBenchmarks (×1000 per iteration) |
//
// Scene benchmarks run isolated to the main actor: see SceneBenchmarks.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    registerSDLFloorBenchmark()

    for set in ClassifierFixture.TemplateSet.allCases {
        // Each sample re-runs the warm-up over every ink, which for the
        // scribbles is most of the 2 s: they got 25–49 samples (session 11).
        let scribbles = set == .builtInScribbles || set == .builtInScribblesAlone || set == .adaptedScribbles
        Benchmark(set.rawValue, configuration: .init(scalingFactor: .one, maxDuration: .seconds(scribbles ? 6 : 2))) { (benchmark, fixture: ClassifierFixture) in
            let classifier = fixture.classifier
            let inks = fixture.inks
            // The adapted rows decide as a recognizer with an adaptation.
            let adaptation = fixture.adaptation, builtIn = StrokeTemplate.builtIn
            func classify(_ ink: StrokeInk) -> StrokeMatch? {
                if let adaptation { return adaptation.decide(ink, with: classifier, templates: builtIn)?.match }
                return classifier.classify(ink)
            }
            // Warm-up: the first call of each drawing, outside the measurement.
            for ink in inks { blackHole(classify(ink)) }
            // Each sample takes the next ink, so the row's percentiles are
            // over all of them in turn (until session 12 every sample took
            // `scaledIterations`' index 0: the first ink alone).
            var correct = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let index = fixture.takeNext()
                let match = classify(inks[index])
                if match?.templateIndex == fixture.expected[index] { correct += 1 }
            }
            benchmark.stopMeasurement()
            blackHole(correct)
        } setup: {
            ClassifierFixture(set)
        }
    }

    for setup in DrawingFixture.Setup.allCases {
        Benchmark(setup.rawValue) { @MainActor (benchmark, fixture: DrawingFixture) async in
            let scene = fixture.scene
            let moves = fixture.moves
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                scene.send(moves[index])
            }
            benchmark.stopMeasurement()
            if let problem = fixture.problem() { benchmark.error(problem) }
        } setup: { @MainActor in
            DrawingFixture(setup)
        }
    }
}

final class ClassifierFixture: @unchecked Sendable {
    enum TemplateSet: String, CaseIterable {
        case builtIn = "Classify: built-in set (16 × 3)"
        case twoInvariant = "Classify: 16 × 3, circle and star rotation invariant"
        case rotationInvariant = "Classify: 13 × 3, all rotation invariant"
        case rotationInvariantTurned = "Classify: 13 × 3, all rotation invariant, turned"
        case twoInvariantAligned = "Classify: 16 × 3, circle and star rotation invariant, angular alignment"
        case rotationInvariantAligned = "Classify: 13 × 3, all rotation invariant, angular alignment"
        case builtInAlone = "Classify: built-in set (16 × 3), without runner-up"
        case rotationInvariantTurnedAlone = "Classify: 13 × 3, all rotation invariant, turned, without runner-up"
        case builtInSideAtATime = "Classify: built-in set (16 × 3), a side at a time"
        case builtInScribbles = "Classify: built-in set (16 × 3), scribbles"
        case builtInScribblesAlone = "Classify: built-in set (16 × 3), scribbles, without runner-up"
        case adapted = "Decide: built-in set + one learned drawing a template (16 × 4)"
        case adaptedScribbles = "Decide: built-in set + one learned drawing a template (16 × 4), scribbles"
    }

    let classifier: StrokeClassifier
    /// The adapted rows' learned drawings: one a template, by writer 100
    /// (not the inks' writer), as the evaluation's `classify … learned=1`.
    let adaptation: StrokeAdaptation?
    let set: TemplateSet
    private(set) var inks: [StrokeInk]
    private(set) var expected: [Int]
    /// The ink the next sample classifies.
    private var next = 0

    /// The next ink's index, in turn.
    func takeNext() -> Int {
        defer { next = next + 1 == inks.count ? 0 : next + 1 }
        return next
    }

    init(_ set: TemplateSet) {
        self.set = set
        var templates = StrokeTemplate.builtIn
        switch set {
        case .builtIn, .builtInAlone, .builtInSideAtATime, .builtInScribbles, .builtInScribblesAlone, .adapted, .adaptedScribbles: break
        case .twoInvariant, .twoInvariantAligned:
            templates = templates.map {
                try! StrokeTemplate(name: $0.name, isRotationInvariant: $0.name == "circle" || $0.name == "star", samples: $0.samples)
            }
        case .rotationInvariant, .rotationInvariantAligned, .rotationInvariantTurned, .rotationInvariantTurnedAlone:
            let kept = Set(StrokeShape.allCases.filter { !$0.hasRotatedTwin }.map(\.rawValue))
            templates = templates.filter { kept.contains($0.name) }
                .map { try! StrokeTemplate(name: $0.name, isRotationInvariant: true, samples: $0.samples) }
        }
        var parameters = StrokeMatchingParameters.standard
        if set == .twoInvariantAligned || set == .rotationInvariantAligned {
            parameters.alignmentAngles = 36   // the angular alignment instead of the 12-angle search
        }
        if set == .builtInAlone || set == .rotationInvariantTurnedAlone || set == .builtInScribblesAlone {
            parameters.marginSearchDeviation = 0   // the match alone, as up to session 9
        }
        let turned = set == .rotationInvariantTurned || set == .rotationInvariantTurnedAlone
        if set == .adapted || set == .adaptedScribbles {
            var learned = StrokeAdaptation()
            var learning = StrokeSynthesizer(seed: 0x70AE)
            for template in templates {
                learned.learn(learning.drawing(of: StrokeShape(rawValue: template.name)!, by: StrokeWriter(seed: 100)), as: template.name)
            }
            adaptation = learned
            templates = try! learned.templates(adding: templates)
        } else {
            adaptation = nil
        }
        classifier = try! StrokeClassifier(templates: templates, parameters: parameters)
        var synthesizer = StrokeSynthesizer(seed: 0xBE7C)
        let writer = StrokeWriter(seed: 5000)
        let names = templates.map(\.name)
        let shapes = StrokeShape.allCases.filter { names.contains($0.rawValue) }
        let turns = turned ? [0.0, 37, 90, 143, 200, 291] : [0.0]
        inks = turns.flatMap { degrees in
            shapes.map { StrokeInk(strokes: synthesizer.drawing(of: $0, by: writer, rotation: degrees * Double.pi / 180)) }
        }
        expected = turns.flatMap { _ in shapes.map { shape in names.firstIndex(of: shape.rawValue)! } }
        if set == .builtInSideAtATime {
            let sides: [StrokeShape: Int] = [.triangle: 3, .rectangle: 4, .star: 5]
            let cut = shapes.filter { sides[$0] != nil }
            inks = cut.map { shape in
                let stroke = synthesizer.drawing(of: shape, by: writer).flatMap { $0 }
                let count = sides[shape]!
                let pieces = (0..<count).map { piece in
                    let run = Array(stroke[(piece * stroke.count / count)..<((piece + 1) * stroke.count / count)])
                    return piece % 2 == 1 ? Array(run.reversed()) : run
                }
                return StrokeInk(strokes: pieces)
            }
            expected = cut.map { shape in names.firstIndex(of: shape.rawValue)! }
        }
        if set == .builtInScribbles || set == .builtInScribblesAlone || set == .adaptedScribbles {
            // The evaluation's `classify N plain scribbles`: 96 scribbles,
            // each kind in turn; none has an expected template.
            var scribbler = StrokeSynthesizer(seed: 0x5C81_00A0)
            inks = (0..<96).map { StrokeInk(strokes: scribbler.scribble(StrokeScribble.allCases[$0 % StrokeScribble.allCases.count])) }
            expected = inks.map { _ in -1 }
        }
    }
}

@MainActor
final class DrawingFixture {
    enum Setup: String, CaseIterable {
        case stroke = "Stroke drawing: move"
        case pan = "Pan changing: move"
    }

    let setup: Setup
    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let recognizer: GestureRecognizer
    private(set) var moves: [InputEvent] = []

    init(_ setup: Setup) {
        self.setup = setup
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        scene.root.addChild(layer)
        switch setup {
        case .stroke: recognizer = StrokeGestureRecognizer(classifier: StrokeClassifier())
        case .pan: recognizer = PanGestureRecognizer()
        }
        recognizer.addAction { _ in }
        layer.addGestureRecognizer(recognizer)
        let finger = PointerID(kind: .finger, device: 1, index: 0)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: finger, location: Point(x: 200, y: 200)))))
        scene.send(InputEvent(timestamp: 0.02, .pointer(PointerEvent(.move, id: finger, location: Point(x: 240, y: 200)))))
        // Round and round a circle, a point every 3°.
        moves = (0..<1000).map { step in
            let angle = Double(step) * Double.pi / 60
            let location = Point(x: 300 + 60 * cos(angle), y: 300 + 60 * sin(angle))
            return InputEvent(timestamp: 1 + Double(step) / 1000, .pointer(PointerEvent(.move, id: finger, location: location)))
        }
    }

    func problem() -> String? {
        switch setup {
        case .stroke:
            let stroke = recognizer as! StrokeGestureRecognizer
            return stroke.state == .possible && stroke.ink.isDrawing ? nil : "the stroke recognizer is not drawing"
        case .pan:
            return recognizer.state == .changed ? nil : "the pan is \(recognizer.state)"
        }
    }
}
