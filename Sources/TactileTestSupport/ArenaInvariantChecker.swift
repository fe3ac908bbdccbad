import Tactile

/// Watches a scene's layers and recognizers and reports every break of the
/// gesture arena's promises, using only Tactile's public API.
///
/// The promises it checks (issue 11, and the README's Guarantees):
///
/// - every touch a layer saw begin ends for it exactly once, with nothing
///   after (``Violation/Kind/phaseAfterEnd``, ``Violation/Kind/beganTwice``,
///   ``Violation/Kind/touchNeverEnded``, ``Violation/Kind/cancelNotDelivered``,
///   ``Violation/Kind/openAfterLayerLeft``);
/// - a layer never receives a phase for a touch it was not sent began for
///   (``Violation/Kind/phaseWithoutBegan``);
/// - each touch at most once per handler call
///   (``Violation/Kind/repeatedTouchInCall``);
/// - actions run only in began, changed, ended and cancelled
///   (``Violation/Kind/actionInWrongState``), in the order of the states
///   entered (``Violation/Kind/actionOutOfOrder``,
///   ``Violation/Kind/gestureNeverEnded``);
/// - the first to recognize wins: no recognizer begins or recognizes with a
///   touch that a gesture already under way, which it does not recognize
///   simultaneously with, follows (``Violation/Kind/recognizedOverGestureUnderWay``);
/// - after every sequence (no touch down, the clock past every window) each
///   recognizer is back in possible (``Violation/Kind/notBackToPossible``);
/// - built-in recognizers never ask for an illegal transition
///   (``Violation/Kind/illegalTransition``, from the scene's diagnostics).
///
/// ## Attaching it
///
/// ```swift
/// let checker = ArenaInvariantChecker()
/// checker.observeDiagnostics(of: scene)
/// let board = CheckedLayer(frame: Rect(x: 0, y: 0, width: 400, height: 300), checker: checker)
/// scene.root.addChild(board)
/// let pan = PanGestureRecognizer()
/// checker.watch(pan)            // adds an action that checks every call
/// board.addGestureRecognizer(pan)
/// for event in stream {
///     scene.send(event)
///     checker.checkAfterSubEvent(in: scene)
/// }
/// scene.advanceTime(to: lastTime + 2)  // past every recognizer's window
/// checker.checkSequenceEnded(in: scene)
/// #expect(checker.violations.isEmpty, "\(checker.violations.first!)")
/// ```
///
/// Layers are observed through ``CheckedLayer``, whose handlers report to
/// the checker and do not pass touches up the responder chain. A layer class
/// of your own reports its deliveries by calling
/// ``layer(_:received:_:)`` first thing in each of its four touch handlers.
/// Recognizers are observed through an action ``watch(_:isDiscrete:)`` adds;
/// add it before your own actions, so that it sees each call first.
///
/// ## What it cannot see
///
/// Only what the public API shows: it cannot tell a recognizer waiting for
/// another to fail from one still deciding (both read possible), nor see
/// pending deadlines. So the check that every recognizer is back in
/// possible belongs after a sequence *and* after the scene's clock has been
/// advanced past every window (a tap's interval, a long press's duration, a
/// swipe's maximum duration). Removing a recognizer or its layer stops a
/// gesture under way without an action, as `Layer/removeGestureRecognizer(_:)`
/// documents; tell the checker with ``noteSilentStop(of:)`` (or
/// ``noteSilentStop(ofRecognizersIn:)``) so that it does not expect the
/// gesture's ended or cancelled. The first-to-recognize check asks the
/// recognizers' delegates, `GestureRecognizer/isExclusive` and
/// `GestureRecognizer/canPrevent(_:)` / `GestureRecognizer/canBePrevented(by:)`
/// whether two recognizers may both be under way; it cannot see exclusivity
/// exceptions or a delegate whose answers change, so set
/// ``mayRecognizeTogether`` when you use either.
@MainActor
public final class ArenaInvariantChecker {
    /// One broken promise.
    public struct Violation: CustomStringConvertible, Sendable, Hashable {
        /// Which promise was broken.
        public enum Kind: String, CaseIterable, Sendable, Hashable, Comparable {
            /// A layer was sent began, moved, ended or cancelled for a touch
            /// that had already ended or been cancelled for it.
            case phaseAfterEnd = "phase-after-end"
            /// A layer was sent moved, ended or cancelled for a touch it was
            /// never sent began for.
            case phaseWithoutBegan = "phase-without-began"
            /// A layer was sent began twice for one touch, with no end between.
            case beganTwice = "began-twice"
            /// One handler call held the same touch more than once.
            case repeatedTouchInCall = "repeated-touch-in-call"
            /// After a sub-event, a touch that had been cancelled was still
            /// open for a layer that saw it begin.
            case cancelNotDelivered = "cancel-not-delivered"
            /// After a sub-event, a layer that had left the scene still had
            /// a touch open.
            case openAfterLayerLeft = "open-after-layer-left"
            /// After a sequence, a touch a layer saw begin never ended for it.
            case touchNeverEnded = "touch-never-ended"
            /// An action ran in possible or failed.
            case actionInWrongState = "action-in-wrong-state"
            /// An action's state does not follow the ones before it: changed
            /// or cancelled before began, began twice without an end, a
            /// continuous gesture ended without beginning.
            case actionOutOfOrder = "action-out-of-order"
            /// After a sequence, a gesture whose action saw began never saw
            /// ended or cancelled (and was not removed).
            case gestureNeverEnded = "gesture-never-ended"
            /// A recognizer began or recognized with a touch shared with a
            /// gesture under way that it may not recognize with.
            case recognizedOverGestureUnderWay = "recognized-over-gesture-under-way"
            /// After a sequence and past every window, a recognizer was not
            /// back in possible.
            case notBackToPossible = "not-back-to-possible"
            /// The scene reported an illegal state transition.
            case illegalTransition = "illegal-transition"

