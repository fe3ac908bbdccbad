/// One decision of a scene's ``GestureArena``, as it is made: the typed
/// record that tests, the Gesture Lab and debugging overlays read, and that
/// ``Scene/arenaLog`` formats as one line each.
///
/// Decisions arrive in the order the arena makes them, through
/// ``Scene/arenaDecisions``. A recognizer's failure sends no action (the
/// guide's rule), so this stream, and ``GestureRecognizer/lastFailure``, are
/// where a failure and its cause can be seen.
///
/// ```swift
/// scene.arenaDecisions = { decision in
///     if case .failed(let recognizer, let cause) = decision { print(recognizer.name ?? "?", cause) }
/// }
/// ```
@MainActor
public enum ArenaDecision {
    /// The recognizer will follow `touch` for the rest of its attempt.
    case gathered(GestureRecognizer, Touch)
    /// The recognizer will follow `source` for the rest of its attempt: it
    /// was handed its first sub-event from it since its last reset.
    case listening(GestureRecognizer, InputSource)
    /// The recognizer entered `state` (from `previous`); its actions for it
    /// are queued to run once the arena is consistent.
    case entered(GestureRecognizer, GestureRecognizer.State, from: GestureRecognizer.State)
    /// The recognizer asked to leave possible for `state`, but waits, still
    /// possible, for `blockers` to fail.
    case waiting(GestureRecognizer, to: GestureRecognizer.State, for: [GestureRecognizer])
    /// Every recognizer the recognizer waited for failed: it goes on to the
    /// state it asked for.
    case released(GestureRecognizer)
    /// The recognizer failed, and why.
    case failed(GestureRecognizer, GestureFailure)
    /// `recognizer` took `touch` from its layer: the layer is told it was
    /// cancelled (if it saw it begin) and gets nothing more of it.
    case took(Touch, by: GestureRecognizer)
    /// A phase of `touch` was held back from its layer while a recognizer
    /// that delays it decides.
    case heldBack(Touch, Touch.Phase)
    /// Phases held back from `layer` went to it.
    case releasedToLayer([Touch], Touch.Phase)
    /// `layer`'s touch handler for `phase` was called with `touches`: what
    /// the layer received, as it receives it (`moved` for a stationary
    /// touch, as the handler is `touchesMoved`).
    case sentToLayer(Layer, Touch.Phase, [Touch])
    /// The recognizer's deadline passed.
    case deadline(GestureRecognizer, at: Double)
    /// The recognizer left the arena: it was removed from its layer.
    case removed(GestureRecognizer)
    /// The recognizer was reset and is possible again, for new touches.
    case reset(GestureRecognizer)
    /// A state change the state machine does not allow was refused.
    case refused(GestureRecognizer, String)
}

/// Why a recognizer failed.
public enum GestureFailure: Hashable, Sendable, CustomStringConvertible {
    /// It set ``GestureRecognizer/State/failed`` itself: the touches are not its gesture.
    case notItsGesture
    /// Its delegate's ``GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)`` said no.
    case delegateRefusedToBegin
    /// A recognizer it required to fail (named) recognized instead.
    case requirementRecognized(String)
    /// A recognizer that recognized first (named) prevented it.
    case preventedBy(String)
    /// Its touches ended and it had nothing left to wait for.
    case touchesEnded
    /// One of its touches was cancelled (focus lost, a layer removed).
    case touchCancelled
    /// Its deadline passed with no touch down and nothing to wait for.
    case deadlinePassed
    /// It was disabled.
    case disabled
    /// A source it followed went away (a controller was unplugged).
    case sourceLost

    public var description: String {
        switch self {
        case .notItsGesture: "not its gesture"
        case .delegateRefusedToBegin: "its delegate refused to let it begin"
        case .requirementRecognized(let name): "\(name), which it required to fail, recognized"
        case .preventedBy(let name): "\(name) recognized first and prevents it"
        case .touchesEnded: "no touches left and nothing to wait for"
        case .touchCancelled: "a touch was cancelled"
        case .deadlinePassed: "its deadline passed with no touch down"
        case .disabled: "disabled"
        case .sourceLost: "a source it followed went away"
        }
    }
}

extension ArenaDecision: @MainActor CustomStringConvertible {
    /// One line, as ``Scene/arenaLog`` writes it. The wording lives in one
    /// place, ``RecordedDecision``, which must also word a decision after its
    /// recognizers have gone.
    public var description: String {
        RecordedDecision(self, frame: 0, time: 0).description
    }
}
