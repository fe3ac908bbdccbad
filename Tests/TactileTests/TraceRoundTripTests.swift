import Foundation
import Testing
@testable import Tactile

@Suite("Trace round trips")
struct TraceRoundTripTests {
    @Test("every kind of event survives record, text and parse exactly")
    func everyKindRoundTrips() throws {
        var recorder = TraceRecorder(start: 0)
        recorder.record(contentsOf: TraceSamples.everyKind)
        #expect(recorder.skippedEventCount == 0)

        let parsed = try Trace(parsing: recorder.text)
        #expect(parsed.version == Trace.currentVersion)
        #expect(parsed.events == TraceSamples.everyKind)
        #expect(parsed == recorder.trace)
        // Writing what was read gives the same text again, byte for byte.
        #expect(parsed.text == recorder.text)
    }

    @Test("every kind word and every field count is used by the samples")
    func samplesCoverEveryLineKind() {
        let words = Set(TraceSamples.everyKind.map { TraceEventWord($0.kind) })
        #expect(words == Set(TraceEventWord.allCases))
        for event in TraceSamples.everyKind {
            let word = TraceEventWord(event.kind)
            #expect(event.kind.traceFields.count == word.fieldCount || event.kind.traceFields.count == word.shortFieldCount)
        }
    }

    @Test("negative zero keeps its sign")
    func negativeZero() throws {
        var recorder = TraceRecorder(start: 0)
        recorder.record(InputEvent(timestamp: 0, .mouseWheel(MouseWheelEvent(dx: -0.0, dy: 0))))
        let parsed = try Trace(parsing: recorder.text)
        guard case .mouseWheel(let wheel) = parsed.events.first?.kind else {
            Issue.record("expected a wheel event, got \(parsed.events)")
            return
        }
        #expect(wheel.dx.sign == .minus)
        #expect(wheel.dy.sign == .plus)
    }

