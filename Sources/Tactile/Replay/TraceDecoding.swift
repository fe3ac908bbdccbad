extension Trace {
    /// Reads a trace from its text (see ``Trace`` for the format).
    ///
    /// Reading stops at the first line that breaks the format, and nothing
    /// else: any text, however damaged, either gives a trace or throws.
    ///
    /// ```swift
    /// let trace = try Trace(parsing: """
    ///     tactile-trace 1
    ///     0.0 remote toggle-play-pause
    ///     """)
    /// ```
    ///
    /// The text is read a line at a time (see ``Trace``'s limits), so
    /// parsing costs the events kept and one line, not a copy of the text.
    ///
    /// - Throws: the ``TraceError`` for the first line that is wrong.
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String) throws(TraceError) {
        var reader = TraceReader(TextBytes(text))
        var events: [InputEvent] = []
        while let next = reader.next() {
            events.append(try next.get())
        }
        self.init(version: reader.version ?? Trace.currentVersion, events: events)
    }
}

extension InputEvent.Kind {
    /// Reads the kind's word and its fields from the rest of a trace line.
    init(reading reader: inout TraceFieldReader) throws(TraceError) {
        let line = reader.line
        let word = try reader.eventWord()
        guard reader.remainingCount == word.fieldCount || reader.remainingCount == word.shortFieldCount else {
            throw .wrongFieldCount(
                line: line, kind: word.rawValue, expected: word.fieldCount, found: reader.remainingCount)
        }
        switch word {
        case .pointer:
            let phase = try reader.word("phase", as: PointerEvent.Phase.self)
            let id = PointerID(
                kind: try reader.word("pointer kind", as: PointerKind.self),
                device: try reader.integer("device", as: Int64.self),
                index: try reader.integer("index", as: Int64.self))
            let location = try reader.point()
            self = .pointer(PointerEvent(phase, id: id, location: location, pressure: try reader.number("pressure")))
        case .mouseHover:
            self = .mouseHover(try reader.point())
        case .mouseButton:
            self = .mouseButton(MouseButtonEvent(
                button: try reader.word("button", as: MouseButton.self),
                isDown: try reader.word("state", as: TraceButtonState.self).isDown,
                location: try reader.point()))
        case .mouseWheel:
            self = .mouseWheel(MouseWheelEvent(dx: try reader.number("dx"), dy: try reader.number("dy")))
        case .key:
            self = .key(KeyEvent(
                isDown: try reader.word("state", as: TraceButtonState.self).isDown,
                scancode: try reader.integer("scancode", as: Int32.self),
                keycode: try reader.integer("keycode", as: Int32.self),
                modifiers: try reader.modifiers("modifiers"),
                isRepeat: try reader.word("repeat", as: TraceFlag.self).value))
        case .controllerAdded:
            let controller = try reader.integer("controller", as: Int32.self)
            let identity = reader.remainingCount == 0 ? nil : try ControllerIdentity(reading: &reader)
            self = .controller(.added(controller: controller, identity: identity))
        case .controllerRemapped:
            let controller = try reader.integer("controller", as: Int32.self)
            self = .controller(.remapped(controller: controller, identity: try ControllerIdentity(reading: &reader)))
        case .controllerRemoved:
            self = .controller(.removed(controller: try reader.integer("controller", as: Int32.self)))
        case .controllerButton:
            self = .controller(.button(
                controller: try reader.integer("controller", as: Int32.self),
                button: try reader.word("button", as: ControllerButton.self),
                isDown: try reader.word("state", as: TraceButtonState.self).isDown))
        case .controllerAxis:
            self = .controller(.axis(
                controller: try reader.integer("controller", as: Int32.self),
                axis: try reader.word("axis", as: ControllerAxis.self),
                value: try reader.number("value")))
        case .controllerTouchpad:
            self = .controller(.touchpad(
                controller: try reader.integer("controller", as: Int32.self),
                touchpad: try reader.integer("touchpad", as: Int32.self),
                finger: try reader.integer("finger", as: Int32.self),
                phase: try reader.word("phase", as: PointerEvent.Phase.self),
                location: try reader.point(),
                pressure: try reader.number("pressure")))
        case .sensor:
            let sourceWord = try reader.word("source", as: TraceSensorSourceWord.self)
            let id = try reader.integer("id", as: Int32.self)
            let source: SensorSource =
                switch sourceWord {
                case .device: .device(id)
                case .controller: .controller(id)
                }
            self = .sensor(SensorSample(
                kind: try reader.word("sensor", as: SensorKind.self),
                source: source,
                value: Vector3(x: try reader.number("x"), y: try reader.number("y"), z: try reader.number("z")),
                sensorTime: try reader.optionalNumber("sensor time")))
        case .remote:
            self = .remote(try reader.word("command", as: RemoteCommand.self))
        case .interrupted:
            self = .interrupted(try reader.word("reason", as: Interruption.self))
        case .text:
            self = .text(.committed(try reader.textWord("text")))
        case .textComposition:
            let cursor = try reader.integer("cursor", as: Int.self)
            let selectionLength = try reader.integer("selection length", as: Int.self)
            self = .text(.composition(TextComposition(
                text: try reader.textWord("text"), cursor: cursor, selectionLength: selectionLength)))
        }
    }
}

extension TraceFieldReader {
    /// The next two fields as a point's x and y.
    fileprivate mutating func point() throws(TraceError) -> Point {
        Point(x: try number("x"), y: try number("y"))
    }
}
