/// A game's named actions bound to keys, controller buttons and axes,
/// composites and gesture recognizers, with a snapshot of each action per
/// frame: pressed, just pressed, just released, value and vector.
///
/// The game defines its actions as a type of its own, usually an enum (a
/// `String` raw value lets bindings be saved to a file, see
/// ``ActionMapFile``). The map takes every input event in order, and at the
/// end of each frame's input builds one ``ActionSnapshot`` per action, which
/// the game reads in its updates.
///
/// ```swift
/// enum Action: String, CaseIterable { case jump, move, zoom }
///
/// let actions = ActionMap<Action>()
/// try actions.bind(.jump, to: .key(.space))
/// try actions.bind(.jump, to: .button(.south))
/// try actions.bind(.move, to: .composite(.wasd))
/// try actions.bind(.move, to: .composite(.stick(.left, StickResponse())))
/// actions.register(pinch, as: "pinch")
/// try actions.bind(.zoom, to: .gesture("pinch", .scale))
/// loop.addInput(actions)              // the game loop feeds it and ends its frames
///
/// // in an update:
/// if actions[.jump].justPressed { hero.jump() }
/// hero.walk(actions[.move].vector)
/// camera.zoom *= actions[.zoom].scale
/// ```
///
/// ## Several bindings, one action
///
/// An action is pressed while any of its bindings is held, and it goes down
/// and up when the first binding is held and the last one let go; so a key
/// and a button bound to one action act as one. Its value is the strongest
/// held level (largest magnitude, keeping its sign), its vector the longest
/// held vector; the per-frame changes of its gestures are added on top (see
/// ``ActionSnapshot``). A trigger (a recognized tap) presses and releases an
/// action that nothing holds; while another binding holds it, the trigger
/// changes nothing, the action being down already.
///
/// ## Nothing lost between frames
///
/// Edges are counted as events arrive, not sampled when the frame ends: a
/// press and release inside one frame reports both ``ActionSnapshot/justPressed``
/// and ``ActionSnapshot/justReleased``; press, release, press reports both,
/// with ``ActionSnapshot/pressCount`` 2 and the action pressed.
///
/// ## Devices
///
/// Key repeats are not presses. Controller buttons and axes come from
/// ``controller`` (every controller when `nil`: they then share one state,
/// the last event of any pad setting a button or axis). A pad that is
/// removed lets go of everything it held; an interruption (focus lost, see
/// ``InputEvent/Kind/interrupted(_:)``) lets go of the keys and mouse
/// buttons, whose ups will never arrive. The left mouse button is the
/// mouse's contact: held while a ``PointerKind/mouse`` pointer (or the
/// ``PointerKind/simulated`` pair) is down.
///
/// ## Chords, repeats and rebinding
///
/// A chord (``ActionChord``) takes its input's press from every other
/// binding of the map. An action can repeat while held (``setRepeat(_:for:)``,
/// ``ActionRepeat``), on ``clock``. ``startListening(_:)`` waits for the
/// player's next input to bind (``BindingListener``);
/// ``conflicts(with:for:)`` says which actions already use it.
///
/// ## Changing bindings
///
/// Bindings can change at any time, from code or a file. A new binding is
/// evaluated at once against what is held (binding a key that is down
/// presses the action now, with an edge); an action whose last held binding
/// is removed is released, with an edge.
///
/// ## Cost
///
/// Handling an event touches only the bindings of that input (found through
/// tables built when bindings change) and keeps each one's level. So
/// ``endFrame()`` reads plain numbers, once per binding, with no reference
/// counting, and writes snapshots into storage sized when bindings change:
/// a frame allocates nothing.
///
/// ## See Also
/// - ``ActionBinding``
/// - ``ActionComposite``
/// - ``GestureReading``
/// - ``ActionSnapshot``
/// - ``ActionMapFile``
/// - ``ActionChord``
/// - ``ActionRepeat``
/// - ``BindingListener``
/// - ``GameLoop``
@MainActor
public final class ActionMap<Action: Hashable>: FrameInput {
    /// An action with one of its bindings.
    public struct Entry: Hashable {
        public var action: Action
        public var binding: ActionBinding

        public init(_ action: Action, _ binding: ActionBinding) {
            self.action = action
            self.binding = binding
        }
    }

    /// The actions, in the order given at creation: the order of snapshots
    /// and of a saved file.
    public let actions: [Action]
    /// Every binding, grouped by action in the order of ``actions``, and in
    /// the order they were bound within an action.
    public private(set) var entries: [Entry] = []
    /// The controller whose buttons and axes count; `nil` for every one.
    public var controller: Int32? {
        didSet { releaseController() }
    }
    /// The clock that repeats (``ActionRepeat``) and a listen's timeout
    /// (``BindingListener``) read: game time. A ``GameLoop`` hands over its
    /// clock when the map is added to it, unless the map has one already
    /// (a pause menu's map on the base clock keeps repeating while the game
    /// is paused). Without a clock nothing repeats and listens do not time out.
    public var clock: (any Clock)?
    /// Where the rebinding listen stands; see ``startListening(_:)``.
    public internal(set) var listenStatus = ListenStatus.idle
    /// How many frames have ended.
    // Exclusivity: unchecked, as the per-frame arrays below. Every access
    // is a plain read, or a write in `endFrame()` and a snapshot's restore
    // with no call inside it, and it is never passed `inout`: no two can
    // overlap, and the runtime's check was the one left in `endFrame()`
    // (callgrind, Brawler: about 76 instructions a map a frame).
    @exclusivity(unchecked) public internal(set) var frameCount = 0
    /// Counts the changes to the bindings and registered recognizers: an
    /// ``ActionMapSnapshot`` restores only into the version it was taken of.
    public internal(set) var bindingsVersion = 0

