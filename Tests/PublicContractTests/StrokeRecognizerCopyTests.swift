import Testing
import Tactile   // not @testable

/// The copy of the stroke recognizer (a link to its file, compiled here
/// against Tactile's public API only) recognizes a drawing through a real
/// scene, as the library's own does.
@MainActor
struct StrokeRecognizerCopyTests {
    @Test func theCopyIsTheModulesOwnTypeAndRecognizesADrawing() throws {
        #expect(ObjectIdentifier(StrokeGestureRecognizer.self) != ObjectIdentifier(Tactile.StrokeGestureRecognizer.self))
        let scene = Scene(size: Size(width: 400, height: 300))
        let board = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "board")
        scene.root.addChild(board)
        let v = try StrokeTemplate(name: "v", samples: [[[Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]]])
        let line = try StrokeTemplate(name: "line", samples: [[[Point(x: 0, y: 0), Point(x: 100, y: 0)]]])
        let stroke = StrokeGestureRecognizer(classifier: try StrokeClassifier(templates: [line, v]))
        var recognized: [String] = []
        stroke.addAction { _ in recognized.append(stroke.match?.name ?? "-") }
        board.addGestureRecognizer(stroke)
        let id = PointerID(kind: .mouse, device: 0, index: 0)
        let path = (0...20).map { step -> Point in
            let t = Double(step) / 20
            return t < 0.5 ? Point(x: 100 + 100 * t, y: 100 + 200 * t) : Point(x: 100 + 100 * t, y: 300 - 200 * t)
        }
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: path[0]))))
        for (index, point) in path.enumerated().dropFirst() {
            scene.send(InputEvent(timestamp: Double(index) * 0.01, .pointer(PointerEvent(.move, id: id, location: point))))
        }
        scene.send(InputEvent(timestamp: 0.3, .pointer(PointerEvent(.up, id: id, location: path[path.count - 1]))))
        #expect(recognized.isEmpty)
        scene.advanceTime(to: 0.3 + GestureDefaults.strokePause)
        #expect(recognized == ["v"])
    }
}
