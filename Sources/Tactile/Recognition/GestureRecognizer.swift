/// Recognizes one gesture in the touches on its layer and the layers below
/// it, and tells its actions when it does.
///
/// Attach a recognizer to a layer; it then sees every touch that begins on
/// that layer or its descendants, before the layer itself does, and decides
/// whether the touches are its gesture:
///
/// ```swift
/// let doubleTap = TapGestureRecognizer { recognizer in zoom(at: recognizer.location(in: map)) }
/// doubleTap.numberOfTapsRequired = 2
/// map.addGestureRecognizer(doubleTap)
/// ```
///
/// ## State
///
/// A recognizer's ``state`` follows the guide's state machine (see
/// ``State``). A *discrete* recognizer goes from possible to
/// ``State/recognized`` and its actions run once. A *continuous* one goes to
/// began, changed as often as the gesture changes, then ended or cancelled,
/// and its actions run on each of those. A recognizer whose touches are not
/// its gesture fails. After ended, cancelled or failed the recognizer is
/// reset: ``reset()`` is called, the state returns to possible, and the
/// recognizer sees no more of the touches that are still down.
///
/// ## Writing a recognizer
///
/// Subclass, override the touch handlers and ``reset()``, and set ``state``
/// as the touches unfold. Setting a state the state machine does not allow
/// (possible to changed, say) is refused and reported (see
/// ``lastRefusedTransition``); the recognizer keeps its state. For gestures
/// that depend on time (a long press, the window for a second tap), set a
/// deadline with ``setDeadline(after:)``: ``deadlineReached()`` is called
/// when the scene's clock passes it, as a sub-event of its own.
///
/// ## Working with other recognizers
///
/// The scene's arena decides between recognizers that see the same touches
/// (see ``GestureArena``): by default the first to recognize wins and the
/// others fail. ``require(toFail:)``, the ``delegate``,
/// ``canPrevent(_:)`` / ``canBePrevented(by:)``, and ``isExclusive`` with
/// ``addExclusivityException(_:)`` change that.
///
/// ## See Also
/// - ``Layer/addGestureRecognizer(_:)``
/// - ``GestureRecognizerDelegate``
/// - ``cancelsTouchesInView``
/// - ``delaysTouchesBegan``
/// - ``delaysTouchesEnded``
@MainActor
open class GestureRecognizer {
    /// Identifies an action added with ``addAction(_:)`` so it can be removed.
    public struct ActionID: Hashable, Sendable {
        fileprivate let value: Int
    }

    // MARK: What the arena reads of every recognizer of a touch

    // Declared first and together: stored properties are laid out in
    // declaration order, and `GestureArena.follows` reads these four of
    // every recognizer of a touch on every sub-event (is it enabled, is it
    // finished, does it follow the touch, where it found it last). Spread
    // over the class they sat on about four of its cache lines; here they
    // share the first, with the object's header (callgrind's footprint:
    // FRAME_BUDGET_CALLGRIND=footprint, distinct data lines a frame).

    /// The touches the recognizer follows in its current attempt, in the
    /// order they were gathered, including those that have ended; touches
    /// it ignored are removed. The one record of that relation: a reset
    /// empties it.
    @exclusivity(unchecked) var trackedTouches: [Touch] = []
    /// Where ``isFollowing(_:)`` found a touch last. The arena asks about
    /// the same touch several times a sub-event, and the fingers of a
    /// many-finger gesture report in turn, so the touch asked about is
    /// usually there or just after it, where a walk from the start passed
    /// half a pinch's ten touches on average. Only a hint: the whole list
    /// is still searched.
    @exclusivity(unchecked) private var followingHint = 0
    /// The state as the arena has applied it; only the arena's referee sets it.
    // Exclusivity: read on every sub-event, set only by the referee in
    // instantaneous accesses; the dynamic checks are off.
    // Written by the referee (`enter`, `change`), a reset and a restore;
    // entering or leaving possible bumps `LayerGate.delayVersion` there,
    // not in an observer here, which the continuous gesture's every move
    // (changed to changed, `ArenaReferee.change`) paid a call for.
    @exclusivity(unchecked) var storedState = State.possible
    // The storage of ``isEnabled``: read for every recognizer on every
    // sub-event, so kept private behind the public property, out of reach
    // of the runtime exclusivity checks a public stored property costs
    // (every access is a plain read or write).
    @exclusivity(unchecked) var storedIsEnabled = true {
        didSet {
            ArenaListeners.stateVersion &+= 1
            LayerGate.delayVersion &+= 1
        }
    }

    // MARK: Configuration