    @usableFromInline let actionIndex: [Action: Int]

    // MARK: Per-binding and per-action state

    // Exclusivity: the arrays `endFrame()` reads and writes every frame
    // (`compiled`, `actionRanges`, `actionStates`, `snapshots`, `gestures`,
    // `wheelTravel`) are unchecked. Every access to them, in this file, the
    // map's extensions and `ActionMapSnapshot`, is either instantaneous (an
    // element read or written, with no call inside it that could reach the
    // map: a gesture's value closure and a listen's answer run before or
    // after, never during one) or an `inout` argument to a function that
    // takes only arrays (`snapshotActions`, `ActionMapSnapshot.copy`) and
    // cannot reach the map. No two accesses can overlap, so the runtime's
    // check, about 8 a map a frame, finds nothing (callgrind, Air Hockey:
    // `endFrame` 1,185 → 456 instructions a map a frame without it).
    @exclusivity(unchecked) var compiled: [CompiledBinding] = []
    /// The binding of each element of `compiled`, for evaluating it.
    var compiledBindings: [ActionBinding] = []
    /// The range of `compiled` of each action.
    @exclusivity(unchecked) var actionRanges: [Range<Int>]
    @exclusivity(unchecked) var actionStates: [ActionState]
    @exclusivity(unchecked) @usableFromInline var snapshots: [ActionSnapshot]

    // MARK: Device state

    // Exclusivity: these four are read for every binding an event
    // refreshes (an axis's move re-reads every binding on that axis) and
    // are unchecked by the same rule as the per-frame arrays above: every
    // access is an element read or written with no call inside it, or an
    // argument to `ActionMapSnapshot.copy`, which takes only arrays (perf,
    // ActionBenchmarks "Frame: 4 events + snapshot": the runtime's checks
    // were about a quarter of its time, most of them in `axisReading`).

    /// Whether each digital input is down, by ``InputSlot``.
    @exclusivity(unchecked) var isDown: [Bool]
    /// Digital inputs whose current press belongs to a chord or answered a
    /// listen: no other binding reads them until they are let go.
    @exclusivity(unchecked) var isTaken: [Bool]
    @exclusivity(unchecked) var axisValues: [Double]
    /// Axes that answered a listen: they read 0 until they come back to rest.
    @exclusivity(unchecked) var isAxisTaken: [Bool]
    /// Mouse and simulated pointers down: the left button is down while any is.
    var mouseContacts = 0
    /// The wheel's travel since the last frame ended, vertical then horizontal.
    ///
    /// This and ``wheelNotches`` are made in `init`, not from a literal: the
    /// optimiser emits a literal of constants as one read-only array shared
    /// by every map, so the first write to it (`endFrame` zeroes the travel)
    /// copied it, an allocation in the first frame that steps, in the input
    /// (callgrind, Air Hockey's two maps, the ten-contact trace's frame 1:
    /// about 700 instructions with the allocations, and their cold lines).
    @exclusivity(unchecked) var wheelTravel: [Double]
    /// Fractions of a notch turned one way, not yet a step.
    var wheelNotches: [Double]

    // MARK: Lookup tables, rebuilt when bindings change

    /// The bindings that read each digital input, by ``InputSlot``.
    var bindingsOfSlot: [[Int]]
    /// The chords pressed by each digital input.
    var chordsOfSlot: [[Int]]
    var bindingsOfAxis: [[Int]]
    var bindingsOfWheelStep: [[Int]]

    // MARK: Repeats and listening

    /// The clock that repeats and a listen's timeout read; see ``clock``.
    var repeatSettings: [ActionRepeat?]
    /// When each repeating action's next repeat falls due.
    var nextRepeat: [Double]
    /// The actions with a repeat setting, so that a frame visits only them.
    var repeatingActions: [Int] = []
    var listener: BindingListener?
    var listenDeadline: Double? {
        // Counted across maps, so that a roster knows when no map needs an
        // event for a listen's timeout (see `ListenDeadlines`).
        didSet {
            if oldValue == nil, listenDeadline != nil { ListenDeadlines.pending += 1 }
            if oldValue != nil, listenDeadline == nil { ListenDeadlines.pending -= 1 }
        }
    }

    // MARK: Gestures

    @exclusivity(unchecked) var gestures: [GestureSlot] = []

