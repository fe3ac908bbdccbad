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
/// ``InputEvent/Kind/interrupted(_:)``) lets go of the keys, whose ups will
/// never arrive.
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
/// tables built when bindings change). ``endFrame()`` visits every binding
/// once and writes snapshots into storage sized when bindings change: a
/// frame allocates nothing.
///
/// ## See Also
/// - ``ActionBinding``
/// - ``ActionComposite``
/// - ``GestureReading``
/// - ``ActionSnapshot``
/// - ``ActionMapFile``
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
    /// How many frames have ended.
    public private(set) var frameCount = 0

    let actionIndex: [Action: Int]

    // MARK: Per-binding and per-action state

    /// A binding as evaluated: its action, whether it is held, and for a
    /// gesture the slot of its recognizer.
    struct Compiled {
        var action: Int
        var binding: ActionBinding
        var isHeld = false
        /// Index into `gestures`, for a gesture binding.
        var gesture = -1
        var reading = GestureReading.held
    }

    struct ActionState {
        /// How many of the action's bindings are held.
        var heldCount = 0
        var presses = 0
        var releases = 0
    }

    var compiled: [Compiled] = []
    /// The range of `compiled` of each action.
    var actionRanges: [Range<Int>]
    var actionStates: [ActionState]
    var snapshots: [ActionSnapshot]

    // MARK: Device state

    /// Keys down, by scancode. A handful at most: a linear scan beats hashing.
    var keysDown: [Int32] = []
    var buttonsDown: [Bool]
    var axisValues: [Double]

    // MARK: Lookup tables, rebuilt when bindings change

    var bindingsOfKey: [Int32: [Int]] = [:]
    var bindingsOfButton: [[Int]]
    var bindingsOfAxis: [[Int]]

    // MARK: Gestures

    struct GestureSlot {
        var name: String
        var recognizer: GestureRecognizer?
        var values: GestureValues
        var actionID: GestureRecognizer.ActionID?
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

    var gestures: [GestureSlot] = []

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
        buttonsDown = Array(repeating: false, count: ControllerButton.allCases.count)
        axisValues = Array(repeating: 0, count: ControllerAxis.allCases.count)
        bindingsOfButton = Array(repeating: [], count: ControllerButton.allCases.count)
        bindingsOfAxis = Array(repeating: [], count: ControllerAxis.allCases.count)
        keysDown.reserveCapacity(16)
    }

    /// A map of every case of the action type, in declaration order.
    public convenience init() where Action: CaseIterable {
        self.init(actions: Action.allCases)
    }

    // MARK: Reading

    /// The action's snapshot of the last frame that ended; ``ActionSnapshot/idle``
    /// for an action the map does not have.
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
        gestures[slot].actionID = recognizer.addTarget(self) { map, recognizer in
            map.gestureChanged(slot: slot, recognizer)
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
        gestures[slot].isUnderWay = false
        gestures[slot].translation = .zero
        gestures[slot].scale = 1
        gestures[slot].rotation = 0
    }

    // MARK: Frames

    /// Takes one input event; see "Devices" above for what counts.
    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .key(let key) where !key.isRepeat:
            let index = keysDown.firstIndex(of: key.scancode)
            if key.isDown, index == nil {
                keysDown.append(key.scancode)
            } else if !key.isDown, let index {
                keysDown.remove(at: index)
            }
            if let bindings = bindingsOfKey[key.scancode] { refresh(bindings) }
        case .controller(.button(let pad, let button, let isDown)) where accepts(pad):
            let ordinal = button.ordinal
            buttonsDown[ordinal] = isDown
            refresh(bindingsOfButton[ordinal])
        case .controller(.axis(let pad, let axis, let value)) where accepts(pad) && value.isFinite:
            let ordinal = axis.ordinal
            axisValues[ordinal] = value
            refresh(bindingsOfAxis[ordinal])
        case .controller(.removed(let pad)) where accepts(pad):
            releaseController()
        case .interrupted:
            keysDown.removeAll(keepingCapacity: true)
            for bindings in bindingsOfKey.values { refresh(bindings) }
        case .key, .controller, .pointer, .mouseHover, .mouseButton, .mouseWheel, .sensor, .remote:
            break
        }
    }

    /// Builds this frame's snapshots from everything since the last call,
    /// and starts counting the next frame's edges and gesture changes.
    public func endFrame() {
        for action in actionRanges.indices {
            var value = 0.0
            var vector = Point.zero
            var rotation = 0.0
            var translation = Point.zero
            var scale = 1.0
            for index in actionRanges[action] {
                let binding = compiled[index]
                if binding.gesture >= 0 {
                    let slot = binding.gesture
                    switch binding.reading {
                    case .trigger, .held: break
                    case .translation: translation = translation + gestures[slot].translation
                    case .scale: scale *= gestures[slot].scale
                    case .rotation: rotation += gestures[slot].rotation
                    }
                }
                guard binding.isHeld else { continue }
                let level = self.level(of: binding)
                if abs(level.value) > abs(value) { value = level.value }
                if level.vector.x * level.vector.x + level.vector.y * level.vector.y > vector.x * vector.x + vector.y * vector.y {
                    vector = level.vector
                }
            }
            let state = actionStates[action]
            snapshots[action] = ActionSnapshot(
                isPressed: state.heldCount > 0, pressCount: state.presses, releaseCount: state.releases,
                value: value + rotation, vector: vector + translation, scale: scale)
            actionStates[action].presses = 0
            actionStates[action].releases = 0
        }
        for slot in gestures.indices {
            gestures[slot].translation = .zero
            gestures[slot].scale = 1
            gestures[slot].rotation = 0
        }
        frameCount += 1
    }

    // MARK: Evaluation

    private func accepts(_ pad: Int32) -> Bool {
        controller.map { $0 == pad } ?? true
    }

    private func isDown(_ input: DigitalInput) -> Bool {
        switch input {
        case .key(let scancode): keysDown.contains(scancode)
        case .button(let button): buttonsDown[button.ordinal]
        }
    }

    /// Whether a binding is held, with its level and vector while it is.
    private func level(of binding: Compiled) -> (isHeld: Bool, value: Double, vector: Point) {
        switch binding.binding {
        case .key(let scancode):
            let down = keysDown.contains(scancode)
            return (down, down ? 1 : 0, .zero)
        case .button(let button):
            let down = buttonsDown[button.ordinal]
            return (down, down ? 1 : 0, .zero)
        case .axis(let axis, let response):
            let value = response.value(for: axisValues[axis.ordinal])
            return (value != 0, value, .zero)
        case .composite(.axis(let negative, let positive)):
            let low = isDown(negative)
            let high = isDown(positive)
            return (low || high, (high ? 1 : 0) - (low ? 1 : 0), .zero)
        case .composite(.vector(let up, let down, let left, let right)):
            let x = (isDown(right) ? 1.0 : 0) - (isDown(left) ? 1 : 0)
            let y = (isDown(down) ? 1.0 : 0) - (isDown(up) ? 1 : 0)
            let held = isDown(up) || isDown(down) || isDown(left) || isDown(right)
            // Diagonals are normalised: exactly √½ on each axis.
            let diagonal = x != 0 && y != 0 ? 0.5.squareRoot() : 1
            let moving = x != 0 || y != 0
            return (held, moving ? 1 : 0, Point(x: x * diagonal, y: y * diagonal))
        case .composite(.stick(let stick, let response)):
            let axes = stick.axes
            let vector = response.vector(x: axisValues[axes.x.ordinal], y: axisValues[axes.y.ordinal])
            let length = (vector.x * vector.x + vector.y * vector.y).squareRoot()
            return (length > 0, length, vector)
        case .gesture, .command:
            // Continuous readings report their changes, not a level: a
            // rotation's value is the angle turned, with nothing added for
            // being held.
            let held = binding.reading != .trigger && gestures[binding.gesture].isUnderWay
            return (held, held && binding.reading == .held ? 1 : 0, .zero)
        }
    }

    /// Re-evaluates bindings whose input changed, counting the edges of
    /// their actions.
    private func refresh(_ bindings: [Int]) {
        for index in bindings {
            let held = level(of: compiled[index]).isHeld
            guard held != compiled[index].isHeld else { continue }
            compiled[index].isHeld = held
            let action = compiled[index].action
            if held {
                actionStates[action].heldCount += 1
                if actionStates[action].heldCount == 1 { actionStates[action].presses += 1 }
            } else {
                actionStates[action].heldCount -= 1
                if actionStates[action].heldCount == 0 { actionStates[action].releases += 1 }
            }
        }
    }

    /// A recognized gesture presses and releases an action nothing holds.
    private func trigger(_ action: Int) {
        guard actionStates[action].heldCount == 0 else { return }
        actionStates[action].presses += 1
        actionStates[action].releases += 1
    }

    private func releaseController() {
        for ordinal in buttonsDown.indices { buttonsDown[ordinal] = false }
        for ordinal in axisValues.indices { axisValues[ordinal] = 0 }
        for bindings in bindingsOfButton { refresh(bindings) }
        for bindings in bindingsOfAxis { refresh(bindings) }
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
        var grouped: [[Entry]] = Array(repeating: [], count: actions.count)
        for entry in newEntries {
            guard let action = actionIndex[entry.action], problem(with: entry) == nil else { continue }
            grouped[action].append(entry)
        }
        entries = grouped.flatMap { $0 }

        let wasHeld = actionStates.map { $0.heldCount > 0 }
        compiled.removeAll(keepingCapacity: true)
        bindingsOfKey.removeAll()
        for ordinal in bindingsOfButton.indices { bindingsOfButton[ordinal].removeAll() }
        for ordinal in bindingsOfAxis.indices { bindingsOfAxis[ordinal].removeAll() }
        for slot in gestures.indices { gestures[slot].bindings.removeAll() }

        for (action, group) in grouped.enumerated() {
            let start = compiled.count
            for entry in group {
                let index = compiled.count
                var binding = Compiled(action: action, binding: entry.binding)
                switch entry.binding {
                case .key(let scancode):
                    bindingsOfKey[scancode, default: []].append(index)
                case .button(let button):
                    bindingsOfButton[button.ordinal].append(index)
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
                }
                binding.isHeld = level(of: binding).isHeld
                compiled.append(binding)
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

    /// Lists binding `index` under a composite's part, once even when the
    /// composite names that key or button twice. Bindings are noted in
    /// increasing order, so a repeat can only be the last one listed:
    /// checking that keeps loading linear (searching the whole list made
    /// 80,000 composites on one key take seconds).
    private func note(_ input: DigitalInput, _ index: Int) {
        switch input {
        case .key(let scancode):
            if bindingsOfKey[scancode]?.last != index { bindingsOfKey[scancode, default: []].append(index) }
        case .button(let button):
            if bindingsOfButton[button.ordinal].last != index { bindingsOfButton[button.ordinal].append(index) }
        }
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