    /// Decides, per instance, what the recognizer may do; held weakly.
    public var delegate: (any GestureRecognizerDelegate)? {
        // A weak load is a call into the runtime even when the reference is
        // nil; the arena reads this for every member at every decision
        // (callgrind: about 250 instructions a tap on the seven built-ins),
        // and almost no recognizer has a delegate.
        get { mayHaveDelegate ? storedDelegate : nil }
        set {
            storedDelegate = newValue
            mayHaveDelegate = newValue != nil
        }
    }
    /// Whether a delegate was set: false means ``delegate`` is nil without
    /// loading it (true, it may have gone since).
    @exclusivity(unchecked) private var mayHaveDelegate = false
    // Read by the arena for every recognizer at every decision: private
    // storage without the runtime exclusivity checks, as the flags below.
    // A change may make the arena hand it sub-events it could leave out
    // before (ArenaListeners+Quiet.swift).
    @exclusivity(unchecked) private weak var storedDelegate: (any GestureRecognizerDelegate)? {
        didSet { ArenaListeners.stateVersion &+= 1 }
    }

    /// Whether the recognizer takes part. Turning it off mid-gesture cancels
    /// a gesture that has begun and fails one that has not.
    public var isEnabled: Bool {
        get { storedIsEnabled }
        set {
            let oldValue = storedIsEnabled
            storedIsEnabled = newValue
            if !newValue && oldValue { liveArena?.disable(self) }
        }
    }
    // The storage of the flags below (and `storedIsEnabled`, declared
    // first): kept private, behind public computed properties, out of
    // reach of the runtime exclusivity checks a public stored property
    // costs (every access is a plain read or write).
    @exclusivity(unchecked) private var storedCancelsTouchesInView = true
    // Either may release a phase the layer gate holds back (see
    // `LayerGate.delayVersion`).
    @exclusivity(unchecked) private var storedDelaysTouchesBegan = false {
        didSet { LayerGate.delayVersion &+= 1 }
    }
    @exclusivity(unchecked) private var storedDelaysTouchesEnded = true {
        didSet { LayerGate.delayVersion &+= 1 }
    }
    @exclusivity(unchecked) private var storedIsExclusive = true
    @exclusivity(unchecked) private var storedAllowedPointerKinds: Set<PointerKind> = Set(PointerKind.allCases)
    /// ``allowedPointerKinds`` as one bit per kind, for the check at every
    /// touch-down: a `Set` of a `String`-backed enum hashes the kind's name
    /// on every `contains` (callgrind: 5% of a tap on seven recognizers).
    @exclusivity(unchecked) private var allowedPointerKindBits = PointerKind.allCases.reduce(0) { $0 | $1.bit }

    /// Whether the layer's touches are cancelled when the gesture is
    /// recognized (on by default): the layer gets `touchesCancelled` for the
    /// touches it was tracking, and no more of them.
    public var cancelsTouchesInView: Bool {
        get { storedCancelsTouchesInView }
        set { storedCancelsTouchesInView = newValue }
    }
    /// Whether the layer gets a touch's `touchesBegan` only once this
    /// recognizer has failed (off by default). A recognized gesture's
    /// touches then never reach the layer at all.
    public var delaysTouchesBegan: Bool {
        get { storedDelaysTouchesBegan }
        set { storedDelaysTouchesBegan = newValue }
    }
    /// Whether the layer gets a touch's `touchesEnded` only once this
    /// recognizer has failed or finished (on by default), so that a layer
    /// does not complete an action for a touch the gesture will cancel.
    public var delaysTouchesEnded: Bool {
        get { storedDelaysTouchesEnded }
        set { storedDelaysTouchesEnded = newValue }
    }
    /// The event-recognition patent's touch-cancellation flag, applied to a
    /// failure as its vertical-swipe example does (off by default): when the
    /// recognizer fails, the touches it saw still reach the layer, but end
    /// there with `touchesCancelled` instead of `touchesEnded`, so the layer
    /// does not act on a sequence that a recognizer examined and rejected.
    @exclusivity(unchecked) public var cancelsTouchesAfterFailure = false

    /// The event-recognition patent's exclusivity flag (on by default, as
    /// every UIKit recognizer is). When an exclusive recognizer recognizes,
    /// the other recognizers sharing its touches stop, except its
    /// exceptions; when a non-exclusive one recognizes, only exclusive ones
    /// stop. Two non-exclusive recognizers never stop each other.
    public var isExclusive: Bool {
        get { storedIsExclusive }
        set { storedIsExclusive = newValue }
    }

    /// The kinds of pointer whose touches the recognizer sees.
    public var allowedPointerKinds: Set<PointerKind> {
        get { storedAllowedPointerKinds }
        set {
            storedAllowedPointerKinds = newValue
            allowedPointerKindBits = newValue.reduce(0) { $0 | $1.bit }
        }
    }

    /// The sources of non-touch sub-events the recognizer listens to: keys,
    /// one controller's buttons and axes, motion readings (empty by
    /// default: touches only). While its layer is in a scene, the arena
    /// hands it every ``InputSubEvent`` from these sources in
    /// ``receive(_:)``, whatever its layer's place; see ``GestureArena``.
    /// Recognizers that follow a common source compete as recognizers that
    /// share a touch do.
    public var inputSources: Set<InputSource> {
        get { storedInputSources }
        set {
            storedInputSources = newValue
            if layer != nil { makeRoomForAttempts() }
            layer?.scene?.arena.listenersChanged()
        }
    }
    private var storedInputSources: Set<InputSource> = []

