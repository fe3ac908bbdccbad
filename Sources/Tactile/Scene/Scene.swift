/// The window-level object: it owns the root layer and sends each input
/// event where it belongs.
///
/// ```swift
/// let scene = Scene(size: Size(width: 800, height: 600))
/// scene.root.addChild(button)
/// for event in events { scene.send(event) }   // each frame, in order
/// ```
///
/// ## Where events go
///
/// ```
/// pointer down ──► hit-test from the root ──► hit layer ──► approximation ──► regulation ──► Touch bound to the layer
///                                                (if on, and the hit     (multiple touch, exclusive
///                                                 layer cannot process)   touch, ignoring interaction)
/// pointer move / up / cancel ──► the Touch's layer, wherever the pointer is now
/// key, controller button ──► Press ──► first responder (or the scene) ──► up the responder chain
/// text, remote command, motion ──► first responder (or the scene) ──► up the responder chain
/// interrupted ──► every touch cancelled, for every layer that tracks one
/// ```
///
/// The rules, each taken from the event-handling guide and the touch event
/// model patent:
///
/// - The hit layer is found once, at touch-down, and the touch stays bound
///   to it for life, even when it moves outside.
/// - With ``approximation`` on, a contact on a layer that cannot process it
///   goes to the nearest layer that can (seed 001), as a virtual contact
///   that moves in parallel with the real one; with none near enough, it is
///   ignored.
/// - A layer with ``Layer/isMultipleTouchEnabled`` off gets only the first
///   touch of its sequence; later touches on it are ignored until it has none.
/// - While a layer with ``Layer/isExclusiveTouch`` tracks a touch, new
///   touches elsewhere are ignored; and an exclusive layer gets a new touch
///   only when no other layer tracks one. Exclusivity is scoped to the scene.
/// - An ignored touch is ignored for life: its moves and lift go nowhere.
/// - Between ``beginIgnoringInteractionEvents()`` and
///   ``endIgnoringInteractionEvents()`` (which nest), new touches are
///   ignored; touches already down carry on to their end, so every touch a
///   layer saw begin still ends for it.
/// - Every touch that began for a layer ends for it exactly once: lifted,
///   or cancelled by an interruption, by the layer leaving the scene, or by
///   a repeated down of its pointer.
///
/// Hold the scene strongly (or `unowned`), not `weak`: a weak reference
/// gives an object a side table for good, and from then on every retain
/// and release of it takes the Swift runtime's slow path, which the scene
/// pays on each event (the scene's own shake action holds it
/// `unowned(unsafe)` for that reason; callgrind: about 130 instructions a
/// retain-release pair on the slow path). A target-action target is held
/// weakly, so give recognizers closure actions rather than
/// `addTarget(scene, …)`.
///
/// ## See Also
/// - ``Layer``
/// - ``Responder``
/// - ``Touch``
/// - ``TouchEvent``
@MainActor
public final class Scene: Responder {
    /// How close in time and space taps must be to count as one multi-tap.
    public struct TapSettings: Hashable, Sendable {
        /// The most time between one touch lifting and the next touching
        /// down: ``GestureDefaults/doubleTapTimeout``.
        public var interval = GestureDefaults.doubleTapTimeout
        /// The farthest the next touch may land from where the first tap of
        /// the run landed, in points: ``GestureDefaults/doubleTapSlop``,
        /// measured as the tap recognizer measures it.
        public var distance = GestureDefaults.doubleTapSlop

        public init() {}
    }

    /// The layer everything else in the scene descends from. It covers the
    /// window: its coordinates are window points.
    public let root: Layer
    /// The touches of the moment; the same object is handed to every handler.
    public let event: TouchEvent
    @exclusivity(unchecked) public var tapSettings = TapSettings()
    /// The object at the end of the responder chain, after the scene.
    @exclusivity(unchecked) public var application: Responder?
    /// Called for every piece of input the scene drops, with why. By
    /// default diagnostics are written to standard error, as the event
    /// pump's are; set `nil` to turn them off, or a closure of your own to
    /// collect them.
    @exclusivity(unchecked) public var diagnostics: ((Diagnostic) -> Void)? = Diagnostic.writeToStandardError
    /// The event sent last, to catch the same event sent twice: a pointer
    /// event (most of what a scene gets) or a controller button as plain
    /// fields, any other kind as a `LastOther` (`lastOther` counts only
    /// while `lastPointer` and `lastButton` are both `nil`), and of that,
    /// the rare kinds that hold strings whole, in `lastBoxed` (set only
    /// while `lastOther` says `boxed`). Keeping every event whole, and
    /// comparing with it, went through `Optional`'s generic `==` and the
    /// enum's value witnesses: a quarter of a move's instructions, and a
    /// sixth of a button's through 20 command recognizers (callgrind); the
    /// plain fields copy as bytes.
    @exclusivity(unchecked) var lastPointer: (timestamp: Double, event: PointerEvent)?
    @exclusivity(unchecked) var lastButton: LastButton?
    @exclusivity(unchecked) var lastOther: LastOther?
    @exclusivity(unchecked) var lastBoxed: InputEvent?

    /// A controller button event as `isRepeated` compares it.
    struct LastButton: Equatable {
        var timestamp: Double
        var controller: Int32
        var button: ControllerButton
        var isDown: Bool
    }
    /// Control selection approximation: where a contact goes when the layer
    /// it lands on cannot process it (seed 001). With `nil`, the default, it
    /// is off and every contact goes to the layer it hits. Otherwise such a
    /// contact goes, as a virtual contact, to the nearest layer that can
    /// process it, or is ignored when none is near enough. See
    /// ``SelectionApproximation``.
    @exclusivity(unchecked) public var approximation: SelectionApproximation? {
        didSet {
            // Room for the levels of a typical search before the first
            // contact lands, rather than grown in that frame's input.
            if approximation != nil, approximationLevels.capacity == 0 {
                approximationLevels.reserveCapacity(Self.approximationLevelRoom)
            }
        }
    }

