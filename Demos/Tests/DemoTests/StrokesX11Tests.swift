import Foundation
import Tactile
import TactileTestSupport
import Testing

extension SDLIntegration.X11Demos {
    /// The 16 built-in shapes drawn with the mouse in a real X11 window
    /// (the Touches demo's, which records what its pump reads), by a
    /// simulated writer through xdotool at 125 moves a second; the trace is
    /// then played through a `StrokeGestureRecognizer` on the trace's own
    /// clock. X reports whole pixels, so each stroke comes back as the
    /// pixels it was drawn through, and the recognizer names each drawing
    /// as the classifier names those pixels handed to it directly: strokes
    /// recorded by the project with the mouse, end to end.
    @Test func theBuiltInShapesDrawnWithTheMouseInAWindowAreRecognizedAsDrawn() throws {
        var synthesizer = StrokeSynthesizer(seed: 0x5D3)
        let hand = StrokeWriter(seed: 1_102)
        // Moved to the window's middle, in whole pixels (as xdotool moves).
        let drawings: [[[Point]]] = StrokeShape.allCases.map { shape in
            let drawing = synthesizer.drawing(of: shape, by: hand)
            let points = drawing.joined()
            let middleX = (points.map(\.x).min()! + points.map(\.x).max()!) / 2
            let middleY = (points.map(\.y).min()! + points.map(\.y).max()!) / 2
            return drawing.map { stroke in
                var pixels: [Point] = []
                for point in stroke {
                    let pixel = Point(x: (point.x - middleX + 400).rounded(), y: (point.y - middleY + 300).rounded())
                    if pixels.last != pixel { pixels.append(pixel) }   // no motion within a pixel
                }
                return pixels
            }
        }
        let run = try XvfbSession.run(demo: "touches", title: "Tactile: Touches", frames: 6000) { window in
            window.hold(1)   // the first frames go by before the drawing
            for drawing in drawings {
                for stroke in drawing { try window.stroke(through: stroke.map { ($0.x, $0.y) }) }
                window.hold(1)   // longer than the replay's pause: the drawing ends
            }
            try window.key("Escape")
        }
        let strokeCount = drawings.reduce(0) { $0 + $1.count }
        let downs = Self.events(run, .mouse, .down)
        #expect(downs.count == strokeCount, "mouse downs: \(downs.count) of \(strokeCount)")

        // The recording, played through a recognizer over the whole window.
        let scene = Scene(size: Size(width: 800, height: 600))
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        scene.root.addChild(canvas)
        let strokes = StrokeGestureRecognizer(classifier: StrokeClassifier())
        // Longer than the default 0.5 s: on a loaded machine, starting the
        // next stroke's xdotool may take a good part of a second.
        strokes.pause = 0.75
        canvas.addGestureRecognizer(strokes)
        var recognized: String?
        strokes.addAction { recognizer in recognized = recognizer.match?.name }
        // A drawing is finished when the ink it began is emptied (recognized
        // or failed, the recognizer is reset); what it kept, and its action.
        var finished: [(drawing: [[Point]], name: String?)] = []
        var inkBegun = false
        func advance(to time: Double) {
            scene.advanceTime(to: time)
            if inkBegun, strokes.ink.isEmpty {
                finished.append((strokes.lastDrawing, recognized))
                recognized = nil
            }
            inkBegun = !strokes.ink.isEmpty
        }
        for event in run.trace.events {
            advance(to: event.timestamp)
            scene.send(event)
            if !strokes.ink.isEmpty { inkBegun = true }
        }
        advance(to: (run.trace.events.last?.timestamp ?? 0) + 1)

        #expect(finished.count == drawings.count, "drawings finished: \(finished.count) of \(drawings.count)")
        let classifier = StrokeClassifier()
        for (index, (drawing, outcome)) in zip(drawings, finished).enumerated() {
            #expect(outcome.drawing == drawing, "drawing \(index) (\(StrokeShape.allCases[index])): came back otherwise")
            let direct = classifier.classify(StrokeInk(strokes: drawing), marginSearchDeviation: GestureDefaults.strokeMaximumShapeDeviation)
            #expect(outcome.name == direct.flatMap(Self.confidentName), "drawing \(index): \(outcome.name ?? "-") against \(direct?.name ?? "-")")
        }
        let right = zip(StrokeShape.allCases, finished).filter { $0.1.name == $0.0.rawValue }.count
        print("X11 strokes: \(right) of \(drawings.count) built-in shapes recognized as drawn, \(strokeCount) strokes")
        #expect(right >= drawings.count - 2)
    }

    private static func confidentName(_ match: StrokeMatch) -> String? { match.isConfident() ? match.name : nil }
}