    /// Which of the listeners to a source gets each sub-event first (0 by
    /// default; higher first). Two recognizers that would recognize on the
    /// same sub-event are decided in that order: the first to recognize
    /// wins. A more specific command (a dragon punch) is given a higher
    /// priority than one its input also completes (a fireball), so that it
    /// wins on the button press itself, with no added latency.
    public var inputPriority: Int {
        get { storedInputPriority }
        set {
            storedInputPriority = newValue
            layer?.scene?.arena.listenersChanged()
        }
    }
    private var storedInputPriority = 0

    // MARK: Identity and place

    /// The layer the recognizer is attached to. Not `weak` (a weak
    /// reference slows every later use of the layer): the layer owns its
    /// recognizers and clears this when it removes one and in its `deinit`.
    /// Unchecked: written only there, never while a read is under way (a
    /// checked read cost about 117 instructions, session 11).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var layer: Layer?
    /// A name for logs and the arena's decision log.
    @exclusivity(unchecked) public var name: String?

    // MARK: State

    /// Where the recognizer is in recognizing its gesture. Subclasses set
    /// it; see ``State`` for the transitions allowed. The scene's arena
    /// applies the change, with its consequences for other recognizers,
    /// before the setter returns (see ``GestureArena``). During an action,
    /// it reads the state the action was sent for.
    public var state: State {
        get { reportedState ?? storedState }
        set {
            // The arena it is in play in, while its scene lives: every state
            // a handler sets. One read of the arena, not three.
            // A continuous gesture's every move (began or changed to
            // changed), inside a step already open (a touch handler's),
            // decides nothing: the referee takes its short way when it can
            // (`ArenaReferee.change(_:)`), with the arena borrowed, not
            // retained (no user code runs there).
            if newValue == .changed, withLiveArena({ arena in arena.depth > 0 && arena.referee.change(self) }) == true { return }
            if let arena, arena.hasScene { return arena.request(self, newValue) }
            let arena = sceneArena ?? detachedArena()
            if self.arena !== arena { self.arena = arena }
            arena.request(self, newValue)
        }
    }

    /// Outside any scene there is no other recognizer to consult, but the
    /// same rules apply: a scene of its own referees the recognizer.
    private var detachedScene: Scene?

    private func detachedArena() -> GestureArena {
        let scene = detachedScene ?? Scene(size: Size(width: 0, height: 0))
        // It holds the scene: an entry its arena kept after the recognizer
        // left would hold the recognizer, and neither would ever go.
        scene.arena.referee.keepsDeparted = false
        detachedScene = scene
        return scene.arena
    }

    /// The state an action is being sent for, while it runs.
    @exclusivity(unchecked) var reportedState: State?
    /// Why the last refused state change was refused, for tests and logs.
    @exclusivity(unchecked) public internal(set) var lastRefusedTransition: String?
    /// Why the recognizer last failed; `nil` until it first fails. Failure
    /// sends no action (the guide's rule): this, and the arena's
    /// ``ArenaDecision/failed(_:_:)`` decision, are where it shows.
    @exclusivity(unchecked) public internal(set) var lastFailure: GestureFailure?

    /// Whether the recognizer has asked to begin or recognize and waits,
    /// still possible, for recognizers it requires to fail. A recognizer's
    /// touches are decided then: a lift should ask for ended (the arena
    /// plays the end after the begin if the wait succeeds), not fail it.
    public var isWaitingForRequirements: Bool {
        withLiveArena { arena in arena.referee.isWaiting(self) } ?? false
    }

    // MARK: What it follows

    /// The arena of the scene whose touches the recognizer is seeing.
    ///
    /// Strong, not `weak`: a weak reference gives its target a side table,
    /// which puts every retain and release of the arena on the runtime's
    /// slow path (perf: with the weak loads, about a fifth of a tap). The
    /// arena holds a recognizer only while it is in play, and empties
    /// itself when its scene goes (``GestureArena/sceneEnded()``), so the
    /// two do not keep each other alive. Read it through ``liveArena``.
    // Exclusivity: read on every sub-event, written at gather in a plain
    // instantaneous access; the dynamic checks are off.
    @exclusivity(unchecked) var arena: GestureArena? {
        didSet { arenaReference = arena.map(Unmanaged.passUnretained) }
    }
    /// ``arena``, unretained, for ``withLiveArena(_:)``.
    @exclusivity(unchecked) private var arenaReference: Unmanaged<GestureArena>?

    /// Where the recognizer's entry is in the members of the arena whose
    /// referee `memberSlotOwner` identifies; -1 when it is not in play
    /// there. Kept by ``ArenaReferee``, so that finding a member costs
    /// constant time.
    // Exclusivity: read at every decision in plain accesses; checks off.
    @exclusivity(unchecked) var memberSlot = -1
    @exclusivity(unchecked) var memberSlotOwner: ObjectIdentifier?

