/// Runs a game with rollback netcode: local input every frame, remote input
/// arriving some frames late, the missing input predicted by repeating the
/// player's last one, and, when a real input arrives that differs from the
/// prediction, the game, its scene and its loop put back to that frame and
/// the frames since simulated again, all within one call.
///
/// ```swift
/// let session = RollbackSession(loop: loop, baseClock: manual, players: 2, idle: PadState(),
///     events: { frame, previous, current in touchEvents(from: previous, to: current) },
///     save: { game.state }, load: { game.state = $0 },
///     update: { step, now in game.update(step: step, now: now) })
/// // each frame:
/// session.setInput(myPad, player: me, frame: session.frame)
/// for message in network.arrived() { session.setInput(message.pad, player: them, frame: message.frame) }
/// try session.advanceFrame()
/// ```
///
/// Each frame the session turns the players' inputs into input events
/// (`events`, with the inputs of the frame before, so that a held finger
/// becomes a move and a lifted one an up), sends them through the game
/// loop (and so its scene and actions) and runs the game's `update` for the
/// frame. Before each frame it keeps a snapshot of the game (`save`), the
/// scene (``SceneSnapshot``), the loop (``GameLoopSnapshot``), the loop's
/// motion manager (``MotionSnapshot``) and each of the
/// loop's inputs (``FrameInputSnapshot``: its action maps, or the
/// ``PlayerRoster`` that feeds them) in a ring of ``depth`` frames,
/// allocated once. The game saves only its own state: the action maps'
/// edges and values go back with the session. An input that cannot be saved
/// (``FrameInput/captureState(into:)`` returns `false`) is listed in
/// ``inputsNotSaved``; its state, if it matters, is the game's to save.
///
/// An input is a player's *state* for a frame (a finger down at a point, a
/// button held), not an edge: repeating it is a prediction that nothing
/// changed.
///
/// The loop must run on a ``ManualClock`` (`baseClock`): the session moves
/// it one step per frame, and rolls it back with the rest.
///
/// ## See Also
/// - ``Scene/restore(_:)``
/// - ``GestureRecognizer/saveState(to:)``
@MainActor
public final class RollbackSession<Input: Equatable, GameState> {
    /// How many frames back the session can go: the size of its ring.
    public let depth: Int
    /// The frame the next ``advanceFrame()`` simulates (0 first).
    public private(set) var frame = 0
    /// How many times the session went back, and how many frames it
    /// simulated again, in all.
    public private(set) var rollbacks = 0
    public private(set) var resimulatedFrames = 0
    /// The loop's inputs whose state the last frame's snapshot could not
    /// hold (``FrameInput/captureState(into:)`` returned `false`, as an
    /// ``InputDebugger`` does): a rollback leaves them as they are.
    public private(set) var inputsNotSaved: [any FrameInput] = []

    public let loop: GameLoop
    private let baseClock: ManualClock
    private let players: Int
    private let idle: Input
    private let events: (_ frame: Int, _ previous: [Input], _ current: [Input]) -> [InputEvent]
    private let save: () -> GameState
    private let load: (GameState) -> Void
    private let update: (_ step: Double, _ now: Double) -> Void

    /// Per frame of the ring: the state before the frame, and the inputs it
    /// was simulated with.
    private var sceneRing: [SceneSnapshot]
    private var loopRing: [GameLoopSnapshot?]
    private var gameRing: [GameState?]
    /// Per frame of the ring, one snapshot per input of the loop, in order.
    private var inputRing: [[FrameInputSnapshot]]
    /// Per frame of the ring, the loop's motion manager's readings.
    private var motionRing: [MotionSnapshot]
    private var usedInputs: [[Input]]
    /// Inputs known for certain, per player, by frame (only the last `depth`
    /// frames and later are kept).
    private var confirmed: [[Int: Input]]
    /// The earliest frame whose input turned out other than it was
    /// simulated with; `nil` when every prediction held.
    private var mispredicted: Int?
    private var scratch: [InputEvent] = []

    /// A session of `players` players over `loop`, whose clock runs on
    /// `baseClock`, able to go `depth` frames back (at least 1).
    public init(
        loop: GameLoop, baseClock: ManualClock, depth: Int = 8, players: Int, idle: Input,
        events: @escaping (_ frame: Int, _ previous: [Input], _ current: [Input]) -> [InputEvent],
        save: @escaping () -> GameState, load: @escaping (GameState) -> Void,
        update: @escaping (_ step: Double, _ now: Double) -> Void
    ) {
        self.loop = loop
        self.baseClock = baseClock
        self.depth = max(1, depth)
        self.players = max(1, players)
        self.idle = idle
        self.events = events
        self.save = save
        self.load = load
        self.update = update
        sceneRing = Array(repeating: SceneSnapshot(), count: self.depth)
        loopRing = Array(repeating: nil, count: self.depth)
        gameRing = Array(repeating: nil, count: self.depth)
        inputRing = Array(repeating: [], count: self.depth)
        motionRing = Array(repeating: MotionSnapshot(), count: self.depth)
        usedInputs = Array(repeating: Array(repeating: idle, count: self.players), count: self.depth)
        confirmed = Array(repeating: [:], count: self.players)
    }

    /// Why an input could not be taken.
    public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The player is not one of the session's.
        case noSuchPlayer(Int)
        /// The input is for a frame further back than the ring reaches (the
        /// frame, and the oldest the session can still go back to): a ring
        /// smaller than the delay of the network. It is dropped; the peers
        /// will disagree from that frame on.
        case tooLate(frame: Int, oldest: Int)

