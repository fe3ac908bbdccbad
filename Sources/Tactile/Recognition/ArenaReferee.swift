/// The arena's referee: the one owner of which recognizers are in play and
/// of what each is waiting for, and the one place a recognizer's state
/// changes. It applies the rules between recognizers (requirements,
/// prevention, delegates, simultaneity, exclusivity lists) and queues the
/// actions and resets that follow.
///
/// ## A state change, atomically
///
/// A recognizer's request (``request(_:_:)``) is resolved with all its
/// consequences before anything else happens:
///
/// 1. An illegal transition is refused and reported.
/// 2. Leaving possible: the delegate may refuse it (the recognizer fails);
///    a recognizer that another, already recognized one prevents fails
///    (first to recognize wins); one that requires a recognized recognizer
///    to fail fails; one that requires a possible one to fail waits, still
///    possible to everyone else.
/// 3. Recognizing (began, or ended from possible): its touches are taken
///    from the layer (``GestureRecognizer/cancelsTouchesInView``), then every
///    recognizer still possible that required it to fail, or that it
///    prevents and shares a touch or a source with, fails. Waiting recognizers are
///    possible, so they are prevented like any other. A gesture already
///    under way recognized first and goes on: it let this one recognize
///    (an exclusivity exception, a delegate, `canPrevent`), and first to
///    recognize wins.
/// 4. Failing releases the recognizers that waited for it, in gather
///    order; each released one is checked again against what has
///    recognized in the meantime (first to recognize still wins), then goes
///    to the state it asked for, with that state's own consequences.
///
/// Actions do not run during this. A state entered queues its actions once
/// its consequences are resolved, and a finished recognizer queues its
/// reset behind them; so a recognizer that another one's recognition
/// stopped is reset before the winner's action runs, and a recognizer
/// released by a failure acts before the failed one is reset. The arena
/// runs the queue once its decisions for the sub-event are complete
/// (``runActions()``); during each action the recognizer's
/// ``GestureRecognizer/state`` reads the state the action was sent for.
@MainActor
final class ArenaReferee {
    /// A recognizer in play: following touches, waiting on a deadline or a
    /// requirement, or finished and waiting for its reset.
    struct Member {
        let recognizer: GestureRecognizer
        /// The transition it asked for while recognizers it requires to
        /// fail were undecided.
        var pending: GestureRecognizer.State?
        /// That an `ended` was asked for on top of a pending `began`.
        var pendingEnd = false
        /// The recognizers it waits for.
        var waitingFor: [ObjectIdentifier] = []
    }

    /// An entry of the queue of things to do once the arena is consistent.
    enum Queued {
        /// Run the recognizer's actions, with its state reading `state`.
        case actions(GestureRecognizer, GestureRecognizer.State)
        /// Reset the finished recognizer for its next attempt.
        case reset(GestureRecognizer)

        var recognizer: GestureRecognizer {
            switch self {
            case .actions(let recognizer, _), .reset(let recognizer): recognizer
            }
        }
    }

    /// The arena that owns this part, set once as the arena is made. Not
    /// checked `unowned`: the arena outlives its parts, and a checked
    /// reference costs a retain on every use.
    unowned(unsafe) var arena: GestureArena!
    /// In gather order.
    // Exclusivity: as in LayerGate, every access is instantaneous (loops
    // that call delegates or user code iterate copies), so the dynamic
    // checks are off for these hot fields.
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var queue: [Queued] = []
    @exclusivity(unchecked) var head = 0

    init() {
        queue.reserveCapacity(8)
    }

    // MARK: Membership

    func join(_ recognizer: GestureRecognizer) {
        if index(of: recognizer) == nil { members.append(Member(recognizer: recognizer)) }
    }

    func isMember(_ recognizer: GestureRecognizer) -> Bool {
        index(of: recognizer) != nil
    }

    func isWaiting(_ recognizer: GestureRecognizer) -> Bool {
        guard let index = index(of: recognizer) else { return false }
        return members[index].pending != nil
    }