    /// The clock holding the recognizer's deadline, and where the deadline
    /// is in that clock's heap (-1 with none). Kept by ``ArenaClock``, so
    /// that finding, moving or cancelling a deadline costs no search; the
    /// clock clears both when the deadline goes.
    // Exclusivity: read at every cancel in plain accesses; checks off.
    // Unretained: the clock clears it when the deadline goes, and empties
    // itself when its scene ends (`ArenaClock.removeAll()`), so it never
    // outlives the clock; a strong reference cost a retain and a release
    // of the clock per deadline set and per cancel. `Unmanaged` rather
    // than `unowned(unsafe)`: comparing the latter with a clock, or calling
    // it, retains it first.
    @exclusivity(unchecked) var deadlineClock: Unmanaged<ArenaClock>?
    @exclusivity(unchecked) var deadlineSlot = -1

    /// ``arena`` while its scene exists; `nil` once the scene has gone, as
    /// the weak reference this was would have read.
    var liveArena: GestureArena? {
        guard let arena, arena.hasScene else { return nil }
        return arena
    }

    /// Calls `body` with ``liveArena`` borrowed, not retained; `nil` without
    /// one. Only for the arena's own bookkeeping (its clock, its referee's
    /// lists), where no user code runs: nothing can then let the arena go
    /// while `body` runs, and ``arena`` holds it. Reading ``liveArena``
    /// retained and released the arena at each deadline set or cancelled
    /// and each wait looked up (callgrind: about 20 times a tap on the
    /// seven built-ins).
    @inline(__always) @discardableResult
    private func withLiveArena<Result>(_ body: (GestureArena) -> Result) -> Result? {
        guard let arenaReference else { return nil }
        return arenaReference.withBorrowed { arena in arena.hasScene ? body(arena) : nil }
    }

    /// The arena of the scene the recognizer is in: the one it has seen
    /// touches in, or its layer's scene's.
    private var sceneArena: GestureArena? { liveArena ?? layer?.scene?.arena }
    /// The non-touch sources it follows in its current attempt: those it
    /// has been handed a sub-event of since its last reset. A reset empties it.
    @exclusivity(unchecked) var trackedSources: [InputSource] = [] {
        didSet { ArenaListeners.stateVersion &+= 1 }
    }
    /// Recognizers it must wait for, from ``require(toFail:)``.
    // Exclusivity: read at every decision, in plain accesses; checks off.
    @exclusivity(unchecked) var failureRequirements: [WeakRecognizer] = []
    @exclusivity(unchecked) var exclusivityExceptions: [WeakRecognizer] = []
    /// The first touch sequence the recognizer may join: one added while a
    /// sequence is under way waits for the next.
    @exclusivity(unchecked) var firstSequence = 0
    /// Where the touches were, for `location(in:)` once they have gone.
    @exclusivity(unchecked) var lastLocation: Point = .zero
    /// Where the recognizer is in its scene's structure as a rollback
    /// snapshot last listed it (checked by identity before use): lets a
    /// capture refer to it by index rather than by a retained reference.
    @exclusivity(unchecked) var rosterIndex = -1

    @exclusivity(unchecked) private var actions: [Action] = []
    private var nextActionID = 0
    /// How many ``sendActions(reporting:)`` are under way for this
    /// recognizer: an action that sends an event may have the recognizer's
    /// actions run again, nested.
    @exclusivity(unchecked) private var sendingActions = 0
    /// The actions removed while one was running, held until the outermost
    /// ``sendActions(reporting:)`` ends: the running one is called borrowed
    /// from the list (see there), so an action that removes itself, or that
    /// a nested call drops, must not be freed while its code runs.
    @exclusivity(unchecked) private var removedWhileSending: [Action] = []

    /// An action as stored: the user's closure, typed for the recognizer's
    /// own class (and the target's) when it was added, behind one untyped
    /// signature. `body` returns false, having called nothing, when the
    /// target it was added with has gone: the target is held weakly by
    /// `body`'s context alone. (A `weak` field here made every copy of an
    /// `Action`, one a call, go through the runtime's side table to copy
    /// and destroy it: callgrind, about 600 instructions a call of
    /// `sendActions` with one target action, Tilt Maze's pinch on every
    /// move; now one weak load a call.)
    ///
    /// A class, so that a call can borrow it from the list: its closure is
    /// a `let` of an object the list keeps alive, where a closure copied
    /// out of the list was retained and released around each call
    /// (callgrind: about 40 instructions an action, on every move of a
    /// continuous gesture).
    private final class Action {
        let id: ActionID
        let body: @MainActor (GestureRecognizer) -> Bool
        init(id: ActionID, body: @escaping @MainActor (GestureRecognizer) -> Bool) {
            self.id = id
            self.body = body
        }
    }

    /// A recognizer with no action yet; add them with ``addAction(_:)`` or
    /// `addTarget(_:action:)`.
    public init() {}