            public static func < (a: Kind, b: Kind) -> Bool {
                allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
            }
        }

        public let kind: Kind
        /// The seed of the run, as set in ``ArenaInvariantChecker/seed``.
        public let seed: UInt64
        /// The sub-event being handled, as set in ``ArenaInvariantChecker/step``.
        public let step: Int
        /// What happened, with names of layers, touches and recognizers.
        public let detail: String

        public var description: String { "seed \(seed), step \(step): \(kind.rawValue): \(detail)" }
    }

    // MARK: Context, set by the driver

    /// Written into every violation, to replay the run.
    public var seed: UInt64 = 0
    /// The sub-event being handled; the driver advances it for every
    /// sub-event (nested ones included). Besides naming the step in
    /// violations, it tells the first-to-recognize check which actions
    /// belong to one sub-event: a gesture cancelled in the sub-event in
    /// which a newcomer recognizes with one of its touches lost to it.
    public var step = 0

    // MARK: Results

    /// The violations found, oldest first, up to ``maximumStoredViolations``.
    public private(set) var violations: [Violation] = []
    /// How many violations of each kind were found, stored or not.
    public private(set) var counts: [Violation.Kind: Int] = [:]
    /// The most violations kept in ``violations``; counting goes on.
    public var maximumStoredViolations = 200
    /// Called for every violation as it is found (for example to print the
    /// steps that led to the first one).
    public var onViolation: ((Violation) -> Void)?
    /// The total of ``counts``.
    public var violationCount: Int { counts.values.reduce(0, +) }

    /// Whether two recognizers may both be under way with a shared touch.
    /// `nil` (the default) asks their delegates (simultaneous recognition),
    /// `GestureRecognizer/isExclusive` and
    /// `GestureRecognizer/canPrevent(_:)` / `GestureRecognizer/canBePrevented(by:)`
    /// of both. Set it when exclusivity exceptions or delegates whose
    /// answers change make that wrong; return `true` to skip a pair.
    public var mayRecognizeTogether: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    // MARK: State

