import Testing
@testable import Tactile

@Suite("Corrupt traces")
struct TraceErrorTests {
    /// A valid header and event, so that the damaged line is line 3 or later.
    static let opening = "tactile-trace 1\n0 remote play\n"

    @Test("an empty file has no header")
    func emptyFile() {
        #expect(throws: TraceError.missingHeader(line: 1)) { try Trace(parsing: "") }
        #expect(throws: TraceError.missingHeader(line: 1)) { try Trace(parsing: "\n\n") }
    }

    @Test("a missing or damaged header is reported on line 1")
    func missingHeader() {
        for text in [
            "0 remote play",
            "# a comment first\ntactile-trace 1",
            "tactile-trace",
            "tactile-trace one",
            "tactile-trace 1 1",
            "tactile-trace 1.0",
            "Tactile-Trace 1",
            "tactile-trace 99999999999999999999999",
        ] {
            #expect(throws: TraceError.missingHeader(line: 1), "\(text)") { try Trace(parsing: text) }
        }
    }

    @Test("another version is refused, with the version found")
    func wrongVersion() {
        #expect(throws: TraceError.unsupportedVersion(line: 1, version: 2)) {
            try Trace(parsing: "tactile-trace 2\n0 remote play\n")
        }
        #expect(throws: TraceError.unsupportedVersion(line: 1, version: 0)) { try Trace(parsing: "tactile-trace 0") }
        #expect(throws: TraceError.unsupportedVersion(line: 1, version: -1)) { try Trace(parsing: "tactile-trace -1") }
    }

    @Test("a truncated line, and one with too many fields")
    func wrongFieldCount() {
        #expect(throws: TraceError.wrongFieldCount(line: 3, kind: "pointer", expected: 7, found: 6)) {
            try Trace(parsing: Self.opening + "0.016 pointer down finger 3 0 120.5 80")
        }
        #expect(throws: TraceError.wrongFieldCount(line: 4, kind: "remote", expected: 1, found: 0)) {
            try Trace(parsing: Self.opening + "\n0.1 remote\n")
        }
        #expect(throws: TraceError.wrongFieldCount(line: 3, kind: "mouse-wheel", expected: 2, found: 3)) {
            try Trace(parsing: Self.opening + "0.1 mouse-wheel 1 2 3\n")
        }
    }

    @Test("an unknown event kind, or none at all")
    func unknownEventKind() {
        #expect(throws: TraceError.unknownEventKind(line: 3, word: "teleport")) {
            try Trace(parsing: Self.opening + "0.1 teleport 1 2\n")
        }
        #expect(throws: TraceError.unknownEventKind(line: 3, word: "Pointer")) {
            try Trace(parsing: Self.opening + "0.1 Pointer down finger 3 0 1 2 1\n")
        }
        #expect(throws: TraceError.unknownEventKind(line: 3, word: "")) {
            try Trace(parsing: Self.opening + "0.1\n")
        }
        #expect(throws: TraceError.unknownEventKind(line: 3, word: "")) {
            try Trace(parsing: Self.opening + "0.1 # just a time\n")
        }
    }

    @Test("a bad number names its field and its text")
    func badNumber() {
        let cases: [(line: String, field: String, text: String)] = [
            ("0.2 mouse-hover abc 4", "x", "abc"),
            ("abc remote play", "time", "abc"),
            ("0.2 mouse-hover 1 4.5.6", "y", "4.5.6"),
            ("0.2 pointer down finger 3.5 0 1 2 1", "device", "3.5"),
            ("0.2 pointer down finger 3 99999999999999999999 1 2 1", "index", "99999999999999999999"),
            ("0.2 key down 4 2147483648 - 0", "keycode", "2147483648"),
            ("0.2 controller-added 0x10", "controller", "0x10"),
            ("0.2 controller-added 1 ps4 54ccc 9cc - - - - -", "vendor", "54ccc"),
            ("0.2 controller-added 1 ps4 054c 10000 - - - - -", "product", "10000"),
            ("0.2 controller-added 1 ps4 054c 09cc - one - - -", "player index", "one"),
            ("0.2 controller-axis 0 leftX 0x1p-2", "value", "0x1p-2"),
            ("0.2 sensor device 1 gyroscope 1 2 3 --", "sensor time", "--"),
            ("0.2 mouse-wheel 1e999 0", "dx", "1e999"),
            ("0.2 mouse-wheel 0 -1e999", "dy", "-1e999"),
        ]
        for (line, field, text) in cases {
            #expect(throws: TraceError.badNumber(line: 3, field: field, text: text), "\(line)") {
                try Trace(parsing: Self.opening + line)
            }
        }
    }

    /// Identity text and words: a bad escape, text that is not UTF-8, an
    /// unknown type or feature, and a line cut short inside the identity.
    @Test("a bad controller identity names its field")
    func badIdentity() {
        let cases: [(line: String, error: TraceError)] = [
            ("0.2 controller-added 1 ps6 054c 09cc - - - - -", .badWord(line: 3, field: "type", text: "ps6")),
            ("0.2 controller-added 1 ps4 054c 09cc - - laser - -", .badWord(line: 3, field: "features", text: "laser")),
            ("0.2 controller-added 1 ps4 054c 09cc - - rumble+ - -", .badWord(line: 3, field: "features", text: "rumble+")),
            ("0.2 controller-added 1 ps4 054c 09cc %4 - - - -", .badWord(line: 3, field: "guid", text: "%4")),
            ("0.2 controller-added 1 ps4 054c 09cc - - - %zz1 -", .badWord(line: 3, field: "serial", text: "%zz1")),
            ("0.2 controller-added 1 ps4 054c 09cc - - - - Pad%FF", .badWord(line: 3, field: "name", text: "Pad%FF")),
            ("0.2 controller-added 1 ps4 054c", .wrongFieldCount(line: 3, kind: "controller-added", expected: 9, found: 3)),
        ]
        for (line, error) in cases {
            #expect(throws: error, "\(line)") {
                try Trace(parsing: Self.opening + line)
            }
        }
    }

    @Test("NaN and infinities are bad numbers")
    func nonFinite() {
        for text in ["nan", "NaN", "-nan", "inf", "-inf", "infinity", "Infinity"] {
            #expect(throws: TraceError.badNumber(line: 3, field: "pressure", text: text)) {
                try Trace(parsing: Self.opening + "0.3 pointer move mouse 1 0 1 2 \(text)\n")
            }
            #expect(throws: TraceError.badNumber(line: 3, field: "time", text: text)) {
                try Trace(parsing: Self.opening + "\(text) remote play\n")
            }
        }
    }

    @Test("time going backwards is reported on the later line")
    func timeGoingBackwards() {
        #expect(throws: TraceError.timeWentBackwards(line: 4, time: 0.4, previous: 0.5)) {
            try Trace(parsing: Self.opening + "0.5 remote play\n0.4 remote pause\n")
        }
        #expect(throws: TraceError.timeWentBackwards(line: 3, time: -1, previous: 0)) {
            try Trace(parsing: Self.opening + "-1 remote play\n")
        }
    }

    @Test("a bad word for an enum field names its field and its text")
    func badWord() {
        let cases: [(line: String, field: String, text: String)] = [
            ("0 pointer sideways finger 3 0 1 2 1", "phase", "sideways"),
            ("0 pointer down toe 3 0 1 2 1", "pointer kind", "toe"),
            ("0 mouse-button left pressed 1 2", "state", "pressed"),
            ("0 mouse-button thumb down 1 2", "button", "thumb"),
            ("0 key down 4 97 lshift+hyper 0", "modifiers", "lshift+hyper"),
            ("0 key down 4 97 lshift+ 0", "modifiers", "lshift+"),
            ("0 key down 4 97 0x 0", "modifiers", "0x"),
            ("0 key down 4 97 - yes", "repeat", "yes"),
            ("0 controller-button 0 A down", "button", "A"),
            ("0 controller-axis 0 leftx 0.5", "axis", "leftx"),
            ("0 controller-touchpad 0 0 1 hover 0.5 0.5 1", "phase", "hover"),
            ("0 sensor phone 1 gyroscope 1 2 3 -", "source", "phone"),
            ("0 sensor device 1 magnetometer 1 2 3 -", "sensor", "magnetometer"),
            ("0 remote rewind", "command", "rewind"),
            ("0 interrupted focus_lost", "reason", "focus_lost"),
        ]
        for (line, field, text) in cases {
            #expect(throws: TraceError.badWord(line: 3, field: field, text: text), "\(line)") {
                try Trace(parsing: Self.opening + line)
            }
        }
    }

    @Test("line numbers count blank lines, comments and CRLF line ends")
    func lineNumbers() {
        let text = "tactile-trace 1\r\n# comment\r\n\r\n0 remote play\r\n\r\n0 remote nope\r\n"
        #expect(throws: TraceError.badWord(line: 6, field: "command", text: "nope")) { try Trace(parsing: text) }
    }

    @Test("descriptions name the line and the problem in plain words")
    func descriptions() {
        let cases: [(TraceError, String)] = [
            (.badNumber(line: 7, field: "x", text: "abc"), "line 7: bad number 'abc' for x"),
            (.missingHeader(line: 1), "line 1: not a trace: the first line must be 'tactile-trace 1'"),
            (.unsupportedVersion(line: 1, version: 2),
             "line 1: unsupported trace version 2; this build reads version 1"),
            (.unknownEventKind(line: 3, word: "teleport"), "line 3: unknown event kind 'teleport'"),
            (.unknownEventKind(line: 3, word: ""), "line 3: missing event kind after the time"),
            (.wrongFieldCount(line: 4, kind: "pointer", expected: 7, found: 5),
             "line 4: truncated line: 'pointer' takes 7 fields after its kind, found 5"),
            (.wrongFieldCount(line: 4, kind: "remote", expected: 1, found: 2),
             "line 4: too many fields: 'remote' takes 1 fields after its kind, found 2"),
            (.badWord(line: 9, field: "phase", text: "sideways"), "line 9: bad word 'sideways' for phase"),
            (.timeWentBackwards(line: 5, time: 0.4, previous: 0.5),
             "line 5: time went backwards: 0.4 comes after 0.5"),
            // Control characters are escaped and long text is cut short.
            (.badWord(line: 2, field: "command", text: "a\u{0}b\u{1B}"), "line 2: bad word 'a\\0b\\u{1B}' for command"),
            (.badNumber(line: 2, field: "x", text: String(repeating: "9", count: 100)),
             "line 2: bad number '\(String(repeating: "9", count: 40))…' for x"),
        ]
        for (error, description) in cases {
            #expect(error.description == description)
            #expect(String(describing: error) == description)
        }
    }
}
