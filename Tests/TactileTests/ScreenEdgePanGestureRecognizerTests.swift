import Testing
@testable import Tactile

/// The edge pan: where it may start, which way it must head, and its
/// settings changing the outcome.
@MainActor
struct ScreenEdgePanGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let edgePan = ScreenEdgePanGestureRecognizer()

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(view)
        view.addGestureRecognizer(edgePan)
        edgePan.addAction { [log] recognizer in
            let pan = recognizer
            log.append("edge \(pan.state.rawValue) \(rounded(pan.translation(in: nil)))")
        }
    }

    /// Sends a one-finger drag from `start` by `offset` in three moves, and lifts.
    func drag(from start: Point, by offset: Point) {
        scene.send(finger(1, .down, start.x, start.y, at: 0))
        for step in 1...3 {
            let fraction = Double(step) / 3
            scene.send(finger(1, .move, start.x + offset.x * fraction, start.y + offset.y * fraction, at: 0.02 * Double(step)))
        }
        scene.send(finger(1, .up, start.x + offset.x, start.y + offset.y, at: 0.08))
    }

    @Test func aDragFromTheLeftEdgeIntoTheWindowIsAPan() {
        drag(from: Point(x: 8, y: 150), by: Point(x: 60, y: 15))
        #expect(log.take() == [
            "view began 1", "view cancelled 1", "edge began (20.0, 5.0)",
            "edge changed (40.0, 10.0)",
            "edge changed (60.0, 15.0)",
            "edge ended (60.0, 15.0)",
        ])
    }

    @Test func aDragThatStartsAwayFromTheEdgeFailsAtOnce() {
        drag(from: Point(x: 25, y: 150), by: Point(x: 60, y: 0))
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view moved 1", "view ended 1"])
    }

    /// Along the edge, or out of the window, is not heading in.
    @Test(arguments: [Point(x: 0, y: 60), Point(x: -6, y: 0), Point(x: 30, y: 45)])
    func aDragThatDoesNotHeadInFails(offset: Point) {
        drag(from: Point(x: 10, y: 150), by: offset)
        #expect(!log.take().contains { $0.hasPrefix("edge") })
        #expect(edgePan.state == .possible)
    }

    @Test func theChosenEdgesDecide() {
        edgePan.edges = .right
        drag(from: Point(x: 8, y: 150), by: Point(x: 60, y: 0))      // the left edge: not chosen
        #expect(!log.take().contains { $0.hasPrefix("edge") })
        drag(from: Point(x: 392, y: 150), by: Point(x: -60, y: 0))
        #expect(log.take().filter { $0.hasPrefix("edge") }.first == "edge began (-20.0, 0.0)")
    }

    /// Near a corner both edges qualify: down from the top-left corner is
    /// in from the top edge.
    @Test func allEdgesAndCorners() {
        edgePan.edges = .all
        drag(from: Point(x: 5, y: 5), by: Point(x: 0, y: 60))
        #expect(log.take().filter { $0.hasPrefix("edge") }.first == "edge began (0.0, 20.0)")
        drag(from: Point(x: 200, y: 295), by: Point(x: 15, y: -60))
        #expect(log.take().filter { $0.hasPrefix("edge") }.first == "edge began (5.0, -20.0)")
    }

    @Test func aWiderMarginLetsItStartFartherIn() {
        edgePan.edgeMargin = 40
        drag(from: Point(x: 25, y: 150), by: Point(x: 60, y: 0))
        #expect(log.take().filter { $0.hasPrefix("edge") }.first == "edge began (20.0, 0.0)")
    }

    @Test func anEmptySetOfEdgesRecognizesNothing() {
        let none = ScreenEdgePanGestureRecognizer(edges: []) { _ in Issue.record("no edge, no pan") }
        view.removeGestureRecognizer(edgePan)
        view.addGestureRecognizer(none)
        drag(from: Point(x: 2, y: 150), by: Point(x: 60, y: 0))
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view moved 1", "view ended 1"])
    }
}