    /// What one layer has been sent for one touch.
    private struct Record {
        let touch: Touch
        let layer: Layer
        var isOpen = true
        /// Already reported as never ending, or open after it should not be.
        var isReported = false
        let serial: Int
    }

    private struct Pair: Hashable {
        let layer: ObjectIdentifier
        let touch: ObjectIdentifier
    }

    /// Keyed by layer and touch. The records hold both strongly, so that
    /// neither identifier is reused while its record exists; they are
    /// dropped by ``checkSequenceEnded(in:)``.
    private var records: [Pair: Record] = [:]
    private var nextSerial = 0
    /// A short name for each touch seen: its pointer and a serial number.
    private var touchNames: [ObjectIdentifier: (touch: Touch, name: String)] = [:]
    private var nextTouchNumber = 0

    private final class Watched {
        let recognizer: GestureRecognizer
        /// `true` for discrete, `false` for continuous, `nil` when unknown.
        let isDiscrete: Bool?
        /// An action saw began, and none has seen ended or cancelled since.
        var isUnderWay = false
        init(_ recognizer: GestureRecognizer, isDiscrete: Bool?) {
            self.recognizer = recognizer
            self.isDiscrete = isDiscrete
        }
    }
    private var watched: [Watched] = []
    /// Gestures under way that were cancelled during sub-event
    /// `recentlyCancelledStep`, with the touches they followed: a newcomer
    /// that recognizes in the same sub-event with one of them took it from
    /// the first to recognize.
    private var recentlyCancelled: [(recognizer: GestureRecognizer, touches: [Touch])] = []
    private var recentlyCancelledStep = -1
    /// The step in which the scene last cancelled a touch from outside (a
    /// repeated down of its pointer).
    private var cancelledFromOutsideStep = -1

    public init() {}

    // MARK: Observing recognizers

    /// Adds an action to `recognizer` that checks the state of every call.
    /// `isDiscrete` says whether it recognizes in one step (ended from
    /// possible) or begins, changes and ends; `nil` infers it for the
    /// built-in recognizers (tap and swipe are discrete) and leaves it
    /// unchecked for others. The checker keeps the recognizer alive.
    public func watch(_ recognizer: GestureRecognizer, isDiscrete: Bool? = nil) {
        guard !watched.contains(where: { $0.recognizer === recognizer }) else { return }
        let discrete = isDiscrete ?? Self.builtInIsDiscrete(recognizer)
        let entry = Watched(recognizer, isDiscrete: discrete)
        watched.append(entry)
        // The entry holds the recognizer: weakly here, or the two would
        // keep each other alive.
        recognizer.addAction { [weak self, weak entry] recognizer in
            guard let self, let entry else { return }
            self.actionRan(entry, recognizer)
        }
    }

    /// Every recognizer watched, in the order they were added.
    public var watchedRecognizers: [GestureRecognizer] { watched.map(\.recognizer) }

    private static func builtInIsDiscrete(_ recognizer: GestureRecognizer) -> Bool? {
        switch recognizer {
        case is TapGestureRecognizer, is SwipeGestureRecognizer: return true
        case is LongPressGestureRecognizer, is PanGestureRecognizer, is PinchGestureRecognizer, is RotationGestureRecognizer: return false
        default: return nil
        }
    }

    /// `recognizer` has just been removed from its layer, or its layer from
    /// the scene: removal stops a gesture under way without an action, so
    /// its ended or cancelled is no longer expected. Call it after the
    /// removal, not before: removing a layer cancels its touches, which may
    /// first send the gesture a cancelled action.
    public func noteSilentStop(of recognizer: GestureRecognizer) {
        for entry in watched where entry.recognizer === recognizer { entry.isUnderWay = false }
    }

