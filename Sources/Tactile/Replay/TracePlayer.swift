/// Plays a recorded trace's events on a clock, each at its moment, into the
/// same path that live events take.
///
/// The player is given the trace and a start time on the game's ``Clock``.
/// An event recorded `t` seconds into the trace is due at `start + t`, and
/// comes out with that timestamp, so everything downstream (recognizer
/// deadlines, motion filters) sees the times it would have seen live. Each
/// frame, the game asks for the events due by its clock's `now`, where it
/// would otherwise drain the platform's queue:
///
/// ```swift
/// let clock = ManualClock()
/// var player = TracePlayer(trace, start: clock.now)
/// var events: [InputEvent] = []
/// while !player.isFinished {
///     clock.advance(by: 1.0 / 60)
///     events.removeAll(keepingCapacity: true)
///     player.events(dueBy: clock.now, into: &events)
///     game.handle(events)
/// }
/// ```
///
/// With a ``ManualClock`` advanced one frame per frame, a replay delivers the
/// same events in the same frames on every machine, however fast it runs.
///
/// Every event comes out once, in the trace's order: asking again for a time
/// already asked for gives nothing new, and asking for an earlier time than
/// before gives nothing, since a clock never goes back.
///
/// ## Playing from a file
///
/// ``init(contentsOfFile:start:)`` plays a trace from its file without
/// holding it: it reads the file once to check it (so a bad trace throws
/// before anything plays, as ``Trace/init(contentsOfFile:)`` would), then
/// reads it again a line at a time as the events fall due, holding one
/// buffer and the next event. A 100 MB trace plays in the memory of a short
/// one. Should the file change or fail to read while it plays, the player
/// finishes there and ``streamingError`` says why.
///
/// ## See Also
/// - ``TraceRecorder``
/// - ``Trace``
public struct TracePlayer: Sendable {
    /// The trace being played, or `nil` for a player streaming from a file
    /// (``init(contentsOfFile:start:)``), which never holds the whole trace.
    public let trace: Trace?

    /// The time on the game's clock, in seconds, that the trace's time 0 falls on.
    public let start: Double

    /// The index in `trace.events` of the next event to play.
    private var nextIndex = 0
    /// The file being played, for a streaming player.
    private var stream: TraceStream?

    /// Makes a player that plays `trace` from `start`, a reading of the clock
    /// whose `now` will be passed to ``events(dueBy:into:)``. A start that is
    /// not finite makes no event ever due.
    public init(_ trace: Trace, start: Double) {
        self.trace = trace
        self.start = start
    }

    /// Makes a player that plays the trace in the file at `path` from
    /// `start`, reading it as it plays (see "Playing from a file").
    ///
    /// - Throws: an error naming the file when it cannot be opened or read,
    ///   or the ``TraceError`` for its first bad line; nothing has played.
    /// - Complexity: O(*n*) in the size of the file, for the check; memory
    ///   O(1).
    public init(contentsOfFile path: String, start: Double) throws {
        var check = TraceReader(try FileBytes(path: path))
        var count = 0
        while let next = try check.next() {
            _ = try next.get()
            count += 1
        }
        self.trace = nil
        self.start = start
        stream = TraceStream(TraceReader(try FileBytes(path: path)), path: path, eventCount: count)
    }

    /// Whether every event has been played.
    public var isFinished: Bool { nextEvent == nil }

    /// When the next event is due, in seconds on the game's clock, or `nil`
    /// when all have been played. A headless run can advance its clock
    /// straight to this rather than step through idle frames.
    public var nextEventTime: Double? {
        nextEvent.map { start + $0.timestamp }
    }

    /// Appends to `buffer`, in order, every event not yet played that is due
    /// by `now`, with its timestamp moved onto the game's clock.
    ///
    /// - Parameters:
    ///   - buffer: where the due events go; what it holds already stays.
    ///   - now: the game clock's current reading, in seconds.
    /// - Complexity: O(*k*) for the *k* events appended (and, streaming, the
    ///   lines read for them).
    public mutating func events(dueBy now: Double, into buffer: inout [InputEvent]) {
        // Times in a trace never decrease, and neither does their sum with a
        // fixed start, so the first event not due ends the batch. The same
        // sum serves for the due check and the timestamp, so an event is
        // never stamped later than the moment it was released.
        while let event = nextEvent {
            let due = start + event.timestamp
            guard due <= now else { return }
            buffer.append(InputEvent(timestamp: due, event.kind))
            advance()
        }
    }

    /// The next event to play, with the trace's own time.
    private var nextEvent: InputEvent? {
        if let stream { return stream.next }
        guard let trace, nextIndex < trace.events.count else { return nil }
        return trace.events[nextIndex]
    }

    private mutating func advance() {
        if stream != nil {
            stream?.advance()
        } else {
            nextIndex += 1
        }
    }

    /// What stopped a streamed replay before its end: the file changed
    /// after it was checked (a ``TraceError`` for a bad line, or an error
    /// saying it ended early or grew) or could not be read. Always `nil` for
    /// a player of a ``Trace`` in memory.
    public var streamingError: (any Error & Sendable)? { stream?.error }
}

/// A trace file being played: the reader and the next event, read ahead so
/// that ``TracePlayer/nextEventTime`` can be answered.
private struct TraceStream: Sendable {
    private var reader: TraceReader<FileBytes>
    private let path: String
    /// How many events the check found, and how many have been read since.
    private let eventCount: Int
    private var readCount = 0
    /// The next event to play; `nil` at the end or after an error.
    private(set) var next: InputEvent?
    /// What ended the reading early, if anything.
    private(set) var error: (any Error & Sendable)?

    init(_ reader: TraceReader<FileBytes>, path: String, eventCount: Int) {
        self.reader = reader
        self.path = path
        self.eventCount = eventCount
        advance()
    }

    /// Reads the event after ``next``.
    mutating func advance() {
        next = nil
        do {
            switch try reader.next() {
            case .success(let event):
                readCount += 1
                // A file that grew is not the file that was checked.
                if readCount > eventCount { error = TraceFileChanged(path: path, eventCount: eventCount, readCount: readCount) }
                else { next = event }
            case .failure(let failure):
                error = failure
            case nil:
                if readCount < eventCount { error = TraceFileChanged(path: path, eventCount: eventCount, readCount: readCount) }
            }
        } catch {
            self.error = error
        }
    }
}

/// A trace file being played ended before, or went on after, the events it
/// had when it was checked: it was changed while it played.
struct TraceFileChanged: Error, Hashable, Sendable, CustomStringConvertible {
    var path: String
    var eventCount: Int
    var readCount: Int

    var description: String {
        readCount < eventCount
            ? "the trace file '\(path)' changed while it played: it ended after \(readCount) of its \(eventCount) events"
            : "the trace file '\(path)' changed while it played: it has more than its \(eventCount) events"
    }
}
