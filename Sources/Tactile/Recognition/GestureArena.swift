/// A scene's referee between gesture recognizers: it hands each sub-event
/// to the recognizers that see it, applies the rules when one changes
/// state, decides what the layers receive, and keeps the recognizers' time.
///
/// Every ``Scene`` has one (``Scene/arena``); games do not call it, they
/// watch it (``Scene/arenaDecisions``). This page is the contract a
/// recognizer can rely on, built-in or the game's own.
///
/// ## The protocol, one sub-event at a time
///
/// 1. **Gather** (at touch-down): the recognizers of the hit layer and its
///    ancestors, deepest layer first and, within a layer, the most recently
///    added first, minus those the layers' ``RecognizerDelivery`` leaves
///    out, the disabled, those that do not take this kind of pointer, those
///    added during the current multitouch sequence, those that are waiting
///    for requirements or finished (they have decided on the touches they
///    had), and those whose delegate refuses the touch. Each follows the
///    touch until it ignores it (``GestureRecognizer/ignore(_:)``) or is reset.
/// 2. **Deliver**: every recognizer following the touch gets the sub-event,
///    in gather order, before the layer does, and all of them have it
///    before the next sub-event goes to any. A deadline that falls before
///    the sub-event is handled first, as a sub-event of its own.
/// 3. **Resolve**, the moment a recognizer sets its state, with every
///    consequence before anything else happens: illegal transitions are
///    refused and reported; first to recognize wins (a gesture under way
///    is never stopped by one that recognizes after it); requirements,
///    delegates, simultaneity and exclusivity decide which recognizers still
///    possible fail; waiters are released only once that is settled. Two
///    recognizers that would recognize on the same sub-event are decided
///    in gather order: the deeper layer, then the most recently added.
/// 4. **Sweep** (after a touch ends or is cancelled): a recognizer left with
///    no touch down, no deadline and nothing to wait for cannot recognize
///    any more, so it fails (or, if it had begun, is cancelled with an
///    illegal-transition diagnostic); a touch cancelled from outside cancels
///    or fails every recognizer that followed it.
/// 5. **Gate the layer**: the touch's own phase goes to its layer unless a
///    recognizer still deciding delays it (``GestureRecognizer/delaysTouchesBegan``,
///    ``GestureRecognizer/delaysTouchesEnded``) or a recognizer took it
///    (``GestureRecognizer/cancelsTouchesInView``). Held phases go on, in
///    order, once nothing delays them, a layer's touches of one multitouch
///    sequence and phase in one call.
/// 6. **Act**: only now, with every decision made and the layers told, do
///    the actions run, in the order the states were entered; during each
///    action the recognizer's ``GestureRecognizer/state`` reads the state it
///    was sent for. A finished recognizer is reset right after its own
///    actions: ``GestureRecognizer/reset()`` runs and its state returns to
///    possible. It hears nothing more of the touches still down, but a
///    finger that lands later is a new attempt. This departs from UIKit,
///    which keeps a failed recognizer failed until the fingers it followed
///    have lifted: here ``GestureRecognizer/state`` is possible whenever no
///    attempt is under way, at the cost that in a many-finger landing on one
///    layer a tap fails again on every second finger (README, Performance).
///
/// ## Sub-events that are not touches
///
/// Keys, controller buttons and axes, and motion readings are sub-events
/// too (seed 000's "sub-events from keys, buttons and joysticks"), each
/// from an ``InputSource``: the keyboard, one controller, or motion. A
/// recognizer declares the sources it listens to in
/// ``GestureRecognizer/inputSources`` (a game's own recognizer as a built-in
/// one does) and gets their sub-events in ``GestureRecognizer/receive(_:)``.
/// The same protocol applies, with these differences:
///
/// 1. **Gather** (at every sub-event): the recognizers attached to layers
///    in the scene that listen to its source, wherever the layer is (there
///    is no hit layer, and ``RecognizerDelivery`` does not apply); higher
///    ``GestureRecognizer/inputPriority`` first, then the deeper layer, then
///    the most recently added; minus the disabled, the finished, those
///    whose delegate refuses the sub-event, and those waiting for
///    requirements that did not already follow the source. The first
///    sub-event of a source in an attempt makes the recognizer follow that
///    source until it is reset (``ArenaDecision/listening(_:_:)``).
/// 2. **Deliver** and **Resolve** as for touches: every listener has the
///    sub-event before the next one goes to any, and a state set in
///    ``GestureRecognizer/receive(_:)`` is resolved at once. Recognizers that
///    follow a common source compete as those that share a touch do: first
///    to recognize wins, delegates allow simultaneity, ``GestureRecognizer/isExclusive``
///    and ``GestureRecognizer/canPrevent(_:)`` apply. A touch recognizer and
///    a source's listener share nothing, so neither stops the other unless
///    the game says so: ``GestureRecognizer/require(toFail:)`` and the
///    delegate's requirement methods work across the two, as between any
///    recognizers in play.
/// 3. **Sweep**: a source does not end, so a listener is never failed for
///    want of touches, nor when its deadline passes: it decides itself. When
///    a source goes away (a controller unplugged), its listeners get
///    ``InputSubEvent/sourceLost(_:)``, then those following it are stopped
///    (cancelled if under way, failed with ``GestureFailure/sourceLost``
///    otherwise) and return to possible.
/// 4. **No layer gate**: a key or button goes up the responder chain after
///    the recognizers have had it, whatever they decided.
///
/// ## What user code may do from an action or a layer handler
///
/// Anything, with these outcomes:
///
/// - **Remove a layer**: the touches bound to it (and its descendants) are
///   cancelled for it; its recognizers leave without a word, counting as
///   failed for those that wait on them; actions of theirs still queued are
///   dropped.
/// - **Remove or disable a recognizer**: removal as above; disabling
///   cancels a gesture under way (its action runs with cancelled) and fails
///   one that had not begun.
/// - **Add a recognizer**: it sees touches from the next multitouch
///   sequence on.
/// - **Send an event or advance time**: handled at once, as a sub-event of
///   its own; actions still queued run first, in order.
/// - **Cancel touches** (send ``InputEvent/Kind/interrupted(_:)``): as a
///   focus loss.
///
/// Whatever it does, the promises hold: every touch a layer saw begin ends
/// for it exactly once with nothing after; a layer never gets a phase for
/// a touch it was not sent began for, nor the same touch twice in one
/// call; actions run only in began, changed, ended and cancelled; and once
/// the touches it saw have ended and nothing is pending, every recognizer
/// that follows no other source is back in possible.
///
/// ## See Also
/// - ``GestureRecognizer``
/// - ``ArenaDecision``
@MainActor
public final class GestureArena {
    /// The time of the sub-event being handled, in seconds on the scene's clock.
    public var now: Double { clock.now }

