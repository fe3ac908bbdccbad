// The guide's shake motion event (motionBegan, motionEnded, motionCancelled
// to the first responder and up the responder chain), decided in one place:
// a ShakeGestureRecognizer in the arena, so that a shake is the same gesture
// whether a game reads it as a motion event or as a recognizer's action,
// and the arena's rules (require-to-fail, delegates) hold for both.

/// What the scene's shake recognizer has done about motion events.
struct SceneShakeMotion: Hashable, Sendable {
    /// How many motion managers hand the scene their readings now.
    var deliveries = 0
    /// Whether the scene put ``Scene/shakeGestureRecognizer`` on the root
    /// (and so takes it off when the readings stop).
    var isInstalled = false
    /// Whether the shake under way sent `motionBegan`: its end or cancel is
    /// sent only then.
    var sentBegan = false
}

extension Scene: MotionEventReceiver {
    /// A ``MotionManager`` starts handing the scene its readings (its
    /// ``MotionManager/motionEventReceiver`` was set to the scene): the
    /// scene's ``shakeGestureRecognizer`` goes on the root layer, unless
    /// the game has put it on a layer of its own, and from then on its
    /// shakes reach the first responder as the guide's shake motion events.
    ///
    /// That recognizer is the only thing that decides a shake for the
    /// responder chain. It is an ordinary recognizer in the arena: a game
    /// changes its ``ShakeGestureRecognizer/settings``, makes it require a
    /// pan to fail, gives it a delegate or an action of its own. A game
    /// that has its own ``ShakeGestureRecognizer`` with
    /// ``ShakeGestureRecognizer/sendsMotionEvents`` on gets its motion
    /// events from that one instead (enabled, in this scene): the scene's
    /// recognizer then sends none, so a shake never arrives twice.
    ///
    /// A game that hands the scene readings itself, with no manager
    /// (``send(_:timestamp:)``), adds the recognizer where it likes:
    /// `scene.root.addGestureRecognizer(scene.shakeGestureRecognizer)`.
    public func motionReadingsStarted(timestamp: Double) {
        shakeMotion.deliveries += 1
        // Who listens to motion, worked out before the first reading comes.
        defer { arena.prepareListeners(of: .motion) }
        guard shakeGestureRecognizer.layer == nil else { return }
        root.addGestureRecognizer(shakeGestureRecognizer)
        shakeMotion.isInstalled = true
    }

    /// A ``MotionManager`` stops handing the scene its readings. When the
    /// last one stops, the scene takes its ``shakeGestureRecognizer`` off
    /// the root if it put it there. The manager has already sent
    /// ``InputSubEvent/sourceLost(_:)``, which cancelled a shake under way.
    public func motionReadingsStopped(timestamp: Double) {
        shakeMotion.deliveries = max(shakeMotion.deliveries - 1, 0)
        guard shakeMotion.deliveries == 0, shakeMotion.isInstalled else { return }
        shakeMotion.isInstalled = false
        if shakeGestureRecognizer.layer === root { root.removeGestureRecognizer(shakeGestureRecognizer) }
    }

    /// Names the scene's shake recognizer and sends its phases as motion
    /// events. Called once, from the scene's init.
    ///
    /// The action holds the scene `unowned(unsafe)`, not weakly as
    /// `addTarget` would: a weak reference gives its object a side table,
    /// which puts every later retain and release of the scene on the
    /// runtime's slow path (callgrind: two such pairs a button event, about
    /// 130 instructions each, and more on every touch). It is safe because
    /// the scene takes the action off again in its `deinit`
    /// (``removeShakeMotionEvents()``), so it never runs once the scene has gone.
    func prepareShakeMotionEvents() {
        shakeGestureRecognizer.name = "scene shake"
        shakeMotionAction = shakeGestureRecognizer.addAction { [unowned(unsafe) self] shake in shakeChanged(shake) }
    }

    /// Takes the action of ``prepareShakeMotionEvents()`` off the scene's
    /// shake recognizer, which may outlive the scene. Called from its `deinit`.
    func removeShakeMotionEvents() {
        if let shakeMotionAction { shakeGestureRecognizer.removeAction(shakeMotionAction) }
    }

    private func shakeChanged(_ shake: ShakeGestureRecognizer) {
        switch shake.state {
        case .began:
            guard !gameShakeSendsMotionEvents else { return }
            shakeMotion.sentBegan = true
            send(.shake, .began, timestamp: shake.currentTime)
        case .ended, .cancelled:
            guard shakeMotion.sentBegan else { return }
            shakeMotion.sentBegan = false
            send(.shake, shake.state == .ended ? .ended : .cancelled, timestamp: shake.currentTime)
        case .possible, .changed, .failed:
            break
        }
    }

    /// Whether a game's own enabled shake recognizer in the scene sends the
    /// motion events: the scene's defers to it. Asked once per shake.
    private var gameShakeSendsMotionEvents: Bool {
        for listener in arena.listeners.listeners(of: .motion, in: root) where listener !== shakeGestureRecognizer {
            if let shake = listener as? ShakeGestureRecognizer, shake.sendsMotionEvents, shake.isEnabled { return true }
        }
        return false
    }
}
