/// Records what a game's input did, frame by frame: the input events (for a
/// trace of the last seconds), the arena's decisions and each frame's
/// touches and recognizers in play. The headless core of the input
/// debugger: TactileDebugDrawing's overlay draws what it holds, a test
/// prints it as JSON lines, a key saves it as a trace.
///
/// ```swift
/// let debugger = InputDebugger(loop: loop)
/// debugger.isRecording = true
/// // … frames run …
/// print(debugger.jsonLines())
/// try debugger.saveCapture(toFile: "bug.trace")   // and bug.trace.decisions.txt
/// ```
///
/// Any game switches it on the same way: **Ctrl+Shift+D**, **both stick
/// clicks** on a controller (``Controls``), or ``isRecording``. While on,
/// it can hold the game still and step it a frame or a sub-event at a
/// time (``pause()``, ``stepFrame()``, ``stepEvent()``): events that come
/// meanwhile are held back, not lost.
///
/// The cost is bounded both ways:
///
/// - **Off**, it is not in the pipeline: it is not one of the loop's
///   inputs and the scene has no decision handler of its, so the arena does
///   not even build its decisions. What remains is the loop's look at each
///   frame's events for the switch: one check per event (is it a key or a
///   controller button), and the branch the arena always takes on its
///   decision handler.
/// - **On**, everything goes into rings allocated when the debugger is made
///   (``Limits``): recording copies values and never allocates. Recognizers,
///   layers and touches are recorded by identity (``RecognizerIdentity``,
///   `PointerID`), so a recording keeps none of them alive. Reading a
///   recording back (``decisions``, ``frames``, ``jsonLines()``) allocates;
///   do it per frame at most.
///
/// A loop has one debugger: the latest made for it. While recording, the
/// debugger is one of the loop's inputs (after those added before it) and
/// one of the scene's decision observers (``Scene/addDecisionObserver(includingLayerDeliveries:includingRepeatedChanges:_:)``),
/// which leaves the game's ``Scene/arenaDecisions`` alone. It follows the
/// loop to a new scene.
///
/// ## See Also
/// - ``RecordedDecision``
/// - ``FrameState``
/// - ``InspectableRecognizer``
@MainActor
public final class InputDebugger: FrameInput {
    /// How much the debugger keeps: every ring's size, fixed when it is made.
    public struct Limits: Hashable, Sendable {
        /// The seconds of input a capture covers at most: 30, long enough
        /// to reach back past the bug that made someone press the key.
        public var window = 30.0
        /// Input events kept: 65,536, 30 seconds of two fingers and a
        /// controller's sticks at 120 Hz with room to spare.
        public var events = 65_536
        /// Decisions kept: 32,768, the 30 seconds' worth of a few
        /// recognizers per touch.
        public var decisions = 32_768
        /// Frames kept: 2,048, 34 seconds at 60 frames a second.
        public var frames = 2_048
        /// Touches listed per frame: 16. More are counted, not listed.
        public var touchesPerFrame = 16
        /// Recognizers in play listed per frame: 64. More are counted.
        public var recognizersPerFrame = 64

        public init() {}
    }

    public let limits: Limits
    /// The loop whose frames are recorded.
    public private(set) weak var loop: GameLoop?

    /// A recorded input event, and where the decision ring was when it came.
    struct CapturedEvent {
        var event: InputEvent
        /// Whether a replay can start here: no touch was down and no
        /// recognizer in play, so what follows does not depend on before.
        var isCut: Bool
        var decisionPosition: Int
    }

    /// A recorded decision, its lists kept in rings of their own.
    struct DecisionSlot {
        var decision: RecordedDecision
        var pointers: Range<Int>
        var blockers: Range<Int>
        var sequence: Int
    }

    /// A recorded frame, its lists kept in rings of their own.
    struct FrameSlot {
        var state: FrameState
        var touches: Range<Int>
        var recognizers: Range<Int>
        var sequence: Int
    }

    private(set) var events: Ring<CapturedEvent>
    private(set) var decisionSlots: Ring<DecisionSlot>
    private var decisionPointers: Ring<PointerID>
    private var decisionBlockers: Ring<RecognizerIdentity>
    private(set) var frameSlots: Ring<FrameSlot>
    private var touchSamples: Ring<FrameState.TouchSample>
    private var recognizerSamples: Ring<FrameState.RecognizerSample>
    /// Orders decisions and frames against each other.
    private var sequence = 0
    /// When the last touch lifted or was cancelled, in game time.
    private var lastTouchEnd = -Double.infinity