    /// A map of `actions`, with no bindings.
    public init(actions: some Sequence<Action>) {
        var unique: [Action] = []
        var index: [Action: Int] = [:]
        for action in actions where index[action] == nil {
            index[action] = unique.count
            unique.append(action)
        }
        self.actions = unique
        actionIndex = index
        actionRanges = Array(repeating: 0..<0, count: unique.count)
        actionStates = Array(repeating: ActionState(), count: unique.count)
        snapshots = Array(repeating: .idle, count: unique.count)
        repeatSettings = Array(repeating: nil, count: unique.count)
        nextRepeat = Array(repeating: .infinity, count: unique.count)
        isDown = Array(repeating: false, count: InputSlot.count)
        isTaken = Array(repeating: false, count: InputSlot.count)
        axisValues = Array(repeating: 0, count: ControllerAxis.allCases.count)
        isAxisTaken = Array(repeating: false, count: ControllerAxis.allCases.count)
        bindingsOfSlot = Array(repeating: [], count: InputSlot.count)
        chordsOfSlot = Array(repeating: [], count: InputSlot.count)
        bindingsOfAxis = Array(repeating: [], count: ControllerAxis.allCases.count)
        bindingsOfWheelStep = Array(repeating: [], count: WheelDirection.allCases.count)
        wheelTravel = Array(repeating: 0, count: 2)
        wheelNotches = Array(repeating: 0, count: 2)
    }

    /// A map of every case of the action type, in declaration order.
    public convenience init() where Action: CaseIterable {
        self.init(actions: Action.allCases)
    }

    /// Takes the loop's clock when the map has none (see ``clock``).
    public func useClock(_ clock: GameClock) {
        if self.clock == nil { self.clock = clock }
    }

    // MARK: Reading

    /// The action's snapshot of the last frame that ended; ``ActionSnapshot/idle``
    /// for an action the map does not have.
    // Inlinable, so that a game's reads are specialized for its own action
    // type: in this generic class the dictionary's look-up hashes through
    // the type's witness tables (callgrind, Brawler: about 570
    // instructions a read, and a game reads every action every frame).
    @inlinable
    public subscript(action: Action) -> ActionSnapshot {
        guard let index = actionIndex[action] else { return .idle }
        return snapshots[index]
    }

    /// The bindings of one action, in the order they were bound.
    public func bindings(of action: Action) -> [ActionBinding] {
        entries.filter { $0.action == action }.map(\.binding)
    }

    // MARK: Binding

    /// Adds a binding to an action.
    ///
    /// - Throws: ``ActionMapError`` if the map has no such action, a number
    ///   is out of range, or a gesture binding names a recognizer that is not
    ///   registered or cannot be read that way. The map is then unchanged.
    public func bind(_ action: Action, to binding: ActionBinding) throws(ActionMapError) {
        try setEntries(entries + [Entry(action, binding)])
    }

    /// Removes every binding of `action` equal to `binding`.
    public func unbind(_ action: Action, from binding: ActionBinding) {
        rebuild(entries.filter { !($0.action == action && $0.binding == binding) })
    }

    /// Removes every binding of `action`.
    public func removeBindings(of action: Action) {
        rebuild(entries.filter { $0.action != action })
    }

    /// Replaces every binding at once, checking them all first.
    ///
    /// - Throws: ``ActionMapError`` for the first entry that cannot be bound
    ///   (its ``ActionMapError/binding`` says which); the map is then unchanged.
    public func setEntries(_ newEntries: [Entry]) throws(ActionMapError) {
        for entry in newEntries {
            if let problem = problem(with: entry) {
                throw ActionMapError(line: nil, binding: "\(entry.action) \(entry.binding)", problem: problem)
            }
        }
        rebuild(newEntries)
    }

    func problem(with entry: Entry) -> ActionMapError.Problem? {
        guard actionIndex[entry.action] != nil else { return .unknownAction(String(describing: entry.action)) }
        if let invalid = entry.binding.invalidity { return invalid }
        if let (name, reading) = entry.binding.gestureReading {
            guard let slot = gestures.firstIndex(where: { $0.name == name && $0.recognizer != nil }) else {
                return .unknownRecognizer(name)
            }
            if !gestures[slot].values.supports(reading) {
                return .unsupportedReading(recognizer: name, reading: reading.rawValue)
            }
        }
        return nil
    }

    // MARK: Gestures

    /// Makes `recognizer` available to gesture bindings under `name`,
    /// replacing any recognizer registered under that name (whose bindings
    /// then read the new one).
    ///
    /// The map adds an action to the recognizer and removes it again in
    /// ``unregister(_:)``; it holds the recognizer until then.
    public func register(_ recognizer: GestureRecognizer, as name: String, values: GestureValues) {
        let slot: Int
        if let existing = gestures.firstIndex(where: { $0.name == name }) {
            detach(slot: existing)
            gestures[existing].recognizer = recognizer
            gestures[existing].values = values
            slot = existing
        } else {
            slot = gestures.count
            gestures.append(GestureSlot(name: name, recognizer: recognizer, values: values))
        }
        // The recognizer holds its target weakly, and an object once held
        // weakly keeps a side table for its reference counts, where every
        // retain and release takes the slow path: for a map, one of each
        // per event that reaches it (callgrind, Brawler: about 170
        // instructions a map an event, against 40). So the target is a
        // small forwarder the map owns, not the map: it lives exactly as
        // long as the map holds it, which is why it may hold the map
        // unowned, and a recognizer that outlives the map finds no target.
        let forwarder = GestureForwarder()
        forwarder.changed = { [unowned self] recognizer in self.gestureChanged(slot: slot, recognizer) }
        gestures[slot].forwarder = forwarder
        gestures[slot].actionID = recognizer.addTarget(forwarder) { forwarder, recognizer in
            forwarder.changed?(recognizer)
        }
        rebuild(entries)
    }