    /// The layers an approximation search walks, level after level (see
    /// ``SelectionApproximation``): kept, emptied, between searches, so that
    /// a touch-down off every target does not allocate once it has grown.
    @exclusivity(unchecked) var approximationLevels: [Layer] = []

    /// The room ``approximationLevels`` gets when approximation is turned on.
    static let approximationLevelRoom = 16

    /// The responder that presses, remote-control commands and motion events
    /// go to first. See ``Responder/becomeFirstResponder()``.
    @exclusivity(unchecked) public private(set) var firstResponder: Responder?

    // Exclusivity: this and the fields above and below are read or written
    // on every event, each access plain and instantaneous (user code, such
    // as a diagnostics closure, runs only after the value is read), so the
    // runtime's dynamic exclusivity checks are off for them (callgrind: a
    // tap made 7 such checks here). Internal, not private: a rollback
    // snapshot (Rollback/Scene+Snapshot.swift) saves and restores them.
    @exclusivity(unchecked) var ignoringDepth = 0
    /// How deep in sending (an event, a sub-event, time, a cancellation) the
    /// scene is: a snapshot is neither taken nor restored in between.
    @exclusivity(unchecked) var deliveryDepth = 0
    /// A touch that ended and that nothing else holds, kept for reuse (see
    /// `makeTouch`). Nothing outside the scene can reach one: a touch
    /// becomes a spare only when the scene's reference is its one reference
    /// (`dropEndedTouches()`), so no game, handler or recognizer that kept a
    /// touch ever sees it reused.
    @exclusivity(unchecked) var spareTouch: Touch?
    /// More spares, once `spareTouch` is taken: for several fingers at
    /// once. Apart from the one, so that a game's one finger at a time
    /// costs no list operation (callgrind: about 50 instructions a tap).
    @exclusivity(unchecked) var moreSpareTouches: [Touch] = []
    /// Ended touches the event let go of while something else still held
    /// them: the recognizers that followed them until the gesture was
    /// decided, the gate holding back their end, or the game. Each becomes a
    /// spare once the last of those has let go, when the scene next drops
    /// ended touches or needs a new one (`collectLingeringTouches()`): with
    /// several fingers down, a pan or a pinch follows every one until the
    /// last lifts, so only the last touch is free as the event drops it.
    /// Until then it is kept as it was, layer and recognizers with it, as
    /// the holder sees it.
    @exclusivity(unchecked) var lingeringTouches: [Touch] = []
    /// How many touches the scene keeps, spares and lingering together: ten,
    /// the fingers of two hands, as many contacts as a multitouch screen
    /// commonly reports at once (the ten-contact trace's). Ten fingers that
    /// land together then need no new object, nor the lists a new touch
    /// grows as recognizers are gathered for it (callgrind, ten touches
    /// landing on the seven built-ins: 9 new touches and 18 list growths a
    /// round when the scene kept one spare). A touch beyond that is freed
    /// when nothing holds it, as before; when full, the touch lingering
    /// longest (most likely one the game keeps) is let go for a newer one.
    /// A spare holds nothing but its own emptied lists (`Touch.retire()`).
    static let spareTouchLimit = 10
    /// How many recognizers a spare touch made with the scene has room for
    /// (see `init(size:)`): the seven built-ins on a layer and one on a
    /// parent, as a game's busiest layer carries them. A touch gathering
    /// more grows its list once, and keeps the room for its next use.
    static let spareTouchRecognizerRoom = 8
    /// Pointers whose touch-down was ignored; the rest of their events are too.
    @exclusivity(unchecked) var ignoredPointers: [PointerID] = []
    /// Each layer's latest run of taps, for tap counts.
    @exclusivity(unchecked) var recentTaps: [RecentTap] = []
    /// The multitouch sequence under way, or the last one: a new one begins
    /// when a touch goes down while none is down.
    @exclusivity(unchecked) var sequence = 0
    /// The referee between gesture recognizers and the gate to the layers;
    /// its documentation is the recognizers' contract.
    public let arena: GestureArena
    /// The one place the guide's shake motion events are decided: on the
    /// root while a ``MotionManager`` hands the scene its readings. See
    /// ``motionReadingsStarted(timestamp:)``.
    public let shakeGestureRecognizer = ShakeGestureRecognizer()
    /// What the scene's shake recognizer has done about motion events.
    var shakeMotion = SceneShakeMotion()
    /// The action that sends the shake recognizer's phases as motion events.
    var shakeMotionAction: GestureRecognizer.ActionID?
    /// What the library's parts that must not keep the scene alive hold,
    /// in place of a weak reference to it (see `SceneReference`).
    let reference = SceneReference()
    /// The presses handed to the responder chain, one at a time (see `sendPress`).
    @exclusivity(unchecked) private var pressBuffer: [Press] = []

    struct RecentTap: Equatable {
        /// The layer, by identity only: a tap must not keep a layer alive,
        /// and a weak reference would slow every later use of the layer.
        var layer: ObjectIdentifier
        /// Where the first tap of the run landed.
        var location: Point
        /// When the last tap of the run lifted.
        var time: Double
        var count: Int
    }