    /// The scene observed, through its reference rather than weakly (see
    /// `SceneReference`): a weak reference would make every retain of the
    /// scene, on every event, take the runtime's slow path.
    private var observedSceneReference: SceneReference?
    private var observedScene: Scene? { observedSceneReference?.scene }
    /// The debugger's observer on that scene's decisions.
    private var decisionObserver: Scene.DecisionObserver?

    // Pause and step (InputDebugger+Stepping.swift).
    /// The game clock's own pause when the debugger paused it; `nil` while
    /// the debugger does not hold the game.
    ///
    /// This and the three below are read by the loop every frame, and
    /// changed only by the debugger's own calls outside any other access to
    /// them: unchecked, so that the check an "off" debugger costs a frame
    /// is the loads alone.
    @exclusivity(unchecked) var gamePausedBefore: Bool?
    /// Events that came while paused, oldest first, from `heldStart` on.
    @exclusivity(unchecked) var held: [HeldEvent] = []
    @exclusivity(unchecked) var heldStart = 0
    var frameStepsAsked = 0
    var eventStepsAsked = 0
    /// The array a screened frame's events are built in, kept between frames.
    var spareEvents: [InputEvent] = []

    // Controls (InputDebugger+Controls.swift).
    /// The keys and buttons that switch, pause, step and save; `nil` for
    /// none (the game calls the debugger itself).
    @exclusivity(unchecked) public var controls: Controls? = Controls() {
        didSet { updateLoopNeeds() }
    }
    /// Keys whose press the debugger took, by scancode: it takes their
    /// release too.
    var takenKeys: Set<Int32> = []
    /// The stick clicks held on each controller.
    var heldButtons: [Int32: Set<ControllerButton>] = [:]
    var takenButtons: Set<TakenButton> = []
    // Devices (InputDebugger+Devices.swift).
    /// The controllers seen while recording, by id.
    var controllerReadings: [Int32: ControllerReading] = [:]
    /// The controllers connected now, with who they are and the buttons and
    /// axes they hold: asked when the debugger comes on and when it meets a
    /// controller it did not see connect, so that a pad connected before it
    /// came on (whose `ControllerEvent.added` it did not hear: SDL names a
    /// pad once, when it connects) shows who it is at once, and a button held
    /// since before shows held. `SDLApp.runWithInputDebugger` sets it from
    /// the app's pump; a game on its own loop sets it as
    /// `{ pump.controllerReadings }`.
    public var connectedControllers: (@MainActor () -> [ControllerReading])?

    /// Where the save key writes its captures: the current folder by default.
    public var captureFolder = "."
    /// What the last save by the save key did: the trace's path, or why
    /// nothing was saved (the game goes on either way).
    public internal(set) var lastSave: Result<String, CaptureError>?

    /// A debugger for `loop`'s frames; it records nothing until
    /// ``isRecording`` is set. Every ring is allocated here.
    public init(loop: GameLoop, limits: Limits = Limits()) {
        self.loop = loop
        self.limits = limits
        let zero = PointerID(kind: .finger, device: 0, index: 0)
        let nobody = RecognizerIdentity(placeholder: ())
        events = Ring(capacity: limits.events, filler: CapturedEvent(event: InputEvent(timestamp: 0, .interrupted(.focusLost)), isCut: false, decisionPosition: 0))
        decisionSlots = Ring(capacity: limits.decisions, filler: DecisionSlot(decision: RecordedDecision(frame: 0, time: 0, kind: .reset), pointers: 0..<0, blockers: 0..<0, sequence: 0))
        // A decision names one touch (gathered, took…) or the touches of one
        // layer, rarely more than four; waits are rarer still.
        decisionPointers = Ring(capacity: limits.decisions * 4, filler: zero)
        decisionBlockers = Ring(capacity: limits.decisions, filler: nobody)
        frameSlots = Ring(capacity: limits.frames, filler: FrameSlot(state: FrameState(frame: 0, time: 0), touches: 0..<0, recognizers: 0..<0, sequence: 0))
        touchSamples = Ring(capacity: limits.frames * max(1, limits.touchesPerFrame), filler: FrameState.TouchSample(pointer: zero, phase: .began, location: .zero, tapCount: 1))
        recognizerSamples = Ring(capacity: limits.frames * max(1, limits.recognizersPerFrame), filler: FrameState.RecognizerSample(recognizer: nobody, state: .possible, isWaiting: false))
        spareEvents.reserveCapacity(256)
        loop.inputDebugger = self
        updateLoopNeeds()
    }