    /// Forgets the recognizer registered under `name` and removes the
    /// bindings that name it.
    public func unregister(_ name: String) {
        guard let slot = gestures.firstIndex(where: { $0.name == name }) else { return }
        detach(slot: slot)
        rebuild(entries.filter {
            $0.binding.gestureReading?.name != name
        })
    }

    /// The names of the registered recognizers.
    public var registeredGestureNames: [String] {
        gestures.filter { $0.recognizer != nil }.map(\.name)
    }

    private func detach(slot: Int) {
        if let id = gestures[slot].actionID { gestures[slot].recognizer?.removeAction(id) }
        gestures[slot].recognizer = nil
        gestures[slot].actionID = nil
        gestures[slot].forwarder = nil
        gestures[slot].isUnderWay = false
        gestures[slot].translation = .zero
        gestures[slot].scale = 1
        gestures[slot].rotation = 0
    }

    // MARK: Frames

    /// Takes one input event; see "Devices" above for what counts.
    public func handle(_ event: InputEvent) {
        if listener != nil, let deadline = listenDeadline, let now = clock?.now, now >= deadline {
            finishListening(.cancelled(.timedOut))
        }
        switch event.kind {
        case .key(let key) where !key.isRepeat:
            // Scancodes outside SDL's range name no key a binding can hold.
            guard let slot = InputSlot.of(.key(key.scancode)) else { break }
            set(slot, down: key.isDown)
        case .controller(.button(let pad, let button, let isDown)) where accepts(pad):
            set(InputSlot.of(button), down: isDown)
        case .controller(.axis(let pad, let axis, let value)) where accepts(pad) && value.isFinite:
            set(axis, to: value)
        case .controller(.removed(let pad)) where accepts(pad):
            if let listener, listener.inputs.contains(.controller) {
                finishListening(.cancelled(.controllerRemoved(pad)))
            }
            releaseController()
        case .mouseButton(let press):
            set(InputSlot.of(press.button), down: press.isDown)
        case .pointer(let pointer) where pointer.isMouseContact:
            // The left button is the mouse's contact: one pointer, or the
            // simulated pair, for as long as it is down.
            switch pointer.phase {
            case .down:
                mouseContacts += 1
                if mouseContacts == 1 { set(InputSlot.of(.left), down: true) }
            case .up, .cancel:
                guard mouseContacts > 0 else { break }
                mouseContacts -= 1
                if mouseContacts == 0 { set(InputSlot.of(.left), down: false) }
            case .move:
                break
            }
        case .mouseWheel(let wheel) where wheel.dx.isFinite && wheel.dy.isFinite:
            turnWheel(axis: 0, by: wheel.dy, toward: (.up, .down))
            turnWheel(axis: 1, by: wheel.dx, toward: (.right, .left))
        case .interrupted:
            // Keys and mouse buttons held when focus went never send their ups.
            for slot in InputSlot.keys where isDown[slot] { set(slot, down: false) }
            for slot in InputSlot.mouseButtons where isDown[slot] { set(slot, down: false) }
            mouseContacts = 0
        case .key, .controller, .pointer, .mouseHover, .mouseWheel, .sensor, .remote, .text:
            break
        }
    }

    /// Builds this frame's snapshots from everything since the last call,
    /// and starts counting the next frame's edges and gesture changes.
    public func endFrame() {
        let wheel = (vertical: wheelTravel[0], horizontal: wheelTravel[1])
        // The arrays handed to a function outside the generic class, which
        // takes their buffers once for the whole loop: the class's arrays
        // would otherwise be checked for exclusive access at every element,
        // and the same buffers taken here, in closures of the unspecialized
        // generic map, cost a check of the main actor's executor and a
        // retain per closure (callgrind: ~3,000 instructions a map a frame).
        snapshotActions(&compiled, &actionRanges, &actionStates, &snapshots, &gestures, wheel)
        for slot in gestures.indices {
            gestures[slot].translation = .zero
            gestures[slot].scale = 1
            gestures[slot].rotation = 0
        }
        wheelTravel[0] = 0
        wheelTravel[1] = 0
        if !repeatingActions.isEmpty || listener != nil, let now = clock?.now {
            countRepeats(now: now)
            if listener != nil, let deadline = listenDeadline, now >= deadline {
                finishListening(.cancelled(.timedOut))
            }
        }
        frameCount += 1
    }

    // MARK: Devices

    private func accepts(_ pad: Int32) -> Bool {
        controller.map { $0 == pad } ?? true
    }

    /// A digital input went down or up. A down that was down already, or
    /// an up of what is not down, changes nothing.
    private func set(_ slot: Int, down: Bool) {
        guard isDown[slot] != down else { return }
        isDown[slot] = down
        if down {
            if listener != nil {
                // A listen takes every press: the answer, the cancel, or an
                // input it does not accept, none of which should play.
                isTaken[slot] = true
                if let status = listener?.answer(toPressOf: InputSlot.input(at: slot)) { finishListening(status) }
            } else {
                pressChords(of: slot)
            }
        } else {
            isTaken[slot] = false
        }
        refresh(bindingsOfSlot[slot])
    }

