import Foundation

/// A report that some input was malformed and what was done about it.
///
/// Tactile never crashes on bad input. Each kind of bad input has a defined
/// outcome (the event is dropped, or a value is clamped) and is reported as a
/// diagnostic, so a developer can see why an event never reached the game.
///
/// ```swift
/// pump.diagnostics = { diagnostic in logger.warning("\(diagnostic)") }
/// ```
public struct Diagnostic: Hashable, Sendable {
    /// What was wrong; stable, for tests and filters.
    public enum Problem: String, Hashable, Sendable {
        /// A coordinate or value was NaN or infinite; the event was dropped.
        case nonFiniteValue = "non-finite-value"
        /// A move or up came for a pointer that is not down; it was dropped.
        case unknownPointer = "unknown-pointer"
        /// A down came for a pointer that is already down. The old contact
        /// was cancelled (its up was lost) and the new one began.
        case repeatedDown = "repeated-down"
        /// An event named a controller that is not open; it was dropped.
        case unknownController = "unknown-controller"
        /// A sensor sample came from a sensor that is not open; it was dropped.
        case unknownSensor = "unknown-sensor"
        /// An event was for another window; it was dropped.
        case otherWindow = "other-window"
        /// A device could not be opened; its events will not arrive.
        case deviceUnavailable = "device-unavailable"
        /// A value was beyond anything real hardware can produce (an
        /// acceleration of hundreds of g, say); the sample was dropped.
        case absurdValue = "absurd-value"
        /// A sample was older than the previous one from the same sensor;
        /// it was dropped.
        case timeWentBackwards = "time-went-backwards"
        /// A sample had the same hardware timestamp as the previous one from
        /// the same sensor, a duplicate; it was dropped.
        case repeatedTimestamp = "repeated-timestamp"
        /// Too long passed between samples of a sensor, or its clock
        /// restarted; the filters that depend on continuity restarted (the
        /// sample itself was kept).
        case sampleGap = "sample-gap"
        /// A gesture recognizer asked for a state change its state machine
        /// does not allow; it was refused, or (for a gesture left under way)
        /// the arena ended it.
        case illegalTransition = "illegal-transition"
        /// `require(toFail:)` or delegates' requirements would have made
        /// recognizers wait for each other for ever; the requirement that
        /// closed the cycle was not added, or not waited on.
        case requirementCycle = "requirement-cycle"
        /// A scene was sent an event equal to the one it was sent just
        /// before (same kind, values and timestamp): almost always one event
        /// fed to the scene twice, by `GameLoop` (its `scene`) and by the
        /// game's own `scene.send`. The repeat was handled all the same.
        case repeatedEvent = "repeated-event"
        /// Text from the platform was not UTF-8 (the bad bytes became
        /// U+FFFD) or was longer than an event carries (it was cut at a
        /// whole character).
        case invalidText = "invalid-text"
        /// A recognizer's ``GestureRecognizer/restoreState(from:)`` read more
        /// or fewer words than its ``GestureRecognizer/saveState(to:)`` wrote:
        /// the two disagree, and its own state may not be as it was.
        case snapshotMismatch = "snapshot-mismatch"
    }

    public var problem: Problem
    /// The specifics, in words: which id, which value.
    public var detail: String

    public init(_ problem: Problem, _ detail: String) {
        self.problem = problem
        self.detail = detail
    }
}

extension Diagnostic {
    /// Writes `diagnostic` to standard error as one line,
    /// `tactile: <problem>: <detail>`: the default sink of the event pump and
    /// the scene, so that a mistake is loud unless a game chooses otherwise.
    public static func writeToStandardError(_ diagnostic: Diagnostic) {
        FileHandle.standardError.write(Data("tactile: \(diagnostic)\n".utf8))
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { "\(problem.rawValue): \(detail)" }
}
