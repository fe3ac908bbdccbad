// The recording as JSON lines: one object per decision and per frame, in
// the order they were recorded, for tests and CI logs to print and parse.
//
//   {"type":"decision","frame":3,"time":0.05,"kind":"entered","recognizer":{"kind":"PanGestureRecognizer","name":"pan"},"state":"began","previous":"possible"}
//   {"type":"frame","frame":3,"time":0.05,"touches":[{"pointer":{"kind":"finger","device":1,"index":0},"phase":"moved","x":120.0,"y":80.0,"tapCount":1}],"recognizers":[…],"omittedTouches":0,"omittedRecognizers":0}
//
// Fields a decision has no use for are left out. Numbers are Swift's
// shortest round-tripping text; a number that is not finite is null.

extension InputDebugger {
    /// Every decision and frame held, oldest first, one JSON object per line.
    public func jsonLines() -> String {
        var writer = JSONWriter()
        var decision = decisionSlots.oldest
        var frame = frameSlots.oldest
        while decision < decisionSlots.written || frame < frameSlots.written {
            let takeDecision = frame == frameSlots.written
                || (decision < decisionSlots.written && decisionSlots[decision].sequence < frameSlots[frame].sequence)
            if takeDecision {
                self.decision(at: decision).write(to: &writer)
                decision += 1
            } else {
                self.frame(at: frame).write(to: &writer)
                frame += 1
            }
            writer.endLine()
        }
        return writer.text
    }
}

extension RecordedDecision {
    /// The decision as one JSON object, on one line.
    public var jsonLine: String { JSONWriter.line(write(to:)) }

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("type", "decision")
            object.field("frame", frame)
            object.field("time", time)
            object.field("kind", kind.rawValue)
            if let recognizer { object.key("recognizer"); recognizer.write(to: &object) }
            if let state { object.field("state", state.rawValue) }
            if let previous { object.field("previous", previous.rawValue) }
            if !waitingFor.isEmpty { object.array("waitingFor", waitingFor) { $1.write(to: &$0) } }
            if let failure { object.field("failure", "\(failure)") }
            if !pointers.isEmpty { object.array("pointers", pointers) { $1.write(to: &$0) } }
            if let phase { object.field("phase", phase.rawValue) }
            if let source { object.field("source", "\(source)") }
            if let layer { object.field("layer", layer.name) }
            if let deadline { object.field("deadline", deadline) }
            if let reason { object.field("reason", reason) }
        }
    }
}

extension FrameState {
    /// The frame as one JSON object, on one line.
    public var jsonLine: String { JSONWriter.line(write(to:)) }

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("type", "frame")
            object.field("frame", frame)
            object.field("time", time)
            object.array("touches", touches) { writer, touch in
                writer.object { sample in
                    sample.key("pointer")
                    touch.pointer.write(to: &sample)
                    sample.field("phase", touch.phase.rawValue)
                    sample.field("x", touch.location.x)
                    sample.field("y", touch.location.y)
                    sample.field("tapCount", touch.tapCount)
                }
            }
            object.array("recognizers", recognizers) { writer, recognizer in
                writer.object { sample in
                    sample.key("recognizer")
                    recognizer.recognizer.write(to: &sample)
                    sample.field("state", recognizer.state.rawValue)
                    sample.field("waiting", recognizer.isWaiting)
                }
            }
            object.field("omittedTouches", omittedTouches)
            object.field("omittedRecognizers", omittedRecognizers)
        }
    }
}

extension RecognizerIdentity {
    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("kind", kindName)
            object.field("name", name)
        }
    }
}

extension PointerID {
    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("kind", kind.rawValue)
            object.field("device", Int(device))
            object.field("index", Int(index))
        }
    }
}

/// Writes JSON text: objects, arrays and fields, with the commas between
/// them and strings escaped.
struct JSONWriter {
    private(set) var text = ""
    /// Whether a value was written at this level, so the next needs a comma.
    private var needsComma = false

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        text += "{"
        needsComma = false
        body(&self)
        text += "}"
        needsComma = true
    }

    mutating func array<Element>(_ name: String, _ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        key(name)
        text += "["
        needsComma = false
        for element in elements { write(&self, element) }
        text += "]"
        needsComma = true
    }

    /// Starts a field whose value the caller writes next.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        text += ":"
        needsComma = false
    }

    mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { appendString(value) } else { text += "null" }
        needsComma = true
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        text += "\(value)"
        needsComma = true
    }

    mutating func field(_ name: String, _ value: Double) {
        key(name)
        text += value.isFinite ? "\(value)" : "null"
        needsComma = true
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
        needsComma = true
    }

    /// One line of text that `write` makes.
    static func line(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return writer.text
    }

    mutating func endLine() {
        text += "\n"
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { text += "," }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private mutating func appendString(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
