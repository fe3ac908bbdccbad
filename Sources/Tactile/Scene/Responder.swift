/// An object that can handle events, and passes on what it does not handle
/// to its ``next`` responder: the responder chain.
///
/// Layers, the scene and the application object are responders. The chain
/// runs from a layer to its parent layer, up to the root layer, then to the
/// ``Scene``, then to the scene's application object, where unhandled events
/// end.
///
/// Every handler's default implementation passes the event to ``next``. To
/// handle an event, override its handler and do not call `super`; to look at
/// an event and still let it travel on, call `super`.
///
/// ```swift
/// final class Paddle: Layer {
///     override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
///         position = touches[0].location(in: parent)
///     }
/// }
/// ```
///
/// Touches go to the layer they hit (see ``Scene``). Presses (keys and
/// controller buttons), text, remote-control commands and motion events go to the
/// ``Scene/firstResponder``, or to the scene when there is none, and travel
/// up the chain from there.
///
/// ## See Also
/// - ``Layer``
/// - ``Scene/firstResponder``
@MainActor
open class Responder {
    public init() {}

    /// The responder that gets what this one does not handle.
    open var next: Responder? { nil }

    // MARK: Touches

    /// Touches that began on this responder (or on a layer below it that
    /// passed them on). `touches` holds the touches that just began; `event`
    /// holds every touch of the moment.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches that stopped without lifting: focus was lost, the layer was
    /// removed, a gesture took them over. Undo what the touches started.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses, motion, remote control

    /// A key or controller button went down.
    open func pressesBegan(_ presses: [Press]) {
        next?.pressesBegan(presses)
    }

    /// A key or controller button went up.
    open func pressesEnded(_ presses: [Press]) {
        next?.pressesEnded(presses)
    }

    /// The device began a motion, such as a shake.
    open func motionBegan(_ motion: Motion, timestamp: Double) {
        next?.motionBegan(motion, timestamp: timestamp)
    }

    /// The motion ended as that kind of motion (the shaking stopped in time).
    open func motionEnded(_ motion: Motion, timestamp: Double) {
        next?.motionEnded(motion, timestamp: timestamp)
    }

    /// The motion turned out not to be one (it went on too long, or was not
    /// a shake): undo what `motionBegan` started.
    open func motionCancelled(_ motion: Motion, timestamp: Double) {
        next?.motionCancelled(motion, timestamp: timestamp)
    }

    /// A command from media keys or another remote control.
    open func remoteControlReceived(_ command: RemoteCommand, timestamp: Double) {
        next?.remoteControlReceived(command, timestamp: timestamp)
    }

    // MARK: Text

    /// Text the player typed, or an input method committed, while text
    /// input is on: add it where the cursor is. See ``TextInputEvent``.
    open func insertText(_ text: String, timestamp: Double) {
        next?.insertText(text, timestamp: timestamp)
    }

    /// The input method's composition changed: show it at the cursor,
    /// marked as not yet typed, in place of the last one. An empty
    /// composition means it ended (its result, if any, comes to
    /// ``insertText(_:timestamp:)``).
    open func updateComposition(_ composition: TextComposition, timestamp: Double) {
        next?.updateComposition(composition, timestamp: timestamp)
    }

    // MARK: First responder

    /// Whether this responder accepts being the first responder. No by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether it accepts giving the role up. Yes by default.
    open var canResignFirstResponder: Bool { true }

    /// The scene this responder belongs to, through which it becomes first
    /// responder; `nil` when it is in none.
    open var responderScene: Scene? { nil }

    /// Whether this responder is its scene's first responder.
    public var isFirstResponder: Bool { responderScene?.firstResponder === self }

    /// Asks to receive presses, motion and remote-control events first.
    ///
    /// Succeeds when the responder is in a scene, accepts the role, and the
    /// current first responder (if another) agrees to resign.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let scene = responderScene else { return false }
        return scene.makeFirstResponder(self)
    }

    /// Gives up being first responder, if it is and agrees to.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard let scene = responderScene, scene.firstResponder === self else { return false }
        return scene.makeFirstResponder(nil)
    }
}

/// A key or a controller button, going down or up.
public struct Press: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A key of the keyboard.
        case key(scancode: Int32, keycode: Int32, modifiers: KeyModifiers)
        /// A button of a game controller.
        case controllerButton(controller: Int32, button: ControllerButton)
    }

    public var kind: Kind
    public var timestamp: Double

    public init(_ kind: Kind, timestamp: Double) {
        self.kind = kind
        self.timestamp = timestamp
    }
}

/// A motion of the whole device that the responder chain delivers.
///
/// The guide's only such motion is the shake; a motion is delivered as began,
/// then ended or cancelled.
public enum Motion: String, Hashable, Sendable {
    case shake
}
