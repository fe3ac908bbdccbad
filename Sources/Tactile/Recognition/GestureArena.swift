/// The scene's referee between gesture recognizers, and the gate between
/// recognizers and layers: it hands each sub-event to the recognizers that
/// see it, applies the rules when one changes state, and decides when the
/// layer gets each touch.
///
/// ## The protocol, one sub-event at a time
///
/// 1. **Gather** (at touch-down): the recognizers of the hit layer and its
///    ancestors, deepest layer first and, within a layer, the most recently
///    added first, minus those the layers' ``RecognizerDelivery`` leaves
///    out, the disabled, those that do not take this kind of pointer, those
///    added during the current sequence, those waiting for requirements
///    (they have decided on the touches they had), and those whose delegate
///    refuses the touch. They follow the touch for life.
/// 2. **Deliver**: every recognizer following the touch gets the sub-event,
///    in gather order, before the layer does, and all of them have it before
///    the next sub-event goes to any. A deadline that falls before the
///    sub-event is delivered first, as a sub-event of its own.
/// 3. **Resolve**, the moment a recognizer sets its state:
///    - an illegal transition is refused and reported;
///    - leaving possible: the delegate may refuse (the recognizer fails); a
///      recognizer that requires another to fail waits, still possible,
///      until every such recognizer has failed, and fails if one recognizes;
///    - recognizing (began, or recognized for a discrete gesture): its
///      touches are cancelled in the layer (``GestureRecognizer/cancelsTouchesInView``),
///      then every other recognizer sharing a touch that it prevents fails
///      (or is cancelled, if it had begun). Because delivery follows gather
///      order, two recognizers that would recognize on the same sub-event
///      are decided for the deeper layer, then the most recently added;
///    - failing releases the recognizers that waited for it;
///    - actions run on began, changed, ended and cancelled;
///    - after ended, cancelled or failed the recognizer is reset at once and
///      sees nothing more of the touches that are down.
/// 4. **Sweep** (after a touch ends or is cancelled): a recognizer with no
///    touch left, no deadline and nothing to wait for cannot recognize
///    anything any more, so it fails; a touch cancelled from outside (focus
///    lost, a layer removed) cancels or fails every recognizer that had it.
/// 5. **Gate the layer**: the touch's own phase goes to the layer unless a
///    recognizer still deciding delays it (``GestureRecognizer/delaysTouchesBegan``,
///    ``GestureRecognizer/delaysTouchesEnded``) or a recognizer took it.
///    Withheld phases are released, in order, as soon as nothing delays them,
///    touches of one layer and one multitouch sequence in one call.
///
/// So that nothing is left stuck, every recognizer is back in possible once
/// the touches it saw have ended and it has no deadline or requirement
/// pending, and every touch a layer saw begin ends for it exactly once.
@MainActor
final class GestureArena {
    unowned let scene: Scene
    /// The scene's touch event, held directly: reaching it through the
    /// unowned `scene` costs an unowned-to-strong retain per recognizer.
    let event: TouchEvent
    /// The time of the sub-event being handled.
    private(set) var now: Double = 0
    /// Recognizers following touches or waiting on a deadline or a
    /// requirement, in gather order.
    private(set) var active: [GestureRecognizer] = []
    /// Touches with layer phases withheld.
    private var withholding: [Touch] = []
    /// Reused for the `[Touch]` handed to recognizers and to the layer, so
    /// that a move costs no allocation.
    private var single: [Touch] = []
    private var singleForLayer: [Touch] = []
    /// Where decisions are logged, one line each.
    var log: ((String) -> Void)?
    /// While a sub-event is being handed out, phases released by the
    /// recognizers' decisions wait for the sub-event's own phase, so that
    /// they reach the layer together (the guide's "touchesEnded for both").
    private var settlingDeferred = 0
    private var needsSettling = false

    /// No deadline of any active recognizer is earlier than this; lets a
    /// sub-event skip the scan for due deadlines.
    private var earliestPossibleDeadline = Double.infinity

    init(scene: Scene) {
        self.scene = scene
        self.event = scene.event
        single.reserveCapacity(4)
        singleForLayer.reserveCapacity(4)
    }

    // MARK: 1. Gather

