import Testing
@testable import Tactile

/// The controller cursor's acceleration at full tilt and its two-contact
/// pair, driven by hand-made controller events.
struct ControllerCursorPairTests {
    let bounds = Size(width: 10_000, height: 1000)

    func cursor(at location: Point = Point(x: 500, y: 500)) -> ControllerCursor {
        ControllerCursor(controller: 3, location: location)
    }

    @Test func fullTiltAcceleratesAfterTheDelayAndTheIntegralIgnoresTheFrameRate() {
        // 0.4 s at 900 points/s, then 0.6 s ramping from 1× to 2× (average
        // 1.5×), then 1 s at 2×: 360 + 810 + 1800 = 2970 points.
        for frames in [1, 10, 60, 144] {
            var cursor = cursor(at: Point(x: 0, y: 500))
            var events: [InputEvent] = []
            cursor.handle(.axis(controller: 3, axis: .leftX, value: 1), timestamp: 0, into: &events)
            for _ in 0..<(2 * frames) { cursor.advance(by: 1 / Double(frames), within: bounds, timestamp: 0, into: &events) }
            #expect(abs(cursor.location.x - 2970) < 1e-6, "at \(frames) frames a second")
        }
    }

    @Test func easingOffTheStickDropsTheSpeedBackAtOnce() {
        var cursor = cursor(at: Point(x: 0, y: 500))
        var events: [InputEvent] = []
        cursor.handle(.axis(controller: 3, axis: .leftX, value: 1), timestamp: 0, into: &events)
        cursor.advance(by: 2, within: bounds, timestamp: 0, into: &events)
        // 0.6 is below full tilt: 0.5² × 900 = 225 points/s, no boost left.
        cursor.handle(.axis(controller: 3, axis: .leftX, value: 0.6), timestamp: 0, into: &events)
        let before = cursor.location.x
        cursor.advance(by: 1, within: bounds, timestamp: 0, into: &events)
        #expect(abs(cursor.location.x - before - 225) < 1e-9)
    }

    @Test func thePairGoesDownMirroredSpreadsTurnsAndLifts() {
        var cursor = cursor()
        var events: [InputEvent] = []
        cursor.handle(.button(controller: 3, button: .leftShoulder, isDown: true), timestamp: 1, within: bounds, into: &events)
        // Pushed down (+y) for 0.2 s: the span closes by 80 of its 120 points.
        cursor.handle(.axis(controller: 3, axis: .rightY, value: 1), timestamp: 1, into: &events)
        cursor.advance(by: 0.2, within: bounds, timestamp: 1.2, into: &events)
        // And further: it stops at the minimum span of 24.
        cursor.advance(by: 1, within: bounds, timestamp: 2.2, into: &events)
        // Right for half a second: a quarter turn clockwise about the cursor.
        cursor.handle(.axis(controller: 3, axis: .rightY, value: 0), timestamp: 2.2, into: &events)
        cursor.handle(.axis(controller: 3, axis: .rightX, value: 1), timestamp: 2.2, into: &events)
        cursor.advance(by: 0.5, within: bounds, timestamp: 2.7, into: &events)
        // The single contact's button does nothing while the pair is down.
        cursor.handle(.button(controller: 3, button: .south, isDown: true), timestamp: 2.8, into: &events)
        cursor.handle(.button(controller: 3, button: .south, isDown: false), timestamp: 2.8, into: &events)
        cursor.handle(.button(controller: 3, button: .leftShoulder, isDown: false), timestamp: 3, into: &events)

        func round(_ point: Point) -> Point { Point(x: (point.x * 1e6).rounded() / 1e6, y: (point.y * 1e6).rounded() / 1e6) }
        let pointers = events.compactMap { event -> String? in
            guard case .pointer(let pointer) = event.kind else { return nil }
            let at = round(pointer.location)
            return "\(event.timestamp) \(pointer.phase.rawValue) \(pointer.id.index) \(at.x) \(at.y)"
        }
        #expect(pointers == [
            "1.0 down 1 560.0 500.0", "1.0 down 2 440.0 500.0",
            "1.2 move 1 520.0 500.0", "1.2 move 2 480.0 500.0",
            "2.2 move 1 512.0 500.0", "2.2 move 2 488.0 500.0",
            "2.7 move 1 500.0 512.0", "2.7 move 2 500.0 488.0",
            "3.0 up 1 500.0 512.0", "3.0 up 2 500.0 488.0",
        ])
        #expect(!cursor.isPressed)
    }

    @Test func cancellingThePairCancelsBothWhereTheyWere() {
        var cursor = cursor(at: Point(x: 30, y: 500))
        var events: [InputEvent] = []
        // Near the left edge, the second contact is kept inside the window.
        cursor.handle(.button(controller: 3, button: .leftShoulder, isDown: true), timestamp: 0, within: bounds, into: &events)
        cursor.cancel(timestamp: 1, into: &events)
        cursor.cancel(timestamp: 2, into: &events)
        let id = { (index: Int64) in PointerID(kind: .controllerCursor, device: 3, index: index) }
        #expect(events == [
            InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id(1), location: Point(x: 90, y: 500)))),
            InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id(2), location: Point(x: 0, y: 500)))),
            InputEvent(timestamp: 1, .pointer(PointerEvent(.cancel, id: id(1), location: Point(x: 90, y: 500)))),
            InputEvent(timestamp: 1, .pointer(PointerEvent(.cancel, id: id(2), location: Point(x: 0, y: 500)))),
        ])
    }
}