    /// A scene covering a window of `size` points.
    public init(size: Size) {
        root = Layer(frame: Rect(origin: .zero, size: size), name: "root")
        let event = TouchEvent()
        self.event = event
        arena = GestureArena(event: event)
        super.init()
        // Room for every spare, so that keeping one never allocates.
        moreSpareTouches.reserveCapacity(Self.spareTouchLimit - 1)
        lingeringTouches.reserveCapacity(Self.spareTouchLimit)
        // As many pointers as the scene keeps touches for: the fingers a game
        // ignores (a second one on a paddle, one off every layer) go on this
        // list in the frame they land in (callgrind, the Gesture Lab's
        // landing frame: two list growths, about 620 instructions).
        ignoredPointers.reserveCapacity(Self.spareTouchLimit)
        // The spares made now, with room for their recognizers, rather than
        // as the first fingers land: ten fingers landing together on a new
        // scene made ten touches and grew their lists in the input of the
        // frame they landed in (callgrind, the Gesture Lab's landing frame:
        // 8 touches and 14 list growths, about 13,000 instructions of
        // allocation). Every game that takes touches needs them; a scene
        // that never sees one carries about 3 KB it does not use.
        spareTouch = Touch(spareWithRoomFor: Self.spareTouchRecognizerRoom)
        for _ in 1..<Self.spareTouchLimit {
            moreSpareTouches.append(Touch(spareWithRoomFor: Self.spareTouchRecognizerRoom))
        }
        root.ownerScene = self
        arena.scene = self
        reference.scene = self
        prepareShakeMotionEvents()
    }

    isolated deinit {
        // First: from now on no holder of the reference reaches the scene.
        reference.scene = nil
        removeShakeMotionEvents()
        root.ownerScene = nil
        arena.sceneEnded()
    }

    /// The window's size, in points: the root layer's size.
    public var size: Size {
        get { root.bounds.size }
        set {
            root.bounds = Rect(origin: .zero, size: newValue)
            root.position = Point(x: newValue.width * root.anchorPoint.x, y: newValue.height * root.anchorPoint.y)
        }
    }

    // MARK: Responder

    public override var next: Responder? { application }
    public override var responderScene: Scene? { self }

    /// Makes `responder` the first responder (`nil` for none) if the
    /// current one agrees to resign and the new one accepts.
    func makeFirstResponder(_ responder: Responder?) -> Bool {
        if firstResponder === responder { return true }
        if let current = firstResponder, !current.canResignFirstResponder { return false }
        if let responder, !responder.canBecomeFirstResponder || responder.responderScene !== self { return false }
        firstResponder = responder
        return true
    }

    // MARK: Ignoring interaction

    /// Stops new touches from reaching any layer until the matching
    /// ``endIgnoringInteractionEvents()``. Calls nest.
    public func beginIgnoringInteractionEvents() {
        ignoringDepth += 1
    }

    public func endIgnoringInteractionEvents() {
        ignoringDepth = max(0, ignoringDepth - 1)
    }

    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    // MARK: Time and the arena

    /// Moves the scene's clock to `time`, firing the recognizer deadlines it
    /// passes (a long press's duration, a double tap's window), earliest
    /// first. Call it every frame with the game clock; events also advance
    /// it to their own time before they are handled.
    ///
    /// Time only goes forward: a `time` before the clock's reading (or not
    /// finite) changes nothing and is reported as a `time-went-backwards`
    /// or `non-finite-value` diagnostic.
    public func advanceTime(to time: Double) {
        guard time.isFinite else {
            diagnostics?(Diagnostic(.nonFiniteValue, "advanceTime(to: \(time))"))
            return
        }
        if time < arena.now {
            diagnostics?(Diagnostic(.timeWentBackwards, "advanceTime(to: \(time)) after \(arena.now); the clock stays"))
            return
        }
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        arena.advance(to: time)
    }

    /// Every decision of the arena, typed, as it is made (see
    /// ``ArenaDecision``): the game's own handler, for tests and debugging
    /// displays. Tools that come and go (an input debugger, a test harness)
    /// watch with ``addDecisionObserver(includingLayerDeliveries:includingRepeatedChanges:_:)`` instead and leave it alone.
    public var arenaDecisions: ((ArenaDecision) -> Void)? {
        didSet { routeDecisions() }
    }
    /// The observers beside ``arenaDecisions`` (Scene+DecisionObservers.swift).
    var decisionObservers: [ObservingDecisions] = []
    var nextDecisionObserverID = 0

    /// The arena's decisions formatted one per line (gather, wait, enter a
    /// state, prevent, fail and why, release, reset): for logs.
    public var arenaLog: ((String) -> Void)? {
        get { arena.log }
        set {
            arena.log = newValue
            // The log has the arena make every decision: an observer that
            // left some out may no longer be called directly.
            routeDecisions()
        }
    }

    /// The sequence a recognizer added now may first join: the next one.
    var sequenceForNewRecognizers: Int { sequence + 1 }

    // MARK: Sending events

    /// Sends one input event where it belongs.
    ///
    /// Feed a scene from one place only. In a game on `GameLoop` (or
    /// TactileSDL's `SDLApp`) that is the loop: set `loop.scene` and it sends
    /// every event, re-stamped on game time, before the game's own `handle`.
    /// A game with no loop object calls `send` itself, once per event, in
    /// order. An event equal to the one sent just before it (same kind,
    /// values and timestamp) is reported as a ``Diagnostic/Problem/repeatedEvent``
    /// (on standard error, by default): that is almost always one event fed
    /// twice, which taps twice or cancels a touch by its own repeated down.
    /// It is still handled, as any event is, so that a game that does mean
    /// to repeat one keeps its behaviour.
    // Inlinable, down to the pointer event: where the caller builds the
    // event (an event pump, a trace player, a test) its kind is known
    // there and the call goes straight to the pointer's path, with no
    // test of the kind (a large enum, read through memory) and no call in
    // between; elsewhere the test is made by the caller. (Callgrind: part
    // of a bare move's 547 -> 479 instructions, with the move path inlined
    // below. The caller still destroys its `InputEvent` through the type's
    // value witness, about 38 instructions: the optimiser does not see
    // that it holds a pointer event, which needs no destroying.)
    @inlinable
    public func send(_ input: InputEvent) {
        // A pointer event, most of what a scene gets, takes its own short
        // path: the repeat check on its plain fields, no switch over every
        // kind (callgrind: about 60 instructions of a bare move's 1,265).
        if case .pointer(let pointer) = input.kind { return sendPointerEvent(pointer, timestamp: input.timestamp) }
        sendOtherEvent(input)
    }