    func gather(_ touch: Touch, hitLayer: Layer) {
        var layer: Layer? = hitLayer
        while let current = layer {
            switch current.recognizerDelivery {
            case .stop:
                layer = nil
                continue
            case .skip:
                layer = current.parent
                continue
            case .skipUnlessHitLayer where current !== hitLayer:
                layer = current.parent
                continue
            case .normal, .skipUnlessHitLayer:
                break
            }
            for recognizer in current.gestureRecognizers.reversed() where accepts(recognizer, touch) {
                recognizer.arena = self
                recognizer.remember(touch)
                touch.gestureRecognizers.append(recognizer)
                touch.recognizerAttempts.append(recognizer.attempt)
                if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
                log?("gather \(recognizer.displayName) for \(touch.pointer)")
            }
            layer = current.parent
        }
    }

    private func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        recognizer.isEnabled
            && !recognizer.storedState.isFinished
            // One waiting for requirements has decided on the touches it
            // had; a new touch is not part of that gesture, and would go
            // with it when it is released.
            && recognizer.pendingTransition == nil
            && recognizer.allowedPointerKinds.contains(touch.kind)
            && recognizer.firstSequence <= touch.sequence
            && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false
    }

    // MARK: 2. Deliver

    /// Hands `touch`'s new phase to its recognizers, then to the layer.
    func dispatch(_ phase: Touch.Phase, _ touch: Touch, at time: Double) {
        advance(to: time)
        settlingDeferred += 1
        // The same one-touch array for every recognizer, emptied after so
        // that it does not keep the touch alive. A dispatch nested in an
        // action (which sent an event of its own) finds it in use and makes
        // its own.
        let nested = !single.isEmpty
        if !nested { single.append(touch) }
        defer { if !nested { single.removeAll(keepingCapacity: true) } }
        var index = 0
        while index < touch.gestureRecognizers.count {
            let recognizer = touch.gestureRecognizers[index]
            let followed = follows(recognizer, touch, at: index)
            index += 1
            guard followed else { continue }
            if phase == .ended || phase == .cancelled { recognizer.noteLocation(ending: touch) }
            hand(phase, nested ? [touch] : single, to: recognizer)
        }
        switch phase {
        case .began: takeIfJoiningAGestureUnderWay(touch)
        case .ended: sweep(after: touch, cancelled: false)
        case .cancelled: sweep(after: touch, cancelled: true)
        case .moved, .stationary: break
        }
        settlingDeferred -= 1
        deliverToLayer(phase, touch)
    }

    /// A touch that joins a gesture already under way belongs to it, unless
    /// the recognizer ignored it on seeing it begin: the guide's "all
    /// subsequent touch objects ... to the gesture recognizer but not to the
    /// attached view".
    private func takeIfJoiningAGestureUnderWay(_ touch: Touch) {
        for (index, recognizer) in touch.gestureRecognizers.enumerated()
        where recognizer.storedState.isActive && recognizer.cancelsTouchesInView && follows(recognizer, touch, at: index) {
            log?("\(recognizer.displayName), under way, takes \(touch.pointer) from the layer")
            take([touch])
            return
        }
    }

    private func hand(_ phase: Touch.Phase, _ touches: [Touch], to recognizer: GestureRecognizer) {
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled: recognizer.touchesCancelled(touches, with: event)
        }
    }

    /// Whether `recognizer`, the `index`th of `touch`'s, still follows it:
    /// it is in the same attempt it was gathered in (no reset since), has
    /// not ignored the touch, and has not finished. Comparing attempt
    /// numbers spares a search of the recognizer's touches on every move.
    private func follows(_ recognizer: GestureRecognizer, _ touch: Touch, at index: Int) -> Bool {
        touch.recognizerAttempts[index] == recognizer.attempt
            && recognizer.isEnabled && !recognizer.storedState.isFinished
    }

    /// The same, for a recognizer found without its index.
    private func follows(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        guard let index = touch.gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return false }
        return follows(recognizer, touch, at: index)
    }

    /// Fires every deadline due by `time`, earliest first, each as its own
    /// sub-event, then moves the arena's clock to `time`.
    func advance(to time: Double) {
        guard time.isFinite else { return }
        guard time >= earliestPossibleDeadline else {
            now = max(now, time)
            return
        }
        while let next = nextDeadline(dueBy: time) {
            now = max(now, next.deadline ?? now)
            next.deadline = nil
            log?("deadline \(next.displayName) at \(now)")
            next.deadlineReached()
            if next.storedState == .possible, next.numberOfTouches == 0, next.deadline == nil, next.pendingTransition == nil {
                // Its time ran out with no touch to go on: nothing can make it recognize now.
                request(next, .failed)
            }
        }
        now = max(now, time)
        earliestPossibleDeadline = active.reduce(.infinity) { min($0, $1.deadline ?? .infinity) }
    }

    /// A recognizer set a deadline.
    func noteDeadline(_ deadline: Double) {
        earliestPossibleDeadline = min(earliestPossibleDeadline, deadline)
    }

    private func nextDeadline(dueBy time: Double) -> GestureRecognizer? {
        var earliest: GestureRecognizer?
        for recognizer in active {
            guard let deadline = recognizer.deadline, deadline <= time else { continue }
            if deadline < earliest?.deadline ?? .infinity { earliest = recognizer }
        }
        return earliest
    }

    // MARK: 3. Resolve

    /// A recognizer asked to go to `next`.
    func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        if recognizer.pendingTransition != nil {
            // Waiting for requirements: it is still possible to everyone
            // else. Changes are folded into what it waits to do.
            switch next {
            case .failed, .cancelled: return apply(recognizer, .failed)
            case .ended: recognizer.pendingEnd = true
            case .possible, .began, .changed: break
            }
            return
        }
        guard recognizer.validate(next) else {
            if let reason = recognizer.lastRefusedTransition, recognizer.storedState != .possible || next != .possible {
                scene.diagnostics?(Diagnostic(.illegalTransition, reason))
                log?("refuse \(reason)")
            }
            return
        }
        if recognizer.storedState == .possible && (next == .began || next == .ended) {
            if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
                log?("delegate refuses \(recognizer.displayName) to begin")
                return apply(recognizer, .failed)
            }
            var blockers: [ObjectIdentifier] = []
            for other in active where other !== recognizer && requires(recognizer, toFail: other) {
                if other.storedState.isActive { return apply(recognizer, .failed) }
                if other.storedState == .possible { blockers.append(ObjectIdentifier(other)) }
            }
            if !blockers.isEmpty {
                recognizer.pendingTransition = next
                recognizer.waitingFor = blockers
                log?("wait \(recognizer.displayName) to \(next.rawValue) for \(blockers.count) to fail")
                return
            }
        }
        apply(recognizer, next)
    }

    private func apply(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        let previous = recognizer.storedState
        recognizer.storedState = next
        recognizer.pendingTransition = nil
        recognizer.waitingFor.removeAll()
        log?("\(recognizer.displayName) \(previous.rawValue) → \(next.rawValue)")
        switch next {
        case .began:
            recognized(recognizer)
        case .ended where previous == .possible:
            // A discrete gesture recognized; a continuous one ending is not news.
            recognized(recognizer)
        case .failed:
            if recognizer.cancelsTouchesAfterFailure {
                for touch in recognizer.receivedTouches { touch.endsAsCancelled = true }
            }
            releaseWaiters(of: recognizer)
        default:
            break
        }
        if next != .failed && next != .possible { recognizer.sendActions() }
        if recognizer.storedState.isFinished && recognizer.storedState == next { finish(recognizer) }
        settleLayerDelivery()
    }

    /// `recognizer` recognized its gesture: take its touches from the layer,
    /// stop what it prevents, fail what waited for it to fail.
    private func recognized(_ recognizer: GestureRecognizer) {
        if recognizer.cancelsTouchesInView { take(recognizer.receivedTouches) }
        var index = 0
        let others = active
        while index < others.count {
            let other = others[index]
            index += 1
            guard other !== recognizer, !other.storedState.isFinished, shareTouch(recognizer, other) || other.pendingTransition != nil else { continue }
            if requires(other, toFail: recognizer) {
                log?("fail \(other.displayName): \(recognizer.displayName), which it required to fail, recognized")
                apply(other, .failed)
            } else if shareTouch(recognizer, other), prevents(recognizer, other) {
                log?("\(recognizer.displayName) prevents \(other.displayName)")
                apply(other, other.storedState.isActive ? .cancelled : .failed)
            }
        }
    }

    private func releaseWaiters(of failed: GestureRecognizer) {
        let id = ObjectIdentifier(failed)
        let waiting = active.filter { $0.waitingFor.contains(id) }
        for waiter in waiting {
            waiter.waitingFor.removeAll { $0 == id }
            guard waiter.waitingFor.isEmpty, let pending = waiter.pendingTransition else { continue }
            let thenEnd = waiter.pendingEnd && pending == .began
            log?("release \(waiter.displayName): every recognizer it waited for failed")
            waiter.pendingTransition = nil
            waiter.pendingEnd = false
            apply(waiter, pending)
            if thenEnd, waiter.storedState == .began { apply(waiter, .ended) }
        }
    }

    /// `recognizer` is done: reset it for the next attempt.
    private func finish(_ recognizer: GestureRecognizer) {
        recognizer.resetForNextAttempt()
        active.removeAll { $0 === recognizer }
        log?("reset \(recognizer.displayName)")
    }

    private func requires(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) -> Bool {
        recognizer.explicitlyRequiresFailure(of: other)
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    private func prevents(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        let simultaneous = winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner) == true
        return !simultaneous
            && (winner.isExclusive || other.isExclusive)
            && !winner.hasExclusivityException(for: other)
            && winner.canPrevent(other) && other.canBePrevented(by: winner)
    }

    private func shareTouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.receivedTouches.contains { touch in b.receivedTouches.contains { $0 === touch } }
    }

    // MARK: Outside changes

    /// The recognizer was turned off.
    func disable(_ recognizer: GestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        if recognizer.storedState.isActive {
            apply(recognizer, .cancelled)
        } else if !recognizer.storedState.isFinished {
            apply(recognizer, .failed)
        }
    }

    /// The recognizer was taken off its layer: it leaves without a word (no
    /// action), counting as failed for those that waited on it.
    func remove(_ recognizer: GestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        log?("remove \(recognizer.displayName)")
        releaseWaiters(of: recognizer)
        finish(recognizer)
        settleLayerDelivery()
    }

    /// Touches stopped from outside: their recognizers are told, then the
    /// layers, one call per layer and sequence.
    func cancelFromOutside(_ touches: [Touch], at time: Double) {
        advance(to: time)
        for touch in touches {
            var index = 0
            while index < touch.gestureRecognizers.count {
                let recognizer = touch.gestureRecognizers[index]
                index += 1
                guard follows(recognizer, touch) else { continue }
                recognizer.noteLocation(ending: touch)
                hand(.cancelled, [touch], to: recognizer)
            }
            sweep(after: touch, cancelled: true)
        }
        var toCancel: [Touch] = []
        for touch in touches {
            touch.withheld.removeAll()
            if touch.layerSawBegan && !touch.layerIsDone && !touch.isTaken { toCancel.append(touch) }
        }
        withholding.removeAll { $0.withheld.isEmpty }
        sendGrouped(.cancelled, toCancel)
    }

    /// Takes away the recognizers `shouldRemove` picks (their layer left the scene).
    func removeRecognizers(where shouldRemove: (GestureRecognizer) -> Bool) {
        for recognizer in active where shouldRemove(recognizer) { remove(recognizer) }
    }

    // MARK: 4. Sweep

    private func sweep(after touch: Touch, cancelled: Bool) {
        var index = 0
        while index < touch.gestureRecognizers.count {
            let recognizer = touch.gestureRecognizers[index]
            index += 1
            guard recognizer.receivedTouches.contains(where: { $0 === touch }), !recognizer.storedState.isFinished else { continue }
            if cancelled {
                // The touch stopped without lifting: the gesture cannot be trusted.
                request(recognizer, recognizer.storedState.isActive ? .cancelled : .failed)
            } else if recognizer.numberOfTouches == 0 && recognizer.deadline == nil && recognizer.pendingTransition == nil {
                if recognizer.storedState.isActive {
                    scene.diagnostics?(Diagnostic(.illegalTransition, "\(recognizer.displayName): its touches ended while it was \(recognizer.storedState.rawValue); cancelled"))
                    request(recognizer, .cancelled)
                } else if recognizer.storedState == .possible {
                    log?("fail \(recognizer.displayName): no touches left and nothing to wait for")
                    request(recognizer, .failed)
                }
            }
        }
    }

    // MARK: 5. Gate the layer

    /// Sends `phase` of `touch` to its layer now, or withholds it.
    private func deliverToLayer(_ phase: Touch.Phase, _ touch: Touch) {
        if touch.isTaken { return settleLayerDelivery() }
        if phase == .cancelled {
            touch.withheld.removeAll()
            withholding.removeAll { $0 === touch }
            if touch.layerSawBegan && !touch.layerIsDone { sendSingle(.cancelled, touch) }
            return settleLayerDelivery()
        }
        let layerPhase: Touch.Phase = phase == .stationary ? .moved : phase
        if touch.withheld.isEmpty && !needsSettling && !isDelayed(touch, layerPhase) {
            sendSingle(layerPhase, touch)
        } else {
            touch.withheld.append(layerPhase)
            if !withholding.contains(where: { $0 === touch }) { withholding.append(touch) }
            settleLayerDelivery()
        }
    }

    private func isDelayed(_ touch: Touch, _ phase: Touch.Phase) -> Bool {
        guard phase == .began || phase == .ended else { return false }
        for recognizer in touch.gestureRecognizers where recognizer.storedState == .possible && recognizer.isEnabled {
            guard phase == .began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded else { continue }
            if recognizer.receivedTouches.contains(where: { $0 === touch }) { return true }
        }
        return false
    }

    /// Releases every withheld phase that nothing delays any more, in order.
    func settleLayerDelivery() {
        guard settlingDeferred == 0 else {
            needsSettling = true
            return
        }
        needsSettling = false
        guard !withholding.isEmpty else { return }
        var released: [(touch: Touch, phase: Touch.Phase)] = []
        for touch in withholding {
            if touch.isTaken {
                touch.withheld.removeAll()
                continue
            }
            while let first = touch.withheld.first, !isDelayed(touch, first) {
                touch.withheld.removeFirst()
                released.append((touch, first))
            }
        }
        withholding.removeAll { $0.withheld.isEmpty }
        // One call per run of the same layer, sequence and phase, as the
        // guide's walkthroughs deliver them.
        var start = 0
        while start < released.count {
            let head = released[start]
            var end = start + 1
            while end < released.count, released[end].phase == head.phase,
                  released[end].touch.layer === head.touch.layer, released[end].touch.sequence == head.touch.sequence,
                  released[end].touch.endsAsCancelled == head.touch.endsAsCancelled {
                end += 1
            }
            send(head.phase, released[start..<end].map(\.touch))
            start = end
        }
    }

    /// Takes `touches` from the layer: it is told they are cancelled (if it
    /// saw them begin) and gets nothing more of them.
    private func take(_ touches: [Touch]) {
        var toCancel: [Touch] = []
        for touch in touches where !touch.isTaken {
            touch.isTaken = true
            touch.withheld.removeAll()
            if touch.layerSawBegan && !touch.layerIsDone { toCancel.append(touch) }
        }
        withholding.removeAll { $0.isTaken }
        sendGrouped(.cancelled, toCancel)
    }

    /// Cancels `touches` in their layers, one call per layer and sequence.
    func sendGrouped(_ phase: Touch.Phase, _ touches: [Touch]) {
        var remaining = touches
        while let first = remaining.first {
            let group = remaining.filter { $0.layer === first.layer && $0.sequence == first.sequence }
            remaining.removeAll { $0.layer === first.layer && $0.sequence == first.sequence }
            send(phase, group)
        }
    }

    private func sendSingle(_ phase: Touch.Phase, _ touch: Touch) {
        guard singleForLayer.isEmpty else { return send(phase, [touch]) }
        singleForLayer.append(touch)
        send(phase, singleForLayer)
        singleForLayer.removeAll(keepingCapacity: true)
    }

    /// Calls the layer's handler for `touches`, all bound to one layer and
    /// all ending the same way.
    private func send(_ phase: Touch.Phase, _ touches: [Touch]) {
        guard let first = touches.first, let layer = first.layer else { return }
        var phase = phase
        if phase == .ended && first.endsAsCancelled { phase = .cancelled }
        for touch in touches {
            switch phase {
            case .began: touch.layerSawBegan = true
            case .ended, .cancelled: touch.layerIsDone = true
            case .moved, .stationary: break
            }
        }
        switch phase {
        case .began: layer.touchesBegan(touches, with: event)
        case .moved, .stationary: layer.touchesMoved(touches, with: event)
        case .ended: layer.touchesEnded(touches, with: event)
        case .cancelled: layer.touchesCancelled(touches, with: event)
        }
    }
}
