/// A length of time for a command's window: whole frames at the timing's
/// frame rate, or seconds; both on the game clock the scene runs on.
public enum CommandTime: Hashable, Sendable {
    case frames(Int)
    case seconds(Double)

    /// The time in seconds, counting frames at `frameRate` a second.
    public func seconds(at frameRate: Double) -> Double {
        switch self {
        case .frames(let count): Double(count) / frameRate
        case .seconds(let seconds): seconds
        }
    }
}

/// The windows a command's inputs must fall in, on the game clock.
///
/// Each window is inclusive: an input exactly at its edge counts. Windows
/// compare with a tolerance of a microsecond, far below a frame, so that
/// times counted in frames are not undone by rounding.
///
/// ```swift
/// var timing = CommandTiming()
/// timing.leniency = .frames(8)          // a stricter motion
/// timing.chargeTime = .seconds(1)
/// ```
public struct CommandTiming: Hashable, Sendable {
    /// Frames a second for windows given in ``CommandTime/frames(_:)``:
    /// ``GestureDefaults/commandFrameRate``.
    public var frameRate = GestureDefaults.commandFrameRate
    /// Most time from one direction of a motion (or a full circle) reached
    /// to the next, and from a charge's end to the direction that releases
    /// it: ``GestureDefaults/commandLeniencyFrames``.
    public var leniency = CommandTime.frames(GestureDefaults.commandLeniencyFrames)
    /// Most time from a motion's (or a charge's) last direction reached to
    /// its button: the input buffer, ``GestureDefaults/commandBufferFrames``.
    public var buffer = CommandTime.frames(GestureDefaults.commandBufferFrames)
    /// Least time a charge direction is held: ``GestureDefaults/commandChargeFrames``.
    public var chargeTime = CommandTime.frames(GestureDefaults.commandChargeFrames)
    /// Most time from the first press of a chord to the last:
    /// ``GestureDefaults/commandChordFrames``.
    public var chordWindow = CommandTime.frames(GestureDefaults.commandChordFrames)
    /// Most time from the first tap of a direction to the second:
    /// ``GestureDefaults/commandDoubleTapFrames``.
    public var doubleTapWindow = CommandTime.frames(GestureDefaults.commandDoubleTapFrames)
    /// Most time from the first press of a mash to the last:
    /// ``GestureDefaults/commandMashFrames``.
    public var mashWindow = CommandTime.frames(GestureDefaults.commandMashFrames)
    /// Least time a button is held before its release counts (negative
    /// edge): ``GestureDefaults/commandHoldFrames``.
    public var holdTime = CommandTime.frames(GestureDefaults.commandHoldFrames)

    public init() {}

    /// Slack for comparing times: a microsecond.
    static let tolerance = 1e-6

    /// Every window in seconds, checked: a problem found is thrown.
    func resolved(for kind: Command.Kind) throws(CommandError) -> Resolved {
        guard frameRate.isFinite, frameRate > 0 else { throw .impossibleWindow("frameRate", frameRate) }
        func check(_ name: String, _ time: CommandTime, atLeast least: Double) throws(CommandError) -> Double {
            let seconds = time.seconds(at: frameRate)
            guard seconds.isFinite, seconds >= least - Self.tolerance else { throw .impossibleWindow(name, seconds) }
            return seconds
        }
        let frame = 1 / frameRate
        var resolved = Resolved()
        // A window a sequence of inputs cannot fit in is refused: the
        // inputs of one pad change at most once a frame.
        switch kind {
        case .motion(let directions):
            resolved.leniency = try check("leniency", leniency, atLeast: directions.count > 1 ? frame : 0)
            resolved.buffer = try check("buffer", buffer, atLeast: 0)
        case .fullCircle:
            resolved.leniency = try check("leniency", leniency, atLeast: frame)
            resolved.buffer = try check("buffer", buffer, atLeast: 0)
        case .charge:
            resolved.leniency = try check("leniency", leniency, atLeast: frame)
            resolved.buffer = try check("buffer", buffer, atLeast: 0)
            resolved.chargeTime = try check("chargeTime", chargeTime, atLeast: frame)
        case .doubleTap:
            // Tap, let go, tap: two changes after the first.
            resolved.doubleTapWindow = try check("doubleTapWindow", doubleTapWindow, atLeast: 2 * frame)
        case .mash(let count):
            // Each press after the first needs a release before it.
            resolved.mashWindow = try check("mashWindow", mashWindow, atLeast: Double(2 * (count - 1)) * frame)
        case .holdAndRelease:
            resolved.holdTime = try check("holdTime", holdTime, atLeast: 0)
        }
        resolved.chordWindow = try check("chordWindow", chordWindow, atLeast: 0)
        return resolved
    }

    /// The windows in seconds.
    struct Resolved: Hashable, Sendable {
        var leniency = 0.0, buffer = 0.0, chargeTime = 0.0, chordWindow = 0.0
        var doubleTapWindow = 0.0, mashWindow = 0.0, holdTime = 0.0
    }
}

/// Why a command cannot be defined.
public enum CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing to recognize: no direction and no button.
    case noSteps
    /// A character of the notation that is not a direction (1–9) or `[`, `]`.
    case badNotation(String)
    /// A window that no input could meet (named, in seconds): negative,
    /// not finite, or shorter than the inputs it needs take.
    case impossibleWindow(String, Double)
    /// A count that makes no sense (a mash of fewer than two presses).
    case badCount(Int)
    /// The same button twice in a chord, or a kind that takes no button given one.
    case badButtons(String)

    public var description: String {
        switch self {
        case .noSteps: "a command needs at least one direction or button"
        case .badNotation(let text): "\"\(text)\" is not numpad notation (directions 1–9, a charge as [4]6, a full circle as 360)"
        case .impossibleWindow(let name, let seconds): "\(name) of \(seconds) s: no input can fit in it"
        case .badCount(let count): "a mash needs at least 2 presses, not \(count)"
        case .badButtons(let reason): reason
        }
    }
}