    /// ``send(_:)`` of a pointer event at `timestamp`.
    // Never inlined: inlined into GameLoop's `deliver` (inside its closure
    // over the borrowed scene) it took a dynamic exclusivity check an event
    // there (callgrind, the Touches demo: 579 -> 676 instructions an event;
    // with this, 575), and the bare move through `send` is the same without
    // it (454).
    @usableFromInline @inline(never)
    func sendPointerEvent(_ pointer: PointerEvent, timestamp: Double) {
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        if isRepeated(pointer, at: timestamp) { reportRepeated(InputEvent(timestamp: timestamp, .pointer(pointer))) }
        if timestamp.isFinite { arena.advance(to: timestamp) }
        send(pointer, at: timestamp)
    }

    /// ``send(_:)`` of any event but a pointer's.
    @usableFromInline
    func sendOtherEvent(_ input: InputEvent) {
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        if isRepeated(input) { reportRepeated(input) }
        if input.timestamp.isFinite { arena.advance(to: input.timestamp) }
        switch input.kind {
        case .pointer(let pointer):
            // `send(_:)` sends these on their own path, but a pointer event
            // that reaches here is still sent.
            send(pointer, at: input.timestamp)
        case .key(let key) where !key.isRepeat:
            // Recognizers first, then the responder chain, as touches go
            // to recognizers before their layer.
            arena.deliver(.key(key))
            sendPress(Press(.key(scancode: key.scancode, keycode: key.keycode, modifiers: key.modifiers), timestamp: input.timestamp), isDown: key.isDown)
        case .controller(.button(let controller, let button, let isDown)):
            arena.deliver(.button(controller: controller, button: button, isDown: isDown))
            sendPress(Press(.controllerButton(controller: controller, button: button), timestamp: input.timestamp), isDown: isDown)
        case .controller(.axis(let controller, let axis, let value)):
            arena.deliver(.axis(controller: controller, axis: axis, value: value))
        case .controller(.removed(let controller)):
            arena.deliver(.sourceLost(.controller(controller)))
        case .remote(let command):
            (firstResponder ?? self).remoteControlReceived(command, timestamp: input.timestamp)
        case .text(.committed(let text)):
            (firstResponder ?? self).insertText(text, timestamp: input.timestamp)
        case .text(.composition(let composition)):
            (firstResponder ?? self).updateComposition(composition, timestamp: input.timestamp)
        case .interrupted:
            cancelAllTouches(at: input.timestamp)
        case .key, .controller, .mouseHover, .mouseButton, .mouseWheel, .sensor:
            // Key repeats are not new presses. The rest has no place in the
            // responder chain: games read them as actions or motion.
            break
        }
    }

    private func reportRepeated(_ input: InputEvent) {
        // The event as its trace line ("1.25 pointer down finger 0 0 10 20 1"),
        // written field by field, not by reflection, whose text would follow
        // the order the payloads' fields are stored in.
        diagnostics?(Diagnostic(.repeatedEvent, "\"\(input.traceLine)\" (as a trace line) was sent to the scene twice in a row; "
            + "feed the scene from one place (GameLoop's scene, or scene.send in the game, not both)"))
    }

    /// Whether `input` equals the event sent just before it, which it
    /// then replaces as the last sent.
    private func isRepeated(_ input: InputEvent) -> Bool {
        // A controller button first, matched in place: taking every kind's
        // values out first (`LastOther`) cost a button about 100
        // instructions more through 20 command recognizers (callgrind,
        // PathProfile `commands`).
        if case .controller(.button(let controller, let button, let isDown)) = input.kind {
            let pressed = LastButton(timestamp: input.timestamp, controller: controller, button: button, isDown: isDown)
            var repeated = false
            if let last = lastButton { repeated = last == pressed }
            lastButton = pressed
            lastPointer = nil
            return repeated
        }
        let sent = LastOther(input)
        if case .pointer(let pointer) = sent.kind { return isRepeated(pointer, at: sent.timestamp) }
        var repeated = false
        if lastPointer == nil, lastButton == nil, let last = lastOther {
            repeated = last == sent
            if repeated, case .boxed = sent.kind { repeated = lastBoxed == input }
        }
        if case .boxed = sent.kind {
            lastBoxed = input
        } else if case .boxed? = lastOther?.kind {
            lastBoxed = nil
        }
        lastOther = sent
        lastPointer = nil
        lastButton = nil
        return repeated
    }

    /// ``isRepeated(_:)`` for a pointer event, on its plain fields (the
    /// pointer's short path in ``send(_:)`` calls it directly).
    @inline(__always)
    private func isRepeated(_ pointer: PointerEvent, at timestamp: Double) -> Bool {
        var repeated = false
        if let last = lastPointer { repeated = last.timestamp == timestamp && last.event == pointer }
        // `lastOther` is left as it is: with `lastPointer` set, it is not read.
        lastPointer = (timestamp, pointer)
        lastButton = nil
        return repeated
    }

    /// Hands a sub-event that is not a touch (a motion reading, say) to the
    /// recognizers listening to its source (see
    /// ``GestureRecognizer/inputSources``), after moving the clock to
    /// `timestamp` as ``send(_:)`` does. Only recognizers get it: keys and
    /// buttons for the responder chain come in input events, which reach
    /// the recognizers too.
    public func send(_ subEvent: InputSubEvent, timestamp: Double) {
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        if timestamp.isFinite { arena.advance(to: timestamp) }
        arena.deliver(subEvent)
    }