    /// The one place where a chord takes its input's press (see
    /// ``ActionChord``, "What the plain input does while the chord is
    /// held"): the chords on `slot` whose modifiers are all held, and of
    /// those the ones with the most modifiers, arm; if any does, no other
    /// binding reads the input until it is let go.
    private func pressChords(of slot: Int) {
        let chords = chordsOfSlot[slot]
        guard !chords.isEmpty else { return }
        var most = 0
        for index in chords {
            guard case .chord(let chord) = compiledBindings[index], chord.modifiers.allSatisfy({ isHeld($0, plain: false) }) else { continue }
            most = max(most, chord.modifiers.count)
        }
        guard most > 0 else { return }
        for index in chords {
            guard case .chord(let chord) = compiledBindings[index], chord.modifiers.count == most,
                  chord.modifiers.allSatisfy({ isHeld($0, plain: false) })
            else { continue }
            compiled[index].isArmed = true
        }
        isTaken[slot] = true
    }

    private func set(_ axis: ControllerAxis, to value: Double) {
        let ordinal = axis.ordinal
        let previous = axisValues[ordinal]
        axisValues[ordinal] = value
        if isAxisTaken[ordinal], abs(value) <= AxisResponse.standard(for: axis).deadZone {
            isAxisTaken[ordinal] = false
        }
        if let status = listener?.answer(toAxis: axis, movingFrom: previous, to: value) {
            isAxisTaken[ordinal] = true
            finishListening(status)
        }
        refresh(bindingsOfAxis[ordinal])
    }

    /// Adds a wheel turn to the frame's travel, and counts the whole notches
    /// turned one way as steps (see ``WheelDirection``).
    private func turnWheel(axis: Int, by delta: Double, toward directions: (positive: WheelDirection, negative: WheelDirection)) {
        guard delta != 0 else { return }
        wheelTravel[axis] += delta
        if wheelNotches[axis] != 0, (wheelNotches[axis] > 0) != (delta > 0) { wheelNotches[axis] = 0 }
        wheelNotches[axis] += delta
        let whole = wheelNotches[axis].rounded(.towardZero)
        guard whole != 0 else { return }
        wheelNotches[axis] -= whole
        let direction = whole > 0 ? directions.positive : directions.negative
        if listener != nil {
            if let status = listener?.answer(toWheel: direction) { finishListening(status) }
            return
        }
        // A wheel reporting absurd travel (a hand-made event) steps at most
        // this often; a real notch is 1.
        let steps = Int(min(abs(whole), Double(Self.maximumStepsPerEvent)))
        for _ in 0..<steps {
            for index in bindingsOfWheelStep[direction.ordinal] { trigger(compiled[index].action) }
        }
    }

    /// The most steps one wheel event makes.
    static var maximumStepsPerEvent: Int { 100 }

    private func releaseController() {
        for slot in InputSlot.buttons where isDown[slot] { set(slot, down: false) }
        for axis in ControllerAxis.allCases where axisValues[axis.ordinal] != 0 { set(axis, to: 0) }
    }

    // MARK: Evaluation

    /// Whether an input is held; `plain` leaves out presses a chord or a
    /// listen has taken, as every binding but a chord reads them.
    private func isHeld(_ input: DigitalInput, plain: Bool) -> Bool {
        switch input {
        case .modifier(let modifier):
            let keys = modifier.keys
            return isHeld(.key(keys.left.scancode), plain: plain) || isHeld(.key(keys.right.scancode), plain: plain)
        case .key, .button, .mouseButton:
            guard let slot = InputSlot.of(input) else { return false }
            return isDown[slot] && !(plain && isTaken[slot])
        }
    }

    private func axisReading(_ axis: ControllerAxis) -> Double {
        isAxisTaken[axis.ordinal] ? 0 : axisValues[axis.ordinal]
    }

    /// Whether binding `index` is held, with its level and vector while it is.
    private func level(of index: Int) -> (isHeld: Bool, value: Double, vector: Point) {
        switch compiledBindings[index] {
        case .key(let scancode):
            let down = isHeld(.key(scancode), plain: true)
            return (down, down ? 1 : 0, .zero)
        case .button(let button):
            let down = isHeld(.button(button), plain: true)
            return (down, down ? 1 : 0, .zero)
        case .mouseButton(let button):
            let down = isHeld(.mouseButton(button), plain: true)
            return (down, down ? 1 : 0, .zero)
        case .axis(let axis, let response):
            let value = response.value(for: axisReading(axis))
            return (value != 0, value, .zero)
        case .composite(.axis(let negative, let positive)):
            let low = isHeld(negative, plain: true)
            let high = isHeld(positive, plain: true)
            return (low || high, (high ? 1 : 0) - (low ? 1 : 0), .zero)
        case .composite(.vector(let up, let down, let left, let right)):
            let isUp = isHeld(up, plain: true), isDown = isHeld(down, plain: true)
            let isLeft = isHeld(left, plain: true), isRight = isHeld(right, plain: true)
            let x = (isRight ? 1.0 : 0) - (isLeft ? 1 : 0)
            let y = (isDown ? 1.0 : 0) - (isUp ? 1 : 0)
            // Diagonals are normalised: exactly √½ on each axis.
            let diagonal = x != 0 && y != 0 ? 0.5.squareRoot() : 1
            let moving = x != 0 || y != 0
            return (isUp || isDown || isLeft || isRight, moving ? 1 : 0, Point(x: x * diagonal, y: y * diagonal))
        case .composite(.stick(let stick, let response)):
            let axes = stick.axes
            let vector = response.vector(x: axisReading(axes.x), y: axisReading(axes.y))
            let length = (vector.x * vector.x + vector.y * vector.y).squareRoot()
            return (length > 0, length, vector)
        case .gesture, .command:
            // Continuous readings report their changes, not a level: a
            // rotation's value is the angle turned, with nothing added for
            // being held.
            let binding = compiled[index]
            let held = binding.reading != .trigger && binding.gesture >= 0 && gestures[binding.gesture].isUnderWay
            return (held, held && binding.reading == .held ? 1 : 0, .zero)
        case .wheel, .wheelStep:
            // Changes and steps, never held.
            return (false, 0, .zero)
        case .chord(let chord):
            let held = compiled[index].isArmed && isHeld(chord.input, plain: false)
                && chord.modifiers.allSatisfy { isHeld($0, plain: false) }
            return (held, held ? 1 : 0, .zero)
        }
    }

