import Testing
@testable import Tactile

/// The mouse's one- and two-contact modes, without SDL: the pump's tests
/// cover the same modes through SDL's queue.
struct MouseTouchSimulatorTests {
    let window = Size(width: 400, height: 300)

    private func pointers(_ events: [InputEvent]) -> [PointerEvent] {
        events.compactMap { if case .pointer(let pointer) = $0.kind { pointer } else { nil } }
    }

    @Test func modifiersAtPressChooseTheMode() {
        #expect(MouseTouchSimulator.mode(for: []) == .single)
        #expect(MouseTouchSimulator.mode(for: .leftShift) == .single)
        #expect(MouseTouchSimulator.mode(for: .rightAlt) == .mirrored)
        #expect(MouseTouchSimulator.mode(for: [.leftAlt, .rightShift]) == .parallel)
    }

    @Test func aPlainPressIsOneMouseContact() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.press(at: Point(x: 10, y: 20), modifiers: [], mouse: 3, windowSize: window, timestamp: 1, into: &events)
        mouse.move(to: Point(x: 11, y: 21), windowSize: window, timestamp: 2, into: &events)
        mouse.release(at: Point(x: 12, y: 22), windowSize: window, timestamp: 3, into: &events)
        let id = PointerID(kind: .mouse, device: 3, index: 0)
        #expect(events == [
            InputEvent(timestamp: 1, .pointer(PointerEvent(.down, id: id, location: Point(x: 10, y: 20)))),
            InputEvent(timestamp: 2, .pointer(PointerEvent(.move, id: id, location: Point(x: 11, y: 21)))),
            InputEvent(timestamp: 3, .pointer(PointerEvent(.up, id: id, location: Point(x: 12, y: 22)))),
        ])
        #expect(!mouse.isPressed)
    }

    @Test func mirroredContactsPinchAndRotateAboutTheCentre() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.press(at: Point(x: 150, y: 150), modifiers: .leftAlt, mouse: 0, windowSize: window, timestamp: 0, into: &events)
        // Moving away from the centre spreads the pair...
        mouse.move(to: Point(x: 100, y: 150), windowSize: window, timestamp: 0, into: &events)
        // ...and going round it turns the pair.
        mouse.move(to: Point(x: 200, y: 50), windowSize: window, timestamp: 0, into: &events)
        let locations = pointers(events).map(\.location)
        #expect(locations == [
            Point(x: 150, y: 150), Point(x: 250, y: 150),
            Point(x: 100, y: 150), Point(x: 300, y: 150),
            Point(x: 200, y: 50), Point(x: 200, y: 250),
        ])
        #expect(pointers(events).allSatisfy { $0.kind == .simulated })
    }

    @Test func parallelContactsKeepTheirSpacingAndFlipNearTheRightEdge() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.press(at: Point(x: 350, y: 10), modifiers: [.leftAlt, .leftShift], mouse: 0, windowSize: window, timestamp: 0, into: &events)
        mouse.move(to: Point(x: 340, y: 60), windowSize: window, timestamp: 0, into: &events)
        #expect(pointers(events).map(\.location) == [
            Point(x: 350, y: 10), Point(x: 270, y: 10),
            Point(x: 340, y: 60), Point(x: 260, y: 60),
        ])
    }

    @Test func theModeStaysUntilReleaseWhateverTheModifiersDo() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.press(at: Point(x: 100, y: 100), modifiers: .leftAlt, mouse: 0, windowSize: window, timestamp: 0, into: &events)
        #expect(mouse.mode == .mirrored)
        mouse.move(to: Point(x: 110, y: 100), windowSize: window, timestamp: 0, into: &events)
        #expect(mouse.mode == .mirrored)
        mouse.release(at: Point(x: 110, y: 100), windowSize: window, timestamp: 0, into: &events)
        #expect(mouse.mode == nil)
        #expect(pointers(events).map(\.phase) == [.down, .down, .move, .move, .up, .up])
    }

    @Test func aSecondPressCancelsTheContactsOfTheFirst() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.press(at: Point(x: 100, y: 100), modifiers: .leftAlt, mouse: 0, windowSize: window, timestamp: 0, into: &events)
        mouse.press(at: Point(x: 50, y: 50), modifiers: [], mouse: 0, windowSize: window, timestamp: 1, into: &events)
        #expect(pointers(events).map(\.phase) == [.down, .down, .cancel, .cancel, .down])
        #expect(pointers(events).map(\.kind) == [.simulated, .simulated, .simulated, .simulated, .mouse])
    }

    @Test func movesReleasesAndCancelsWithTheButtonUpDoNothing() {
        var mouse = MouseTouchSimulator()
        var events: [InputEvent] = []
        mouse.move(to: .zero, windowSize: window, timestamp: 0, into: &events)
        mouse.release(at: .zero, windowSize: window, timestamp: 0, into: &events)
        mouse.cancel(timestamp: 0, into: &events)
        #expect(events.isEmpty)
    }
}
