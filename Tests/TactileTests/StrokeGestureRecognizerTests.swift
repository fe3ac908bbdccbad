import Foundation
import Testing
@testable import Tactile

/// The stroke recognizer through the scene, with the test clock: a drawing
/// of one or more strokes decided after the pause, the live guess, every
/// kind of pointer, the arena's rules against a tap and a pan, and bad input.
@MainActor
struct StrokeGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 800, height: 600))
    let board: RecordingLayer
    let stroke: StrokeGestureRecognizer

    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    static let v: [Point] = [p(100, 100), p(150, 200), p(200, 100)]
    static let line: [Point] = [p(100, 150), p(300, 150)]
    static let squarePath: [Point] = [p(100, 100), p(100, 200), p(200, 200), p(200, 100), p(100, 100)]

    init() throws {
        board = RecordingLayer("board", frame: Rect(x: 0, y: 0, width: 800, height: 600), log: log)
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
        let classifier = try StrokeClassifierTests.classifier([
            ("x", StrokeClassifierTests.x), ("v", StrokeClassifierTests.v),
            ("square", StrokeClassifierTests.square), ("line", StrokeClassifierTests.line),
        ])
        stroke = StrokeGestureRecognizer(classifier: classifier)
        stroke.name = "stroke"
        let recognizer = stroke
        stroke.addAction { [log] _ in
            log.append("stroke \(recognizer.state.rawValue) \(recognizer.match?.name ?? "-")")
        }
        board.addGestureRecognizer(stroke)
    }

    /// `path` drawn by pointer `id` from `start`, a point every 10 points
    /// of travel and every 10 ms; returns the time of the lift.
    @discardableResult
    func draw(_ path: [Point], id: PointerID = PointerID(kind: .finger, device: 1, index: 1), from start: Double) -> Double {
        var time = start
        func send(_ phase: PointerEvent.Phase, _ point: Point) {
            scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: point))))
        }
        send(.down, path[0])
        for (from, to) in zip(path, path.dropFirst()) {
            let steps = max(1, Int(from.distance(to: to) / 10))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                time += 0.01
                send(.move, Self.p(from.x + t * (to.x - from.x), from.y + t * (to.y - from.y)))
            }
        }
        time += 0.01
        send(.up, path[path.count - 1])
        return time
    }

    func actions() -> [String] { log.take().filter { $0.hasPrefix("stroke") || $0.hasPrefix("tap") || $0.hasPrefix("pan") } }

    @Test func aShapeIsRecognizedOncePauseHasPassedWithNoPointerDown() throws {
        let lift = draw(Self.v, from: 0)
        #expect(actions().isEmpty)
        scene.advanceTime(to: lift + stroke.pause - 0.01)
        #expect(actions().isEmpty)
        scene.advanceTime(to: lift + stroke.pause)
        #expect(actions() == ["stroke ended v"])
        let match = try #require(stroke.match)
        #expect(match.score > 0.9)
        #expect(abs(match.bounds.width - 100) < 1 && abs(match.bounds.height - 100) < 1)
        #expect(stroke.state == .possible && stroke.ink.isEmpty)
    }

    @Test func strokesWithinThePauseAreOneDrawing() {
        let first = draw([Self.p(100, 100), Self.p(200, 200)], from: 0)
        let second = draw([Self.p(200, 100), Self.p(100, 200)], id: PointerID(kind: .finger, device: 1, index: 2), from: first + 0.3)
        scene.advanceTime(to: second + stroke.pause)
        #expect(actions() == ["stroke ended x"])
    }

    @Test func aControllerCursorsStrokeWaitsTheCursorPause() {
        let cursor = PointerID(kind: .controllerCursor, device: 3, index: 0)
        let first = draw([Self.p(100, 100), Self.p(200, 200)], id: cursor, from: 0)
        // The stick's trip to the next stroke: longer than the pause.
        let next = first + stroke.pause + 0.2
        scene.advanceTime(to: next)
        #expect(actions().isEmpty)
        let second = draw([Self.p(200, 100), Self.p(100, 200)], id: cursor, from: next)
        scene.advanceTime(to: second + stroke.cursorPause - 0.01)
        #expect(actions().isEmpty)
        scene.advanceTime(to: second + stroke.cursorPause)
        #expect(actions() == ["stroke ended x"])
        // A finger's stroke still waits the pause alone.
        let line = draw(Self.line, from: second + 2)
        scene.advanceTime(to: line + stroke.pause)
        #expect(actions() == ["stroke ended line"])
        // A cursor's pause shorter than the pause changes nothing; with no
        // pause at all, a cursor's stroke is finished as it lifts.
        stroke.cursorPause = 0.1
        let v = draw(Self.v, id: cursor, from: line + 2)
        scene.advanceTime(to: v + stroke.pause - 0.01)
        #expect(actions().isEmpty)
        scene.advanceTime(to: v + stroke.pause)
        #expect(actions() == ["stroke ended v"])
        stroke.cursorPause = 1
        stroke.pause = 0
        draw(Self.v, id: cursor, from: v + 2)
        #expect(actions() == ["stroke ended v"])
    }

    @Test func aStrokeAfterThePauseStartsTheNextDrawing() {
        let first = draw(Self.line, from: 0)
        scene.advanceTime(to: first + 0.6)
        let second = draw(Self.v, from: first + 0.6)
        scene.advanceTime(to: second + 1)
        #expect(actions() == ["stroke ended line", "stroke ended v"])
    }

    @Test func aScribbleThatResemblesNothingFailsAndKeepsItsNearestMatch() throws {
        let scribble = [Self.p(100, 100), Self.p(300, 120), Self.p(120, 140), Self.p(280, 300), Self.p(110, 250),
                        Self.p(200, 90), Self.p(150, 310), Self.p(320, 200)]
        let lift = draw(scribble, from: 0)
        scene.advanceTime(to: lift + 1)
        #expect(actions().isEmpty)
        let nearest = try #require(stroke.match)
        #expect(!nearest.isConfident(minimumScore: stroke.minimumScore, maximumShapeDeviation: stroke.maximumShapeDeviation))
        #expect(stroke.state == .possible)
    }

    @Test func theBestGuessFollowsTheDrawingWithoutRecognizing() throws {
        var time = 0.0
        let id = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: id, location: Self.p(100, 100)))))
        #expect(stroke.bestGuess() == nil)   // one point: no size yet
        for step in 1...20 {
            time += 0.01
            scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: id, location: Self.p(100 + Double(step) * 10, 100)))))
        }
        #expect(try #require(stroke.bestGuess()).name == "line")
        #expect(stroke.state == .possible && actions().isEmpty)
    }

    @Test(arguments: [PointerKind.finger, .mouse, .controllerCursor, .simulated])
    func everyKindOfPointerDraws(kind: PointerKind) {
        let lift = draw(Self.squarePath, id: PointerID(kind: kind, device: 3, index: 0), from: 0)
        scene.advanceTime(to: lift + 1)
        #expect(actions() == ["stroke ended square"])
    }

    @Test func aTapIsATapAndADrawingIsNotATap() {
        let tap = TapGestureRecognizer()
        tap.addAction { [log] _ in log.append("tap fires") }
        board.addGestureRecognizer(tap)
        scene.send(finger(1, .down, 300, 300, at: 0))
        scene.send(finger(1, .up, 300, 300, at: 0.05))
        scene.advanceTime(to: 1)
        #expect(actions() == ["tap fires"])
        let lift = draw(Self.v, from: 2)
        scene.advanceTime(to: lift + 1)
        #expect(actions() == ["stroke ended v"])
    }

    @Test func aDotIsNotAShape() {
        scene.send(finger(1, .down, 300, 300, at: 0))
        scene.send(finger(1, .move, 305, 302, at: 0.05))
        scene.send(finger(1, .up, 305, 302, at: 0.1))
        scene.advanceTime(to: 1)
        #expect(actions().isEmpty)
        #expect(stroke.match == nil && stroke.state == .possible)
    }

    @Test func aPanThatRequiresTheStrokeToFailWaitsForTheDrawingToBeDecided() throws {
        let pan = PanGestureRecognizer()
        pan.addAction { [log] recognizer in log.append("pan \(recognizer.state.rawValue)") }
        board.addGestureRecognizer(pan)
        pan.require(toFail: stroke)
        // A shape: the stroke recognizes and the pan never begins.
        var lift = draw(Self.v, from: 0)
        scene.advanceTime(to: lift + 1)
        #expect(actions() == ["stroke ended v"])
        // A drag held down past the pause is no drawing yet: the pan waits
        // while the stroke is possible, and begins once the stroke fails.
        let id = PointerID(kind: .finger, device: 1, index: 5)
        scene.send(InputEvent(timestamp: 2, .pointer(PointerEvent(.down, id: id, location: Self.p(100, 100)))))
        for step in 1...10 {
            scene.send(InputEvent(timestamp: 2 + Double(step) * 0.01, .pointer(PointerEvent(.move, id: id, location: Self.p(100 + Double(step) * 10, 100)))))
        }
        #expect(actions().isEmpty)
        scene.send(finger(6, .down, 400, 400, at: 2.2))   // a second finger fails the drawing
        #expect(actions().first == "pan began")
        lift = 2.3
        scene.send(InputEvent(timestamp: lift, .pointer(PointerEvent(.up, id: id, location: Self.p(200, 100)))))
        scene.send(finger(6, .up, 400, 400, at: lift))
        scene.advanceTime(to: lift + 1)
        #expect(!actions().contains { $0.hasPrefix("stroke") })
    }

    @Test func anInterruptionFailsTheDrawingAndTheRecognizerStartsAfresh() {
        let id = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Self.p(100, 100)))))
        scene.send(InputEvent(timestamp: 0.1, .pointer(PointerEvent(.move, id: id, location: Self.p(200, 150)))))
        scene.send(InputEvent(timestamp: 0.2, .interrupted(.focusLost)))
        #expect(stroke.state == .possible && stroke.ink.isEmpty)
        scene.advanceTime(to: 1)
        #expect(actions().isEmpty)
        let lift = draw(Self.v, from: 2)
        scene.advanceTime(to: lift + 1)
        #expect(actions() == ["stroke ended v"])
    }

    @Test func pointsThatAreNotFiniteAreDropped() {
        let id = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Self.p(100, 100)))))
        scene.send(InputEvent(timestamp: 0.1, .pointer(PointerEvent(.move, id: id, location: Self.p(.nan, 150)))))
        scene.send(InputEvent(timestamp: 0.15, .pointer(PointerEvent(.move, id: id, location: Self.p(150, 200)))))
        scene.send(InputEvent(timestamp: 0.2, .pointer(PointerEvent(.move, id: id, location: Self.p(.infinity, 150)))))
        scene.send(InputEvent(timestamp: 0.3, .pointer(PointerEvent(.up, id: id, location: Self.p(200, 100)))))
        scene.advanceTime(to: 1)
        #expect(actions() == ["stroke ended v"])
    }

    @Test func aHundredThousandPointStrokeIsHeldInBoundedMemoryAndStillAnswers() {
        let id = PointerID(kind: .finger, device: 1, index: 1)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Self.p(100, 150)))))
        for index in 1..<100_000 {
            let x = 100 + 200 * Double(index) / 100_000
            scene.send(InputEvent(timestamp: Double(index) * 1e-5, .pointer(PointerEvent(.move, id: id, location: Self.p(x, 150 + Double(index % 3))))))
        }
        #expect(stroke.ink.points.count <= stroke.ink.capacity)
        scene.send(InputEvent(timestamp: 1, .pointer(PointerEvent(.up, id: id, location: Self.p(300, 150)))))
        scene.advanceTime(to: 2)
        #expect(actions() == ["stroke ended line"])
    }

    @Test func aSecondPointerWhileDrawingFailsTheDrawing() {
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 150, 200, at: 0.1))
        scene.send(finger(2, .down, 300, 300, at: 0.15))
        scene.send(finger(1, .up, 200, 100, at: 0.2))
        scene.send(finger(2, .up, 300, 300, at: 0.2))
        scene.advanceTime(to: 1)
        #expect(actions().isEmpty)
    }

    @Test func theLastDrawingBecomesATemplateThatRecognizesTheNextOne() throws {
        // A shape none of the templates is: a "C" (taken for the nearest, or
        // rejected, but not a C).
        let c: [Point] = (0...12).map { step in
            let angle = Double.pi / 4 + Double(step) * (3 * Double.pi / 2) / 12
            return Self.p(200 + 80 * cos(angle), 200 - 80 * sin(angle))
        }
        var lift = draw(c, from: 0)
        scene.advanceTime(to: lift + 1)
        #expect(!actions().contains("stroke ended c"))
        #expect(stroke.lastDrawing.count == 1 && stroke.lastDrawing[0].count > 20)
        // Learn it, then draw it again, smaller and elsewhere.
        let learned = try StrokeTemplate(name: "c", samples: [stroke.lastDrawing])
        stroke.classifier = try StrokeClassifier(templates: stroke.classifier.templates + [learned])
        lift = draw(c.map { Self.p(400 + ($0.x - 200) / 2, 300 + ($0.y - 200) / 2) }, from: 2)
        scene.advanceTime(to: lift + 1)
        #expect(actions() == ["stroke ended c"])
    }

    @Test func withNoPauseTheDrawingIsDecidedAsItLifts() {
        stroke.pause = 0
        draw(Self.v, from: 0)
        #expect(actions() == ["stroke ended v"])
    }
}
