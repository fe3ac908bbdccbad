import Tactile

/// A seeded, re-entrant random attack on a scene's gesture arena, checked
/// after every sub-event by an ``ArenaInvariantChecker``. Written against
/// Tactile's public API only, so it runs unchanged against any arena.
///
/// From its seed it builds a scene of nested ``CheckedLayer``s (some taking
/// several touches, some exclusive, some with a `RecognizerDelivery` other
/// than normal) and recognizers of every built-in kind attached at several
/// levels, with random `GestureRecognizer/cancelsTouchesInView`,
/// `GestureRecognizer/delaysTouchesBegan`, `GestureRecognizer/delaysTouchesEnded`
/// and `GestureRecognizer/cancelsTouchesAfterFailure`, random
/// `require(toFail:)` chains (a cycle is refused, as it should be) and
/// delegates that allow simultaneous recognition or not (and, rarely, one
/// that changes its answers between calls). Then it sends a stream of
/// touches down, moves, strokes, lifts and cancels of four fingers, the
/// mouse and a simulated contact, interruptions and clock ticks, with
/// timestamps that never decrease. Recognizers' actions and layers'
/// handlers run re-entrant user code now and then: remove a layer, put it
/// back, move it to another parent, remove, re-add or disable a recognizer,
/// add a new one to the layer being dispatched, send an interruption,
/// advance the clock, send another pointer event.
///
/// Whenever no touch is down it may end the sequence: advance the clock
/// past every window and check that everything is back at rest
/// (``ArenaInvariantChecker/checkSequenceEnded(in:)``).
///
/// ```swift
/// let attack = ArenaAttack(seed: 7)
/// attack.run(subEvents: 2_000)
/// #expect(attack.checker.violations.isEmpty, "\(attack.report)")
/// ```
@MainActor
public final class ArenaAttack {
    public let seed: UInt64
    public let scene: Scene
    public let checker = ArenaInvariantChecker()
    /// Sub-events sent so far (pointer events, interruptions, clock ticks),
    /// nested ones included.
    public private(set) var subEvents = 0
    /// The sub-events asked for with ``run(subEvents:)``: the replay's length.
    public private(set) var requestedSubEvents = 0
    /// Sequences ended and checked at rest.
    public private(set) var sequencesChecked = 0
    /// In percent: how often an action or a handler runs re-entrant code.
    public var reentryPercent = 5
    /// How deep re-entrant code may nest.
    public var maximumReentryDepth = 2
    /// The steps before the first violation of each kind, formatted.
    public private(set) var stepsBeforeFirstViolation: [ArenaInvariantChecker.Violation.Kind: String] = [:]
    /// The first violation of each kind.
    public private(set) var firstViolation: [ArenaInvariantChecker.Violation.Kind: ArenaInvariantChecker.Violation] = [:]

    private var random: SplitMix64
    private var time = 0.0
    private var depth = 0
    private var isFinishing = false
    private(set) public var layers: [CheckedLayer] = []
    private(set) public var recognizers: [GestureRecognizer] = []
    private let delegates: [GestureRecognizerDelegate]
    private let fickle: FickleDelegate

    private struct Pointer {
        let id: PointerID
        var isDown = false
        var location = Point.zero
    }
    private var pointers: [Pointer]

    // MARK: Building the scene