    /// Re-evaluates bindings whose input changed, keeping their levels for
    /// the frame's snapshot and counting the edges of their actions.
    private func refresh(_ bindings: [Int]) {
        for index in bindings {
            let level = level(of: index)
            compiled[index].value = level.value
            compiled[index].vector = level.vector
            // A chord that lets go is over until its input goes down again.
            if !level.isHeld { compiled[index].isArmed = false }
            guard level.isHeld != compiled[index].isHeld else { continue }
            compiled[index].isHeld = level.isHeld
            let action = compiled[index].action
            if level.isHeld {
                actionStates[action].heldCount += 1
                if actionStates[action].heldCount == 1 { actionStates[action].presses += 1 }
            } else {
                actionStates[action].heldCount -= 1
                if actionStates[action].heldCount == 0 { actionStates[action].releases += 1 }
            }
        }
    }

    /// A recognized gesture or a wheel step presses and releases an action
    /// nothing holds.
    private func trigger(_ action: Int) {
        guard actionStates[action].heldCount == 0 else { return }
        actionStates[action].presses += 1
        actionStates[action].releases += 1
    }

    /// A registered recognizer's action ran: record what changed.
    private func gestureChanged(slot: Int, _ recognizer: GestureRecognizer) {
        guard gestures[slot].recognizer === recognizer else { return }
        switch recognizer.state {
        case .began:
            gestures[slot].isUnderWay = true
            // Each gesture's changes are measured from the identity, so that
            // a frame's changes add up to the recognizer's own total.
            gestures[slot].lastTranslation = .zero
            gestures[slot].lastScale = 1
            gestures[slot].lastRotation = 0
            accumulate(slot: slot, recognizer)
            for index in gestures[slot].bindings where compiled[index].reading == .trigger {
                trigger(compiled[index].action)
            }
            refresh(gestures[slot].bindings)
        case .changed:
            accumulate(slot: slot, recognizer)
        case .ended where !gestures[slot].isUnderWay:
            // A discrete recognizer recognized: every reading is a trigger.
            for index in gestures[slot].bindings { trigger(compiled[index].action) }
        case .ended, .cancelled:
            accumulate(slot: slot, recognizer)
            gestures[slot].isUnderWay = false
            refresh(gestures[slot].bindings)
        case .possible, .failed:
            break
        }
    }

    private func accumulate(slot: Int, _ recognizer: GestureRecognizer) {
        let values = gestures[slot].values
        if let read = values.translation {
            let now = read(recognizer)
            if now.isFinite {
                gestures[slot].translation = gestures[slot].translation + (now - gestures[slot].lastTranslation)
                gestures[slot].lastTranslation = now
            }
        }
        if let read = values.scale {
            let now = read(recognizer)
            if now.isFinite, now > 0 {
                gestures[slot].scale *= now / gestures[slot].lastScale
                gestures[slot].lastScale = now
            }
        }
        if let read = values.rotation {
            let now = read(recognizer)
            if now.isFinite {
                gestures[slot].rotation += now - gestures[slot].lastRotation
                gestures[slot].lastRotation = now
            }
        }
    }

    // MARK: Rebuilding