    /// Sends a device motion, such as a shake, to the first responder (or
    /// the scene) and up the responder chain.
    public func send(_ motion: Motion, _ phase: MotionPhase, timestamp: Double) {
        let responder = firstResponder ?? self
        switch phase {
        case .began: responder.motionBegan(motion, timestamp: timestamp)
        case .ended: responder.motionEnded(motion, timestamp: timestamp)
        case .cancelled: responder.motionCancelled(motion, timestamp: timestamp)
        }
    }

    private func sendPress(_ press: Press, isDown: Bool) {
        // With no first responder the press would go to the scene, which
        // (final, not overriding the press handlers) passes it straight to
        // ``application``: with none, it reaches no one, so no press is
        // built (callgrind: about a seventh of a button through 20 command
        // recognizers, the scene being retained twice).
        guard let responder = firstResponder ?? application else { return }
        // One array, refilled: a new `[press]` was an allocation per key
        // or button. A responder that keeps the array keeps its copy (the
        // refill then copies on write).
        pressBuffer.removeAll(keepingCapacity: true)
        pressBuffer.append(press)
        if isDown { responder.pressesBegan(pressBuffer) } else { responder.pressesEnded(pressBuffer) }
    }

    // MARK: Touches

    // The per-event path below uses plain loops over the event's touches,
    // not `first { }` or `removeAll { }`: a closure that captures main-actor
    // state checks the executor on every call, and `removeAll(where:)`
    // rebuilds the array even when nothing ended (perf: together about a
    // seventh of a move).

    private func activeTouch(for pointer: PointerID) -> Touch? {
        guard let index = activeTouchIndex(for: pointer) else { return nil }
        return event.storedTouches[index]
    }

    /// Where the touch of `pointer` that is down is in the event's touches.
    @inline(__always)
    private func activeTouchIndex(for pointer: PointerID) -> Int? {
        // One touch, the common case, without the loop, and without a call.
        if event.storedTouches.count == 1 {
            return event.storedTouches[0].storedPointer == pointer && event.storedTouches[0].storedPhase.isDown ? 0 : nil
        }
        return activeTouchIndexSearching(for: pointer)
    }

    private func activeTouchIndexSearching(for pointer: PointerID) -> Int? {
        let count = event.storedTouches.count
        // From the touch after the one that changed last, round to it:
        // contacts that move together report in turn (ten fingers: the
        // next one, not five on average). A pointer has at most one touch
        // down (a second down cancels the first, `touchDown`), so where the
        // search starts does not change what it finds.
        // By index, on the stored fields: a `for` loop retained each touch
        // it looked at (see `Touch.Phase.isDown`). No closure (`map`): one
        // made in the scene checks the main actor's executor when called.
        var index = 0
        if let changed = changedTouchSlot, changed &+ 1 < count { index = changed &+ 1 }
        var left = count
        while left > 0 {
            if event.storedTouches[index].storedPointer == pointer && event.storedTouches[index].storedPhase.isDown { return index }
            index &+= 1
            if index == count { index = 0 }
            left &-= 1
        }
        return nil
    }

    /// Where in `ignoredPointers` the next ignored pointer's event is
    /// looked for first: after the last one found. Contacts that move
    /// together report in turn, so with several fingers ignored (Air
    /// Hockey's zones ignore six of the ten-contact trace's fingers) the
    /// next ignored event is usually that one, found in one comparison.
    /// Looking through the touches down first, then the list, with the
    /// standard library's `firstIndex(of:)` (which retained the list) cost
    /// about 150 instructions an ignored event (callgrind). Only a hint:
    /// whatever it holds, the look-ups below find the same pointer.
    @exclusivity(unchecked) private var nextIgnoredSlot = 0

    /// The place of `pointer` in `ignoredPointers` if it is at `nextIgnoredSlot`.
    @inline(__always)
    private func ignoredSlotProbed(for pointer: PointerID) -> Int? {
        let slot = nextIgnoredSlot
        return slot < ignoredPointers.count && ignoredPointers[slot] == pointer ? slot : nil
    }

    /// The place of `pointer` in `ignoredPointers`, by index (no closure,
    /// no retain of the list).
    private func ignoredSlot(for pointer: PointerID) -> Int? {
        var index = 0
        while index < ignoredPointers.count {
            if ignoredPointers[index] == pointer { return index }
            index &+= 1
        }
        return nil
    }

    /// A move, lift or cancel of the ignored pointer at `index` in
    /// `ignoredPointers`: it goes nowhere; its end takes it off the list.
    private func ignoredPointerEvent(_ phase: PointerEvent.Phase, at index: Int) {
        if phase == .move {
            nextIgnoredSlot = index &+ 1 < ignoredPointers.count ? index &+ 1 : 0
        } else {
            ignoredPointers.remove(at: index)
            nextIgnoredSlot = index
        }
    }

    /// What the previous events left of the touches' phases, so that with
    /// ten contacts down each event does not walk all ten to drop ended
    /// ones, mark the others stationary and find its own (callgrind: about
    /// 480 instructions an event in Tilt Maze). `touchesMayHaveEnded`: a
    /// touch of the event ended or was cancelled since ended ones were last
    /// dropped. `changedTouchSlot`: where the one touch is that may still be
    /// began or moved, every other being stationary or ended; `nil` when
    /// not known. Whatever changes the event's touches other than through
    /// the scene's own sending (a snapshot restored) calls
    /// `forgetTouchPhases()`.
    @exclusivity(unchecked) private var touchesMayHaveEnded = false
    @exclusivity(unchecked) private var changedTouchSlot: Int?