    public init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
        scene = Scene(size: Size(width: 400, height: 300))
        fickle = FickleDelegate(seed: seed)
        delegates = [Together(), PairwiseDelegate(salt: seed), PairwiseDelegate(salt: seed &+ 1), fickle]
        pointers = (0..<4).map { Pointer(id: PointerID(kind: .finger, device: 1, index: Int64($0))) }
            + [Pointer(id: PointerID(kind: .mouse, device: 0, index: 0)),
               Pointer(id: PointerID(kind: .simulated, device: 0, index: 0))]
        checker.seed = seed
        // The stream is bad input on purpose: its diagnostics are expected,
        // and millions of them on standard error would be the run's cost.
        scene.diagnostics = nil
        checker.observeDiagnostics(of: scene)
        checker.mayRecognizeTogether = { [fickle] a, b in
            // A delegate whose answers change cannot be judged afterwards.
            if a.delegate === fickle || b.delegate === fickle { return true }
            return ArenaInvariantChecker.publicRulesAllowTogether(a, b)
        }
        checker.onViolation = { [weak self] violation in
            guard let self, self.firstViolation[violation.kind] == nil else { return }
            self.firstViolation[violation.kind] = violation
            self.stepsBeforeFirstViolation[violation.kind] = self.formattedTrace()
        }
        buildLayers()
        buildRecognizers()
    }

    private func makeLayer(_ name: String, _ frame: Rect, in parent: Layer) -> CheckedLayer {
        let layer = CheckedLayer(frame: frame, name: name, checker: checker)
        layer.isMultipleTouchEnabled = random.below(100) < 60
        layer.isExclusiveTouch = random.below(100) < 8
        switch random.below(20) {
        case 0: layer.recognizerDelivery = .skip
        case 1: layer.recognizerDelivery = .skipUnlessHitLayer
        case 2: layer.recognizerDelivery = .stop
        default: break
        }
        layer.onTouches = { [unowned self] layer, phase, _ in
            self.userCode("\(layer.name ?? "?") touches\(phase.rawValue.capitalized)", on: layer)
        }
        parent.addChild(layer)
        layers.append(layer)
        return layer
    }

    private func buildLayers() {
        // Frames are in the parent's coordinates.
        let background = makeLayer("background", Rect(x: 0, y: 0, width: 400, height: 300), in: scene.root)
        let a = makeLayer("A", Rect(x: 0, y: 0, width: 220, height: 300), in: background)
        let b = makeLayer("B", Rect(x: 180, y: 0, width: 220, height: 300), in: background)
        _ = makeLayer("A1", Rect(x: 20, y: 20, width: 120, height: 120), in: a)
        _ = makeLayer("A2", Rect(x: 40, y: 150, width: 160, height: 130), in: a)
        let b1 = makeLayer("B1", Rect(x: 20, y: 40, width: 180, height: 200), in: b)
        _ = makeLayer("B1a", Rect(x: 30, y: 30, width: 80, height: 80), in: b1)
        if random.below(3) == 0 {
            b1.transform = .rotation(Double(random.below(628)) / 100).concatenating(.scale(x: 1.5, y: 0.75))
        }
    }

    private var everyLayer: [Layer] { [scene.root] + layers }

    private func buildRecognizers() {
        let count = 8 + random.below(9)
        for _ in 0..<count {
            let recognizer = makeRecognizer()
            everyLayer[random.below(everyLayer.count)].addGestureRecognizer(recognizer)
        }
        for _ in 0..<(2 + random.below(7)) {
            let a = recognizers[random.below(recognizers.count)]
            // Mostly between recognizers that can share a touch: on one
            // layer, or on a layer and one of its ancestors.
            let related = recognizers.filter { other in
                guard let mine = a.layer, let theirs = other.layer else { return false }
                return mine.isAncestor(of: theirs) || theirs.isAncestor(of: mine)
            }
            let b = random.below(4) != 0 && !related.isEmpty
                ? related[random.below(related.count)]
                : recognizers[random.below(recognizers.count)]
            // A cycle (or a recognizer requiring itself) is refused: fine.
            a.require(toFail: b)
        }
    }

    private func makeRecognizer() -> GestureRecognizer {
        let recognizer: GestureRecognizer
        let kind: String
        switch random.below(8) {
        case 0, 1:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = [1, 1, 2, 2, 3][random.below(5)]
            tap.numberOfTouchesRequired = random.below(6) == 0 ? 2 : 1
            recognizer = tap
            kind = "tap\(tap.numberOfTapsRequired)x\(tap.numberOfTouchesRequired)"
        case 2:
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = [0, 0, 0.1, 0.5][random.below(4)]
            press.numberOfTapsRequired = random.below(5) == 0 ? 1 : 0
            press.numberOfTouchesRequired = random.below(6) == 0 ? 2 : 1
            recognizer = press
            kind = "press\(press.minimumPressDuration)"
        case 3:
            let pan = PanGestureRecognizer()
            if random.below(4) == 0 { pan.maximumNumberOfTouches = 1 }
            if random.below(5) == 0 { pan.minimumNumberOfTouches = 2 }
            recognizer = pan
            kind = "pan"
        case 4:
            let edge = ScreenEdgePanGestureRecognizer()
            edge.edges = random.below(2) == 0 ? .all : .left
            recognizer = edge
            kind = "edge"
        case 5:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = [.right, .left, .up, .down, .all][random.below(5)]
            swipe.numberOfTouchesRequired = random.below(5) == 0 ? 2 : 1
            recognizer = swipe
            kind = "swipe"
        case 6:
            recognizer = PinchGestureRecognizer()
            kind = "pinch"
        default:
            recognizer = RotationGestureRecognizer()
            kind = "rotation"
        }
        recognizer.name = "r\(recognizers.count):\(kind)"
        recognizer.cancelsTouchesInView = random.below(100) < 70
        recognizer.delaysTouchesBegan = random.below(100) < 25
        recognizer.delaysTouchesEnded = random.below(100) < 70
        recognizer.cancelsTouchesAfterFailure = random.below(100) < 10
        recognizer.isExclusive = random.below(100) < 85
        if random.below(10) == 0 { recognizer.allowedPointerKinds = [.finger] }
        switch random.below(20) {
        case 0..<4: recognizer.delegate = delegates[0]
        case 4..<7: recognizer.delegate = delegates[1]
        case 7..<9: recognizer.delegate = delegates[2]
        case 9: recognizer.delegate = delegates[3]
        default: break
        }
        // The checker's action first, so that it sees each call before
        // the re-entrant code below changes anything.
        checker.watch(recognizer)
        recognizer.addAction { [unowned self] recognizer in
            self.userCode("action of \(recognizer.name ?? "?") in \(recognizer.state.rawValue)", on: recognizer.layer)
        }
        recognizers.append(recognizer)
        return recognizer
    }

    // MARK: Running

    /// Sends sub-events until `count` more have been sent (re-entrant ones
    /// included), then lifts every pointer, lets every window pass and
    /// checks that everything is at rest.
    public func run(subEvents count: Int) {
        requestedSubEvents += count
        let limit = subEvents + count
        while subEvents < limit { step() }
        finish()
    }

    /// One top-level sub-event (or a short stroke of moves, or the end of a
    /// sequence), then the checks that follow every sub-event.
    private func step() {
        let roll = random.below(1000)
        switch roll {
        case 0..<460: move(pointerDown() ?? anyPointer())
        case 460..<590: down(pointerUp() ?? anyPointer())
        case 590..<720: lift(pointerDown() ?? anyPointer(), cancel: false)
        case 720..<740: lift(pointerDown() ?? anyPointer(), cancel: true)
        case 740..<800: tick(by: nextInterval())
        case 800..<808: interrupt()
        case 808..<860: stroke()
        case 860..<880: endSequence()
        default: move(pointerDown() ?? anyPointer())
        }
        if !isFinishing, random.below(4) == 0, !scene.event.allTouches.contains(where: { !$0.hasEnded }) {
            settle()
        }
    }

    /// Lifts every pointer, then settles.
    private func endSequence() {
        for index in pointers.indices where pointers[index].isDown { lift(index, cancel: false) }
        settle()
    }

    /// With no touch down, lets every window pass and checks the rest state.
    private func settle() {
        guard !scene.event.allTouches.contains(where: { !$0.hasEnded }) else { return }
        tick(by: 2 + Double(random.below(100)) / 100)
        if checker.checkSequenceEnded(in: scene) { sequencesChecked += 1 }
    }

    private func finish() {
        isFinishing = true
        defer { isFinishing = false }
        for _ in 0..<4 {
            for index in pointers.indices where pointers[index].isDown { lift(index, cancel: false) }
            if !scene.event.allTouches.contains(where: { !$0.hasEnded }) { break }
            interrupt()
        }
        settle()
    }

    // MARK: Sub-events

    private func nextInterval() -> Double {
        switch random.below(100) {
        case 0..<70: return Double(random.below(17)) / 1000
        case 70..<95: return Double(20 + random.below(130)) / 1000
        default: return Double(150 + random.below(550)) / 1000
        }
    }

    private func pointerDown() -> Int? {
        let down = pointers.indices.filter { pointers[$0].isDown }
        guard !down.isEmpty, random.below(50) != 0 else { return nil }
        return down[random.below(down.count)]
    }

    private func pointerUp() -> Int? {
        let up = pointers.indices.filter { !pointers[$0].isDown && (pointers[$0].id.kind != .simulated || random.below(8) == 0) }
        guard !up.isEmpty, random.below(30) != 0 else { return nil }
        return up[random.below(up.count)]
    }

    private func anyPointer() -> Int { random.below(pointers.count) }

    private func down(_ index: Int) {
        var location = Point(x: Double(random.below(410)) - 5, y: Double(random.below(310)) - 5)
        if random.below(7) == 0 {
            // Near an edge, for the screen-edge pans.
            switch random.below(4) {
            case 0: location.x = Double(random.below(15))
            case 1: location.x = 399 - Double(random.below(15))
            case 2: location.y = Double(random.below(15))
            default: location.y = 299 - Double(random.below(15))
            }
        }
        if !isFinishing, random.below(8) != 0, let near = pointers.first(where: { !$0.isDown && $0.location != .zero }) {
            // Often near where a pointer last was: second taps, presses.
            if random.below(3) == 0 { location = near.location + Point(x: Double(random.below(9)) - 4, y: Double(random.below(9)) - 4) }
        }
        pointers[index].isDown = true
        pointers[index].location = location
        sendPointer(.down, index, after: nextInterval())
    }

    private func move(_ index: Int) {
        let reach: Int
        switch random.below(10) {
        case 0..<4: reach = 3
        case 4..<8: reach = 25
        default: reach = 80
        }
        pointers[index].location = pointers[index].location
            + Point(x: Double(random.below(2 * reach + 1) - reach), y: Double(random.below(2 * reach + 1) - reach))
        sendPointer(.move, index, after: nextInterval())
    }

    /// Several quick moves in one direction: swipes, pans, edge pans.
    private func stroke() {
        guard let index = pointerDown() else { return down(pointerUp() ?? anyPointer()) }
        let directions = [Point(x: 1, y: 0), Point(x: -1, y: 0), Point(x: 0, y: 1), Point(x: 0, y: -1)]
        let direction = directions[random.below(4)]
        for _ in 0..<(3 + random.below(4)) {
            guard pointers[index].isDown else { return }
            let jitter = Double(random.below(7) - 3)
            pointers[index].location = pointers[index].location
                + Point(x: direction.x * 15 + direction.y * jitter, y: direction.y * 15 + direction.x * jitter)
            sendPointer(.move, index, after: Double(random.below(20)) / 1000)
        }
    }

    private func lift(_ index: Int, cancel: Bool) {
        pointers[index].isDown = false
        sendPointer(cancel ? .cancel : .up, index, after: nextInterval())
    }

    private func sendPointer(_ phase: PointerEvent.Phase, _ index: Int, after interval: Double) {
        time += interval
        let pointer = pointers[index]
        let event = InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: pointer.id, location: pointer.location)))
        subEvent(.pointer(phase, pointer.id, pointer.location)) { $0.send(event) }
    }

    private func tick(by interval: Double) {
        time += interval
        let time = self.time
        subEvent(.tick) { $0.advanceTime(to: time) }
    }

    private func interrupt() {
        let event = InputEvent(timestamp: time, .interrupted(.focusLost))
        for index in pointers.indices { pointers[index].isDown = false }
        subEvent(.interrupt) { $0.send(event) }
    }

    /// Counts, traces and sends one sub-event; after a top-level one, runs
    /// the checks that hold between sub-events.
    private func subEvent(_ op: Op, _ body: (Scene) -> Void) {
        subEvents += 1
        checker.step = subEvents
        trace(op)
        depth += 1
        body(scene)
        depth -= 1
        if depth == 0 { checker.checkAfterSubEvent(in: scene) }
    }

    // MARK: Re-entrant user code

    /// Runs, now and then, something a game's action or handler might do.
    /// `layer` is the layer being dispatched (the recognizer's, or the
    /// handler's own).
    private func userCode(_ origin: String, on layer: Layer?) {
        guard !isFinishing, depth <= maximumReentryDepth, random.below(100) < reentryPercent else { return }
        let op = random.below(100)
        switch op {
        case 0..<14:
            // Remove a layer (often the one being dispatched).
            let candidates = layers.filter { $0.scene === scene }
            let victim: CheckedLayer? = (layer as? CheckedLayer).flatMap { $0.scene === scene && random.below(2) == 0 ? $0 : nil }
                ?? (candidates.isEmpty ? nil : candidates[random.below(candidates.count)])
            guard let victim else { return }
            note("\(origin): remove layer \(victim.name!)")
            victim.removeFromParent()
            checker.noteSilentStop(ofRecognizersIn: victim)
        case 14..<26:
            // Put a removed layer back, or move one to another parent mid-touch.
            let detached = layers.filter { $0.scene !== scene && $0.parent == nil }
            let pick: CheckedLayer
            if !detached.isEmpty && random.below(3) != 0 {
                pick = detached[random.below(detached.count)]
            } else {
                let attached = layers.filter { $0.scene === scene && $0.name != "background" }
                guard !attached.isEmpty else { return }
                pick = attached[random.below(attached.count)]
            }
            let parents = everyLayer.filter { $0.scene === scene && !pick.isAncestor(of: $0) }
            guard !parents.isEmpty else { return }
            let parent = parents[random.below(parents.count)]
            note("\(origin): add layer \(pick.name!) to \(parent.name ?? "?")")
            parent.addChild(pick)
        case 26..<38:
            // Remove a recognizer from its layer (often the one dispatching).
            let attached = recognizers.filter { $0.layer != nil }
            guard !attached.isEmpty else { return }
            let victim = attached[random.below(attached.count)]
            note("\(origin): remove recognizer \(victim.name!)")
            victim.layer?.removeGestureRecognizer(victim)
            checker.noteSilentStop(of: victim)
        case 38..<46:
            // Put a removed recognizer back, on the layer being dispatched if any.
            let detached = recognizers.filter { $0.layer == nil }
            guard !detached.isEmpty else { return }
            let pick = detached[random.below(detached.count)]
            let target = layer ?? everyLayer[random.below(everyLayer.count)]
            note("\(origin): add recognizer \(pick.name!) to \(target.name ?? "?")")
            target.addGestureRecognizer(pick)
        case 46..<56:
            let pick = recognizers[random.below(recognizers.count)]
            note("\(origin): \(pick.isEnabled ? "disable" : "enable") \(pick.name!)")
            pick.isEnabled.toggle()
        case 56..<66:
            note("\(origin): interruption")
            interrupt()
        case 66..<78:
            note("\(origin): advance time")
            tick(by: Double(random.below(600)) / 1000)
        case 78..<92:
            note("\(origin): another pointer event")
            switch random.below(3) {
            case 0: down(pointerUp() ?? anyPointer())
            case 1: move(pointerDown() ?? anyPointer())
            default: lift(pointerDown() ?? anyPointer(), cancel: random.below(5) == 0)
            }
        default:
            // A new recognizer on the layer being dispatched.
            guard recognizers.count < 32, let layer else { return }
            let recognizer = makeRecognizer()
            note("\(origin): add new recognizer \(recognizer.name!) to \(layer.name ?? "?")")
            layer.addGestureRecognizer(recognizer)
        }
    }

    // MARK: Trace

    private enum Op {
        case pointer(PointerEvent.Phase, PointerID, Point)
        case tick
        case interrupt
        case note(String)
    }

    private struct TraceEntry {
        let step: Int
        let depth: Int
        let time: Double
        let op: Op
    }

    private var traceRing: [TraceEntry] = []
    private var traceNext = 0
    /// How many of the latest steps the trace keeps.
    private let traceLength = 40

    private func trace(_ op: Op) {
        let entry = TraceEntry(step: subEvents, depth: depth, time: time, op: op)
        if traceRing.count < traceLength {
            traceRing.append(entry)
        } else {
            traceRing[traceNext] = entry
            traceNext = (traceNext + 1) % traceLength
        }
    }

    private func note(_ text: String) { trace(.note(text)) }

    private func formattedTrace() -> String {
        let ordered = Array(traceRing[traceNext...] + traceRing[..<traceNext])
        return ordered.map { entry in
            let indent = String(repeating: "  ", count: entry.depth)
            let time = (entry.time * 1000).rounded() / 1000
            switch entry.op {
            case .pointer(let phase, let id, let location):
                return "\(indent)#\(entry.step) t=\(time) \(id) \(phase.rawValue) (\(location.x), \(location.y))"
            case .tick:
                return "\(indent)#\(entry.step) t=\(time) advanceTime"
            case .interrupt:
                return "\(indent)#\(entry.step) t=\(time) interrupted"
            case .note(let text):
                return "\(indent)   ↳ \(text)"
            }
        }.joined(separator: "\n")
    }

    /// The seed, the counts per kind and the first violation with the
    /// steps that led to it; with `everyKind`, the first of every kind.
    public func report(everyKind: Bool = false) -> String {
        var lines = ["seed \(seed): \(subEvents) sub-events, \(sequencesChecked) sequences checked, \(checker.violationCount) violations"]
        guard checker.violationCount > 0 else { return lines[0] }
        lines.append("  by kind: \(checker.summary)")
        let firsts = firstViolation.values.sorted { $0.step != $1.step ? $0.step < $1.step : $0.kind < $1.kind }
        for violation in everyKind ? firsts : Array(firsts.prefix(1)) {
            lines.append("  first \(violation.kind.rawValue): \(violation)")
            if let steps = stepsBeforeFirstViolation[violation.kind] { lines.append("  the steps before it:\n" + steps) }
        }
        lines.append("  replay: TACTILE_ATTACK_SEED=\(seed) TACTILE_ATTACK_EVENTS=\(requestedSubEvents) TACTILE_ATTACK_EVENTS_PER_SEED=\(requestedSubEvents) scripts/attack-arena")
        return lines.joined(separator: "\n")
    }

    /// ``report(everyKind:)`` for the first violation only.
    public var report: String { report() }
}

// MARK: Delegates

/// Lets every recognizer recognize alongside the others.
@MainActor
private final class Together: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

/// Answers simultaneity for each pair of recognizers by their names, the
/// same way every time.
@MainActor
private final class PairwiseDelegate: GestureRecognizerDelegate {
    let salt: UInt64
    init(salt: UInt64) { self.salt = salt }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ salt
        for byte in (recognizer.name ?? "").utf8 + [0] + (other.name ?? "").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash & 1 == 0
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        // Mouse touches are not for some of them.
        touch.kind != .mouse || salt & 2 == 0
    }
}

/// Changes its answers between calls: bad input the arena must survive.
@MainActor
private final class FickleDelegate: GestureRecognizerDelegate {
    var random: SplitMix64
    init(seed: UInt64) { random = SplitMix64(seed: seed ^ 0xF1C7_1E00) }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { random.below(10) != 0 }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { random.below(10) != 0 }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { random.below(2) == 0 }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { random.below(8) == 0 }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { random.below(8) == 0 }
}
