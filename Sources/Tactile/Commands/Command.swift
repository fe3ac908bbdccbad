/// A command input: a sequence of directions and buttons on one pad (or the
/// keyboard), within time windows, as fighting games define their special
/// moves. A ``CommandInputRecognizer`` recognizes one.
///
/// Directions are in numpad notation for a character facing right (6
/// forward, 4 back, 2 down; see ``PadDirection``); the recognizer mirrors
/// them when its ``PlayerInput`` faces left.
///
/// ```swift
/// let fireball = try Command("236", .west)            // quarter circle forward + punch
/// let dragonPunch = try Command("623", .west)
/// let sonicBoom = try Command("[4]6", .west)          // charge back, then forward + punch
/// let spinningPile = try Command("360", .west)        // full circle + punch
/// let dash = try Command("66")                         // double tap forward
/// let throwing = try Command("", .west, .south)       // chord: both within a few frames
/// let legs = try Command.mash(.north, count: 5)
/// let release = try Command("236", .west, onRelease: true)   // negative edge
/// ```
///
/// Definitions are checked: no steps, notation that is not numpad, or a
/// window no input could fit in throws a ``CommandError`` at once.
public struct Command: Hashable, Sendable, CustomStringConvertible {
    /// What the directions must do.
    public enum Kind: Hashable, Sendable {
        /// Each direction reached in turn (236); none for a plain button or chord.
        case motion([PadDirection])
        /// The first direction held for the charge time (any direction
        /// sharing its component counts: 1, 4 and 7 all charge 4), then
        /// the second reached.
        case charge(PadDirection, PadDirection)
        /// The four cardinal directions reached in turn around the circle,
        /// either way round, from any of them (360).
        case fullCircle
        /// The direction, a let-go, and the direction again (66, a dash).
        case doubleTap(PadDirection)
        /// The button pressed `count` times.
        case mash(count: Int)
        /// The button held, then released.
        case holdAndRelease
    }

    public let kind: Kind
    /// The buttons that complete it, pressed together (a chord) when more
    /// than one; none for a double tap.
    public let buttons: [ControllerButton]
    /// Whether a release of the button, rather than its press, completes
    /// a motion or charge (negative edge).
    public let onRelease: Bool
    public let timing: CommandTiming
    /// The windows in seconds, checked when defined.
    let windows: CommandTiming.Resolved
    /// The cheap tests before the history is read (see ``isCompleted(by:in:at:after:)``).
    let screen: Screen

    private static let needsAButton = "a motion, a charge or a full circle completes on a button: name one (directions alone make a dash, 66)"

    /// A command of `kind` completed by `buttons`.
    public init(_ kind: Kind, buttons: [ControllerButton], onRelease: Bool = false, timing: CommandTiming = CommandTiming()) throws(CommandError) {
        switch kind {
        case .motion(let directions):
            if directions.isEmpty && buttons.isEmpty { throw .noSteps }
            if directions.contains(.neutral) { throw .badNotation("5") }
            // Matching completes a motion on its button (or its release):
            // without one it could never fire, so it is refused here.
            if buttons.isEmpty { throw .badButtons(Self.needsAButton) }
        case .charge(let from, let to):
            if from == .neutral || to == .neutral { throw .badNotation("5") }
            if buttons.isEmpty { throw .badButtons(Self.needsAButton) }
        case .fullCircle:
            if buttons.isEmpty { throw .badButtons(Self.needsAButton) }
        case .doubleTap(let direction):
            if direction == .neutral { throw .badNotation("55") }
            if !buttons.isEmpty { throw .badButtons("a double tap takes no button") }
        case .mash(let count):
            if count < 2 { throw .badCount(count) }
            if buttons.count != 1 { throw .badButtons("a mash takes one button") }
        case .holdAndRelease:
            if buttons.count != 1 { throw .badButtons("a hold and release takes one button") }
        }
        if Set(buttons).count != buttons.count { throw .badButtons("a button appears twice in \(buttons.map(\.rawValue))") }
        if onRelease && buttons.count != 1 { throw .badButtons("a release completes a command of one button") }
        self.kind = kind
        self.buttons = buttons
        self.onRelease = onRelease
        self.timing = timing
        windows = try timing.resolved(for: kind)
        screen = Screen(kind, buttons: buttons, onRelease: onRelease, buffer: windows.buffer)
    }