    /// A recognizer that calls `action` with itself, typed as its own class,
    /// whenever it should:
    ///
    /// ```swift
    /// let pinch = PinchGestureRecognizer { pinch in print(pinch.scale) }
    /// ```
    ///
    /// The recognizer keeps the closure, and with it everything the closure
    /// captures: a closure that mentions the game keeps the game alive for as
    /// long as the layer keeps the recognizer. To act on an object the layer
    /// must not keep, use `init(target:action:)`.
    public convenience init(action: @escaping @MainActor (Self) -> Void) {
        self.init()
        addAction(action)
    }

    /// A recognizer that calls `action` with `target` and itself whenever it
    /// should, holding `target` weakly as UIKit's target/action does:
    ///
    /// ```swift
    /// layer.addGestureRecognizer(PinchGestureRecognizer(target: self) { game, pinch in
    ///     game.zoom = pinch.scale
    /// })
    /// ```
    ///
    /// The layer then does not keep the game alive; once the target is
    /// gone the action is dropped.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target, Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls a method of `target` whenever it should,
    /// holding `target` weakly:
    /// `PinchGestureRecognizer(target: self, action: Game.zoom)` calls
    /// `zoom(_ pinch: PinchGestureRecognizer)` on the game.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    // MARK: Actions

    /// Adds an action, called with the recognizer (typed as its own class)
    /// on recognition (discrete) or on began, each change, ended and
    /// cancelled (continuous). The recognizer keeps the closure and what it
    /// captures; see `addTarget(_:action:)` for a
    /// target held weakly.
    @discardableResult
    public func addAction(_ action: @escaping @MainActor (Self) -> Void) -> ActionID {
        append { recognizer in
            // Only ever called with the recognizer the action was added to.
            action(unsafeDowncast(recognizer, to: Self.self))
            return true
        }
    }