    /// The same for every recognizer of `layer` and its descendants.
    public func noteSilentStop(ofRecognizersIn layer: Layer) {
        var stack = [layer]
        while let next = stack.popLast() {
            for recognizer in next.gestureRecognizers { noteSilentStop(of: recognizer) }
            stack.append(contentsOf: next.children)
        }
    }

    private func actionRan(_ entry: Watched, _ recognizer: GestureRecognizer) {
        let state = recognizer.state
        let name = self.name(of: recognizer)
        switch state {
        case .possible, .failed:
            report(.actionInWrongState, "\(name) action ran in \(state.rawValue)")
        case .began:
            if entry.isUnderWay {
                report(.actionOutOfOrder, "\(name) action in began again, with no ended or cancelled since the last began")
            }
            if entry.isDiscrete == true {
                report(.actionOutOfOrder, "\(name), a discrete recognizer, ran an action in began")
            }
            checkFirstToRecognize(recognizer)
            entry.isUnderWay = true
        case .changed:
            if !entry.isUnderWay {
                report(.actionOutOfOrder, "\(name) action in changed without an action in began before it")
            }
        case .ended:
            if entry.isUnderWay {
                entry.isUnderWay = false
            } else if entry.isDiscrete == false {
                report(.actionOutOfOrder, "\(name), a continuous recognizer, ran an action in ended without one in began before it")
            } else {
                checkFirstToRecognize(recognizer)
            }
        case .cancelled:
            if !entry.isUnderWay {
                report(.actionOutOfOrder, "\(name) action in cancelled without an action in began before it")
            } else {
                if recentlyCancelledStep != step { recentlyCancelled.removeAll() }
                recentlyCancelledStep = step
                recentlyCancelled.append((recognizer, recognizer.touches))
            }
            entry.isUnderWay = false
        }
    }

    private func checkFirstToRecognize(_ recognizer: GestureRecognizer) {
        let mine = recognizer.touches
        guard !mine.isEmpty else { return }
        func shared(with theirs: [Touch]) -> Touch? {
            mine.first { touch in theirs.contains { $0 === touch } }
        }
        for other in watched where other.recognizer !== recognizer && other.isUnderWay && other.recognizer.state.isActive {
            guard let touch = shared(with: other.recognizer.touches), !together(recognizer, other.recognizer) else { continue }
            report(.recognizedOverGestureUnderWay,
                   "\(name(of: recognizer)) entered \(recognizer.state.rawValue) with \(name(of: touch)), which \(name(of: other.recognizer)) follows and had recognized first (it is \(other.recognizer.state.rawValue)); the first to recognize wins")
        }
        guard recentlyCancelledStep == step, cancelledFromOutsideStep != step else { return }
        for (other, theirs) in recentlyCancelled where other !== recognizer && other.isEnabled && other.layer != nil {
            guard let touch = shared(with: theirs), !touch.hasEnded, !together(recognizer, other) else { continue }
            report(.recognizedOverGestureUnderWay,
                   "\(name(of: recognizer)) entered \(recognizer.state.rawValue) with \(name(of: touch)), which \(name(of: other)) followed and had recognized first; \(name(of: other)) was cancelled for it in this sub-event; the first to recognize wins")
        }
    }

    private func together(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let mayRecognizeTogether { return mayRecognizeTogether(a, b) }
        return Self.publicRulesAllowTogether(a, b)
    }

    /// Whether the public rules let `a` and `b` both be under way with a
    /// shared touch: either delegate allows simultaneous recognition, both
    /// are non-exclusive, or neither may stop the other
    /// (`GestureRecognizer/canPrevent(_:)`, `GestureRecognizer/canBePrevented(by:)`).
    /// Exclusivity exceptions are not public, so they are not seen.
    public static func publicRulesAllowTogether(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true { return true }
        if !a.isExclusive && !b.isExclusive { return true }
        let aStopsB = a.canPrevent(b) && b.canBePrevented(by: a)
        let bStopsA = b.canPrevent(a) && a.canBePrevented(by: b)
        return !aStopsB && !bStopsA
    }