    @Test("the lines written are the ones the format documents")
    func writtenText() {
        var recorder = TraceRecorder(start: 10)
        recorder.record(InputEvent(timestamp: 10.5, .pointer(PointerEvent(
            .down, id: PointerID(kind: .finger, device: 3, index: 0),
            location: Point(x: 120.5, y: 80), pressure: 1))))
        recorder.record(InputEvent(timestamp: 11, .key(KeyEvent(
            isDown: true, scancode: 4, keycode: 97, modifiers: [.leftShift, .leftAlt]))))
        recorder.record(InputEvent(timestamp: 11, .key(KeyEvent(
            isDown: false, scancode: 4, keycode: 97, modifiers: KeyModifiers(rawValue: 0x0005), isRepeat: true))))
        recorder.record(InputEvent(timestamp: 12, .controller(.axis(controller: 0, axis: .leftX, value: -0.25))))
        recorder.record(InputEvent(timestamp: 12, .sensor(SensorSample(
            kind: .accelerometer, source: .controller(0), value: Vector3(x: 0, y: -9.81, z: 1)))))
        recorder.record(InputEvent(timestamp: 12, .sensor(SensorSample(
            kind: .gyroscope, source: .device(3), value: Vector3(x: 1, y: 2, z: 3), sensorTime: 0.5))))
        recorder.record(InputEvent(timestamp: 13, .interrupted(.focusLost)))

        #expect(recorder.text == """
            tactile-trace 1
            0.5 pointer down finger 3 0 120.5 80.0 1.0
            1.0 key down 4 97 lshift+lalt 0
            1.0 key up 4 97 lshift+0x4 1
            2.0 controller-axis 0 leftX -0.25
            2.0 sensor controller 0 accelerometer 0.0 -9.81 1.0 -
            2.0 sensor device 3 gyroscope 1.0 2.0 3.0 0.5
            3.0 interrupted focus-lost

            """)
    }

    @Test("hand-written text: comments, blank lines, tabs, extra spaces, CRLF, a BOM, no final newline")
    func handWrittenText() throws {
        let text = "\u{FEFF}tactile-trace 1 # made by hand\r\n"
            + "# a comment\r\n"
            + "\r\n"
            + "   \t  \n"
            + "0   pointer\tdown finger 3 0 120.5 80 1\r\n"
            + "  # an indented comment\n"
            + "0.25 key down 4 97 lalt+lshift+lshift 1 # repeats are fine\n"
            + "0.25 mouse-wheel +1 -2e0\n"
            + "1 sensor device 3 gyroscope .5 5. 0 -"
        let trace = try Trace(parsing: text)
        #expect(trace.events == [
            InputEvent(timestamp: 0, .pointer(PointerEvent(
                .down, id: PointerID(kind: .finger, device: 3, index: 0),
                location: Point(x: 120.5, y: 80), pressure: 1))),
            InputEvent(timestamp: 0.25, .key(KeyEvent(
                isDown: true, scancode: 4, keycode: 97, modifiers: [.leftShift, .leftAlt], isRepeat: true))),
            InputEvent(timestamp: 0.25, .mouseWheel(MouseWheelEvent(dx: 1, dy: -2))),
            InputEvent(timestamp: 1, .sensor(SensorSample(
                kind: .gyroscope, source: .device(3), value: Vector3(x: 0.5, y: 5, z: 0), sensorTime: nil))),
        ])
    }

    @Test("the example in Trace's documentation parses, as does every line of its table")
    func documentedExamples() throws {
        let example = try Trace(parsing: """
            tactile-trace 1
            # One finger taps, then the space bar goes down and up.
            0.0 pointer down finger 3 0 120.5 80.0 1.0
            0.016 pointer move finger 3 0 121.0 80.5 1.0
            0.09 pointer up finger 3 0 121.0 80.5 1.0
            0.5 key down 44 32 - 0
            0.62 key up 44 32 - 0   # the space bar has scancode 44, keycode 32
            """)
        #expect(example.events.count == 5)

        let table = """
            tactile-trace 1
            0.016 pointer down finger 3 0 120.5 80.0 1.0
            0.2 mouse-hover 300.0 41.5
            0.3 mouse-button right down 300.0 41.5
            0.4 mouse-wheel 0.0 -1.0
            0.5 key down 4 97 lshift+lalt 0
            0.6 controller-added 0
            0.6 controller-added 0 ps5 054c 0ce6 050000004c050000e60c000000810000 0 rumble+accelerometer+gyroscope+touchpad+led - DualSense%20Wireless%20Controller
            0.7 controller-button 0 south down
            0.8 controller-axis 0 leftX -0.25
            0.9 controller-touchpad 0 0 1 down 0.5 0.25 1.0
            1.0 sensor controller 0 gyroscope 0.01 -0.02 0.0 12.5
            1.1 remote toggle-play-pause
            1.2 interrupted focus-lost
            1.3 text héllo%20!
            1.4 text-composition 1 1 にほ
            5.0 controller-remapped 0 unknown 1234 5678 03000000341200007856000000000000 - - - My%20Pad
            9.5 controller-removed 0
            """
        let trace = try Trace(parsing: table)
        #expect(Set(trace.events.map { TraceEventWord($0.kind) }) == Set(TraceEventWord.allCases))
        // What the table says is exactly what gets written back.
        #expect(trace.text == table + "\n")
    }

    /// A version 1 trace from before identities were recorded still reads;
    /// one written now carries the identity, escapes and all.
    @Test("controller-added with and without its identity")
    func controllerIdentity() throws {
        let trace = try Trace(parsing: """
            tactile-trace 1
            0 controller-added 3
            0 controller-added 4 switchPro 57e 2009 - - - %2D Pro%20Controller%20%23%31%25
            """)
        #expect(trace.events.map(\.kind) == [
            .controller(.added(controller: 3)),
            .controller(.added(controller: 4, identity: ControllerIdentity(
                name: "Pro Controller #1%", type: .switchPro, vendor: 0x057E, product: 0x2009, guid: "", serial: "-"))),
        ])
        #expect(trace.text.hasSuffix("0.0 controller-added 4 switchPro 057e 2009 - - - %2D Pro%20Controller%20%231%25\n"))
    }

    @Test("times are relative to the start given, or to the first event")
    func relativeTimes() {
        let kinds: [InputEvent.Kind] = [.remote(.play), .remote(.pause), .remote(.stop)]
        let absolute = zip([100.5, 101.0, 103.25], kinds).map { InputEvent(timestamp: $0, $1) }

        var fromStart = TraceRecorder(start: 100)
        fromStart.record(contentsOf: absolute)
        #expect(fromStart.start == 100)
        #expect(fromStart.trace.events.map(\.timestamp) == [0.5, 1.0, 3.25])

        var fromFirst = TraceRecorder()
        #expect(fromFirst.start == nil)
        fromFirst.record(contentsOf: absolute)
        #expect(fromFirst.start == 100.5)
        #expect(fromFirst.trace.events.map(\.timestamp) == [0, 0.5, 2.75])
        #expect(fromFirst.trace.events.map(\.kind) == kinds)
    }

    @Test("the recorder skips non-finite events and keeps the order of out-of-order ones")
    func recorderKeepsTheRules() throws {
        var recorder = TraceRecorder(start: .nan)
        #expect(recorder.start == nil)
        let log = [
            recorder.record(InputEvent(timestamp: 5, .remote(.play))),
            recorder.record(InputEvent(timestamp: 6, .mouseHover(Point(x: .nan, y: 0)))),
            recorder.record(InputEvent(timestamp: .infinity, .remote(.pause))),
            recorder.record(InputEvent(timestamp: 7, .sensor(SensorSample(
                kind: .gyroscope, source: .device(0), value: .zero, sensorTime: -.infinity)))),
            recorder.record(InputEvent(timestamp: 7, .controller(.axis(controller: 0, axis: .leftX, value: .infinity)))),
            recorder.record(InputEvent(timestamp: 8, .remote(.stop))),
            // Earlier than the event before it: kept, at that event's time.
            recorder.record(InputEvent(timestamp: 7.5, .remote(.nextTrack))),
        ]
        #expect(log == [true, false, false, false, false, true, true])
        #expect(recorder.skippedEventCount == 4)
        #expect(recorder.trace.events == [
            InputEvent(timestamp: 0, .remote(.play)),
            InputEvent(timestamp: 3, .remote(.stop)),
            InputEvent(timestamp: 3, .remote(.nextTrack)),
        ])
        #expect(try Trace(parsing: recorder.text) == recorder.trace)

        // So far before the start that the difference overflows.
        var far = TraceRecorder(start: 1e308)
        #expect(far.record(InputEvent(timestamp: -1e308, .remote(.play))) == false)
        #expect(far.skippedEventCount == 1)
        #expect(far.trace.events.isEmpty)
    }

    @Test("traces go to a file and come back")
    func files() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-trace-\(UUID().uuidString).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        var recorder = TraceRecorder(start: 0)
        recorder.record(contentsOf: TraceSamples.everyKind)
        try recorder.write(toFile: path)
        #expect(try Trace(contentsOfFile: path) == recorder.trace)

        // Bytes that are not UTF-8 give a trace error at their line, not a read failure.
        var garbage = Array("tactile-trace 1\n0 remote ".utf8)
        garbage += [0xFF, 0xFE, 0x80]
        try Data(garbage).write(to: URL(fileURLWithPath: path))
        #expect(throws: TraceError.badWord(line: 2, field: "command", text: "\u{FFFD}\u{FFFD}\u{FFFD}")) {
            try Trace(contentsOfFile: path)
        }

        #expect(throws: (any Error).self) {
            try Trace(contentsOfFile: path + ".missing")
        }
    }
}

@Suite("Trace text lines")
struct TraceTextLineTests {
    @Test("text lines read as written, cursor and selection clamped into the text")
    func textLines() throws {
        let trace = try Trace(parsing: """
            tactile-trace 1
            0.0 text héllo%20!
            0.1 text-composition 1 1 にほ
            0.2 text-composition 9 -4 ab
            0.3 text-composition 0 0 -
            """)
        #expect(trace.events.map(\.kind) == [
            .text(.committed("héllo !")),
            .text(.composition(TextComposition(text: "にほ", cursor: 1, selectionLength: 1))),
            .text(.composition(TextComposition(text: "ab", cursor: 2, selectionLength: 0))),
            .text(.composition(.none)),
        ])
    }

    @Test("a bad text line names its line and field")
    func badTextLines() {
        let cases: [(String, TraceError)] = [
            ("0.0 text a b", .wrongFieldCount(line: 2, kind: "text", expected: 1, found: 2)),
            ("0.0 text %zz", .badWord(line: 2, field: "text", text: "%zz")),
            ("0.0 text %FF", .badWord(line: 2, field: "text", text: "%FF")),
            ("0.0 text-composition x 0 a", .badNumber(line: 2, field: "cursor", text: "x")),
            ("0.0 text-composition 0 1.5 a", .badNumber(line: 2, field: "selection length", text: "1.5")),
            ("0.0 text-composition 0 0", .wrongFieldCount(line: 2, kind: "text-composition", expected: 3, found: 2)),
        ]
        for (line, expected) in cases {
            #expect(throws: expected) { try Trace(parsing: "tactile-trace 1\n" + line) }
        }
    }
}