    /// Adds an action that is called with `target` and the recognizer, and
    /// holds `target` weakly (UIKit's target/action): a game that passes
    /// itself is not kept alive by its layers' recognizers, and once it is
    /// gone the action is dropped.
    ///
    /// Holding an object weakly costs that object for as long as it lives:
    /// Swift gives it a side table, and every retain and release of it,
    /// anywhere in the game, then takes the runtime's slow path (callgrind:
    /// about 125–180 instructions more an action, and more wherever else the
    /// game object is passed around). Swift has no other safe way to know
    /// that an object has gone (an `unowned` reference traps instead, and
    /// the runtime's own question is reserved to it). A game that owns its
    /// scene outlives its layers' recognizers, so for an action on every
    /// move it can hold itself unowned, which costs neither:
    /// `pinch.addAction { [unowned self] pinch in zoom = pinch.scale }`.
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target, Self) -> Void) -> ActionID {
        let weakTarget = WeakTarget(target)
        return append { recognizer in
            guard let target = weakTarget.object else { return false }
            // Only ever called with the recognizer it was added to.
            action(target, unsafeDowncast(recognizer, to: Self.self))
            return true
        }
    }

    /// Adds a method of `target` as an action, holding `target` weakly:
    /// `pan.addTarget(self, action: Game.drag)` calls
    /// `drag(_ pan: PanGestureRecognizer)` on the game.
    ///
    /// Each call applies `Game.drag` to the target afresh: a closure bound
    /// to the target, which retains and releases it once more, on the slow
    /// path of an object held weakly (callgrind: about 170–190 instructions
    /// more a call than the closure form,
    /// `addTarget(self) { game, pan in game.drag(pan) }`, the one to use for
    /// an action on every move).
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) -> ActionID {
        let weakTarget = WeakTarget(target)
        return append { recognizer in
            guard let target = weakTarget.object else { return false }
            action(target)(unsafeDowncast(recognizer, to: Self.self))
            return true
        }
    }

    private func append(_ body: @escaping @MainActor (GestureRecognizer) -> Bool) -> ActionID {
        let id = ActionID(value: nextActionID)
        nextActionID += 1
        actions.append(Action(id: id, body: body))
        return id
    }

    /// Removes an action; the others stay.
    public func removeAction(_ id: ActionID) {
        for index in actions.indices where actions[index].id == id {
            let removed = actions.remove(at: index)
            // It may be the one running (see `removedWhileSending`).
            if sendingActions > 0 { removedWhileSending.append(removed) }
            return
        }
    }

    /// Runs the actions with ``state`` reading `state`. A copy of the list
    /// is iterated, so an action that adds or removes actions, recognizers
    /// or layers does not disturb it. An action whose target has gone is
    /// skipped and dropped.
    func sendActions(reporting state: State) {
        let outer = reportedState
        reportedState = state
        sendingActions &+= 1
        defer {
            reportedState = outer
            sendingActions &-= 1
            if sendingActions == 0 && !removedWhileSending.isEmpty { removedWhileSending.removeAll() }
        }
        // One action, as almost every recognizer has (Tilt Maze's pinch on
        // every move): called borrowed from the list, with neither a copy
        // of the list (callgrind: a retain and a release of its buffer) nor
        // the action retained. The list holds it until it is removed, and a
        // removal while it runs hands it to `removedWhileSending`, which
        // holds it until this call ends: an action that removes itself
        // does not free the code it runs in.
        if actions.count == 1 {
            let action = Unmanaged.passUnretained(actions[0])
            if !action.withBorrowed({ action in action.body(self) }) { removeAction(action.withBorrowed { $0.id }) }
            return
        }
        sendSeveralActions()
    }

    /// `sendActions(reporting:)` for none or several actions. Out of line:
    /// its list and loop made the one action's way save and restore more
    /// registers; without them that way is inlined into the drain
    /// (callgrind, PathProfile's pinch10: `sendActions`' own 39 and
    /// `drainQueue`'s 49 instructions a move became the drain's 65).
    @inline(never)
    private func sendSeveralActions() {
        let current = actions
        // The ids of actions whose target has gone; empty (no allocation)
        // in every common call.
        var gone: [ActionID] = []
        // By index: a `for` loop copies each action out first.
        for index in current.indices where !current[index].body(self) {
            gone.append(current[index].id)
        }
        // One at a time, through `removeAction`: an outer call may be
        // running one of them (see `removedWhileSending`).
        for id in gone { removeAction(id) }
    }

    // MARK: Touches

    /// The touches the recognizer is following that are still down.
    public var touches: [Touch] {
        trackedTouches.filter { !$0.hasEnded }
    }

    /// How many touches the recognizer is following that are still down.
    public var numberOfTouches: Int {
        // By index, reading the stored phase, with no trapping arithmetic:
        // read for every recognizer on each of its touches' events, and a
        // loop that calls a getter or may trap retains the list for the
        // loop (see GestureRecognizer+TouchGeometry.swift).
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown { count &+= 1 }
        return count
    }

    /// The centroid of the recognizer's touches that are down, in `layer`'s
    /// coordinates (window points for `nil`); once they have all lifted,
    /// where they were last.
    public func location(in layer: Layer?) -> Point {
        var sum = Point.zero
        var count = 0.0
        // As `numberOfTouches`.
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
            sum = sum + trackedTouches[index].storedLocation
            count += 1
        }
        let inWindow = count > 0 ? Point(x: sum.x / count, y: sum.y / count) : lastLocation
        return layer?.convert(inWindow, from: nil) ?? inWindow
    }

    /// The location of the touch at `index` of ``touches``, in `layer`'s
    /// coordinates; `nil` when there is no such touch.
    public func location(ofTouch index: Int, in layer: Layer?) -> Point? {
        let down = touches
        guard down.indices.contains(index) else { return nil }
        return down[index].location(in: layer)
    }

    /// Stops following `touch`. The recognizer gets no more of it, and the
    /// touch goes on to the layer as if this recognizer did not exist, even
    /// if it later recognizes with ``cancelsTouchesInView`` on.
    public func ignore(_ touch: Touch) {
        for index in trackedTouches.indices where trackedTouches[index] === touch {
            trackedTouches.remove(at: index)
            LayerGate.delayVersion &+= 1
            liveArena?.touchIgnored()
            return
        }
    }

    func track(_ touch: Touch) {
        trackedTouches.append(touch)
    }

    /// Whether the recognizer follows `touch` in its current attempt.
    // Always inlined: the arena asks it of every recognizer of a touch on
    // every sub-event, and a call costs about as much as the loop.
    @inline(__always)
    func isFollowing(_ touch: Touch) -> Bool {
        // Where it found a touch last, first (see `followingHint`).
        let hint = followingHint
        if hint < trackedTouches.count && trackedTouches[hint] === touch { return true }
        return isFollowingFromHint(touch)
    }

    /// The rest of ``isFollowing(_:)``: by index, as `numberOfTouches`,
    /// from just after the hint round to it.
    private func isFollowingFromHint(_ touch: Touch) -> Bool {
        let count = trackedTouches.count
        var index = followingHint &+ 1
        var left = count
        while left > 0 {
            if index >= count { index = 0 }
            if trackedTouches[index] === touch {
                followingHint = index
                return true
            }
            index &+= 1
            left &-= 1
        }
        return false
    }

    /// Keeps where the touches were as `touch` lifts or is cancelled, for
    /// ``location(in:)`` once none is down.
    func noteLocation(ending touch: Touch) {
        // A recognizer following only this touch (every recognizer of a
        // one-finger tap): its location, without the loop and the division
        // (callgrind: about 38 instructions a recognizer on each lift, 20 left).
        if trackedTouches.count == 1, trackedTouches[0] === touch {
            lastLocation = touch.storedLocation
            return
        }
        var sum = Point.zero
        var count = 0.0
        // As `numberOfTouches`.
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown || trackedTouches[index] === touch {
            sum = sum + trackedTouches[index].storedLocation
            count += 1
        }
        if count > 0 { lastLocation = Point(x: sum.x / count, y: sum.y / count) }
    }

    // MARK: Other sources

    /// Whether the recognizer follows `source` in its current attempt.
    func isFollowing(_ source: InputSource) -> Bool {
        for tracked in trackedSources where tracked == source { return true }
        return false
    }

    // MARK: Time

    /// The time of the sub-event being handled, in seconds on the scene's clock.
    public var currentTime: Double { withLiveArena { arena in arena.clock.now } ?? 0 }

    /// Asks for ``deadlineReached()`` `delay` seconds after ``currentTime``,
    /// replacing any earlier deadline: the patent's "measure delay"
    /// sub-event. It arrives as the scene's clock passes it, before any
    /// later event.
    public func setDeadline(after delay: Double) {
        guard delay.isFinite else { return }
        withLiveArena { arena in arena.clock.schedule(self, at: arena.clock.now + max(0, delay)) }
    }

    /// Forgets the deadline, if any.
    public func cancelDeadline() {
        withLiveArena { arena in arena.clock.cancel(self) }
    }

    /// The deadline set with ``setDeadline(after:)``, if it has not passed.
    public var deadline: Double? {
        withLiveArena { arena in arena.clock.deadline(of: self) } ?? nil
    }

    /// The deadline set with ``setDeadline(after:)`` has passed. Set
    /// ``state`` here as from a touch handler.
    open func deadlineReached() {}

    // MARK: Subclass hooks

    /// Touches that began; they are already in ``GestureRecognizer/touches``.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}

    /// A sub-event from one of ``GestureRecognizer/inputSources``: a key, a controller's
    /// button or axis, a motion reading, or the loss of the source. Set
    /// ``GestureRecognizer/state`` here as from a touch handler.
    open func receive(_ subEvent: InputSubEvent) {}

    /// Clears the subclass's own state for the next attempt. Called after
    /// ended, cancelled or failed, just before the state returns to possible.
    open func reset() {}

    // MARK: Rollback (see GestureRecognizer+Snapshot.swift)

    /// The class whose ``GestureRecognizer/saveState(to:)`` and ``GestureRecognizer/restoreState(from:)`` save
    /// everything this recognizer keeps of its own; `nil` (the default)
    /// when the recognizer has not opted in to snapshots.
    ///
    /// A recognizer opts in by returning its own class and overriding the
    /// two methods. A snapshot of the scene (``Scene/capture(into:)``)
    /// reports, in ``SceneSnapshot/recognizersNotSaved``, every recognizer
    /// for which this is not exactly its class: one that never opted in, and
    /// a subclass of one that did but that has not said its own fields are
    /// saved too (a game's subclass of ``TapGestureRecognizer`` with fields of
    /// its own is not silently half-saved).
    open var savedStateClass: GestureRecognizer.Type? { nil }

    /// Writes what the recognizer keeps of its own progress: the fields its
    /// touch handlers, ``GestureRecognizer/receive(_:)`` and ``GestureRecognizer/deadlineReached()`` change, not
    /// its settings. A subclass of a recognizer that saves its state calls
    /// `super` first. See ``RecognizerStateWriter``.
    open func saveState(to writer: inout RecognizerStateWriter) {}

    /// Reads back what ``GestureRecognizer/saveState(to:)`` wrote, in the same order, and
    /// sets the fields from it. Called while the scene restores a snapshot,
    /// with every recognizer's base state (``GestureRecognizer/state``, touches, deadline)
    /// already restored; it must not set ``GestureRecognizer/state`` or call the arena.
    open func restoreState(from reader: inout RecognizerStateReader) {}

    /// Whether this recognizer, on recognizing, may stop `other`. Yes by
    /// default. The built-in tap recognizer says no to a tap that needs more
    /// taps, which is what makes a single and a double tap stack.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other`, on recognizing, may stop this recognizer. Yes by default.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    // MARK: Relationships

    /// A failure-requirement cycle: every recognizer in it would wait for the
    /// next, for ever. ``require(toFail:)`` refuses one and returns it.
    public struct RequirementCycle: Error, Equatable, Sendable, CustomStringConvertible {
        /// The recognizers of the cycle, by name, in waiting order.
        public let names: [String]
        public var description: String {
            "require(toFail:) would make a cycle: \(names.joined(separator: " waits for ")); each would wait for ever"
        }
    }

    /// Makes this recognizer wait, in possible, until `other` fails; if
    /// `other` recognizes instead, this one fails. Requirements chain (A
    /// waits for B, which waits for C).
    ///
    /// A requirement that would close a cycle is refused: it is not added,
    /// it is reported as a ``Diagnostic/Problem/requirementCycle`` diagnostic
    /// (on the scene's ``Scene/diagnostics`` when the recognizer is in one,
    /// on standard error otherwise), and the cycle is returned, so setup code
    /// reads without `try` and a test can still check for it.
    @discardableResult
    public func require(toFail other: GestureRecognizer) -> RequirementCycle? {
        if let path = other.requirementPath(to: self) {
            let cycle = RequirementCycle(names: ([self] + path).map(\.displayName))
            let diagnostic = Diagnostic(.requirementCycle, "\(cycle); not added")
            if let arena = sceneArena { arena.report(diagnostic) } else { Diagnostic.writeToStandardError(diagnostic) }
            return cycle
        }
        var requirements = failureRequirements
        requirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
        requirements.append(WeakRecognizer(other))
        failureRequirements = requirements
        return nil
    }

    /// The chain of explicit requirements from this recognizer to `target`, if any.
    private func requirementPath(to target: GestureRecognizer) -> [GestureRecognizer]? {
        if self === target { return [self] }
        for requirement in failureRequirements {
            guard let next = requirement.recognizer else { continue }
            if let rest = next.requirementPath(to: target) { return [self] + rest }
        }
        return nil
    }

    /// Lets `other` go on when this exclusive recognizer recognizes (the
    /// patent's exclusivity exception list).
    public func addExclusivityException(_ other: GestureRecognizer) {
        exclusivityExceptions.append(WeakRecognizer(other))
    }

    func hasExclusivityException(for other: GestureRecognizer) -> Bool {
        exclusivityExceptions.contains { $0.recognizer === other }
    }

    func explicitlyRequiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
    }

    var displayName: String { name ?? "\(type(of: self))" }

    /// Whether touches of `kind` may be gathered for it (``allowedPointerKinds``).
    func allows(_ kind: PointerKind) -> Bool {
        allowedPointerKindBits & kind.bit != 0
    }

    // MARK: Reset

    /// The touches a recognizer's list has room for from the start: the
    /// fingers of two hands, which is how many a recognizer on a layer
    /// under a whole screen sees land at once (room for one made the list
    /// grow three or four times in the frame ten fingers landed, each an
    /// allocation and a copy: callgrind, `_consumeAndCreateNew` from the
    /// gather in the Gesture Lab's and Air Hockey's landing frames, about
    /// 1,000-1,400 instructions). 10 references: 112 bytes a recognizer.
    static let touchRoom = 10

    /// Makes room in the lists an attempt fills, as the recognizer is added
    /// to a layer, rather than in the input of the frame its first touch or
    /// reading arrives in (callgrind, the Gesture Lab: 9 recognizers'
    /// touch lists grown in the frame ten fingers land, 5 motion
    /// recognizers' source lists in the next). A reset keeps the room. The
    /// touch list gets room for ``touchRoom`` touches, if the recognizer
    /// takes touches at all (one that follows more grows it once, and keeps
    /// it); the source list for every source it listens to, the most it can
    /// follow at once.
    func makeRoomForAttempts() {
        if trackedTouches.capacity < Self.touchRoom, allowedPointerKindBits != 0 {
            trackedTouches.reserveCapacity(Self.touchRoom)
        }
        // Only when short: its observer counts a change.
        if trackedSources.capacity < storedInputSources.count { trackedSources.reserveCapacity(storedInputSources.count) }
    }

    /// Readies the recognizer for its next attempt: the subclass's
    /// ``reset()``, then possible, following nothing.
    func resetForNextAttempt() {
        reset()
        let wasPossible = storedState == .possible
        if !wasPossible { LayerGate.delayVersion &+= 1 }
        storedState = .possible
        // Keeping the capacity, the next attempt's first touch costs no allocation.
        // What it followed it no longer delays, whatever its state was.
        if !trackedTouches.isEmpty { LayerGate.delayVersion &+= 1 }
        trackedTouches.removeAllKeepingCapacity()
        // Only if there are any: its observer counts a change.
        if !trackedSources.isEmpty {
            trackedSources.removeAll(keepingCapacity: true)
        } else if !wasPossible, !storedInputSources.isEmpty {
            // A listener stopped before it followed any source (through a
            // touch it also took): the arena may have worked out, while it
            // was finished, that it could be left out of some sub-events
            // (ArenaListeners+Quiet.swift), which no longer holds now that
            // it is possible and follows nothing.
            ArenaListeners.stateVersion &+= 1
        }
        // Only if there is one: reading the arena retains it.
        if deadlineClock != nil { withLiveArena { arena in arena.clock.cancel(self) } }
    }
}

extension PointerKind {
    /// The kind's bit in a recognizer's mask of allowed kinds.
    fileprivate var bit: UInt8 {
        switch self {
        case .finger: 1 << 0
        case .mouse: 1 << 1
        case .controllerCursor: 1 << 2
        case .simulated: 1 << 3
        case .controllerTouchpad: 1 << 4
        }
    }
}

/// An action's target, held weakly (UIKit's target/action), in the
/// action's closure. A `[weak target]` capture instead is read with a
/// dynamic exclusivity check at every call (callgrind: about 76
/// instructions); this one's only write is its `init`.
private final class WeakTarget<Target: AnyObject> {
    @exclusivity(unchecked) weak var object: Target?
    init(_ object: Target) { self.object = object }
}

/// A weak reference, so that recognizers that refer to each other do not
/// keep each other alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