    /// Installs `newEntries` (already checked): groups them by action,
    /// rebuilds the lookup tables, and evaluates every binding against what
    /// is held now, counting the edges that makes.
    private func rebuild(_ newEntries: [Entry]) {
        bindingsVersion &+= 1
        var grouped: [[Entry]] = Array(repeating: [], count: actions.count)
        for entry in newEntries {
            guard let action = actionIndex[entry.action], problem(with: entry) == nil else { continue }
            grouped[action].append(entry)
        }
        entries = grouped.flatMap { $0 }

        let wasHeld = actionStates.map { $0.heldCount > 0 }
        compiled.removeAll(keepingCapacity: true)
        compiledBindings.removeAll(keepingCapacity: true)
        for slot in bindingsOfSlot.indices where !bindingsOfSlot[slot].isEmpty { bindingsOfSlot[slot].removeAll() }
        for slot in chordsOfSlot.indices where !chordsOfSlot[slot].isEmpty { chordsOfSlot[slot].removeAll() }
        for ordinal in bindingsOfAxis.indices { bindingsOfAxis[ordinal].removeAll() }
        for ordinal in bindingsOfWheelStep.indices { bindingsOfWheelStep[ordinal].removeAll() }
        for slot in gestures.indices { gestures[slot].bindings.removeAll() }

        for (action, group) in grouped.enumerated() {
            let start = compiled.count
            for entry in group {
                let index = compiled.count
                var binding = CompiledBinding(action: action)
                switch entry.binding {
                case .key(let scancode):
                    note(.key(scancode), index)
                case .button(let button):
                    note(.button(button), index)
                case .mouseButton(let button):
                    note(.mouseButton(button), index)
                case .axis(let axis, _):
                    bindingsOfAxis[axis.ordinal].append(index)
                case .composite(.axis(let negative, let positive)):
                    for input in [negative, positive] { note(input, index) }
                case .composite(.vector(let up, let down, let left, let right)):
                    for input in [up, down, left, right] { note(input, index) }
                case .composite(.stick(let stick, _)):
                    bindingsOfAxis[stick.axes.x.ordinal].append(index)
                    bindingsOfAxis[stick.axes.y.ordinal].append(index)
                case .gesture(let name, _), .command(let name):
                    let reading = entry.binding.gestureReading?.reading ?? .trigger
                    let slot = gestures.firstIndex { $0.name == name && $0.recognizer != nil } ?? -1
                    binding.gesture = slot
                    binding.reading = reading
                    if slot >= 0 { gestures[slot].bindings.append(index) }
                case .wheel(let axis, let scale):
                    binding.wheelAxis = axis.ordinal
                    binding.wheelScale = scale
                case .wheelStep(let direction):
                    bindingsOfWheelStep[direction.ordinal].append(index)
                case .chord(let chord):
                    for input in chord.modifiers + [chord.input] { note(input, index) }
                    for slot in InputSlot.all(of: chord.input) { chordsOfSlot[slot].append(index) }
                }
                compiled.append(binding)
                compiledBindings.append(entry.binding)
                let level = level(of: index)
                compiled[index].isHeld = level.isHeld
                compiled[index].value = level.value
                compiled[index].vector = level.vector
            }
            actionRanges[action] = start..<compiled.count
        }
        for action in actionStates.indices {
            let held = actionRanges[action].reduce(0) { $0 + (compiled[$1].isHeld ? 1 : 0) }
            actionStates[action].heldCount = held
            if held > 0 && !wasHeld[action] { actionStates[action].presses += 1 }
            if held == 0 && wasHeld[action] { actionStates[action].releases += 1 }
        }
    }

    /// Lists binding `index` under an input it reads (a modifier under both
    /// its keys), once even when a composite or chord names that input
    /// twice. Bindings are noted in increasing order, so a repeat can only
    /// be the last one listed: checking that keeps loading linear
    /// (searching the whole list made 80,000 composites on one key take
    /// seconds).
    private func note(_ input: DigitalInput, _ index: Int) {
        for slot in InputSlot.all(of: input) where bindingsOfSlot[slot].last != index {
            bindingsOfSlot[slot].append(index)
        }
    }
}

/// A binding as an ``ActionMap`` evaluates it, in plain numbers: its action, whether it is
/// held, its level while held (refreshed whenever one of its inputs
/// changes), and where its per-frame changes come from. `endFrame()`
/// reads only these, never the ``ActionBinding`` itself, which is what
/// keeps a frame free of reference counting. Not nested in the generic
/// map: a nested type is generic too, and every unspecialized array access
/// to it looked its metadata up in the runtime's cache (a third of a
/// frame's time before this was split out).
struct CompiledBinding {
    var action: Int
    var isHeld = false
    var value = 0.0
    var vector = Point.zero
    /// Index into `gestures`, for a gesture binding.
    var gesture = -1
    var reading = GestureReading.held
    /// The wheel axis a ``ActionBinding/wheel(_:scale:)`` binding reads
    /// (its ordinal), or -1; and its scale.
    var wheelAxis = -1
    var wheelScale = 0.0
    /// A chord whose input went down while its modifiers were held.
    var isArmed = false
}

/// An action's held bindings and edges since the last frame, in an ``ActionMap``.
struct ActionState {
    /// How many of the action's bindings are held.
    var heldCount = 0
    var presses = 0
    var releases = 0
}

/// A recognizer registered with an ``ActionMap``, and what it did since the last frame.
struct GestureSlot {
    var name: String
    var recognizer: GestureRecognizer?
    var values: GestureValues
    var actionID: GestureRecognizer.ActionID?
    /// The recognizer's target, which calls the map (see `register`).
    var forwarder: GestureForwarder?
    var bindings: [Int] = []
    /// Between began and ended or cancelled.
    var isUnderWay = false
    var lastTranslation = Point.zero
    var lastScale = 1.0
    var lastRotation = 0.0
    /// What changed since the last frame ended.
    var translation = Point.zero
    var scale = 1.0
    var rotation = 0.0
}

/// The target an ``ActionMap`` gives a registered recognizer in its place,
/// so that the map itself is never held weakly (see `ActionMap.register`).
@MainActor
final class GestureForwarder {
    var changed: (@MainActor (GestureRecognizer) -> Void)?
}

