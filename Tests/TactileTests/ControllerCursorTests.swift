import Testing
@testable import Tactile

struct ControllerCursorTests {
    let bounds = Size(width: 1000, height: 1000)

    @Test func insideTheDeadZoneTheCursorStaysPut() {
        var cursor = ControllerCursor(controller: 1, location: Point(x: 500, y: 500))
        var events: [InputEvent] = []
        cursor.handle(.axis(controller: 1, axis: .leftX, value: 0.19), timestamp: 0, into: &events)
        cursor.advance(by: 1, within: bounds, timestamp: 1, into: &events)
        #expect(cursor.location == Point(x: 500, y: 500))
    }

    @Test func theResponseCurveSquaresTheDeflectionBeyondTheDeadZone() {
        var cursor = ControllerCursor(controller: 1, location: Point(x: 0, y: 500))
        var events: [InputEvent] = []
        // 0.6 is halfway from the dead zone (0.2) to full: 0.5² × 900 = 225 points/s.
        cursor.handle(.axis(controller: 1, axis: .leftX, value: 0.6), timestamp: 0, into: &events)
        cursor.advance(by: 1, within: bounds, timestamp: 1, into: &events)
        #expect(abs(cursor.location.x - 225) < 1e-9)
        #expect(events.isEmpty)
    }

    @Test func diagonalsMoveAtTheSameSpeedAsStraightLines() {
        var cursor = ControllerCursor(controller: 1, location: Point(x: 500, y: 500))
        var events: [InputEvent] = []
        cursor.handle(.axis(controller: 1, axis: .leftX, value: 0.5.squareRoot()), timestamp: 0, into: &events)
        cursor.handle(.axis(controller: 1, axis: .leftY, value: -(0.5.squareRoot())), timestamp: 0, into: &events)
        cursor.advance(by: 0.1, within: bounds, timestamp: 0.1, into: &events)
        #expect(abs(cursor.location.distance(to: Point(x: 500, y: 500)) - 90) < 1e-6)
    }

    @Test func theContactButtonBeginsAndEndsAContactOtherButtonsDoNot() {
        var cursor = ControllerCursor(controller: 4, location: Point(x: 10, y: 20))
        var events: [InputEvent] = []
        cursor.handle(.button(controller: 4, button: .east, isDown: true), timestamp: 0, into: &events)
        cursor.handle(.button(controller: 4, button: .south, isDown: true), timestamp: 1, into: &events)
        cursor.handle(.button(controller: 4, button: .south, isDown: true), timestamp: 2, into: &events)
        cursor.handle(.button(controller: 4, button: .south, isDown: false), timestamp: 3, into: &events)
        cursor.cancel(timestamp: 4, into: &events)
        let id = PointerID(kind: .controllerCursor, device: 4, index: 0)
        #expect(events == [
            InputEvent(timestamp: 1, .pointer(PointerEvent(.down, id: id, location: Point(x: 10, y: 20)))),
            InputEvent(timestamp: 3, .pointer(PointerEvent(.up, id: id, location: Point(x: 10, y: 20)))),
        ])
    }

    @Test func nonFiniteAxisValuesAreIgnored() {
        var cursor = ControllerCursor(controller: 1, location: Point(x: 500, y: 500))
        var events: [InputEvent] = []
        cursor.handle(.axis(controller: 1, axis: .leftX, value: .nan), timestamp: 0, into: &events)
        cursor.advance(by: 1, within: bounds, timestamp: 1, into: &events)
        #expect(cursor.location == Point(x: 500, y: 500))
    }
}
