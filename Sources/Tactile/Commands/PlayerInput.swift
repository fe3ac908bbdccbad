/// One player's pad as commands read it: the direction it points (d-pad,
/// stick or keys, cleaned of opposing directions), the buttons held, the
/// way the character faces, and the recent history of all three.
///
/// Give each player one, for their controller or for the keyboard, and
/// hand it to that player's ``CommandInputRecognizer``s; they share its
/// history, so a sub-event is read once however many commands listen.
///
/// ```swift
/// let player1 = PlayerInput(controller: padID)
/// let player2 = PlayerInput(keyboard: PlayerInput.keyboardLayout)
/// player2.socd = .lastInputWins
/// player1.facing = .left            // commands mirror: 236 is now down, down-left, left
/// ```
///
/// Directions come from the d-pad while any of its buttons is held, and
/// from the left stick (through ``stick``) otherwise. A stick value out of
/// −1…1 counts as ±1 and one that is not a number as centred.
@MainActor
public final class PlayerInput {
    /// Which way the character faces: commands are written facing right.
    public enum Facing: String, Hashable, Sendable {
        case right, left
    }

    /// Where the sub-events come from: one controller or the keyboard.
    public let source: InputSource
    /// For the keyboard: which key (by scancode) stands for which pad
    /// button; d-pad buttons are the directions. Empty for a controller.
    public let keys: [Int32: ControllerButton]
    /// Which way the character faces, read as each command completes.
    @exclusivity(unchecked) public var facing = Facing.right
    /// What opposing digital directions read: ``SOCDCleaning/neutral`` by default.
    public var socd = SOCDCleaning.neutral
    /// How the left stick becomes a direction.
    public var stick = StickQuantizer()

    /// The direction the pad points now, as commands see it (not mirrored).
    public private(set) var direction = PadDirection.neutral
    /// Whether `button` is held.
    public func isHeld(_ button: ControllerButton) -> Bool { held & button.bit != 0 }

    /// A player on the controller with this instance id.
    public init(controller: Int32) {
        source = .controller(controller)
        keys = [:]
    }

    /// A player on the keyboard, with `keys` mapping scancodes to pad buttons.
    public init(keyboard keys: [Int32: ControllerButton]) {
        source = .keyboard
        self.keys = keys
    }

    /// WASD for directions, J K L U I O for west, south, east, north and
    /// the shoulders (USB HID scancodes, as SDL reports them).
    public static let keyboardLayout: [Int32: ControllerButton] = [
        26: .dpadUp, 4: .dpadLeft, 22: .dpadDown, 7: .dpadRight,   // W A S D
        13: .west, 14: .south, 15: .east, 24: .north,             // J K L U
        12: .leftShoulder, 18: .rightShoulder,                    // I O
    ]

    // MARK: State

    // Exclusivity: every sub-event's recognizers read this state, each
    // command looking back over the history; the dynamic checks were a
    // sixth of a controller event through 20 commands (perf). The player
    // calls out to nothing while it reads or writes, so no access overlaps
    // another; the checks are off for the state read per sub-event.
    @exclusivity(unchecked) var history = InputHistory()
    /// Buttons held, one bit each.
    @exclusivity(unchecked) private var held: UInt32 = 0
    /// The order each d-pad direction was pressed in (left, right, down, up), for SOCD.
    private var pressOrder: (left: Int?, right: Int?, down: Int?, up: Int?) = (nil, nil, nil, nil)
    private var presses = 0
    private var stickX = 0.0, stickY = 0.0
    /// What the sub-event last read changed (`nil`: nothing), and the same
    /// as one bit (``InputHistory/Change/bit``, 0 for nothing): each of the
    /// player's recognizers handed the sub-event tests its command's bits
    /// against it, and only those it can complete look further.
    @exclusivity(unchecked) private(set) var lastChange: InputHistory.Change?
    @exclusivity(unchecked) private(set) var lastChangeBit: UInt64 = 0
    /// The time the sub-event last read was read at (the arena's clock).
    @exclusivity(unchecked) private(set) var lastReadTime = 0.0
    /// When each direction (by raw value) was last reached; −∞ for never
    /// since the source was last lost. A motion whose last direction was not
    /// reached within its buffer cannot complete, which this tells without
    /// reading the history. It may remember a direction the history has
    /// dropped (the history decides then), never forget one it holds.
    @exclusivity(unchecked) private var reachedAt = InlineArray<10, Double>(repeating: -.infinity)