    /// The recognizers in play: following touches, waiting on a deadline or
    /// a requirement, or finished and about to be reset; in gather order.
    /// A view of the arena's own list, made without allocating: read it
    /// before the arena changes (copy it with `Array(_:)` to keep it).
    public var recognizers: some RandomAccessCollection<GestureRecognizer> { referee.members.lazy.map(\.recognizer) }

    // MARK: Parts, each the owner of its state

    /// The scene that owns the arena, set once as the scene is made. Not
    /// `weak` or checked `unowned`: the scene outlives its arena, and a
    /// checked reference costs a retain on every use.
    unowned(unsafe) var scene: Scene? {
        didSet { hasScene = scene != nil }
    }
    /// Whether ``scene`` is set, for the checks that need only that:
    /// reading `scene` itself retains and releases the scene (callgrind:
    /// 14 times a tap through `GestureRecognizer.liveArena`).
    @exclusivity(unchecked) private(set) var hasScene = false
    /// The scene's touch event, handed to every handler.
    let event: TouchEvent
    let clock: ArenaClock
    let gate: LayerGate
    let referee: ArenaReferee
    let listeners = ArenaListeners()

    /// Where decisions go, typed and as lines.
    // Exclusivity: read at every decision (usually to find them nil); each
    // read copies the closure before calling it, so the checks are off.
    @exclusivity(unchecked) var decisions: ((ArenaDecision) -> Void)? {
        didSet { referee.isRecording = isRecording; referee.recordsRepeatedChanges = recordsRepeatedChanges }
    }
    @exclusivity(unchecked) var log: ((String) -> Void)? {
        didSet { referee.isRecording = isRecording; referee.recordsRepeatedChanges = recordsRepeatedChanges }
    }