/// The frame's snapshot of every action, from its bindings' levels and
/// changes; and each action's edges counted from zero again.
/// Outside the generic map, so that it is compiled once, for these
/// concrete types. Every array is `inout`, even those only read: an array
/// passed by value out of the class's stored property is retained for the
/// call and released after it (callgrind: about 120 instructions a map a
/// frame for the three).
private func snapshotActions(
    _ bindings: inout [CompiledBinding], _ ranges: inout [Range<Int>],
    _ states: inout [ActionState], _ snapshots: inout [ActionSnapshot],
    _ gestures: inout [GestureSlot], _ wheel: (vertical: Double, horizontal: Double)
) {
    bindings.withUnsafeBufferPointer { bindings in
        ranges.withUnsafeBufferPointer { ranges in
            states.withUnsafeMutableBufferPointer { states in
                snapshots.withUnsafeMutableBufferPointer { snapshots in
                    gestures.withUnsafeBufferPointer { gestures in
                        snapshotActions(bindings, ranges, states, snapshots, gestures, wheel)
                    }
                }
            }
        }
    }
}

private func snapshotActions(
    _ bindings: UnsafeBufferPointer<CompiledBinding>, _ ranges: UnsafeBufferPointer<Range<Int>>,
    _ states: UnsafeMutableBufferPointer<ActionState>, _ snapshots: UnsafeMutableBufferPointer<ActionSnapshot>,
    _ gestures: UnsafeBufferPointer<GestureSlot>, _ wheel: (vertical: Double, horizontal: Double)
) {
    for action in ranges.indices {
        var value = 0.0
        var vector = Point.zero
        var change = 0.0
        var translation = Point.zero
        var scale = 1.0
        var longest = 0.0
        for index in ranges[action] {
            let binding = bindings[index]
            if binding.gesture >= 0 {
                let slot = binding.gesture
                switch binding.reading {
                case .trigger, .held: break
                case .translation: translation = translation + gestures[slot].translation
                case .scale: scale *= gestures[slot].scale
                case .rotation: change += gestures[slot].rotation
                }
            } else if binding.wheelAxis >= 0 {
                change += (binding.wheelAxis == 0 ? wheel.vertical : wheel.horizontal) * binding.wheelScale
            }
            guard binding.isHeld else { continue }
            if abs(binding.value) > abs(value) { value = binding.value }
            let length = binding.vector.x * binding.vector.x + binding.vector.y * binding.vector.y
            if length > longest {
                longest = length
                vector = binding.vector
            }
        }
        let state = states[action]
        snapshots[action] = ActionSnapshot(
            isPressed: state.heldCount > 0, pressCount: state.presses, releaseCount: state.releases,
            value: value + change, vector: vector + translation, scale: scale)
        states[action].presses = 0
        states[action].releases = 0
    }
}

// Positions of buttons and axes in their `allCases` order (SDL's order),
// by switch: a dictionary would hash the enums' String raw values, and
// `allCases` builds an array, on every event.

extension ControllerButton {
    var ordinal: Int {
        switch self {
        case .south: 0
        case .east: 1
        case .west: 2
        case .north: 3
        case .back: 4
        case .guide: 5
        case .start: 6
        case .leftStick: 7
        case .rightStick: 8
        case .leftShoulder: 9
        case .rightShoulder: 10
        case .dpadUp: 11
        case .dpadDown: 12
        case .dpadLeft: 13
        case .dpadRight: 14
        case .misc1: 15
        case .paddle1: 16
        case .paddle2: 17
        case .paddle3: 18
        case .paddle4: 19
        case .touchpad: 20
        }
    }
}

extension MouseButton {
    var ordinal: Int {
        switch self {
        case .left: 0
        case .middle: 1
        case .right: 2
        case .x1: 3
        case .x2: 4
        }
    }
}

extension WheelAxis {
    var ordinal: Int {
        switch self {
        case .vertical: 0
        case .horizontal: 1
        }
    }
}

extension WheelDirection {
    var ordinal: Int {
        switch self {
        case .up: 0
        case .down: 1
        case .left: 2
        case .right: 3
        }
    }
}

extension ControllerAxis {
    var ordinal: Int {
        switch self {
        case .leftX: 0
        case .leftY: 1
        case .rightX: 2
        case .rightY: 3
        case .leftTrigger: 4
        case .rightTrigger: 5
        }
    }
}

extension PointerEvent {
    /// Whether an action map reads this pointer event: the mouse's contact
    /// (its left button), real or simulated. Any other pointer (a finger, a
    /// controller's cursor or touchpad) is the scene's alone; a map looks
    /// at it only for a listen's timeout.
    var isMouseContact: Bool { kind == .mouse || kind == .simulated }
}

/// How many action maps have a listen with a deadline under way: while
/// none has, a pointer event that is not the mouse's contact changes no
/// map, and a ``PlayerRoster`` does not hand it to its maps (two calls
/// through existentials, each retaining its map: callgrind, about 255
/// instructions an event in Air Hockey and Brawler, on every finger's move).
///
/// A map counts itself in when its deadline is set and out when it is
/// cleared. A map freed while listening stays counted: the roster then
/// feeds its maps every event, as it did before the count, which costs
/// time and changes nothing.
@MainActor
enum ListenDeadlines {
    // Exclusivity: read and written only in instantaneous accesses.
    @exclusivity(unchecked) static var pending = 0
}