        public var description: String {
            switch self {
            case .noSuchPlayer(let player): "no player \(player) in the session"
            case .tooLate(let frame, let oldest):
                "an input for frame \(frame) arrived when the oldest frame that can be simulated again is \(oldest): the ring is smaller than the delay"
            }
        }
    }

    /// The input of `player` for `frame`: the local player's for the frame
    /// about to be simulated, or a remote player's, late. One that differs
    /// from what a past frame was simulated with makes the next
    /// ``advanceFrame()`` go back to that frame.
    public func setInput(_ input: Input, player: Int, frame inputFrame: Int) throws(InputError) {
        guard confirmed.indices.contains(player) else { throw .noSuchPlayer(player) }
        let oldest = max(0, frame - depth)
        guard inputFrame >= oldest else { throw .tooLate(frame: inputFrame, oldest: oldest) }
        confirmed[player][inputFrame] = input
        if inputFrame < frame, usedInputs[inputFrame % depth][player] != input {
            mispredicted = min(mispredicted ?? inputFrame, inputFrame)
        }
    }

    /// Goes back to the first mispredicted frame if there is one and
    /// simulates again to the present, then simulates the current frame.
    ///
    /// - Throws: what ``Scene/restore(_:)`` throws (the scene changed
    ///   behind the session's back, or a recognizer did not opt in), or
    ///   what ``FrameInput/restoreState(from:)`` throws (bindings changed;
    ///   ``RollbackError/structureChanged(_:)`` when inputs were added to
    ///   or removed from the loop since); the frame is then not simulated.
    ///   A refused rollback is all or nothing: every part (scene, loop,
    ///   each input, see ``FrameInput/checkRestoreState(from:)``) is
    ///   checked before any is written, so none of them has changed.
    public func advanceFrame() throws(RollbackError) {
        if let target = mispredicted {
            mispredicted = nil
            try rollBack(to: target)
        }
        try simulate(frame)
        frame += 1
        prune()
    }

    private func rollBack(to target: Int) throws(RollbackError) {
        let slot = target % depth
        let inputs = loop.inputs
        guard inputRing[slot].count == inputs.count else {
            throw .structureChanged("the loop had \(inputRing[slot].count) inputs, now \(inputs.count)")
        }
        // All or nothing across the parts: every part is checked before any
        // is written, so a refused rollback (an input's bindings changed
        // mid-session) leaves scene, loop and inputs all as they were.
        if let scene = loop.scene { try scene.checkRestore(sceneRing[slot]) }
        if let loopSnapshot = loopRing[slot] { try loop.checkRestore(loopSnapshot) }
        for (index, input) in inputs.enumerated() where inputRing[slot][index].isCaptured {
            try input.checkRestoreState(from: inputRing[slot][index])
        }
        if let motion = loop.motion { try motion.checkRestore(motionRing[slot]) }
        if let scene = loop.scene { scene.applyRestore(sceneRing[slot]) }
        if let motion = loop.motion { try motion.restore(motionRing[slot]) }
        if let loopSnapshot = loopRing[slot] { try loop.restore(loopSnapshot) }
        for (index, input) in inputs.enumerated() where inputRing[slot][index].isCaptured {
            try input.restoreState(from: inputRing[slot][index])
        }
        if let game = gameRing[slot] { load(game) }
        rollbacks += 1
        resimulatedFrames += frame - target
        for again in target..<frame { try simulate(again) }
    }

    private func simulate(_ simulated: Int) throws(RollbackError) {
        let slot = simulated % depth
        if let scene = loop.scene { try scene.capture(into: &sceneRing[slot]) }
        loopRing[slot] = loop.snapshot()
        if let motion = loop.motion { motion.capture(into: &motionRing[slot]) }
        captureInputs(into: slot)
        gameRing[slot] = save()
        var current = usedInputs[slot]
        let previous = simulated == 0 ? Array(repeating: idle, count: players) : usedInputs[(simulated - 1) % depth]
        for player in 0..<players { current[player] = input(of: player, at: simulated) }
        usedInputs[slot] = current
        scratch = events(simulated, previous, current)
        baseClock.now = Double(simulated + 1) * loop.step
        loop.frame(events: &scratch, update: update)
    }

    /// Captures each of the loop's inputs into the ring's `slot`, noting
    /// those that keep nothing.
    private func captureInputs(into slot: Int) {
        let inputs = loop.inputs
        if inputRing[slot].count != inputs.count {
            inputRing[slot] = Array(repeating: FrameInputSnapshot(), count: inputs.count)
        }
        if !inputsNotSaved.isEmpty { inputsNotSaved.removeAll(keepingCapacity: true) }
        for (index, input) in inputs.enumerated() where !input.captureState(into: &inputRing[slot][index]) {
            inputRing[slot][index] = FrameInputSnapshot()
            inputsNotSaved.append(input)
        }
    }

    /// The confirmed input, or the prediction: the player's last confirmed
    /// input before it (idle when there is none).
    private func input(of player: Int, at simulated: Int) -> Input {
        if let known = confirmed[player][simulated] { return known }
        var back = simulated - 1
        let oldest = max(0, simulated - 2 * depth)
        while back >= oldest {
            if let known = confirmed[player][back] { return known }
            back -= 1
        }
        return idle
    }

    /// Forgets confirmed inputs no rollback or prediction can need.
    private func prune() {
        let keep = frame - 2 * depth
        guard keep > 0, frame % depth == 0 else { return }
        for player in confirmed.indices {
            confirmed[player] = confirmed[player].filter { $0.key >= keep }
        }
    }
}