    /// How deep in nested steps (a sub-event, a deadline, an outside
    /// change) the arena is; actions run when the outermost one ends.
    @exclusivity(unchecked) var depth = 0
    init(event: TouchEvent) {
        self.event = event
        let clock = ArenaClock()
        self.clock = clock
        let gate = LayerGate(event: event)
        self.gate = gate
        referee = ArenaReferee(clock: clock, gate: gate)
        gate.arena = self
        referee.arena = self
        // The gate, referee and clock make their own lists with room; the
        // types none of them owns are looked up here (GestureArena+FirstTouch.swift).
        Self.prepareForFirstTouch()
    }

    // MARK: 1. Gather

    func gather(_ touch: Touch, hitLayer: Layer) {
        gate.open(touch)
        // Straight into the touch's list (empty, with the capacity of its
        // last use if the scene reused the object): no allocation.
        var layer: Layer? = hitLayer
        while let current = layer {
            switch current.recognizerDelivery {
            case .stop:
                layer = nil
                continue
            case .skip:
                layer = current.parent
                continue
            case .skipUnlessHitLayer where current !== hitLayer:
                layer = current.parent
                continue
            case .normal, .skipUnlessHitLayer:
                break
            }
            // Borrowed, not retained per recognizer (the array read keeps
            // them alive): callgrind counted four retains a recognizer here.
            current.gestureRecognizers.forEachBorrowedReversed { recognizer in
                guard accepts(recognizer, touch) else { return }
                if recognizer.arena !== self { recognizer.arena = self }
                recognizer.track(touch)
                referee.join(recognizer)
                touch.recognizers.append(recognizer)
                if isRecording { record(.gathered(recognizer, touch)) }
            }
            layer = current.parent
        }
    }

