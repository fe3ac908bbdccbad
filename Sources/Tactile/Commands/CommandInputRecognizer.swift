/// Recognizes a ``Command`` (a fireball, a charge, a dash, a chord, a mash)
/// on one player's pad or keyboard, in the scene's arena.
///
/// A discrete recognizer: it listens to its ``PlayerInput``'s source (see
/// ``GestureRecognizer/inputSources``) and recognizes on the very sub-event
/// that completes its command: a motion on its button's press, a dash on
/// the second tap. Its ``GestureRecognizer/inputPriority`` starts at the
/// command's ``Command/specificity``, so when one press completes several
/// commands of the same player, the more specific wins on that press, with
/// no waiting (a dragon punch over a fireball over a plain punch), and the
/// others fail. Anything else the arena decides as for touches: a delegate
/// can let two recognize together, ``GestureRecognizer/require(toFail:)``
/// makes one wait.
///
/// ```swift
/// let player = PlayerInput(controller: padID)
/// let fireball = CommandInputRecognizer(try Command("236", .west), input: player) { _ in fighter.throwFireball() }
/// let punch = CommandInputRecognizer(try Command("", .west), input: player) { _ in fighter.punch() }
/// fighter.layer.addGestureRecognizer(fireball)
/// fighter.layer.addGestureRecognizer(punch)
/// ```
///
/// Inputs are used once: a command that completed does not complete again
/// from the directions and presses it used. A controller unplugged mid-way
/// fails the recognizer (``GestureFailure/sourceLost``) and clears its
/// player's history.
///
/// ## See Also
/// - ``Command``
/// - ``PlayerInput``
/// - ``GestureArena``
@MainActor
open class CommandInputRecognizer: GestureRecognizer {
    /// The command recognized.
    public let command: Command
    /// The player whose input it reads.
    public let input: PlayerInput
    /// When the command last completed, on the scene's clock; `nil` before.
    public var lastCompletion: Double? { storedLastCompletion }
    // Exclusivity: read by every sub-event the command can complete, in
    // plain accesses that call out to nothing; the dynamic checks (a public
    // stored property's) are off.
    @exclusivity(unchecked) private var storedLastCompletion: Double?
    /// The command's ``Command/Screen``, kept beside the recognizer: a
    /// sub-event it turns away costs a few comparisons and no copy of the
    /// command.
    private let screen: Command.Screen

    /// A recognizer of `command` on `input`'s source.
    public init(_ command: Command, input: PlayerInput) {
        self.command = command
        self.input = input
        screen = command.screen
        super.init()
        inputSources = [input.source]
        // Follows no touch: on a layer, it would otherwise join the arena of
        // every touch on that layer, and be failed when the touch lifts.
        allowedPointerKinds = []
        inputPriority = command.specificity
        name = command.description
    }

    /// A recognizer of `command` on `input`'s source that calls `action`
    /// when it is recognized.
    public convenience init(_ command: Command, input: PlayerInput, action: @escaping @MainActor (CommandInputRecognizer) -> Void) {
        self.init(command, input: input)
        addAction(action)
    }

    open override func receive(_ subEvent: InputSubEvent) {
        super.receive(subEvent)
        guard let change = admittedChange else {
            if case .sourceLost = subEvent { storedLastCompletion = nil }
            return
        }
        // The time the player read it at: the arena's clock, read with no
        // retain of the arena.
        let now = input.lastReadTime
        guard command.isCompleted(by: change, in: input, at: now, after: storedLastCompletion ?? -.infinity) else { return }
        storedLastCompletion = now
        state = .recognized
    }

    /// The change its player just read, if the command's cheap tests (its
    /// ``Command/Screen``) let it through; `nil` when the sub-event can do
    /// nothing for it.
    ///
    /// The player has read the sub-event already (the arena hands it to the
    /// players of its source first, see ``PlayerInput``). Most sub-events
    /// change nothing this command can complete on, or follow no motion
    /// ended within the buffer, and end here, with no retain and no look at
    /// the history. The arena asks this too, to leave the recognizer out of
    /// a sub-event it cannot matter to (`ArenaListeners+Quiet.swift`).
    final var admittedChange: InputHistory.Change? {
        guard input.lastChangeBit & screen.completingChanges != 0, let change = input.lastChange,
              screen.admits(change, in: input, at: input.lastReadTime, after: storedLastCompletion ?? -.infinity) else { return nil }
        return change
    }

    // MARK: Rollback

    /// Saves its own progress, and its player's, in scene snapshots (see
    /// ``SceneSnapshot`` and ``PlayerInput/save(to:)``).
    open override var savedStateClass: GestureRecognizer.Type? { CommandInputRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(storedLastCompletion)
        input.save(to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        storedLastCompletion = reader.readOptionalDouble()
        input.restore(from: &reader)
    }
}