    // MARK: Observing layers

    /// Reports a delivery to `layer`: call it first thing in each of the
    /// layer's touch handlers (``CheckedLayer`` does). `.stationary` counts
    /// as moved.
    public func layer(_ layer: Layer, received phase: Touch.Phase, _ touches: [Touch]) {
        // Described only when something is wrong: this runs on every delivery.
        func call() -> String {
            "\(layerName(layer)) touches\(phase == .stationary ? "Moved" : phase.rawValue.capitalized)(\(touches.map(name(of:)).joined(separator: ", ")))"
        }
        if touches.count > 1 {
            var seen: [ObjectIdentifier] = []
            var repeated = false
            for touch in touches {
                let id = ObjectIdentifier(touch)
                if seen.contains(id) { repeated = true } else { seen.append(id) }
            }
            if repeated { report(.repeatedTouchInCall, "\(call()): the same touch more than once in one call") }
        }
        var handled: [ObjectIdentifier] = []
        for touch in touches {
            let id = ObjectIdentifier(touch)
            if handled.contains(id) { continue }
            handled.append(id)
            let key = Pair(layer: ObjectIdentifier(layer), touch: id)
            let existing = records[key]
            switch phase {
            case .began:
                if let existing {
                    if existing.isOpen {
                        report(.beganTwice, "\(call()): \(name(of: touch)) had already begun for it")
                    } else {
                        report(.phaseAfterEnd, "\(call()): \(name(of: touch)) had already ended for it; it can never end again")
                    }
                } else {
                    records[key] = Record(touch: touch, layer: layer, serial: nextSerial)
                    nextSerial += 1
                }
            case .moved, .stationary, .ended, .cancelled:
                guard let existing else {
                    report(.phaseWithoutBegan, "\(call()): the layer was never sent began for \(name(of: touch))")
                    continue
                }
                guard existing.isOpen else {
                    report(.phaseAfterEnd, "\(call()): \(name(of: touch)) had already ended for it")
                    continue
                }
                if phase == .ended || phase == .cancelled { records[key]?.isOpen = false }
            }
        }
    }

    // MARK: Checks between sub-events

    /// Checks what must hold once a sub-event has been handled to the end:
    /// a cancelled touch is closed for every layer that saw it begin, and a
    /// layer that left `scene` has no touch open. Call it after every
    /// top-level `send` or `advanceTime`, not from inside a handler.
    public func checkAfterSubEvent(in scene: Scene) {
        for key in openKeysInOrder() {
            guard var record = records[key], !record.isReported else { continue }
            if record.layer.scene !== scene {
                report(.openAfterLayerLeft, "\(layerName(record.layer)) left the scene with \(name(of: record.touch)) still open for it")
                record.isReported = true
            } else if record.touch.phase == .cancelled {
                report(.cancelNotDelivered, "\(name(of: record.touch)) was cancelled but \(layerName(record.layer)), which saw it begin, was not told")
                record.isReported = true
            }
            records[key] = record
        }
    }

    /// Checks what must hold after a sequence: call it when no touch of
    /// `scene` is down and the clock has passed every recognizer's window.
    /// Every touch a layer saw begin has ended for it, and every watched
    /// recognizer is back in possible. Then forgets the touches. Returns
    /// `false`, checking nothing, while a touch is down.
    @discardableResult
    public func checkSequenceEnded(in scene: Scene) -> Bool {
        guard scene.event.allTouches.allSatisfy(\.hasEnded) else { return false }
        for key in openKeysInOrder() {
            guard let record = records[key], !record.isReported else { continue }
            report(.touchNeverEnded, "\(name(of: record.touch)) began for \(layerName(record.layer)) and never ended for it (the touch is \(record.touch.phase.rawValue))")
        }
        for entry in watched {
            let recognizer = entry.recognizer
            if recognizer.state != .possible {
                report(.notBackToPossible, "\(name(of: recognizer)) is \(recognizer.state.rawValue) with no touch down and every window past")
            }
            if entry.isUnderWay {
                let attached = recognizer.layer.map { $0.scene === scene } ?? false
                if attached {
                    report(.gestureNeverEnded, "\(name(of: recognizer)) ran an action in began but none in ended or cancelled since")
                }
                entry.isUnderWay = false
            }
        }
        records.removeAll(keepingCapacity: true)
        touchNames.removeAll(keepingCapacity: true)
        recentlyCancelled.removeAll()
        return true
    }