    /// Whether the debugger records. Setting it joins or leaves the loop's
    /// inputs and the scene's decision handler; the recording so far is kept.
    public var isRecording = false {
        didSet {
            guard isRecording != oldValue, let loop else { return }
            if isRecording {
                loop.addInput(self)
                observe(loop.scene)
                noteConnectedControllers()
            } else {
                loop.removeInput(self)
                observe(nil)
                // Off, it holds nothing back: what it held reaches the game.
                resume()
            }
        }
    }

    /// Forgets everything recorded, keeping the rings.
    public func clear() {
        events.removeAll()
        decisionSlots.removeAll()
        decisionPointers.removeAll()
        decisionBlockers.removeAll()
        frameSlots.removeAll()
        touchSamples.removeAll()
        recognizerSamples.removeAll()
    }

    // MARK: Recording

    /// Records one input event (the loop calls this, on game time, before
    /// the scene gets it).
    public func handle(_ event: InputEvent) {
        let scene = loop?.scene
        if scene !== observedScene { observe(scene) }
        events.append(CapturedEvent(event: event, isCut: isQuiet(scene, at: event.timestamp), decisionPosition: decisionSlots.written))
        switch event.kind {
        case .pointer(let pointer) where pointer.phase == .up || pointer.phase == .cancel:
            lastTouchEnd = event.timestamp
        case .controller(let controller):
            note(controller)
        default:
            break
        }
    }

    /// Records the frame's state (the loop calls this once a frame's input
    /// is complete).
    public func endFrame() {
        guard let loop, let scene = loop.scene else { return }
        var state = FrameState(frame: loop.frameCount, time: scene.arena.now)
        let touchStart = touchSamples.written
        for touch in scene.event.storedTouches {
            guard touchSamples.written - touchStart < limits.touchesPerFrame else { state.omittedTouches += 1; continue }
            touchSamples.append(FrameState.TouchSample(pointer: touch.pointer, phase: touch.phase, location: touch.location, tapCount: touch.tapCount))
        }
        let recognizerStart = recognizerSamples.written
        for member in scene.arena.referee.members {
            guard recognizerSamples.written - recognizerStart < limits.recognizersPerFrame else { state.omittedRecognizers += 1; continue }
            recognizerSamples.append(FrameState.RecognizerSample(
                recognizer: RecognizerIdentity(member.recognizer), state: member.recognizer.state, isWaiting: member.pending != nil))
        }
        frameSlots.append(FrameSlot(state: state, touches: touchStart..<touchSamples.written,
                                    recognizers: recognizerStart..<recognizerSamples.written, sequence: sequence))
        sequence += 1
    }

    private func record(_ decision: ArenaDecision) {
        let pointerStart = decisionPointers.written
        decision.forEachPointer { decisionPointers.append($0) }
        let blockerStart = decisionBlockers.written
        decision.forEachBlocker { decisionBlockers.append(RecognizerIdentity($0)) }
        let fields = RecordedDecision(fieldsOf: decision, frame: loop?.frameCount ?? 0, time: observedScene?.arena.now ?? 0)
        decisionSlots.append(DecisionSlot(decision: fields, pointers: pointerStart..<decisionPointers.written,
                                          blockers: blockerStart..<decisionBlockers.written, sequence: sequence))
        sequence += 1
    }

    /// Whether nothing before `time` can change what follows: no touch down,
    /// no recognizer in play, and the last touch lifted longer ago than a
    /// tap run lasts (its tap count would carry over).
    private func isQuiet(_ scene: Scene?, at time: Double) -> Bool {
        guard let scene else { return true }
        guard scene.arena.referee.members.isEmpty else { return false }
        for touch in scene.event.storedTouches where touch.phase != .ended && touch.phase != .cancelled {
            return false
        }
        return time - lastTouchEnd > scene.tapSettings.interval
    }

    /// Moves the debugger's decision observer to `scene`.
    private func observe(_ scene: Scene?) {
        if let previous = observedScene, let decisionObserver {
            previous.removeDecisionObserver(decisionObserver)
        }
        decisionObserver = nil
        observedSceneReference = scene?.reference
        // Weak: a scene that outlives the loop and the debugger must not
        // call a freed object.
        decisionObserver = scene?.addDecisionObserver { [weak self] decision in self?.record(decision) }
    }

    // MARK: Reading

    /// Every decision held, oldest first.
    public var decisions: [RecordedDecision] {
        decisions(from: decisionSlots.oldest)
    }

    /// The latest `count` decisions held, oldest first.
    public func lastDecisions(_ count: Int) -> [RecordedDecision] {
        decisions(from: max(decisionSlots.oldest, decisionSlots.written - max(0, count)))
    }

    /// Every frame held, oldest first.
    public var frames: [FrameState] {
        (frameSlots.oldest..<frameSlots.written).map(frame(at:))
    }