    private func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        recognizer.isEnabled
            && !recognizer.storedState.isFinished
            // One waiting for requirements has decided on the touches it
            // had; a new touch is not part of that gesture.
            && !referee.isWaiting(recognizer)
            && recognizer.allows(touch.kind)
            && recognizer.firstSequence <= touch.sequence
            && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false
    }

    // MARK: 2. Deliver

    /// Hands `touch`'s new phase to its recognizers, then to the gate.
    // Inlined into the scene's touch-down and lift, with the list's copy
    // held here rather than in a third field of `TouchRecognizerList`: with
    // that field this was a call of its own (callgrind, the Gesture Lab's
    // landing frame of ten touch-downs: 49,875 -> 49,699 instructions).
    @inline(__always)
    func dispatch(_ phase: Touch.Phase, _ touch: Touch) {
        if phase == .moved { return dispatchMove(touch) }
        // A copy of the list, held for the walk: unlike a move's (see
        // `dispatchMove`), this walk does not hold the touch.
        // Kept by `extendLifetime`, not `withExtendedLifetime`: the latter's
        // closure, main-actor isolated, checked its executor on every call,
        // even empty and inlined (callgrind, PathProfile's land10 and tap:
        // about 300 instructions an event).
        let list = touch.recognizers
        dispatchThroughRecognizers(phase, touch, TouchRecognizerList(list), from: 0, startFollows: false)
        extendLifetime(list)
    }

    /// ``dispatch(_:_:)`` of a move. The caller may lend `touch` without
    /// holding it: the scene does, borrowing it from the event's list (see
    /// `Scene.send`). The short way for a move that no recognizer follows,
    /// with nothing queued (`moveUnfollowed`), uses the touch only until
    /// the layer's handler, during which the gate's one-touch list holds
    /// it; the full path runs user code between uses of it (recognizers,
    /// queued deliveries), so it holds the touch itself, as a retaining
    /// caller did.
    func dispatchMove(_ touch: Touch) {
        // Which recognizer follows the touch first is worked out once: a
        // move with nothing queued that none follows takes the short way,
        // and the full path starts at that recognizer without asking it
        // again (callgrind, Tilt Maze: the test alone was about 110
        // instructions a move of the pinch's ten fingers, and the loop
        // asked the same again).
        var start = 0
        var startFollows = false
        // The touch's recognizers, read in place once for the sub-event,
        // nothing retained (see `TouchRecognizerList`): a touch's list is
        // made as it is gathered, before its began, and is not changed
        // while the touch is held, as it is below: not by an action
        // `beginStep` runs (a nested touch-down gathers its own touch, and
        // only a touch nothing holds is made a spare), nor by a restore,
        // which is refused while anything is queued or under way.
        let recognizers: TouchRecognizerList
        if depth == 0, gate.isIdle, !referee.hasQueuedWork {
            // A touch with no recognizer at all (the bare move) goes without
            // reading more of the list (callgrind: a read that was held over
            // the layer's handler cost a retain, 891 -> 919 instructions a
            // bare move).
            guard !touch.recognizers.isEmpty else { return moveUnfollowed(touch) }
            recognizers = TouchRecognizerList(touch.recognizers)
            guard let first = firstFollower(of: touch, in: recognizers) else { return moveUnfollowed(touch) }
            start = first
            startFollows = true
        } else {
            recognizers = TouchRecognizerList(touch.recognizers)
        }
        let held = Unmanaged.passRetained(touch)
        dispatchThroughRecognizers(.moved, touch, recognizers, from: start, startFollows: startFollows)
        // The list was not changed under the walk (see above).
        assert(touch.recognizers.count == recognizers.count)
        held.release()
    }

    /// The full path of ``dispatch(_:_:)``: the recognizers in
    /// `recognizers` (the touch's list, read once by the caller) that follow
    /// `touch` from `start` on (`startFollows`: the one at `start` is known
    /// to follow it), then the gate.
    private func dispatchThroughRecognizers(
        _ phase: Touch.Phase, _ touch: Touch, _ recognizers: TouchRecognizerList, from start: Int, startFollows: Bool
    ) {
        beginStep()
        defer { endStep() }
        do {
            // The touch's own one-touch list, kept by the gate for the
            // touch's record (see `LayerGate.spareAlone`), for every
            // recognizer: read once, not per recognizer (a retain each).
            let touches = gate.alone(touch)
            // By index, each borrowed (a `for` loop retained each one).
            var index = start
            while index < recognizers.count {
                recognizers.unmanaged(at: index).withBorrowed { recognizer in
                    // The one found above follows the touch still: nothing
                    // between ran user code (`beginStep` found no action queued).
                    guard (startFollows && index == start) || follows(recognizer, touch) else { return }
                    if phase == .ended || phase == .cancelled { recognizer.noteLocation(ending: touch) }
                    hand(phase, touches, to: recognizer)
                }
                index += 1
            }
        }
        switch phase {
        case .began: takeIfJoiningAGestureUnderWay(touch)
        case .ended: sweep(after: touch, cancelled: false)
        case .cancelled: sweep(after: touch, cancelled: true)
        case .moved, .stationary: break
        }
        // The decisions are made: the layers hear of the touches taken from
        // them; what the decisions released and the sub-event's own phase
        // are queued for the layer, ahead of anything an action sends; the
        // actions run; then the layer gets the queued phases together.
        if depth == 1 { gate.flush() }
        gate.settle()
        if phase == .moved {
            // A move, the followed touch's common sub-event: the gate's
            // move (the same rules, less what cannot apply to one), inlined
            // here. Most such touches are a gesture's that took them, which
            // the gate's first test turns away: the general `offer` was a
            // call and about 40 instructions to find that (callgrind, Tilt
            // Maze's pinch following ten fingers).
            gate.offerMove(touch, now: depth == 1 && !referee.hasQueuedWork)
        } else {
            gate.offer(phase, touch, now: depth == 1 && !referee.hasQueuedWork)
        }
        if depth == 1 { referee.runActions() }
    }

    /// A move of a touch no recognizer follows, with nothing queued, held or
    /// closed: a game's common move (a finger dragging a layer with no
    /// gesture on it). What the full path would do comes down to offering
    /// the move to the gate inside a step, so that is all this does; a
    /// layer handler that re-enters finds the arena as the full path leaves
    /// it. Skips the recognizer loop and the steps of empty queues
    /// (callgrind, with the gate's move skipping `delays`: a move through a
    /// bare layer 1,899 → 1,489 instructions).
    // Inlined, with the gate's move and its call to the layer: a bare move
    // is one call from the scene to the layer's handler.
    @inline(__always)
    private func moveUnfollowed(_ touch: Touch) {
        depth = 1
        // Now: the caller found nothing queued, and nothing has run since
        // (the test again was a few instructions of every bare move, more
        // since a move may be kept aside: `ArenaReferee.changeDue`).
        gate.offerMove(touch, now: true)
        // With nothing queued, held or closed after the layer's handler,
        // the end of the step would find every queue empty.
        if gate.isIdle && !referee.hasQueuedWork {
            depth = 0
        } else {
            endStep()
        }
    }

    /// Where the first recognizer that follows `touch` is in `recognizers`,
    /// its list; `nil` when none does.
    private func firstFollower(of touch: Touch, in recognizers: TouchRecognizerList) -> Int? {
        var index = 0
        while index < recognizers.count {
            if recognizers.unmanaged(at: index).withBorrowed({ follows($0, touch) }) { return index }
            index += 1
        }
        return nil
    }

    /// A touch that joins a gesture already under way belongs to it, unless
    /// the recognizer ignored it on seeing it begin: the guide's "all
    /// subsequent touch objects ... to the gesture recognizer but not to the
    /// attached view".
    private func takeIfJoiningAGestureUnderWay(_ touch: Touch) {
        // Borrowed, as in `dispatch` (a `for` loop retained each recognizer).
        let taker = touch.recognizers.firstResultBorrowed { recognizer in
            recognizer.storedState.isActive && recognizer.cancelsTouchesInView && follows(recognizer, touch)
                ? Unmanaged.passUnretained(recognizer) : nil
        }
        guard let taker else { return }
        if gate.take(touch) { record(.took(touch, by: taker.takeUnretainedValue())) }
    }

    private func hand(_ phase: Touch.Phase, _ touches: [Touch], to recognizer: GestureRecognizer) {
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled: recognizer.touchesCancelled(touches, with: event)
        }
    }

    /// Whether `recognizer` still follows `touch`: gathered for it in its
    /// current attempt, not ignoring it, enabled and not finished.
    // Stored fields, not the public getters: a getter called on a borrowed
    // recognizer makes the caller retain it (see `Touch.Phase.isDown`).
    @inline(__always)
    private func follows(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        recognizer.storedIsEnabled && !recognizer.storedState.isFinished && recognizer.isFollowing(touch)
    }

    // MARK: 1–2. Gather and deliver a sub-event of another source

    /// Hands `subEvent` to the recognizers listening to its source, in
    /// gather order, then resolves and acts as for a touch. A recognizer
    /// handed its first sub-event of the source since its last reset
    /// follows the source from then on (``ArenaDecision/listening(_:_:)``).
    func deliver(_ subEvent: InputSubEvent) {
        // The root only if the list must be rebuilt: `scene?.root` retained
        // and released the scene and the root on every sub-event.
        guard hasScene else { return }
        let source = subEvent.source
        // Borrowed, not retained: the listing stays alive until
        // `endDelivery`, even if a handler has the list rebuilt.
        let who = listeners.listeningUnretained(to: source, in: scene!.root)
        guard !who.withBorrowed({ $0.listeners.isEmpty }) else { return }
        listeners.beginDelivery()
        defer { listeners.endDelivery() }
        who.withBorrowed { deliver(subEvent, from: source, to: $0) }
    }

    /// ``deliver(_:)`` to the listeners of `source`, `who`, which is not empty.
    @inline(__always)
    private func deliver(_ subEvent: InputSubEvent, from source: InputSource, to who: ArenaListeners.Listening) {
        let generation = listeners.generation
        subEventSerial &+= 1
        // `beginStep`, with its call to run the actions only when some are queued.
        if depth == 0 && referee.hasQueuedWork { referee.runActions() }
        depth += 1
        defer { endDeliveryStep() }
        // The players of command recognizers read it first, once each, even
        // if none of their recognizers takes it (all disabled, say), so that
        // they never miss a release.
        who.players.forEachBorrowed { player in player.read(subEvent, at: clock.now) }
        // Left out: command recognizers the sub-event can do nothing for
        // (ArenaListeners+Quiet.swift).
        who.forEachConcerned(subEvent, source: source) { recognizer, followsQuietly in
            guard recognizer.storedIsEnabled, !recognizer.storedState.isFinished else { return }
            // A handler before it changed the scene: it may no longer listen.
            if listeners.generation != generation, !stillListens(recognizer, to: source) { return }
            // Known to follow the source with no delegate: nothing to ask.
            if !followsQuietly {
                if !recognizer.isFollowing(source) {
                    // One waiting for requirements has decided on what it had.
                    guard !referee.isWaiting(recognizer) else { return }
                    guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: subEvent) != false else { return }
                    if recognizer.arena !== self { recognizer.arena = self }
                    recognizer.trackedSources.append(source)
                    referee.join(recognizer)
                    record(.listening(recognizer, source))
                } else if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: subEvent) == false {
                    return
                }
            }
            recognizer.receive(subEvent)
        }
        if case .sourceLost = subEvent {
            // What they knew of the source no longer holds: the gesture
            // cannot be trusted, as one whose touch was cancelled.
            who.listeners.forEachBorrowed { recognizer in
                guard recognizer.isFollowing(source), !recognizer.storedState.isFinished else { return }
                referee.stop(recognizer, .sourceLost)
            }
        }
    }

    /// `endStep` for a delivery: most readings decide nothing (no action
    /// queued, nothing held back or closed at the gate), and then the end
    /// of the step would find every queue empty, so it only counts down,
    /// as `moveUnfollowed` does (callgrind: the call was about 50
    /// instructions of a motion reading).
    @inline(__always)
    private func endDeliveryStep() {
        if gate.isIdle && !referee.hasQueuedWork {
            depth -= 1
        } else {
            endStep()
        }
    }

    /// Works out now who listens to `source`, rather than at its first
    /// sub-event, which would pay for it: in the Tilt Maze the first motion
    /// reading's frame spent about 8,000 of its 50,000 input instructions
    /// on that walk of the layer tree, on objects not touched since they
    /// were made (callgrind; about 25,000 without `InputWarmUp`). Anything
    /// that changes who listens later has the list worked out again, as before.
    func prepareListeners(of source: InputSource) {
        guard hasScene else { return }
        _ = listeners.listening(to: source, in: scene!.root)
    }

    private func stillListens(_ recognizer: GestureRecognizer, to source: InputSource) -> Bool {
        recognizer.inputSources.contains(source) && recognizer.layer?.scene === scene
    }

    /// Counts the non-touch sub-events delivered (kept in scene snapshots).
    /// A ``PlayerInput`` no longer needs it: the players of a source read
    /// each of its sub-events before the listeners, once.
    @exclusivity(unchecked) var subEventSerial = 0

    /// The recognizers of the scene, their sources or their layers changed:
    /// who listens to what is worked out again on the next sub-event.
    func listenersChanged() {
        listeners.invalidate()
    }

    // MARK: Time

    /// Fires every deadline due by `time`, earliest first, each as a
    /// sub-event of its own, then moves the clock to `time`. A time before
    /// the clock's reading changes nothing.
    // Inlined, with the firing apart: nearly every event finds no deadline
    // due, and the call to find that was about 35 instructions of a bare
    // move (callgrind).
    @inline(__always)
    func advance(to time: Double) {
        guard time.isFinite else { return }
        if clock.earliest <= time { fireDeadlines(dueBy: time) }
        clock.move(to: time)
    }

    /// Fires every deadline due by `time`, earliest first (see ``advance(to:)``).
    private func fireDeadlines(dueBy time: Double) {
        while let due = clock.takeDeadline(dueBy: time) {
            let recognizer = due.recognizer
            guard recognizer.isEnabled, !recognizer.storedState.isFinished, referee.isMember(recognizer) else { continue }
            beginStep()
            record(.deadline(recognizer, at: due.time))
            recognizer.deadlineReached()
            if recognizer.storedState == .possible, recognizer.numberOfTouches == 0, recognizer.trackedSources.isEmpty,
               clock.deadline(of: recognizer) == nil, !referee.isWaiting(recognizer) {
                // Its time ran out with no touch to go on: nothing can make it recognize now.
                referee.fail(recognizer, .deadlinePassed)
            }
            endStep()
        }
    }

    // MARK: 3. Resolve (see ArenaReferee)

    /// A recognizer set its state.
    func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        beginStep()
        referee.request(recognizer, next)
        endStep()
    }

    /// The recognizer was turned off.
    func disable(_ recognizer: GestureRecognizer) {
        guard referee.isMember(recognizer) else { return }
        beginStep()
        referee.stop(recognizer, .disabled)
        endStep()
    }

    /// The recognizer was taken off its layer.
    func remove(_ recognizer: GestureRecognizer) {
        // Its entry may be kept after it left (see ArenaReferee's `parkedFrom`).
        referee.letGoOfDeparted()
        guard referee.isMember(recognizer) else { return }
        beginStep()
        referee.remove(recognizer)
        endStep()
    }

    /// Takes away the recognizers `shouldRemove` picks (their layer left the scene).
    func removeRecognizers(where shouldRemove: (GestureRecognizer) -> Bool) {
        referee.letGoOfDeparted()
        for recognizer in recognizers where shouldRemove(recognizer) { remove(recognizer) }
    }

    /// Touches stopped from outside: their recognizers are told, then the
    /// layers, one call per layer and sequence.
    func cancelFromOutside(_ touches: [Touch]) {
        beginStep()
        defer { endStep() }
        // First, so that nothing queued for them reaches a layer meanwhile.
        gate.stopping(touches)
        for touch in touches {
            for recognizer in touch.recognizers where follows(recognizer, touch) {
                recognizer.noteLocation(ending: touch)
                hand(.cancelled, [touch], to: recognizer)
            }
            sweep(after: touch, cancelled: true)
            // Each touch is a sub-event for the recognizers; the layers
            // hear of all of them together.
            actIfOutermost()
        }
        gate.cancel(touches)
    }

    /// `layer` and its subtree left the scene: touches that already ended
    /// but are still open for one of those layers are cancelled for it (a
    /// layer that never saw one begin is sent nothing of it).
    func closeForLayersLeaving(_ layer: Layer) {
        let open = gate.touchesOpen { touch in touch.hasEnded && touch.layer.map(layer.isAncestor(of:)) == true }
        guard !open.isEmpty else { return }
        beginStep()
        gate.cancel(open)
        endStep()
    }

    // MARK: 4. Sweep

    private func sweep(after touch: Touch, cancelled: Bool) {
        // Borrowed, as in `dispatch`: the list read keeps them alive, and a
        // `for` loop retained each one.
        touch.recognizers.forEachBorrowed { recognizer in
            // The state first: most have finished by now (a tap's six others),
            // and it is one read where `isFollowing` is a loop.
            guard !recognizer.storedState.isFinished && recognizer.isFollowing(touch) else { return }
            if cancelled {
                // The touch stopped without lifting: the gesture cannot be trusted.
                referee.stop(recognizer, .touchCancelled)
            } else if recognizer.numberOfTouches == 0, recognizer.trackedSources.isEmpty,
                      clock.deadline(of: recognizer) == nil, !referee.isWaiting(recognizer) {
                if recognizer.storedState.isActive {
                    report(Diagnostic(.illegalTransition, "\(recognizer.displayName): its touches ended while it was \(recognizer.storedState.rawValue); cancelled"))
                    referee.stop(recognizer, .touchesEnded)
                } else {
                    referee.fail(recognizer, .touchesEnded)
                }
            }
        }
    }

    // MARK: 5. Gate the layer (see LayerGate)

    /// Whether a recognizer still deciding holds `phase` of `touch` back
    /// from the layer.
    func delays(_ touch: Touch, _ phase: Touch.Phase) -> Bool {
        guard phase == .began || phase == .ended else { return false }
        // Borrowed, as in `dispatch` (a `for` loop retained each recognizer).
        var delayed = false
        touch.recognizers.forEachBorrowed { recognizer in
            guard !delayed, recognizer.storedState == .possible && recognizer.isEnabled else { return }
            guard phase == .began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded else { return }
            if recognizer.isFollowing(touch) { delayed = true }
        }
        return delayed
    }

    /// A recognizer stopped following a touch: a phase it held back may go
    /// on now, or at the end of the step under way.
    func touchIgnored() {
        if depth == 0 { settleLayers() }
    }

    /// Releases what nothing holds back any more and makes the deliveries due.
    func settleLayers() {
        gate.settle()
        gate.flush()
    }

    // MARK: 6. Act: steps

    /// Begins a step. Actions still queued when a new one begins from
    /// outside (an action that sends an event) run first: they were earned first.
    private func beginStep() {
        if depth == 0 { referee.runActions() }
        depth += 1
    }

    /// Ends a step; the outermost one makes the deliveries and runs the
    /// queued actions.
    private func endStep() {
        depth -= 1
        guard depth == 0 else { return }
        gate.flush()
        referee.runActions()
        settleLayers()
    }

    /// In the outermost step, once the recognizers have decided: tells the
    /// layers what was taken from them and runs the queued actions.
    private func actIfOutermost() {
        guard depth == 1 else { return }
        gate.flush()
        referee.runActions()
    }

    // MARK: Reporting

    /// Hands a decision to the observers; built only when there is one.
    /// Whether decisions are being recorded: checked first on the per-event
    /// path, where merely making the autoclosure for ``record(_:)`` retains
    /// what it captures (callgrind: two retains a move).
    var isRecording: Bool { decisions != nil || log != nil }
    /// Whether ``decisions`` hears ``ArenaDecision/sentToLayer(_:_:_:)``, set
    /// by the scene from who listens (Scene+DecisionObservers.swift).
    @exclusivity(unchecked) var decisionsIncludeLayerDeliveries = true
    /// Whether the gate makes a decision for each call of a layer's touch
    /// handler: someone hears it, or the log, which words every decision.
    var recordsLayerDeliveries: Bool { log != nil || (decisions != nil && decisionsIncludeLayerDeliveries) }
    /// Whether ``decisions`` hears a continuous gesture's move from
    /// `.changed` to `.changed`, set by the scene from who listens.
    @exclusivity(unchecked) var decisionsIncludeRepeatedChanges = true {
        didSet { referee.recordsRepeatedChanges = recordsRepeatedChanges }
    }
    /// Whether such a move is decided the long way, to be recorded
    /// (`ArenaReferee.change(_:)`): someone hears it, or the log.
    var recordsRepeatedChanges: Bool { log != nil || (decisions != nil && decisionsIncludeRepeatedChanges) }

    func record(_ decision: @autoclosure () -> ArenaDecision) {
        guard decisions != nil || log != nil else { return }
        let made = decision()
        decisions?(made)
        log?(made.description)
    }

    func report(_ diagnostic: Diagnostic) {
        scene?.diagnostics?(diagnostic)
    }

    // MARK: The scene's end

    /// The scene is going: the arena lets go of every recognizer, deadline
    /// and touch it holds. Recognizers hold their arena strongly (see
    /// ``GestureRecognizer/arena``), so what the arena held would otherwise
    /// keep them, and it, alive.
    ///
    /// A recognizer in play and the touches it follows hold each other (its
    /// list of touches, each touch's list of recognizers), and a touch holds
    /// its layer: with the scene dropped mid-gesture along with its layers,
    /// they would keep one another alive. So the members let go of their
    /// touches and sources (their `reset()` is not called: no user code runs
    /// from a deinit), and the touches of the event let go of their layers
    /// and recognizers.
    func sceneEnded() {
        scene = nil
        for member in referee.members {
            member.recognizer.trackedTouches.removeAll()
            member.recognizer.trackedSources.removeAll()
        }
        for touch in event.storedTouches { touch.retire() }
        referee.removeAll()
        listeners.removeAll()
        clock.removeAll()
        gate.removeAll()
        event.storedTouches.removeAll()
    }
}