    /// Whether `recognizer` waits, directly or through others, for `target`.
    private func waits(_ recognizer: GestureRecognizer, for target: GestureRecognizer) -> Bool {
        var visited: [ObjectIdentifier] = []
        var stack = [ObjectIdentifier(recognizer)]
        let goal = ObjectIdentifier(target)
        while let next = stack.popLast() {
            guard !visited.contains(next) else { continue }
            visited.append(next)
            for member in members where ObjectIdentifier(member.recognizer) == next && member.pending != nil {
                if member.waitingFor.contains(goal) { return true }
                stack.append(contentsOf: member.waitingFor)
            }
        }
        return false
    }

    private func isWaiting(_ recognizer: GestureRecognizer, for blocker: ObjectIdentifier) -> Bool {
        guard let index = index(of: recognizer) else { return false }
        return members[index].pending != nil && members[index].waitingFor.contains(blocker)
    }

    /// Whether anything is queued to run.
    var hasQueuedWork: Bool { head < queue.count }

    // MARK: Requests

    /// `recognizer` asks to go to `next`.
    func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        // A recognizer driven without touches (from a key, say) joins for
        // the attempt, like one gathered for a touch.
        join(recognizer)
        guard let index = index(of: recognizer) else { return }
        if members[index].pending != nil {
            // Waiting for requirements: still possible to everyone else.
            // Changes fold into what it waits to do.
            switch next {
            case .failed, .cancelled: fail(recognizer, .notItsGesture)
            case .ended: members[index].pendingEnd = true
            case .possible, .began, .changed: break
            }
            return
        }
        let current = recognizer.storedState
        if current == .possible && next == .possible { return }
        if let reason = current.illegality(of: next) {
            refuse(recognizer, next, because: reason)
            return
        }
        if next == .failed { return fail(recognizer, .notItsGesture) }
        if current == .possible && (next == .began || next == .ended) {
            if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
                return fail(recognizer, .delegateRefusedToBegin)
            }
            if let cause = reasonToFail(recognizer) { return fail(recognizer, cause) }
            // Over a copy: the delegates asked are user code, which may
            // re-enter the arena. Skipped when no member can be a blocker
            // (no requirement and no delegate on either side), which is
            // every recognition of the common game: spares the copy's
            // allocation.
            let blockers = !mayWait(recognizer) ? [] : members.map(\.recognizer).compactMap { candidate -> GestureRecognizer? in
                guard candidate !== recognizer, candidate.storedState == .possible, requires(recognizer, toFail: candidate) else { return nil }
                if waits(candidate, for: recognizer) {
                    // Delegates can close a cycle that require(toFail:)
                    // refuses: each would wait for ever. The requirement
                    // that closes it is not waited on.
                    arena.report(Diagnostic(.requirementCycle, "\(recognizer.displayName) would wait for \(candidate.displayName), which waits for it; not waiting"))
                    return nil
                }
                return candidate
            }
            if !blockers.isEmpty {
                members[index].pending = next
                members[index].waitingFor = blockers.map(ObjectIdentifier.init)
                arena.record(.waiting(recognizer, to: next, for: blockers))
                return
            }
        }
        enter(recognizer, next)
    }

    /// Fails `recognizer` for `cause`, unless it has finished.
    /// Whether `recognizer` may have to wait for another member: it has
    /// failure requirements or a delegate, or another member has a delegate.
    /// With no, ``requires(_:toFail:)`` is false for every pair it is in.
    private func mayWait(_ recognizer: GestureRecognizer) -> Bool {
        if !recognizer.failureRequirements.isEmpty || recognizer.delegate != nil { return true }
        for index in members.indices where members[index].recognizer !== recognizer && members[index].recognizer.delegate != nil {
            return true
        }
        return false
    }

    func fail(_ recognizer: GestureRecognizer, _ cause: GestureFailure) {
        guard !recognizer.storedState.isFinished, index(of: recognizer) != nil else { return }
        recognizer.lastFailure = cause
        if arena.isRecording { arena.record(.failed(recognizer, cause)) }
        enter(recognizer, .failed)
    }

    /// Stops `recognizer` from outside (it was disabled, or one of its
    /// touches was cancelled): cancelled if it had begun, failed otherwise.
    func stop(_ recognizer: GestureRecognizer, _ cause: GestureFailure) {
        if recognizer.storedState.isActive {
            enter(recognizer, .cancelled)
        } else {
            fail(recognizer, cause)
        }
    }

    /// `recognizer` leaves without a word (no action): its layer let it go.
    /// Those that waited for it are released as if it had failed.
    func remove(_ recognizer: GestureRecognizer) {
        guard let index = index(of: recognizer) else { return }
        members.remove(at: index)
        arena.record(.removed(recognizer))
        arena.clock.cancel(recognizer)
        dropQueued(for: recognizer)
        releaseWaiters(of: recognizer)
        recognizer.resetForNextAttempt()
    }

    // MARK: Applying a state

    private func enter(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        let previous = recognizer.storedState
        recognizer.storedState = next
        if let index = index(of: recognizer) {
            members[index].pending = nil
            members[index].pendingEnd = false
            members[index].waitingFor.removeAll()
        }
        if next != .failed, arena.isRecording { arena.record(.entered(recognizer, next, from: previous)) }
        let mark = queue.count
        switch next {
        case .began:
            recognized(recognizer)
        case .ended where previous == .possible:
            // A discrete gesture recognized; a continuous one ending is not news.
            recognized(recognizer)
        case .failed:
            if recognizer.cancelsTouchesAfterFailure {
                for touch in recognizer.trackedTouches { arena.gate.endAsCancelled(touch) }
            }
            releaseWaiters(of: recognizer)
        case .possible, .changed, .ended, .cancelled:
            break
        }
        if next != .failed {
            // After what its consequences queued for others, but before
            // anything they queued for this recognizer itself: its own
            // actions keep the order its states were entered in.
            var position = queue.count
            for index in min(mark, queue.count)..<queue.count where queue[index].recognizer === recognizer {
                position = index
                break
            }
            queue.insert(.actions(recognizer, next), at: position)
        }
        if next.isFinished {
            arena.clock.cancel(recognizer)
            queue.append(.reset(recognizer))
        }
    }

    /// `recognizer` recognized its gesture: take its touches from the layer,
    /// then stop what it prevents and fail what required it to fail.
    private func recognized(_ recognizer: GestureRecognizer) {
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.trackedTouches where arena.gate.take(touch) {
                arena.record(.took(touch, by: recognizer))
            }
        }
        let id = ObjectIdentifier(recognizer)
        forEachMember { other in
            guard other !== recognizer, !other.storedState.isFinished else { return true }
            let shares = contend(recognizer, other)
            guard shares || isWaiting(other) else { return true }
            // An earlier one's consequences may have finished it.
            guard !other.storedState.isFinished else { return true }
            // A requirement binds only a recognizer still deciding: one
            // waiting for this one fails by the wait it recorded, whatever a
            // delegate answers now; one under way recognized first and goes on.
            if isWaiting(other, for: id) || (other.storedState == .possible && requires(other, toFail: recognizer)) {
                fail(other, .requirementRecognized(recognizer.displayName))
            } else if shares && other.storedState == .possible && prevents(recognizer, other) {
                // One under way recognized first; it is not stopped by a
                // later one (which it let recognize alongside it).
                fail(other, .preventedBy(recognizer.displayName))
            }
            return true
        }
    }

    /// Releases the recognizers that waited for `failed` and for nothing else.
    private func releaseWaiters(of failed: GestureRecognizer) {
        // Nothing waits in the common game: no loop over copies then.
        var anyWaits = false
        for index in members.indices where !members[index].waitingFor.isEmpty {
            anyWaits = true
            break
        }
        guard anyWaits else { return }
        let id = ObjectIdentifier(failed)
        // Over a copy of the members, as in `recognized(_:)`.
        for member in members {
            let waiter = member.recognizer
            guard let index = index(of: waiter), members[index].waitingFor.contains(id) else { continue }
            var waitingFor = members[index].waitingFor
            waitingFor.removeAll { $0 == id }
            members[index].waitingFor = waitingFor
            guard members[index].waitingFor.isEmpty, let pending = members[index].pending else { continue }
            let thenEnd = members[index].pendingEnd && pending == .began
            members[index].pending = nil
            members[index].pendingEnd = false
            arena.record(.released(waiter))
            if let cause = reasonToFail(waiter) {
                fail(waiter, cause)
                continue
            }
            enter(waiter, pending)
            if thenEnd, waiter.storedState == .began { enter(waiter, .ended) }
        }
    }

    /// Why `recognizer` may not leave possible now: a recognizer that
    /// already recognized prevents it, or it requires one that recognized
    /// to fail. First to recognize wins.
    private func reasonToFail(_ recognizer: GestureRecognizer) -> GestureFailure? {
        var reason: GestureFailure?
        forEachMember { other in
            // Under way, or a discrete gesture that recognized in this
            // sub-event and has not been reset yet.
            guard other !== recognizer, other.storedState.isActive || other.storedState == .ended else { return true }
            if requires(recognizer, toFail: other) {
                reason = .requirementRecognized(other.displayName)
            } else if contend(other, recognizer) && prevents(other, recognizer) {
                reason = .preventedBy(other.displayName)
            }
            return reason == nil
        }
        return reason
    }

    /// Calls `body` with each member's recognizer in gather order until it
    /// returns false. Over a copy of the members (what `body` calls may
    /// change them; copying the array copies its buffer reference, not its
    /// elements), which keeps every recognizer alive, so each is borrowed
    /// rather than retained: a `for` loop over the members copied each one
    /// (a retain of its recognizer and of its list), for every member at
    /// every decision (callgrind: about a tenth of a tap).
    private func forEachMember(_ body: (GestureRecognizer) -> Bool) {
        let members = members
        for index in members.indices {
            guard Unmanaged.passUnretained(members[index].recognizer)._withUnsafeGuaranteedRef(body) else { return }
        }
    }

    /// Forgets every member and queued action without a word: the scene
    /// is going, and nothing of it will be sent again.
    func removeAll() {
        members.removeAll()
        queue.removeAll()
        head = 0
    }

    // MARK: Running what was queued

    /// Runs the queued actions and resets, in order. Re-entrant: an action
    /// that causes more decisions (or sends an event) continues the same
    /// queue, in order.
    func runActions() {
        while head < queue.count {
            let item = queue[head]
            head += 1
            switch item {
            case .actions(let recognizer, let state):
                recognizer.sendActions(reporting: state)
            case .reset(let recognizer):
                // Unless removal has reset it already.
                guard recognizer.storedState.isFinished else { break }
                if let index = index(of: recognizer) { members.remove(at: index) }
                recognizer.resetForNextAttempt()
                if arena.isRecording { arena.record(.reset(recognizer)) }
            }
        }
        guard head > 0, head >= queue.count else { return }
        queue.removeAll(keepingCapacity: true)
        head = 0
    }

    /// Drops the actions and reset still queued for `recognizer`.
    private func dropQueued(for recognizer: GestureRecognizer) {
        var kept = head
        for index in head..<queue.count {
            if queue[index].recognizer === recognizer { continue }
            queue[kept] = queue[index]
            kept += 1
        }
        queue.removeSubrange(kept...)
    }

    // MARK: The rules

    func requires(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) -> Bool {
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

    /// Whether `a` and `b` compete: they follow a common touch, or a common
    /// non-touch source, in their current attempts.
    private func contend(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        // By index: a `for` loop would retain each touch it looks at.
        let touches = a.trackedTouches
        for index in touches.indices where b.isFollowing(touches[index]) { return true }
        for source in a.trackedSources where b.isFollowing(source) { return true }
        return false
    }

    private func refuse(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State, because reason: String) {
        let message = "\(recognizer.displayName): \(recognizer.storedState.rawValue) → \(next.rawValue) refused: \(reason)"
        recognizer.lastRefusedTransition = message
        arena.report(Diagnostic(.illegalTransition, message))
        arena.record(.refused(recognizer, message))
    }

    private func index(of recognizer: GestureRecognizer) -> Int? {
        for index in members.indices where members[index].recognizer === recognizer { return index }
        return nil
    }
}
