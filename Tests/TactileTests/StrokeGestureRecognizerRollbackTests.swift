import Testing
@testable import Tactile

/// The stroke recognizer rolls back: a scene snapshot taken mid-drawing
/// holds its ink, the touch drawing and the last match, so that restoring it
/// and feeding the rest of the drawing again decides the same match.
extension StrokeGestureRecognizerTests {
    /// An "x" drawn in two strokes, a point every 10 points of travel and
    /// every 10 ms, the second 0.2 s after the first lifts.
    func xDrawingEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        var time = 0.0
        for (index, path) in [[Self.p(100, 100), Self.p(200, 200)], [Self.p(200, 100), Self.p(100, 200)]].enumerated() {
            let id = PointerID(kind: .finger, device: 1, index: Int64(index + 1))
            events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: id, location: path[0]))))
            for step in 1...14 {
                let t = Double(step) / 14
                time += 0.01
                let point = Self.p(path[0].x + t * (path[1].x - path[0].x), path[0].y + t * (path[1].y - path[0].y))
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: id, location: point))))
            }
            time += 0.01
            events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.up, id: id, location: path[1]))))
            time += 0.2
        }
        return events
    }

    /// Sends `events` then lets the pause pass; what the drawing came to.
    func finish(_ events: ArraySlice<InputEvent>, lift: Double) -> (actions: [String], match: StrokeMatch?, drawing: [[Point]]) {
        for event in events { scene.send(event) }
        scene.advanceTime(to: lift + stroke.pause)
        return (actions(), stroke.match, stroke.lastDrawing)
    }

    @Test func restoringMidStrokeThenFinishingTheStrokeGivesTheSameMatch() throws {
        let events = xDrawingEvents()
        let lift = try #require(events.last?.timestamp)
        // Each cut starts from the scene as it is now, rolled back to.
        let start = try scene.snapshot()
        // Mid-stroke in the first and in the second stroke, between them
        // (the pause running), and just before the last lift.
        for cut in [8, 16, 17, 24, events.count - 1] {
            try scene.restore(start)
            for event in events[..<cut] { scene.send(event) }
            let snapshot = try #require(try? scene.snapshot())
            #expect(snapshot.recognizersNotSaved.isEmpty)
            let first = finish(events[cut...], lift: lift)
            #expect(first.actions == ["stroke ended x"], "cut \(cut)")
            #expect(first.drawing.count == 2, "cut \(cut)")

            try scene.restore(snapshot)
            #expect(stroke.match == nil && !stroke.ink.isEmpty, "cut \(cut)")
            let again = finish(events[cut...], lift: lift)
            // The strokes before the cut come from the restored ink alone:
            // the same match and drawing, bit for bit.
            #expect(again.actions == first.actions, "cut \(cut)")
            #expect(again.match == first.match, "cut \(cut)")
            #expect(again.drawing == first.drawing, "cut \(cut)")
            #expect(stroke.state == .possible && stroke.ink.isEmpty)
        }
    }

    @Test func restoringAfterAFinishedDrawingPutsBackItsMatchAndDrawing() throws {
        let lift = draw(Self.v, from: 0)
        scene.advanceTime(to: lift + stroke.pause)
        #expect(actions() == ["stroke ended v"])
        let vMatch = try #require(stroke.match)
        let vDrawing = stroke.lastDrawing
        let snapshot = try scene.snapshot()

        let second = draw(Self.line, from: lift + 1)
        scene.advanceTime(to: second + stroke.pause)
        #expect(actions() == ["stroke ended line"])
        let lineMatch = try #require(stroke.match)
        #expect(lineMatch != vMatch && stroke.lastDrawing != vDrawing)

        try scene.restore(snapshot)
        #expect(stroke.match == vMatch && stroke.lastDrawing == vDrawing)
        let again = draw(Self.line, from: lift + 1)
        scene.advanceTime(to: again + stroke.pause)
        #expect(actions() == ["stroke ended line"])
        #expect(stroke.match == lineMatch)
    }
}
