/// A recognizer as a recording names it: which object, of what kind, with
/// what name. It holds no reference, so a recording keeps no recognizer alive.
public struct RecognizerIdentity: Hashable {
    /// The recognizer object while it lives (the runtime may reuse the
    /// identifier for a later object once it is gone).
    public let id: ObjectIdentifier
    /// The recognizer's ``GestureRecognizer/name`` when it was recorded.
    public let name: String?
    /// The recognizer's class, kept as a type so that recording makes no text.
    let kind: GestureRecognizer.Type

    @MainActor
    public init(_ recognizer: GestureRecognizer) {
        id = ObjectIdentifier(recognizer)
        name = recognizer.name
        kind = type(of: recognizer)
    }

    /// The recognizer's class name, such as `PanGestureRecognizer`: the kind
    /// an input debugger shows for any recognizer, the game's own included.
    public var kindName: String { String(describing: kind) }
    /// Its name, or its kind when it has none, as the arena's log names it.
    public var displayName: String { name ?? kindName }

    public static func == (lhs: RecognizerIdentity, rhs: RecognizerIdentity) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// A layer as a recording names it, by identity and name, without keeping it alive.
public struct LayerIdentity: Hashable {
    public let id: ObjectIdentifier
    public let name: String?

    @MainActor
    public init(_ layer: Layer) {
        id = ObjectIdentifier(layer)
        name = layer.name
    }
}

/// One ``ArenaDecision`` as a value: what the input debugger records, reads
/// back and writes as text or JSON lines, with the frame and game time it was
/// made at.
///
/// It names recognizers, layers and touches by identity (``RecognizerIdentity``,
/// ``LayerIdentity``, `PointerID`), so a recording outlives them and keeps
/// none of them alive. Fields a kind of decision has no use for are `nil` or
/// empty: ``state`` is the state entered (``Kind/entered``) or asked for
/// (``Kind/waiting``), ``pointers`` the touches gathered, taken, held back,
/// released or sent.
public struct RecordedDecision: Hashable {
    /// The kinds of decision, one per case of ``ArenaDecision``.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case gathered, listening, entered, waiting, released, failed, took, heldBack, releasedToLayer, sentToLayer, deadline, removed, reset, refused
    }

    /// The game loop's frame it was made in (`GameLoop.frameCount`).
    public var frame: Int
    /// The arena's time when it was made, in seconds of game time.
    public var time: Double
    public var kind: Kind
    public var recognizer: RecognizerIdentity?
    /// The state entered, or the state asked for while waiting.
    public var state: GestureRecognizer.State?
    /// The state left, for ``Kind/entered``.
    public var previous: GestureRecognizer.State?
    /// The recognizers waited for, for ``Kind/waiting``.
    public var waitingFor: [RecognizerIdentity] = []
    public var failure: GestureFailure?
    /// The touches the decision is about, by pointer.
    public var pointers: [PointerID] = []
    public var phase: Touch.Phase?
    /// The source a recognizer began to follow, for ``Kind/listening``.
    public var source: InputSource?
    /// The layer a phase was sent to, for ``Kind/sentToLayer``.
    public var layer: LayerIdentity?
    /// The deadline that passed, in seconds of game time.
    public var deadline: Double?
    /// Why a state change was refused.
    public var reason: String?

    /// The decision as a value, made at `frame` and `time`.
    @MainActor
    public init(_ decision: ArenaDecision, frame: Int, time: Double) {
        self.init(fieldsOf: decision, frame: frame, time: time)
        decision.forEachPointer { pointers.append($0) }
        decision.forEachBlocker { waitingFor.append(RecognizerIdentity($0)) }
    }