    /// The event's touches were replaced: the next event walks them all.
    func forgetTouchPhases() {
        touchesMayHaveEnded = true
        changedTouchSlot = nil
    }

    /// Drops the touches that ended in the previous event: they have been
    /// reported, and the event now holds only what is down. One that
    /// nothing else holds any more (no handler, recognizer or game kept it)
    /// becomes a spare for a later touch-down; one still held lingers.
    private func dropEndedTouches() {
        // None ended since the last drop: the common move, with nothing to
        // drop (the caller tests this first).
        guard touchesMayHaveEnded else { return }
        touchesMayHaveEnded = false
        // A touch ended: what held the lingering ones may have let go.
        if !lingeringTouches.isEmpty { collectLingeringTouches() }
        var kept = 0
        for index in event.storedTouches.indices where event.storedTouches[index].storedPhase.isDown {
            if kept != index { event.storedTouches.swapAt(kept, index) }
            kept += 1
        }
        // Places change as ended touches go.
        if kept != event.storedTouches.count { changedTouchSlot = nil }
        // The ended ones, now at the end, taken off one by one: the list's
        // reference moves into `ended` (no retain, where checking and
        // copying them in place retained each; callgrind), and one that
        // nothing else holds then has that reference alone.
        while event.storedTouches.count > kept {
            var ended = event.storedTouches.removeLast()
            if isKnownUniquelyReferenced(&ended) {
                keepSpare(ended)
            } else {
                keepLingering(ended)
            }
        }
    }

    /// Keeps `touch`, which nothing but the scene holds, as a spare if
    /// there is room; otherwise it is freed.
    private func keepSpare(_ touch: Touch) {
        if spareTouch == nil {
            spareTouch = touch
        } else if moreSpareTouches.count < Self.spareTouchLimit - 1 {
            moreSpareTouches.append(touch)
        } else {
            return
        }
        // Unreachable from outside from now on: it lets go of its layer and
        // recognizers, so that it keeps nothing alive.
        touch.retire()
    }

    /// How many spares the scene keeps.
    var spareTouchCount: Int { (spareTouch == nil ? 0 : 1) + moreSpareTouches.count }

    /// Keeps `touch`, which something else still holds, until that lets go
    /// (see `lingeringTouches`), if there is room.
    private func keepLingering(_ touch: Touch) {
        if spareTouchCount + lingeringTouches.count >= Self.spareTouchLimit {
            guard !lingeringTouches.isEmpty else { return }
            lingeringTouches.removeFirst()
        }
        lingeringTouches.append(touch)
    }

    /// Makes spares of the lingering touches that nothing else holds any more.
    private func collectLingeringTouches() {
        var index = lingeringTouches.count
        while index > 0 {
            index -= 1
            guard isKnownUniquelyReferenced(&lingeringTouches[index]) else { continue }
            keepSpare(lingeringTouches.remove(at: index))
        }
    }

    /// Puts the next spare, if any, in `spareTouch`: one of the others, or a
    /// lingering touch that nothing holds any more. Apart from `makeTouch`,
    /// so that a game's one finger at a time (the spare there) runs none of
    /// it (callgrind: about 20 instructions a tap when inlined).
    @inline(never)
    private func takeNextSpare() {
        if !lingeringTouches.isEmpty { collectLingeringTouches() }
        if spareTouch == nil && !moreSpareTouches.isEmpty { spareTouch = moreSpareTouches.removeLast() }
    }

    /// Lets go of any spare or lingering touch among `touches`: a snapshot
    /// restored puts them back as the event's contacts, and reusing one
    /// would make one object two contacts.
    func forgetReusable(_ touches: [Touch]) {
        // By index, with no closure: a main-actor closure handed to the
        // standard library checks the executor at every call.
        for index in touches.indices {
            if let spare = spareTouch, spare === touches[index] { spareTouch = nil }
            for spare in moreSpareTouches.indices.reversed() where moreSpareTouches[spare] === touches[index] {
                moreSpareTouches.remove(at: spare)
            }
            for lingering in lingeringTouches.indices.reversed() where lingeringTouches[lingering] === touches[index] {
                lingeringTouches.remove(at: lingering)
            }
        }
    }

    /// A touch that just touched down: a spare if there is one (no one
    /// else can hold it), else a new one. Reusing it spares an allocation
    /// on every touch-down.
    private func makeTouch(_ pointer: PointerEvent, location: Point, timestamp: Double, tapCount: Int, layer: Layer, isApproximated: Bool) -> Touch {
        if spareTouch == nil { takeNextSpare() }
        if let spare = spareTouch {
            spareTouch = nil
            spare.begin(pointer: pointer.id, location: location, actualLocation: pointer.location, pressure: pointer.pressure,
                        timestamp: timestamp, tapCount: tapCount, layer: layer, isApproximated: isApproximated)
            return spare
        }
        return Touch(pointer: pointer.id, location: location, actualLocation: pointer.location, pressure: pointer.pressure,
                     timestamp: timestamp, tapCount: tapCount, layer: layer, isApproximated: isApproximated)
    }

