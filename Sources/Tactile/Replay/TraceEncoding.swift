extension Trace {
    /// The trace as text in the current format: the header, then one line per
    /// event (see ``Trace`` for the format).
    ///
    /// Parsing the text with ``init(parsing:)`` gives back an equal trace.
    ///
    /// - Complexity: O(*n*) in the number of events.
    public var text: String {
        var text = "tactile-trace \(Trace.currentVersion)\n"
        for event in events {
            text += event.traceLine
            text += "\n"
        }
        return text
    }
}

extension InputEvent {
    /// The event as one trace line, without its newline. The timestamp is
    /// written as it is: the caller has already made it relative to the trace.
    var traceLine: String {
        ([traceNumber(timestamp), TraceEventWord(kind).rawValue] + kind.traceFields)
            .joined(separator: " ")
    }
}

extension InputEvent.Kind {
    /// The fields that follow the kind's word, in the order ``Trace`` documents.
    var traceFields: [String] {
        switch self {
        case .pointer(let pointer):
            [
                pointer.phase.rawValue, pointer.id.kind.rawValue,
                String(pointer.id.device), String(pointer.id.index),
                traceNumber(pointer.location.x), traceNumber(pointer.location.y),
                traceNumber(pointer.pressure),
            ]
        case .mouseHover(let location):
            [traceNumber(location.x), traceNumber(location.y)]
        case .mouseButton(let button):
            [
                button.button.rawValue, TraceButtonState(isDown: button.isDown).rawValue,
                traceNumber(button.location.x), traceNumber(button.location.y),
            ]
        case .mouseWheel(let wheel):
            [traceNumber(wheel.dx), traceNumber(wheel.dy)]
        case .key(let key):
            [
                TraceButtonState(isDown: key.isDown).rawValue,
                String(key.scancode), String(key.keycode),
                key.modifiers.traceWord, TraceFlag(key.isRepeat).rawValue,
            ]
        case .controller(let controller):
            controller.traceFields
        case .sensor(let sample):
            sample.traceFields
        case .remote(let command):
            [command.rawValue]
        case .interrupted(let reason):
            [reason.rawValue]
        case .text(.committed(let text)):
            [TraceText.word(text)]
        case .text(.composition(let composition)):
            [String(composition.cursor), String(composition.selectionLength), TraceText.word(composition.text)]
        }
    }
}

extension ControllerEvent {
    /// The fields of a `controller-…` line, after its word.
    var traceFields: [String] {
        switch self {
        case .added(let controller, let identity):
            [String(controller)] + (identity?.traceFields ?? [])
        case .remapped(let controller, let identity):
            [String(controller)] + identity.traceFields
        case .removed(let controller):
            [String(controller)]
        case .button(let controller, let button, let isDown):
            [String(controller), button.rawValue, TraceButtonState(isDown: isDown).rawValue]
        case .axis(let controller, let axis, let value):
            [String(controller), axis.rawValue, traceNumber(value)]
        case .touchpad(let controller, let touchpad, let finger, let phase, let location, let pressure):
            [
                String(controller), String(touchpad), String(finger), phase.rawValue,
                traceNumber(location.x), traceNumber(location.y), traceNumber(pressure),
            ]
        }
    }
}

extension SensorSample {
    /// The fields of a `sensor` line, after its word.
    var traceFields: [String] {
        let (sourceWord, id): (TraceSensorSourceWord, Int32) =
            switch source {
            case .device(let id): (.device, id)
            case .controller(let id): (.controller, id)
            }
        return [
            sourceWord.rawValue, String(id), kind.rawValue,
            traceNumber(value.x), traceNumber(value.y), traceNumber(value.z),
            sensorTime.map(traceNumber) ?? "-",
        ]
    }
}

/// A number as a trace writes it: `description` is the shortest decimal text
/// that reads back as exactly the same `Double`, which is what makes a
/// recorded trace replay bit for bit.
private func traceNumber(_ value: Double) -> String {
    value.description
}
