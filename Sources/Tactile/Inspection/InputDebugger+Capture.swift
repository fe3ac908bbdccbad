// Capturing what just happened: the last seconds of input as a trace, and
// the arena's decisions over the same span.

/// The input of the last seconds as a trace that replays from its first
/// event, with the decisions the arena made over the same span.
public struct InputCapture {
    /// The events, with times in seconds since ``start``.
    public var trace: Trace
    /// The game time the trace's time 0 was, in seconds.
    public var start: Double
    /// The decisions made from the trace's first event on, in order.
    public var decisions: [RecordedDecision]

    /// The decisions as text, one per line: frame, game time, decision.
    public var decisionText: String {
        var text = "# frame time decision (game time in seconds; the trace starts at \(start))\n"
        for decision in decisions {
            text += "\(decision.frame) \(decision.time) \(decision)\n"
        }
        return text
    }
}

/// Why a capture could not be saved. The game is not affected: nothing is
/// lost from the recording, and saving can be tried again.
public struct CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        /// The recording has no moment to start a replay from: nothing was
        /// recorded, or a touch has been down since recording started.
        case nothingToReplayFrom
        /// A file could not be written (the path, and the system's reason).
        case cannotWrite(path: String, reason: String)
    }

    public var problem: Problem

    public var description: String {
        switch problem {
        case .nothingToReplayFrom:
            "no capture saved: nothing recorded yet starts with no touch down and no gesture under way"
        case .cannotWrite(let path, let reason):
            "no capture saved to '\(path)': \(reason)"
        }
    }
}

extension InputDebugger {
    /// The last ``Limits/window`` seconds of input, or a little less: the
    /// trace starts at the first moment in them when no touch was down and
    /// no recognizer in play, so that it replays to the same decisions. A
    /// gesture longer than the window reaches back to its start, as far as
    /// the ring holds. `nil` when no such moment is held.
    public func capture() -> InputCapture? {
        guard events.count > 0 else { return nil }
        let end = events[events.written - 1].event.timestamp
        var first: Int?
        for position in events.oldest..<events.written where events[position].isCut {
            first = position
            if events[position].event.timestamp >= end - limits.window { break }
        }
        guard let first else { return nil }
        let start = events[first].event.timestamp
        var recorder = TraceRecorder(start: start)
        for position in first..<events.written {
            recorder.record(events[position].event)
        }
        let from = max(decisionSlots.oldest, events[first].decisionPosition)
        return InputCapture(trace: recorder.trace, start: start, decisions: decisions(from: from))
    }

    /// Saves ``capture()`` as a trace file at `path` and its decisions as
    /// text next to it, at `path` + `.decisions.txt`.
    ///
    /// - Returns: what was saved.
    /// - Throws: ``CaptureError`` naming the file and the system's reason
    ///   (not writable, disk full); the recording is untouched.
    @discardableResult
    public func saveCapture(toFile path: String) throws(CaptureError) -> InputCapture {
        guard let capture = capture() else { throw CaptureError(problem: .nothingToReplayFrom) }
        do {
            try TextFileWriter.save(capture.trace.text, toFile: path)
            try TextFileWriter.save(capture.decisionText, toFile: path + ".decisions.txt")
        } catch {
            throw CaptureError(problem: .cannotWrite(path: error.path, reason: error.description))
        }
        return capture
    }
}