    /// The last frame recorded.
    public var latestFrame: FrameState? {
        frameSlots.count > 0 ? frame(at: frameSlots.written - 1) : nil
    }

    /// How many decisions were ever recorded, held or not.
    public var decisionCount: Int { decisionSlots.written }

    func decisions(from start: Int) -> [RecordedDecision] {
        (start..<decisionSlots.written).map(decision(at:))
    }

    /// The decision at ring `position`, its lists as far as they are held.
    func decision(at position: Int) -> RecordedDecision {
        let slot = decisionSlots[position]
        var decision = slot.decision
        for index in slot.pointers where decisionPointers.holds(index) { decision.pointers.append(decisionPointers[index]) }
        for index in slot.blockers where decisionBlockers.holds(index) { decision.waitingFor.append(decisionBlockers[index]) }
        return decision
    }

    /// Where `pointer`'s touch was at the end of each of the last `frames`
    /// frames, oldest first, from the frame it last touched down in: the
    /// trail an overlay draws behind it.
    public func trail(of pointer: PointerID, frames: Int) -> [Point] {
        var points: [Point] = []
        trail(of: pointer, frames: frames, into: &points)
        return points
    }

    /// ``trail(of:frames:)`` written into `points`, which is emptied first
    /// and keeps its storage: an overlay drawing trails every frame
    /// allocates nothing once it has grown.
    public func trail(of pointer: PointerID, frames: Int, into points: inout [Point]) {
        points.removeAll(keepingCapacity: true)
        for position in max(frameSlots.oldest, frameSlots.written - max(0, frames))..<frameSlots.written {
            for index in frameSlots[position].touches where touchSamples.holds(index) && touchSamples[index].pointer == pointer {
                if touchSamples[index].phase == .began { points.removeAll(keepingCapacity: true) }
                points.append(touchSamples[index].location)
            }
        }
    }

    /// The decision `back` places before the latest (0 is the latest), or
    /// `nil` when fewer are held: ``lastDecisions(_:)`` one at a time.
    public func decision(back: Int) -> RecordedDecision? {
        let position = decisionSlots.written - 1 - back
        guard back >= 0, position >= decisionSlots.oldest else { return nil }
        return decision(at: position)
    }

    /// A number for the decision `back` places before the latest that no
    /// other decision of this debugger has, even after ``clear()``; `nil`
    /// when fewer are held. A view that shows the latest decisions every
    /// frame (the overlay's timeline) keeps what it made of each by this
    /// number instead of making it again.
    public func decisionNumber(back: Int) -> Int? {
        let position = decisionSlots.written - 1 - back
        guard back >= 0, position >= decisionSlots.oldest else { return nil }
        return decisionSlots[position].sequence
    }

    /// How many recognizers the last frame recorded had in play, those
    /// held and those left out past `Limits.recognizersPerFrame`:
    /// `latestFrame`'s count without building it.
    public var recognizersInPlay: Int {
        guard frameSlots.count > 0 else { return 0 }
        let slot = frameSlots[frameSlots.written - 1]
        var held = 0
        for index in slot.recognizers where recognizerSamples.holds(index) { held += 1 }
        return held + slot.state.omittedRecognizers
    }

    /// The recognizers `recognizer` waits for to fail, as its latest
    /// `waiting` decision named them; empty when it waits for nothing.
    public func waitingFor(_ recognizer: GestureRecognizer) -> [RecognizerIdentity] {
        guard recognizer.isWaitingForRequirements else { return [] }
        let id = ObjectIdentifier(recognizer)
        var position = decisionSlots.written - 1
        while position >= decisionSlots.oldest {
            if decisionSlots[position].decision.recognizer?.id == id, decisionSlots[position].decision.kind == .waiting {
                return decision(at: position).waitingFor
            }
            position -= 1
        }
        return []
    }

    func frame(at position: Int) -> FrameState {
        let slot = frameSlots[position]
        var state = slot.state
        for index in slot.touches where touchSamples.holds(index) { state.touches.append(touchSamples[index]) }
        for index in slot.recognizers where recognizerSamples.holds(index) { state.recognizers.append(recognizerSamples[index]) }
        return state
    }
}

extension RecognizerIdentity {
    /// Fills the debugger's rings before they are written: names no recognizer.
    init(placeholder: Void) {
        id = ObjectIdentifier(GestureRecognizer.self)
        name = nil
        kind = GestureRecognizer.self
    }
}

extension RecordedDecision {
    /// An empty decision of `kind`, to fill the debugger's rings.
    init(frame: Int, time: Double, kind: Kind) {
        self.frame = frame
        self.time = time
        self.kind = kind
    }
}