    /// When `direction` was last reached, −∞ for not since the source was lost.
    func lastReached(_ direction: PadDirection) -> Double { reachedAt[direction.rawValue] }

    /// Reads `subEvent` at `time`: the arena calls it once per sub-event of
    /// the player's source, before any recognizer is handed it and whatever
    /// their state (disabled, refusing it), so that what the pad holds is
    /// always what it really holds. Its recognizers read the change after.
    func read(_ subEvent: InputSubEvent, at time: Double) {
        let change = change(for: subEvent, at: time)
        lastChange = change
        lastChangeBit = change?.bit ?? 0
        lastReadTime = time
    }

    private func change(for subEvent: InputSubEvent, at time: Double) -> InputHistory.Change? {
        switch subEvent {
        case .button(_, let button, let isDown):
            return set(button, isDown: isDown, at: time)
        case .key(let key):
            guard let button = keys[key.scancode] else { return nil }
            return set(button, isDown: key.isDown, at: time)
        case .axis(_, let axis, let value):
            switch axis {
            case .leftX: stickX = value
            case .leftY: stickY = value
            case .rightX, .rightY, .leftTrigger, .rightTrigger: return nil
            }
            return updateDirection(at: time)
        case .sourceLost:
            forget()
            return nil
        case .accelerometer, .gyro, .deviceMotion:
            return nil
        }
    }

    private func set(_ button: ControllerButton, isDown: Bool, at time: Double) -> InputHistory.Change? {
        // A release of a free button changes nothing. A press of a held one
        // means its release was missed: the player reads only what its
        // recognizers are handed, and while all of them were disabled the
        // arena handed them nothing (SDL sends no second down, and key
        // repeats never reach recognizers). It is a new press.
        if !isDown, !isHeld(button) { return nil }
        if isDown { held |= button.bit } else { held &= ~button.bit }
        presses += 1
        let order: Int? = isDown ? presses : nil
        switch button {
        case .dpadLeft: pressOrder.left = order
        case .dpadRight: pressOrder.right = order
        case .dpadDown: pressOrder.down = order
        case .dpadUp: pressOrder.up = order
        default:
            let change: InputHistory.Change = isDown ? .press(button) : .release(button)
            history.append(change, at: time)
            return change
        }
        return updateDirection(at: time)
    }

    private func updateDirection(at time: Double) -> InputHistory.Change? {
        let digital = pressOrder.left != nil || pressOrder.right != nil || pressOrder.down != nil || pressOrder.up != nil
        let now: PadDirection
        if digital {
            now = PadDirection(x: socd.component(negative: pressOrder.left, positive: pressOrder.right, isVertical: false),
                               y: socd.component(negative: pressOrder.down, positive: pressOrder.up, isVertical: true))
        } else {
            now = stick.direction(x: stickX, y: stickY)
        }
        guard now != direction else { return nil }
        direction = now
        reachedAt[now.rawValue] = time
        history.append(.direction(now), at: time)
        return .direction(now)
    }

    /// The source went away: nothing held, nothing remembered.
    private func forget() {
        held = 0
        pressOrder = (nil, nil, nil, nil)
        stickX = 0
        stickY = 0
        direction = .neutral
        history.removeAll()
        reachedAt = InlineArray(repeating: -.infinity)
        lastChange = nil
        lastChangeBit = 0
    }
}

// MARK: Rollback

extension PlayerInput {
    /// Writes what the player holds and has done (the buttons and
    /// directions held, the press order that SOCD cleaning reads, the
    /// stick, the history of changes that commands are matched against),
    /// for the ``GestureRecognizer/saveState(to:)`` of each recognizer that
    /// reads it. The settings (``facing``, ``socd``, ``stick``) are the
    /// game's: a game that turns its fighter round restores that with its
    /// own state.
    ///
    /// Shared by several recognizers, it is written by each and restored by
    /// each, to the same values. What the sub-event it last read changed
    /// (which the recognizers handed that sub-event read) is not written: a
    /// snapshot is taken between sub-events, the next sub-event replaces it,
    /// and a restore clears it.
    public func save(to writer: inout RecognizerStateWriter) {
        writer.write(Int(held))
        for order in [pressOrder.left, pressOrder.right, pressOrder.down, pressOrder.up] { writer.write(order ?? -1) }
        writer.write(presses)
        writer.write(stickX)
        writer.write(stickY)
        writer.write(direction.rawValue)
        history.save(to: &writer)
    }