    /// A command in numpad notation: directions 1–9 (`236`), a charge
    /// (`[4]6`), a full circle (`360`), a double tap (`66`, with no
    /// button), or nothing (`""`: the buttons alone, a chord if several).
    public init(_ notation: String, _ buttons: ControllerButton..., onRelease: Bool = false, timing: CommandTiming = CommandTiming()) throws(CommandError) {
        try self.init(Self.kind(of: notation, hasButtons: !buttons.isEmpty), buttons: buttons, onRelease: onRelease, timing: timing)
    }

    /// `count` presses of `button` within the timing's mash window.
    public static func mash(_ button: ControllerButton, count: Int, timing: CommandTiming = CommandTiming()) throws(CommandError) -> Command {
        try Command(.mash(count: count), buttons: [button], timing: timing)
    }

    /// `button` held for at least the timing's hold time, then released.
    public static func holdAndRelease(_ button: ControllerButton, timing: CommandTiming = CommandTiming()) throws(CommandError) -> Command {
        try Command(.holdAndRelease, buttons: [button], timing: timing)
    }

    private static func kind(of notation: String, hasButtons: Bool) throws(CommandError) -> Kind {
        if notation == "360" { return .fullCircle }
        if notation.hasPrefix("[") {
            let parts = notation.dropFirst().split(separator: "]", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count == 1, parts[1].count == 1,
                  let from = direction(parts[0].first!), let to = direction(parts[1].first!) else { throw .badNotation(notation) }
            return .charge(from, to)
        }
        var directions: [PadDirection] = []
        for character in notation {
            guard let direction = direction(character) else { throw .badNotation(String(character)) }
            directions.append(direction)
        }
        if !hasButtons, directions.count == 2, directions[0] == directions[1] { return .doubleTap(directions[0]) }
        return .motion(directions)
    }

    private static func direction(_ character: Character) -> PadDirection? {
        guard let digit = character.wholeNumberValue, (1...9).contains(digit) else { return nil }
        return PadDirection(rawValue: digit)
    }

    /// How specific the command is: the default
    /// ``GestureRecognizer/inputPriority`` of its recognizer, so that of two
    /// commands one input completes, the more specific wins on the press.
    /// Ten for each direction (a charge counts three, a full circle eight)
    /// and each button or press, plus one for each turn back of a motion
    /// (623 turns back at 3, 236 does not), which puts a dragon punch above
    /// a fireball, and either above a plain press.
    public var specificity: Int {
        let presses: Int
        let directions: Int
        var turns = 0
        switch kind {
        case .motion(let steps):
            directions = steps.count
            presses = buttons.count
            turns = Self.turns(in: steps)
        case .charge:
            directions = 3
            presses = buttons.count
        case .fullCircle:
            directions = 8
            presses = buttons.count
        case .doubleTap:
            directions = 2
            presses = 0
        case .mash(let count):
            directions = 0
            presses = count
        case .holdAndRelease:
            directions = 0
            presses = 1
        }
        return 10 * (directions + presses) + turns
    }

    /// How many times the motion reverses its way round the circle.
    private static func turns(in steps: [PadDirection]) -> Int {
        var turns = 0
        var previousWay = 0
        for (from, to) in zip(steps, steps.dropFirst()) {
            guard let a = from.octant, let b = to.octant else { continue }
            let delta = (b - a + 8) % 8
            let way = delta == 0 ? 0 : (delta < 4 ? 1 : (delta > 4 ? -1 : 0))
            if way != 0 && previousWay != 0 && way != previousWay { turns += 1 }
            if way != 0 { previousWay = way }
        }
        return turns
    }

    public var description: String {
        let buttons = self.buttons.map(\.rawValue).joined(separator: "+")
        let release = onRelease ? " (on release)" : ""
        switch kind {
        case .motion(let steps): return steps.map { String($0.rawValue) }.joined() + (steps.isEmpty ? "" : "+") + buttons + release
        case .charge(let from, let to): return "[\(from.rawValue)]\(to.rawValue)+\(buttons)\(release)"
        case .fullCircle: return "360+\(buttons)\(release)"
        case .doubleTap(let direction): return "\(direction.rawValue)\(direction.rawValue)"
        case .mash(let count): return "\(buttons)×\(count)"
        case .holdAndRelease: return "hold \(buttons), release"
        }
    }
}