    /// Everything but the lists, which the debugger keeps in rings of their
    /// own: made without allocating.
    @MainActor
    init(fieldsOf decision: ArenaDecision, frame: Int, time: Double) {
        self.frame = frame
        self.time = time
        switch decision {
        case .gathered(let recognizer, _):
            kind = .gathered
            self.recognizer = RecognizerIdentity(recognizer)
        case .listening(let recognizer, let source):
            kind = .listening
            self.recognizer = RecognizerIdentity(recognizer)
            self.source = source
        case .entered(let recognizer, let state, let previous):
            kind = .entered
            self.recognizer = RecognizerIdentity(recognizer)
            self.state = state
            self.previous = previous
        case .waiting(let recognizer, let state, _):
            kind = .waiting
            self.recognizer = RecognizerIdentity(recognizer)
            self.state = state
        case .released(let recognizer):
            kind = .released
            self.recognizer = RecognizerIdentity(recognizer)
        case .failed(let recognizer, let cause):
            kind = .failed
            self.recognizer = RecognizerIdentity(recognizer)
            failure = cause
        case .took(_, let recognizer):
            kind = .took
            self.recognizer = RecognizerIdentity(recognizer)
        case .heldBack(_, let phase):
            kind = .heldBack
            self.phase = phase
        case .releasedToLayer(_, let phase):
            kind = .releasedToLayer
            self.phase = phase
        case .sentToLayer(let layer, let phase, _):
            kind = .sentToLayer
            self.layer = LayerIdentity(layer)
            self.phase = phase
        case .deadline(let recognizer, let time):
            kind = .deadline
            self.recognizer = RecognizerIdentity(recognizer)
            deadline = time
        case .removed(let recognizer):
            kind = .removed
            self.recognizer = RecognizerIdentity(recognizer)
        case .reset(let recognizer):
            kind = .reset
            self.recognizer = RecognizerIdentity(recognizer)
        case .refused(let recognizer, let reason):
            kind = .refused
            self.recognizer = RecognizerIdentity(recognizer)
            self.reason = reason
        }
    }
}

extension RecordedDecision: CustomStringConvertible {
    /// One line, as ``Scene/arenaLog`` writes the decision.
    public var description: String {
        let name = recognizer?.displayName ?? "?"
        let touches = pointers.map { "\($0)" }.joined(separator: ", ")
        switch kind {
        case .gathered: return "gather \(name) for \(touches)"
        case .listening: return "gather \(name) for \(source.map(Self.word) ?? "?")"
        case .entered: return "\(name) \(previous?.rawValue ?? "?") → \(state?.rawValue ?? "?")"
        case .waiting: return "wait \(name) to \(state?.rawValue ?? "?") for \(waitingFor.count) to fail"
        case .released: return "release \(name): every recognizer it waited for failed"
        case .failed: return "fail \(name): \(failure.map { "\($0)" } ?? "?")"
        case .took: return "\(name) takes \(touches) from the layer"
        case .heldBack: return "hold \(phase?.rawValue ?? "?") of \(touches) back from the layer"
        case .releasedToLayer: return "release \(phase?.rawValue ?? "?") of \(touches) to the layer"
        case .sentToLayer: return "send \(phase?.rawValue ?? "?") of \(touches) to \(layer?.name ?? "a layer")"
        case .deadline: return "deadline \(name) at \(deadline ?? .nan)"
        case .removed: return "remove \(name)"
        case .reset: return "reset \(name)"
        case .refused: return "refuse \(reason ?? "")"
        }
    }
}

extension RecordedDecision {
    /// `source` as `"\(source)"` writes it: `keyboard`, `controller(3)`,
    /// `motion`. `InputSource` has no description of its own, so the
    /// interpolation reflected it, and its first use tried the printing
    /// protocols' conformances by scanning the runtime's tables (about
    /// 1,100,000 instructions, callgrind: the Gesture Lab's second render,
    /// wording the five motion recognizers' joins of frame 0, after which
    /// the next frame's input ran from cold caches; issue 14, item 6).
    static func word(_ source: InputSource) -> String {
        switch source {
        case .keyboard: "keyboard"
        case .controller(let id): "controller(\(id))"
        case .motion: "motion"
        }
    }
}

extension ArenaDecision {
    /// Calls `body` with the pointer of every touch the decision names, in order.
    func forEachPointer(_ body: (PointerID) -> Void) {
        switch self {
        case .gathered(_, let touch), .took(let touch, _), .heldBack(let touch, _):
            body(touch.pointer)
        case .releasedToLayer(let touches, _), .sentToLayer(_, _, let touches):
            for touch in touches { body(touch.pointer) }
        case .listening, .entered, .waiting, .released, .failed, .deadline, .removed, .reset, .refused:
            break
        }
    }

    /// Calls `body` with every recognizer a waiting recognizer waits for.
    func forEachBlocker(_ body: (GestureRecognizer) -> Void) {
        if case .waiting(_, _, let blockers) = self {
            for blocker in blockers { body(blocker) }
        }
    }
}
