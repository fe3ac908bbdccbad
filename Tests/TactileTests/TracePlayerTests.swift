import Testing
@testable import Tactile

@Suite("Trace player")
struct TracePlayerTests {
    /// Five events at 0, 0.016 (twice), 0.5 and 1 seconds into the trace.
    static let trace: Trace = {
        var recorder = TraceRecorder(start: 0)
        let kinds: [InputEvent.Kind] = [
            .pointer(PointerEvent(.down, id: PointerID(kind: .finger, device: 1, index: 0), location: Point(x: 10, y: 20))),
            .pointer(PointerEvent(.move, id: PointerID(kind: .finger, device: 1, index: 0), location: Point(x: 11, y: 20))),
            .key(KeyEvent(isDown: true, scancode: 44, keycode: 32)),
            .pointer(PointerEvent(.up, id: PointerID(kind: .finger, device: 1, index: 0), location: Point(x: 11, y: 20))),
            .remote(.togglePlayPause),
        ]
        recorder.record(contentsOf: zip([0, 0.016, 0.016, 0.5, 1.0], kinds).map { InputEvent(timestamp: $0, $1) })
        return recorder.trace
    }()

    /// The trace's event at `index`, as the player should release it when started at `start`.
    static func played(_ index: Int, start: Double) -> InputEvent {
        InputEvent(timestamp: start + trace.events[index].timestamp, trace.events[index].kind)
    }

    @Test("events come out exactly when due, on the game's clock, from the start given")
    func exactTiming() {
        let clock = ManualClock(now: 100)
        let start = 100.25
        var player = TracePlayer(Self.trace, start: start)
        #expect(player.nextEventTime == start)

        var log: [(now: Double, events: [InputEvent])] = []
        for now in [100, 100.25, 100.26, start + 0.016, start + 0.016, 100.7, start + 0.5, 102, 103] {
            clock.advance(to: now)
            var events: [InputEvent] = []
            player.events(dueBy: clock.now, into: &events)
            log.append((clock.now, events))
        }

        let expected: [(now: Double, events: [InputEvent])] = [
            (100, []),
            (100.25, [Self.played(0, start: start)]),
            (100.26, []),
            (start + 0.016, [Self.played(1, start: start), Self.played(2, start: start)]),
            (start + 0.016, []),
            (100.7, []),
            (start + 0.5, [Self.played(3, start: start)]),
            (102, [Self.played(4, start: start)]),
            (103, []),
        ]
        #expect(log.map(\.now) == expected.map(\.now))
        #expect(log.map(\.events) == expected.map(\.events))
        #expect(player.isFinished)
        #expect(player.nextEventTime == nil)
    }

    @Test("stepping frame by frame releases every event once, in the first frame it is due")
    func frameByFrame() {
        let clock = ManualClock()
        let start = 0.5
        var player = TracePlayer(Self.trace, start: start)
        var released: [InputEvent] = []
        var previousNow = -Double.infinity
        var frames = 0
        var buffer: [InputEvent] = []
        while !player.isFinished && frames < 1000 {
            clock.advance(by: 1.0 / 60)
            buffer.removeAll(keepingCapacity: true)
            player.events(dueBy: clock.now, into: &buffer)
            for event in buffer {
                // Due by this frame, and not by the one before.
                #expect(event.timestamp <= clock.now)
                #expect(event.timestamp > previousNow)
            }
            released += buffer
            previousNow = clock.now
            frames += 1
        }
        #expect(player.isFinished)
        #expect(released == Self.trace.events.indices.map { Self.played($0, start: start) })
        // 1.5 s of trace at 60 frames a second.
        #expect(frames == 90 || frames == 91)
    }

    @Test("the buffer is appended to, not replaced")
    func appendsToBuffer() {
        var player = TracePlayer(Self.trace, start: 0)
        let live = InputEvent(timestamp: 0, .mouseHover(.zero))
        var buffer = [live]
        player.events(dueBy: 0, into: &buffer)
        #expect(buffer == [live, Self.played(0, start: 0)])
    }

    @Test("asking for an earlier time, or NaN, releases nothing")
    func clockGoingBack() {
        var player = TracePlayer(Self.trace, start: 0)
        var buffer: [InputEvent] = []
        player.events(dueBy: 0.5, into: &buffer)
        #expect(buffer.count == 4)
        buffer.removeAll()
        player.events(dueBy: 0.1, into: &buffer)
        player.events(dueBy: .nan, into: &buffer)
        #expect(buffer.isEmpty)
        #expect(player.nextEventTime == 1.0)
        player.events(dueBy: .infinity, into: &buffer)
        #expect(buffer == [Self.played(4, start: 0)])
    }

    @Test("an empty trace is finished from the start")
    func emptyTrace() throws {
        var player = TracePlayer(try Trace(parsing: "tactile-trace 1"), start: 3)
        #expect(player.isFinished)
        var buffer: [InputEvent] = []
        player.events(dueBy: 10, into: &buffer)
        #expect(buffer.isEmpty)
    }
}
