/// Collects input events as they happen and turns them into a ``Trace``.
///
/// Hand the recorder every event the game receives, in order; its ``trace``
/// holds them with times in seconds since the recorder's start, and ``text``
/// or ``write(toFile:)`` saves them. The start is given at init (the clock's
/// reading when recording began, so a pause before the first touch is kept)
/// or, when `nil`, is the first event's timestamp.
///
/// ```swift
/// var recorder = TraceRecorder(start: clock.now)
/// // each frame:
/// for event in events { recorder.record(event) }
/// // on quit:
/// try recorder.write(toFile: "session.trace")
/// ```
///
/// The recorder keeps the trace's rules so that what it writes always reads
/// back:
/// - An event with a NaN or infinite number, in its timestamp or anywhere
///   else, is skipped and counted in ``skippedEventCount``; so is one so far
///   from the start that its relative time overflows. TactileSDL's event pump
///   already drops non-finite input, so only hand-made events get here.
/// - An event earlier than the one before it is recorded at the earlier
///   event's time. Order is what the pipeline depends on (an `up` must follow
///   its `down`), so the order is kept and the time gives way.
///
/// Events before the start are kept, with negative times.
///
/// ## See Also
/// - ``Trace``
/// - ``TracePlayer``
public struct TraceRecorder: Sendable {
    /// The time, in seconds on the events' clock, that the trace's times are
    /// measured from; `nil` until the first event when none was given.
    public private(set) var start: Double?

    /// How many events were not recorded because a number in them is not
    /// finite, or because free text (a controller's name, typed text) made
    /// its line too long to read.
    public private(set) var skippedEventCount = 0

    private var events: [InputEvent] = []
    private var lastTime = -Double.infinity

    /// Makes a recorder whose trace starts at `start`, in seconds on the clock
    /// the events' timestamps come from. With `nil`, or with a start that is
    /// not finite, the trace starts at the first recorded event.
    public init(start: Double? = nil) {
        self.start = start.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Everything recorded so far, with times relative to ``start``.
    public var trace: Trace { Trace(events: events) }

    /// Everything recorded so far, as trace text.
    public var text: String { trace.text }

    /// Records one event.
    ///
    /// - Returns: whether it was recorded; `false` when a number in it is
    ///   not finite.
    /// - Complexity: amortised O(1).
    @discardableResult
    public mutating func record(_ event: InputEvent) -> Bool {
        guard event.timestamp.isFinite, event.kind.hasOnlyFiniteNumbers else {
            skippedEventCount += 1
            return false
        }
        let start = self.start ?? event.timestamp
        let relative = event.timestamp - start
        // Timestamps of opposite signs near the limits of `Double` can
        // overflow when subtracted.
        guard relative.isFinite else {
            skippedEventCount += 1
            return false
        }
        let time = max(relative, lastTime)
        // Free text (a controller's name, typed text) is the one thing that
        // can make a line longer than a reader takes.
        if event.kind.hasFreeText,
           InputEvent(timestamp: time, event.kind).traceLine.utf8.count > TextLineReader<TextBytes>.maximumLineLength {
            skippedEventCount += 1
            return false
        }
        self.start = start
        events.append(InputEvent(timestamp: time, event.kind))
        lastTime = time
        return true
    }

    /// Records events in order.
    public mutating func record(contentsOf events: some Sequence<InputEvent>) {
        for event in events {
            record(event)
        }
    }

    /// Writes everything recorded so far to a file, as trace text, replacing
    /// any file at `path`.
    ///
    /// - Throws: the file system's error when the file cannot be written.
    public func write(toFile path: String) throws {
        try trace.write(toFile: path)
    }
}

extension InputEvent.Kind {
    /// Whether every `Double` in the event is finite, as a trace requires.
    fileprivate var hasOnlyFiniteNumbers: Bool {
        switch self {
        case .pointer(let pointer):
            pointer.location.isFinite && pointer.pressure.isFinite
        case .mouseHover(let location):
            location.isFinite
        case .mouseButton(let button):
            button.location.isFinite
        case .mouseWheel(let wheel):
            wheel.dx.isFinite && wheel.dy.isFinite
        case .key, .remote, .interrupted, .text:
            true
        case .controller(let controller):
            switch controller {
            case .added, .remapped, .removed, .button:
                true
            case .axis(_, _, let value):
                value.isFinite
            case .touchpad(_, _, _, _, let location, let pressure):
                location.isFinite && pressure.isFinite
            }
        case .sensor(let sample):
            sample.value.isFinite && (sample.sensorTime?.isFinite ?? true)
        }
    }
}

extension InputEvent.Kind {
    /// Whether the event carries free text: a controller's identity, or text input.
    fileprivate var hasFreeText: Bool {
        switch self {
        case .controller(.added(_, _?)), .controller(.remapped), .text: true
        default: false
        }
    }
}