    /// Reports the scene's illegal-transition diagnostics as violations,
    /// then passes every diagnostic on to the handler that was there.
    public func observeDiagnostics(of scene: Scene) {
        let previous = scene.diagnostics
        scene.diagnostics = { [weak self] diagnostic in
            if diagnostic.problem == .illegalTransition {
                self?.report(.illegalTransition, diagnostic.detail)
            }
            if diagnostic.problem == .repeatedDown, let self {
                // The scene cancels the pointer's earlier touch from outside:
                // gestures that followed it stop for that, not for a winner.
                self.cancelledFromOutsideStep = self.step
            }
            previous?(diagnostic)
        }
    }

    // MARK: Reporting

    /// Records a violation found by the caller's own checks.
    public func report(_ kind: Violation.Kind, _ detail: String) {
        counts[kind, default: 0] += 1
        let violation = Violation(kind: kind, seed: seed, step: step, detail: detail)
        if violations.count < maximumStoredViolations { violations.append(violation) }
        onViolation?(violation)
    }

    /// One line per kind found, most frequent first.
    public var summary: String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key.rawValue): \($0.value)" }
            .joined(separator: ", ")
    }

    /// Forgets every violation and count (not the touches or recognizers).
    public func clearViolations() {
        violations.removeAll()
        counts.removeAll()
    }

    private func openKeysInOrder() -> [Pair] {
        records.filter { $0.value.isOpen }.sorted { $0.value.serial < $1.value.serial }.map(\.key)
    }

    // MARK: Names

    /// `finger:1:2#7`: the pointer, and the how-manieth touch the checker
    /// has seen since the last sequence ended.
    public func name(of touch: Touch) -> String {
        let id = ObjectIdentifier(touch)
        if let known = touchNames[id] { return known.name }
        nextTouchNumber += 1
        let name = "\(touch.pointer)#\(nextTouchNumber)"
        touchNames[id] = (touch, name)
        return name
    }

    private func name(of recognizer: GestureRecognizer) -> String {
        recognizer.name ?? "\(type(of: recognizer))"
    }

    private func layerName(_ layer: Layer) -> String {
        layer.name ?? "\(type(of: layer))"
    }
}

/// A layer that reports every touch delivery to an ``ArenaInvariantChecker``
/// and handles the touches itself (it does not pass them up the chain).
///
/// ``onTouches`` runs after each check: put the game's (or the attacker's)
/// handler code there, re-entrant or not.
@MainActor
open class CheckedLayer: Layer {
    public let checker: ArenaInvariantChecker
    /// Runs after the checker has seen each delivery.
    public var onTouches: ((CheckedLayer, Touch.Phase, [Touch]) -> Void)?

    /// A layer covering `frame` of its parent, reporting to `checker`.
    public init(frame: Rect, name: String? = nil, checker: ArenaInvariantChecker) {
        self.checker = checker
        super.init(frame: frame, name: name)
        handlesTouches = true
    }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { deliver(.began, touches) }
    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { deliver(.moved, touches) }
    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { deliver(.ended, touches) }
    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { deliver(.cancelled, touches) }

    private func deliver(_ phase: Touch.Phase, _ touches: [Touch]) {
        checker.layer(self, received: phase, touches)
        onTouches?(self, phase, touches)
    }
}