    /// Reads back what ``save(to:)`` wrote.
    public func restore(from reader: inout RecognizerStateReader) {
        held = UInt32(truncatingIfNeeded: reader.readInt())
        func order() -> Int? {
            let value = reader.readInt()
            return value < 0 ? nil : value
        }
        pressOrder = (order(), order(), order(), order())
        presses = reader.readInt()
        stickX = reader.readDouble()
        stickY = reader.readDouble()
        direction = PadDirection(rawValue: reader.readInt()) ?? .neutral
        history.restore(from: &reader)
        // Derived from the history: what the snapshot's history holds.
        reachedAt = InlineArray(repeating: -.infinity)
        for age in stride(from: history.count - 1, through: 0, by: -1) {
            let entry = history[age: age]
            if case .direction(let direction) = entry.change { reachedAt[direction.rawValue] = entry.time }
        }
        lastChange = nil
        lastChangeBit = 0
    }
}

extension InputHistory {
    /// Writes the changes held, oldest first.
    func save(to writer: inout RecognizerStateWriter) {
        writer.write(count)
        for age in stride(from: count - 1, through: 0, by: -1) {
            let entry = self[age: age]
            writer.write(entry.change.word)
            writer.write(entry.time)
        }
    }

    mutating func restore(from reader: inout RecognizerStateReader) {
        removeAll()
        for _ in 0..<max(0, reader.readInt()) {
            let change = Change(word: reader.readInt())
            let time = reader.readDouble()
            if let change { append(change, at: time) }
        }
    }
}

extension InputHistory.Change {
    /// The change as one bit, for a command's test of which changes can
    /// complete it (``Command/Screen/completingChanges``): a press of a button in
    /// bits 0–20 (its place in ``ControllerButton/bit``), a release in
    /// 21–41, any direction in 48.
    var bit: UInt64 {
        switch self {
        case .direction: Self.anyDirection
        case .press(let button): UInt64(button.bit)
        case .release(let button): UInt64(button.bit) << 21
        }
    }

    static let anyDirection: UInt64 = 1 << 48

    /// One word: the kind in the high half, the direction or button below.
    var word: Int {
        switch self {
        case .direction(let direction): direction.rawValue
        case .press(let button): 1 << 32 | button.bit.trailingZeroBitCount
        case .release(let button): 2 << 32 | button.bit.trailingZeroBitCount
        }
    }

    init?(word: Int) {
        let value = word & 0xFFFF_FFFF
        switch word >> 32 {
        case 0:
            guard let direction = PadDirection(rawValue: value) else { return nil }
            self = .direction(direction)
        case 1, 2:
            guard let button = ControllerButton.allCases.first(where: { $0.bit.trailingZeroBitCount == value }) else { return nil }
            self = word >> 32 == 1 ? .press(button) : .release(button)
        default:
            return nil
        }
    }
}

extension ControllerButton {
    /// The button's bit in a set of held buttons.
    var bit: UInt32 {
        switch self {
        case .south: 1 << 0
        case .east: 1 << 1
        case .west: 1 << 2
        case .north: 1 << 3
        case .back: 1 << 4
        case .guide: 1 << 5
        case .start: 1 << 6
        case .leftStick: 1 << 7
        case .rightStick: 1 << 8
        case .leftShoulder: 1 << 9
        case .rightShoulder: 1 << 10
        case .dpadUp: 1 << 11
        case .dpadDown: 1 << 12
        case .dpadLeft: 1 << 13
        case .dpadRight: 1 << 14
        case .misc1: 1 << 15
        case .paddle1: 1 << 16
        case .paddle2: 1 << 17
        case .paddle3: 1 << 18
        case .paddle4: 1 << 19
        case .touchpad: 1 << 20
        }
    }
}