    // Inlined into `sendPointerEvent`, with every path but a move's apart:
    // a move, most of what a scene gets, is then one call from the game's
    // to the arena's, with nothing but its own work in between.
    @inline(__always)
    private func send(_ pointer: PointerEvent, at timestamp: Double) {
        // The test here, the work apart: a move with nothing ended since
        // the last event, the common one, makes no call.
        if touchesMayHaveEnded { dropEndedTouches() }
        event.storedTimestamp = timestamp
        if pointer.phase == .down { return touchDown(pointer, at: timestamp) }
        // An ignored pointer is looked for first where the next one is
        // likely to be (see `nextIgnoredSlot`): a pointer is ignored or
        // has a touch down, never both (a down takes it off the list
        // before its touch begins), so the order of the two look-ups
        // does not change what is found.
        if let index = ignoredSlotProbed(for: pointer.id) { return ignoredPointerEvent(pointer.phase, at: index) }
        guard let slot = activeTouchIndex(for: pointer.id) else { return unmatchedPointerEvent(pointer) }
        guard pointer.location.isFinite else { return nonFiniteLocation(pointer, at: slot, timestamp: timestamp) }
        guard pointer.phase == .move else { return end(pointer, at: slot, actualLocation: pointer.location, timestamp: timestamp) }
        let location = pointer.location + event.storedTouches[slot].approximationOffset
        markOthersStationary(at: slot)
        // The touch lent, not retained: the event's list holds it until the
        // arena has it, and the arena holds it itself wherever user code
        // runs while it still needs it (see `GestureArena.dispatchMove`).
        // Retaining it here was a retain and release on every move
        // (callgrind: about 40 instructions of a bare move's 891, two
        // atomic operations). Not `withBorrowedElement`: a method on the
        // list retains the list.
        Unmanaged.passUnretained(event.storedTouches[slot]).withBorrowed { touch in
            touch.update(.moved, location: location, actualLocation: pointer.location, pressure: pointer.pressure, timestamp: timestamp)
            arena.dispatchMove(touch)
        }
    }

    /// A move, lift or cancel of a pointer with no touch down: an ignored
    /// one's (see `ignoredPointers`), or one the scene never saw go down.
    private func unmatchedPointerEvent(_ pointer: PointerEvent) {
        if let index = ignoredSlot(for: pointer.id) {
            ignoredPointerEvent(pointer.phase, at: index)
        } else {
            diagnostics?(Diagnostic(.unknownPointer, "\(pointer.phase.rawValue) for \(pointer.id), which has no touch"))
        }
    }

    /// A move, lift or cancel of the touch at `slot` to a location that is
    /// not finite: reported; a move is dropped, and a lift or cancel still
    /// ends the touch, where it last was, so that it does not stay down for ever.
    private func nonFiniteLocation(_ pointer: PointerEvent, at slot: Int, timestamp: Double) {
        // Where it last was, read before the diagnostic (user code).
        let last = event.storedTouches[slot].storedActualLocation
        diagnostics?(Diagnostic(.nonFiniteValue, "\(pointer.phase.rawValue) of \(pointer.id) at \(pointer.location)"))
        guard pointer.phase != .move else { return }
        end(pointer, at: slot, actualLocation: last, timestamp: timestamp)
    }

    /// The lift or cancel of the touch at `slot`, its contact last at `actual`.
    private func end(_ pointer: PointerEvent, at slot: Int, actualLocation actual: Point, timestamp: Double) {
        let touch = event.storedTouches[slot]
        let location = actual + touch.approximationOffset
        markOthersStationary(at: slot)
        if pointer.phase == .up {
            touch.update(.ended, location: location, actualLocation: actual, pressure: pointer.pressure, timestamp: timestamp)
            touchesMayHaveEnded = true
            rememberTap(touch)
            arena.dispatch(.ended, touch)
        } else {
            touch.update(.cancelled, location: location, actualLocation: actual, pressure: pointer.pressure, timestamp: timestamp)
            touchesMayHaveEnded = true
            arena.dispatch(.cancelled, touch)
        }
    }

    private func touchDown(_ pointer: PointerEvent, at timestamp: Double) {
        if let stale = activeTouch(for: pointer.id) {
            // The pointer's lift was lost: end the old touch before the new
            // one begins, so it still ends exactly once.
            diagnostics?(Diagnostic(.repeatedDown, "\(pointer.id) touched down again; cancelling its earlier touch"))
            cancel([stale], at: timestamp)
        }
        // By index: `removeAll(where:)`'s closure, isolated to the main
        // actor, checked the executor (about 220 instructions) for every
        // pointer on the list, on every touch-down (callgrind, Arcade's
        // landing frame: 45 checks, 9,990 instructions, as its ignored
        // fingers accumulate). A pointer is on the list at most once: only
        // this adds to it, after taking the pointer off.
        if let stale = ignoredSlot(for: pointer.id) { ignoredPointers.remove(at: stale) }
        guard pointer.location.isFinite else {
            diagnostics?(Diagnostic(.nonFiniteValue, "down of \(pointer.id) at \(pointer.location)"))
            ignoredPointers.append(pointer.id)
            return
        }
        guard !isIgnoringInteractionEvents else {
            ignoredPointers.append(pointer.id)
            return
        }
        var target = root.hitTest(root.convert(pointer.location, from: nil), with: event)
        var location = pointer.location
        var isApproximated = false
        if let approximation, target?.canProcessTouches != true {
            // Seed 001: the hit layer cannot process the contact, so a nearby
            // layer that can gets it as a virtual contact, or no layer does.
            let found = approximation.target(forContactAt: pointer.location, hitLayer: target, in: self)
            target = found?.layer
            location = found?.location ?? location
            isApproximated = found != nil
        }
        guard let layer = target, admits(layer) else {
            ignoredPointers.append(pointer.id)
            return
        }
        let taps = tapCount(on: layer, at: pointer.location, time: timestamp)
        let touch = makeTouch(pointer, location: location, timestamp: timestamp, tapCount: taps.count, layer: layer, isApproximated: isApproximated)
        touch.tapOrigin = taps.origin
        if isApproximated {
            // Later moves keep this offset: the virtual contact moves in
            // parallel with the real one.
            touch.approximationOffset = location - pointer.location
        }
        if activeTouchCount == 0 { sequence += 1 }
        touch.sequence = sequence
        markOthersStationary(at: event.storedTouches.count)
        event.storedTouches.append(touch)
        arena.gather(touch, hitLayer: layer)
        arena.dispatch(.began, touch)
    }

    /// Whether a new touch may reach `layer`, by the multiple-touch and
    /// exclusive-touch rules (seed 003's four flag combinations).
    func admits(_ layer: Layer) -> Bool {
        // By index, on the stored fields, each touch's layer borrowed: a
        // `for` loop retained and released every touch and its layer
        // (callgrind, ten fingers landing: about 560 instructions a
        // touch-down, for a walk that only compares).
        let target = Unmanaged.passUnretained(layer).toOpaque()
        for index in event.storedTouches.indices where event.storedTouches[index].storedPhase.isDown {
            guard let tracking = event.storedTouches[index].borrowedLayer else { continue }
            if tracking.toOpaque() == target {
                if !layer.isMultipleTouchEnabled { return false }
            } else if tracking.withBorrowed({ $0.isExclusiveTouch }) || layer.isExclusiveTouch {
                return false
            }
        }
        return true
    }

    /// Marks every touch but the one at `slot` in the event (or about to
    /// be put there) stationary if it was began or moved; that touch is
    /// then the one that may have changed.
    @inline(__always)
    private func markOthersStationary(at slot: Int) {
        // The touch that changed last changes again (one finger moving, the
        // common case): nothing to mark, and no call.
        if changedTouchSlot != slot { markOthersStationaryApart(at: slot) }
    }

    private func markOthersStationaryApart(at slot: Int) {
        if let changed = changedTouchSlot, changed < event.storedTouches.count {
            // Only the touch that changed last can need it.
            // `Touch.markStationary()` on its fields: calling the method
            // retained and released the touch.
            if changed != slot, event.storedTouches[changed].storedPhase == .began || event.storedTouches[changed].storedPhase == .moved {
                event.storedTouches[changed].storedPhase = .stationary
            }
        } else if !(event.storedTouches.count == 1 && slot == 0) {
            // By place: the touches are distinct objects, so the one at
            // `slot` is the only one that is the changed touch.
            for index in event.storedTouches.indices where index != slot {
                event.storedTouches.withBorrowedElement(at: index) { $0.markStationary() }
            }
        }
        changedTouchSlot = slot
    }

    /// How many touches are down.
    private var activeTouchCount: Int {
        var count = 0
        event.storedTouches.forEachBorrowed { touch in
            if !touch.hasEnded { count += 1 }
        }
        return count
    }

    /// Cancels `touches` from outside (focus lost, a layer removed, a lost
    /// lift): their recognizers first, then each layer in one call for its
    /// touches of one sequence.
    private func cancel(_ touches: [Touch], at timestamp: Double) {
        event.storedTimestamp = timestamp
        for touch in touches {
            touch.cancel(at: timestamp)
        }
        touchesMayHaveEnded = true
        arena.cancelFromOutside(touches)
    }

    /// Cancels every touch that is down: the window lost focus, was hidden
    /// or minimised.
    public func cancelAllTouches(at timestamp: Double) {
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        cancel(event.allTouches.filter { !$0.hasEnded }, at: timestamp)
        ignoredPointers.removeAll()
    }

    /// A layer (and its subtree) left the scene: cancel the touches bound to
    /// it, for it, and take away its first-responder role.
    func layerLeft(_ layer: Layer) {
        let bound = event.allTouches.filter { touch in
            !touch.hasEnded && touch.layer.map(layer.isAncestor(of:)) == true
        }
        if !bound.isEmpty { cancel(bound, at: event.timestamp) }
        // Touches that have lifted but whose end the layer has not been
        // sent yet (held back, or queued behind the handler that removed
        // it): the layer is told now, with a cancel, as it leaves.
        arena.closeForLayersLeaving(layer)
        if let first = firstResponder as? Layer, layer.isAncestor(of: first) {
            firstResponder = nil
        }
        arena.removeRecognizers { recognizer in recognizer.layer.map(layer.isAncestor(of:)) ?? true }
        arena.listenersChanged()
        var removed: Set<ObjectIdentifier> = [ObjectIdentifier(layer)]
        var stack = layer.children
        while let next = stack.popLast() {
            removed.insert(ObjectIdentifier(next))
            stack.append(contentsOf: next.children)
        }
        recentTaps.removeAll { removed.contains($0.layer) }
    }

    // MARK: Tap counts

    /// The tap count of a touch landing at `location`, and where its run of
    /// taps began: measured from the first tap's landing, as the tap
    /// recognizer's ``TapGestureRecognizer/maximumTapDistance`` is (Flutter's
    /// `kDoubleTapSlop`), so the two count the same taps.
    private func tapCount(on layer: Layer, at location: Point, time: Double) -> (count: Int, origin: Point) {
        let interval = tapSettings.interval
        var previous: RecentTap?
        // Loops, not closures: as on the per-event path above.
        var kept = 0
        for index in recentTaps.indices where time - recentTaps[index].time <= interval {
            if recentTaps[index].layer == ObjectIdentifier(layer) { previous = recentTaps[index] }
            recentTaps[kept] = recentTaps[index]
            kept += 1
        }
        recentTaps.shrink(to: kept)
        guard let previous, previous.location.distance(to: location) <= tapSettings.distance else { return (1, location) }
        return (previous.count + 1, previous.location)
    }

    private func rememberTap(_ touch: Touch) {
        guard let layer = touch.layer else { return }
        let tap = RecentTap(layer: ObjectIdentifier(layer), location: touch.tapOrigin, time: touch.timestamp, count: touch.tapCount)
        for index in recentTaps.indices where recentTaps[index].layer == tap.layer {
            recentTaps.remove(at: index)
            break
        }
        recentTaps.append(tap)
    }
}

/// Where a device motion is in its life.
public enum MotionPhase: String, Hashable, Sendable {
    case began, ended, cancelled
}
