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
    ///
    /// The recognizer is not retained: a strong entry cost about four
    /// retains and releases (made, read, switched on, emptied) for each of
    /// the dozen entries of a tap (callgrind: a tenth of a tap). What keeps
    /// it alive instead is its member entry (`storage`), which is not dropped
    /// while the queue runs, or `retired`, where a member dropped before
    /// the queue has run waits (see `keepUntilDrained(_:)`).
    struct Queued {
        enum Work {
            /// Run the recognizer's actions, with its state reading the state.
            case actions(GestureRecognizer.State)
            /// Reset the finished recognizer for its next attempt.
            case reset
        }

        let recognizer: Unmanaged<GestureRecognizer>
        let work: Work

        init(_ recognizer: GestureRecognizer, _ work: Work) {
            self.recognizer = Unmanaged.passUnretained(recognizer)
            self.work = work
        }

        func names(_ other: GestureRecognizer) -> Bool {
            recognizer.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
        }
    }

    /// The arena that owns this part, set once as the arena is made. Not
    /// checked `unowned`: the arena outlives its parts, and a checked
    /// reference costs a retain on every use.
    unowned(unsafe) var arena: GestureArena!
    /// The arena's clock, which the referee cancels deadlines in. Its own
    /// `let`: calling through `arena.clock` retained the clock for each call.
    let clock: ArenaClock
    /// The arena's layer gate, which a recognition takes touches through;
    /// its own `let` for the same reason as `clock`.
    let gate: LayerGate
    /// Whether the arena records its decisions (``GestureArena/isRecording``),
    /// kept here by the arena: reading it through `arena` retained the
    /// arena each time (callgrind: a dozen retains a tap, at every failure,
    /// entry and reset).
    @exclusivity(unchecked) var isRecording = false
    /// Whether a move from `.changed` to `.changed` is recorded
    /// (``GestureArena/recordsRepeatedChanges``), kept here for the same reason.
    @exclusivity(unchecked) var recordsRepeatedChanges = false
    /// The members, in gather order.
    ///
    /// Reading it leaves out the entries of recognizers that left while
    /// the queue was running (see `storage`); changing it from outside (a
    /// rollback snapshot restoring the list) numbers the entries again.
    // `_modify` rather than `set`: the snapshot's `removeAll(keepingCapacity:)`
    // and `append(contentsOf:)` then change the storage in place instead of
    // copying it.
    var members: [Member] {
        get {
            // A reader (a rollback capture, every frame of a rollback game)
            // finds the entries kept in place dropped first, as they were
            // before they were kept (see `compact()`): filtering them out
            // made a copy of the list on every read.
            if departed > 0 && departed < parkedFrom { dropDepartedKeptInPlace() }
            if departed == 0 {
                // With every entry parked, an empty list (no allocation).
                return parkedFrom == storage.count ? storage : Array(storage[..<parkedFrom])
            }
            // During a loop or a drain: filtered. A plain loop: a main-actor
            // closure handed to `filter` checks its executor on every call.
            var live: [Member] = []
            for index in 0..<parkedFrom where isLive(index) { live.append(storage[index]) }
            return live
        }
        _modify {
            // Changed from outside only between sub-events (a snapshot is
            // restored then): no loop over a copy is running. A reset may
            // still be running (a restore from `reset()`): the recognizers
            // the queue names stay alive until it has run.
            if draining > 0 || hasQueuedWork { keepUntilDrained(storage) }
            unpark()
            if departed > 0 { storage = members }
            yield &storage
            renumber()
        }
    }

    /// The members in gather order, with the entries of recognizers that
    /// left since the last compaction (``compact()``).
    ///
    /// A member's position is kept on its recognizer (`memberSlot`), so that
    /// finding a recognizer's entry costs the same with ten members or ten
    /// thousand: a linear search made each sub-event quadratic in the
    /// recognizers in play (10,000 recognizers on a tap took minutes in a
    /// debug build). For the same reason a recognizer that leaves (its reset,
    /// or its removal) is only marked gone (its slot set to -1), and the
    /// entries of those that left are dropped together, in one pass, once
    /// the queue has run: removing each at once shifted every later entry
    /// and renumbered its slot.
    // Exclusivity: as in LayerGate, every access is instantaneous (loops
    // that call delegates or user code iterate copies), so the dynamic
    // checks are off for these hot fields.
    @exclusivity(unchecked) private var storage: [Member] = []
    /// How many entries of `storage` belong to recognizers that left.
    @exclusivity(unchecked) private var departed = 0
    /// Where the parked entries of `storage` begin: the entries from here
    /// on are not members at all, only kept for the next attempt. Equal to
    /// `storage.count` when none is parked.
    ///
    /// When every member has left (the end of a tap), their entries are
    /// parked in gather order rather than dropped, and the next attempt's
    /// joins take them back in place, one by one, as long as each joining
    /// recognizer is the next parked one: the same recognizers gathered in
    /// the same order, every tap of a game. An entry taken back keeps its
    /// reference, where dropping it released the recognizer and joining
    /// again appended and retained it (callgrind: about 14 retains and
    /// releases and two array updates a recognizer a tap, a tenth of a
    /// tap on the seven built-ins). The first join that is not the next
    /// parked one lets go of every parked entry (`unpark()`), as does a
    /// recognizer's removal, or its layer's (`letGoOfDeparted()`), so a
    /// removed recognizer is not kept alive by its old entry; a scene that
    /// ends lets go of them all (`removeAll()`).
    // Every loop over the members stops at `parkedFrom`.
    @exclusivity(unchecked) private var parkedFrom = 0
    /// How many loops over a copy of the members are under way: entries
    /// are not dropped meanwhile, since the copies read positions by slot.
    @exclusivity(unchecked) private var iterating = 0
    /// Whether a member may be waiting for requirements; false once a
    /// look found none, so that a failure with nobody waiting (every
    /// failure of the common game) costs no scan of the members.
    @exclusivity(unchecked) private var mayHaveWaiters = false
    @exclusivity(unchecked) var queue: [Queued] = []
    @exclusivity(unchecked) var head = 0
    /// A continuous gesture's move (changed to changed, `change(_:)`) queued
    /// with nothing before it: the queue's oldest entry, kept here rather
    /// than in `queue`, which is then empty. The one entry of the common
    /// sub-event (Tilt Maze's pinch following ten fingers, on every move),
    /// which the drain runs without the list: its append, its read and the
    /// list's emptying afterwards (callgrind: see `change(_:)`). Held as a
    /// queue entry is (see `Queued`).
    ///
    /// The order is the queue's: anything queued later goes into `queue`
    /// only after this entry has (`enqueueChangeDue()`, at the top of
    /// `enter` and of `change`'s slow way), and the drain runs it first. So
    /// when it is set, `queue` holds nothing not yet run.
    @exclusivity(unchecked) private var changeDue: Unmanaged<GestureRecognizer>?
    /// How many `runActions()` are under way (nested when an action sends
    /// an event): entries are not dropped meanwhile, since the recognizer
    /// an action or reset is running for is held by nothing else.
    @exclusivity(unchecked) private var draining = 0
    /// Recognizers whose member entry went while the queue could still
    /// name them (the scene ended, or a snapshot was restored, from an
    /// action or a reset), held until the outermost `runActions()` ends.
    /// Empty in every common game.
    @exclusivity(unchecked) private var retired: [GestureRecognizer] = []

    init(clock: ArenaClock, gate: LayerGate) {
        self.clock = clock
        self.gate = gate
        queue.reserveCapacity(8)
        // Room for a few members before the first touch lands
        // (GestureArena+FirstTouch.swift).
        storage.reserveCapacity(8)
    }

    // MARK: Membership

    func join(_ recognizer: GestureRecognizer) {
        guard index(of: recognizer) == nil else { return }
        if parkedFrom < storage.count {
            // Taken back in place: the entries before it are the members,
            // so it goes last among them, as an appended entry would.
            if storage[parkedFrom].recognizer === recognizer {
                let slot = parkedFrom
                parkedFrom += 1
                recognizer.memberSlot = slot
                recognizer.memberSlotOwner = ObjectIdentifier(self)
                // Cleared only when set, as in `enter` (a removed member's
                // wait is left as it was).
                if storage[slot].pending != nil || storage[slot].pendingEnd || !storage[slot].waitingFor.isEmpty {
                    storage[slot].pending = nil
                    storage[slot].pendingEnd = false
                    storage[slot].waitingFor.removeAll()
                }
                return
            }
            unpark()
        }
        recognizer.memberSlot = storage.count
        recognizer.memberSlotOwner = ObjectIdentifier(self)
        storage.append(Member(recognizer: recognizer))
        parkedFrom = storage.count
    }

    /// Lets go of the parked entries (see `parkedFrom`).
    @inline(never)
    func unpark() {
        guard parkedFrom < storage.count else { return }
        // The queue never names a parked recognizer (it had run when they
        // were parked, and only members queue work); kept as elsewhere all
        // the same, should that change.
        if draining > 0 || hasQueuedWork {
            for index in parkedFrom..<storage.count { keepUntilDrained(storage[index].recognizer) }
        }
        storage.shrink(to: parkedFrom)
    }

    func isMember(_ recognizer: GestureRecognizer) -> Bool {
        index(of: recognizer) != nil
    }

    func isWaiting(_ recognizer: GestureRecognizer) -> Bool {
        // No member waits while `mayHaveWaiters` is false (see `enter`): the
        // look-up is spared then (callgrind: about 24 instructions a call,
        // each motion recognizer's first reading asks it).
        guard mayHaveWaiters, let index = index(of: recognizer) else { return false }
        return storage[index].pending != nil
    }

    /// Whether `recognizer` waits, directly or through others, for `target`.
    private func waits(_ recognizer: GestureRecognizer, for target: GestureRecognizer) -> Bool {
        var visited: [ObjectIdentifier] = []
        var stack = [ObjectIdentifier(recognizer)]
        let goal = ObjectIdentifier(target)
        while let next = stack.popLast() {
            guard !visited.contains(next) else { continue }
            visited.append(next)
            // Each recognizer has one entry in play: found by its slot.
            for index in 0..<parkedFrom where ObjectIdentifier(storage[index].recognizer) == next && isLive(index) {
                guard storage[index].pending != nil else { break }
                if storage[index].waitingFor.contains(goal) { return true }
                stack.append(contentsOf: storage[index].waitingFor)
                break
            }
        }
        return false
    }

    private func isWaiting(_ recognizer: GestureRecognizer, for blocker: ObjectIdentifier) -> Bool {
        guard let index = index(of: recognizer) else { return false }
        return storage[index].pending != nil && storage[index].waitingFor.contains(blocker)
    }

    /// Whether anything is queued to run.
    var hasQueuedWork: Bool { head < queue.count || changeDue != nil }

    /// Puts `changeDue` in the queue, where it goes first, before anything
    /// else is queued (see `changeDue`).
    @inline(__always)
    private func enqueueChangeDue() {
        guard let due = changeDue else { return }
        changeDue = nil
        queue.append(Queued(due.takeUnretainedValue(), .actions(.changed)))
    }

    // MARK: Requests

    /// `recognizer` asks to go to `next`.
    func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        // A member failing itself from possible with no wait of its own: six
        // of a tap's seven recognizers, and most requests of a game. Nothing
        // below applies to it but `fail` (it is in play, it waits for
        // nothing, and possible → failed is legal): callgrind, about 60
        // instructions a failure spared.
        if next == .failed, recognizer.storedState == .possible, let index = index(of: recognizer), storage[index].pending == nil {
            return fail(recognizer, .notItsGesture)
        }
        // The rare branches below (a member already waiting, an illegal
        // transition, a wait for blockers) are calls, so that the common
        // request's code lies together: a recognition runs this once, from
        // cold code, and its cost there is the lines it touches (callgrind,
        // Tilt Maze's pinch recognizing: 100 instructions on 13 code lines
        // spread across 23, the rare branches between them; now 82 on 9
        // across 13).
        //
        // A recognizer driven without touches (from a key, say) joins for
        // the attempt, like one gathered for a touch. `join` is called only
        // then: the common request is a member's (callgrind: about 30
        // instructions and three code lines at a recognition).
        var found = index(of: recognizer)
        if found == nil {
            join(recognizer)
            found = index(of: recognizer)
        }
        guard let index = found else { return }
        if storage[index].pending != nil { return fold(next, intoWaitOf: recognizer, at: index) }
        let current = recognizer.storedState
        if current == .possible && next == .possible { return }
        // A recognition (possible → began or ended) is legal, so the table
        // is not asked then: a gesture recognizes once an attempt, from code
        // no other frame runs, and the table's call and jump table were 4
        // code and 2 data lines of it (callgrind, the Gesture Lab's
        // ten-contact trace, the frames of the pan's began and the swipe's).
        let recognizes = current == .possible && (next == .began || next == .ended)
        if !recognizes, let reason = current.illegality(of: next) { return refuse(recognizer, next, because: reason) }
        if next == .failed { return fail(recognizer, .notItsGesture) }
        if recognizes {
            if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
                return fail(recognizer, .delegateRefusedToBegin)
            }
            if let cause = reasonToFail(recognizer) { return fail(recognizer, cause) }
            // Skipped when no member can be a blocker (no requirement and
            // no delegate on either side), which is every recognition of
            // the common game.
            if mayWait(recognizer), waitsForBlockers(recognizer, to: next) { return }
        }
        enter(recognizer, next)
    }

    /// A waiting member's request: still possible to everyone else, its
    /// changes fold into what it waits to do. Out of line (see `request`).
    @inline(never)
    private func fold(_ next: GestureRecognizer.State, intoWaitOf recognizer: GestureRecognizer, at index: Int) {
        switch next {
        case .failed, .cancelled: fail(recognizer, .notItsGesture)
        case .ended: storage[index].pendingEnd = true
        case .possible, .began, .changed: break
        }
    }

    /// Makes `recognizer`, leaving possible for `next`, wait for the
    /// possible members it requires to fail, if any; whether it waits.
    /// Out of line (see `request`).
    @inline(never)
    private func waitsForBlockers(_ recognizer: GestureRecognizer, to next: GestureRecognizer.State) -> Bool {
        // Over a copy: the delegates asked are user code, which may
        // re-enter the arena.
        let blockers = members.map(\.recognizer).compactMap { candidate -> GestureRecognizer? in
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
        // Found again: the delegates asked above may have changed the members.
        guard !blockers.isEmpty, let index = index(of: recognizer) else { return false }
        storage[index].pending = next
        storage[index].waitingFor = blockers.map(ObjectIdentifier.init)
        mayHaveWaiters = true
        arena.record(.waiting(recognizer, to: next, for: blockers))
        return true
    }

    /// A continuous gesture going on: `recognizer`, a member that has begun
    /// (began or changed), asks for changed inside a step already open (a
    /// touch handler's, during a delivery; the caller checks the arena's
    /// depth). Nothing is decided by it: the transition is always legal,
    /// the recognizer waits for nothing (an active member has no pending
    /// request), and it stops and releases no one (it recognized at
    /// began). All `request` would do is `enter`'s common part: the state,
    /// and its actions queued at the end (nothing is queued during the
    /// call). Returns false, having done nothing, when any of that does not
    /// hold or the decision would be recorded (an observer is user code);
    /// `request` then does it all. For the pinch following ten contacts,
    /// about 420 instructions a move through `request` (callgrind, Tilt
    /// Maze). A move from `.changed` is recorded only for someone who hears
    /// those (`Scene.addDecisionObserver(includingLayerDeliveries:includingRepeatedChanges:_:)`).
    // The queue's appends out of line (`queueChange`): inlined, they made
    // the common way save and restore more registers.
    func change(_ recognizer: GestureRecognizer) -> Bool {
        let current = recognizer.storedState
        guard current == .began || current == .changed, !isRecording || (current == .changed && !recordsRepeatedChanges),
              let index = index(of: recognizer) else { return false }
        if mayHaveWaiters, storage[index].pending != nil || storage[index].pendingEnd || !storage[index].waitingFor.isEmpty { return false }
        recognizer.storedState = .changed
        // Nothing queued: the entry is kept aside (see `changeDue`), for the
        // drain to run without the list.
        if head == queue.count && changeDue == nil {
            changeDue = Unmanaged.passUnretained(recognizer)
        } else {
            queueChange(of: recognizer)
        }
        return true
    }

    /// `change(_:)`'s entry, with work queued: after anything kept aside.
    @inline(never)
    private func queueChange(of recognizer: GestureRecognizer) {
        enqueueChangeDue()
        queue.append(Queued(recognizer, .actions(.changed)))
    }

    /// Fails `recognizer` for `cause`, unless it has finished.
    /// Whether `recognizer` may have to wait for another member: it has
    /// failure requirements or a delegate, or another member has a delegate.
    /// With no, ``requires(_:toFail:)`` is false for every pair it is in.
    private func mayWait(_ recognizer: GestureRecognizer) -> Bool {
        if !recognizer.failureRequirements.isEmpty || recognizer.delegate != nil { return true }
        for index in 0..<parkedFrom where storage[index].recognizer !== recognizer && storage[index].recognizer.delegate != nil && isLive(index) {
            return true
        }
        return false
    }

    func fail(_ recognizer: GestureRecognizer, _ cause: GestureFailure) {
        guard !recognizer.storedState.isFinished, index(of: recognizer) != nil else { return }
        recognizer.lastFailure = cause
        if isRecording { arena.record(.failed(recognizer, cause)) }
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
        leave(index, recognizer)
        arena.record(.removed(recognizer))
        clock.cancel(recognizer)
        dropQueued(for: recognizer)
        releaseWaiters(of: recognizer)
        recognizer.resetForNextAttempt()
    }

    // MARK: Applying a state

    private func enter(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
        // Whatever this queues goes after a move's entry kept aside, and
        // `mark` below counts it as queued before.
        enqueueChangeDue()
        let previous = recognizer.storedState
        recognizer.storedState = next
        // A phase the layer gate holds back may go now (see `LayerGate.delayVersion`).
        if (previous == .possible) != (next == .possible) { LayerGate.delayVersion &+= 1 }
        let index = index(of: recognizer)
        // Written only when set: each write through `storage[index]` checks
        // the array's uniqueness, and emptying an empty list still goes
        // through `replaceSubrange` (a recognizer that waited is rare). No
        // member has a wait while `mayHaveWaiters` is false: not read then.
        // The rare work (a wait cleared, a decision recorded, touches
        // ended as cancelled) is called, so that the common entry's code
        // lies together (see `request`).
        if mayHaveWaiters, let index, storage[index].pending != nil || storage[index].pendingEnd || !storage[index].waitingFor.isEmpty {
            clearWait(at: index)
        }
        if next != .failed, isRecording { record(.entered(recognizer, next, from: previous)) }
        let mark = queue.count
        switch next {
        case .began:
            recognized(recognizer)
        case .ended where previous == .possible:
            // A discrete gesture recognized; a continuous one ending is not news.
            recognized(recognizer)
        case .failed:
            if recognizer.cancelsTouchesAfterFailure { endAsCancelled(recognizer.trackedTouches) }
            releaseWaiters(of: recognizer)
        case .possible, .changed, .ended, .cancelled:
            break
        }
        if next != .failed {
            // After what its consequences queued for others, but before
            // anything they queued for this recognizer itself: its own
            // actions keep the order its states were entered in.
            var position = queue.count
            for index in min(mark, queue.count)..<queue.count where queue[index].names(recognizer) {
                position = index
                break
            }
            // Appended when it goes last (almost always): `insert` goes
            // through the general `replaceSubrange`.
            if position == queue.count {
                queue.append(Queued(recognizer, .actions(next)))
            } else {
                queueActions(of: recognizer, for: next, at: position)
            }
        }
        if next.isFinished {
            clock.cancel(recognizer)
            queue.append(Queued(recognizer, .reset))
        }
        // The queue does not retain: one stopped from outside without being
        // a member (no entry keeps it) is held until the queue has run. A
        // member's entry is not dropped before then.
        if index == nil { keepUntilDrained(recognizer) }
    }

    /// Clears the wait of the member at `index`, which entered a state.
    /// Out of line (see `enter`).
    @inline(never)
    private func clearWait(at index: Int) {
        storage[index].pending = nil
        storage[index].pendingEnd = false
        storage[index].waitingFor.removeAll()
    }

    /// Has the layer see each of `touches` end as a cancellation (a failed
    /// recognizer's ``GestureRecognizer/cancelsTouchesAfterFailure``). Out
    /// of line (see `enter`).
    @inline(never)
    private func endAsCancelled(_ touches: [Touch]) {
        for touch in touches { gate.endAsCancelled(touch) }
    }

    /// Queues `recognizer`'s actions for `state` at `position`, ahead of
    /// what its consequences queued for itself. Out of line (see `enter`).
    @inline(never)
    private func queueActions(of recognizer: GestureRecognizer, for state: GestureRecognizer.State, at position: Int) {
        queue.insert(Queued(recognizer, .actions(state)), at: position)
    }

    /// Records `decision`, for a caller that has checked `isRecording`.
    /// Out of line, and one copy: inlined, the decision's wording sat
    /// between the executed lines of each caller (see `request`).
    @inline(never)
    private func record(_ decision: ArenaDecision) {
        arena.record(decision)
    }

    /// `recognizer` recognized its gesture: take its touches from the layer,
    /// then stop what it prevents and fail what required it to fail.
    private func recognized(_ recognizer: GestureRecognizer) {
        if recognizer.cancelsTouchesInView {
            // By index, as `contend(_:_:)`, and each touch borrowed for
            // the call (the copy of the list holds it): passed as it was,
            // each was retained and released around the call (callgrind,
            // Tilt Maze's pinch taking ten touches: about 400 instructions).
            let touches = recognizer.trackedTouches
            for index in touches.indices where Unmanaged.passUnretained(touches[index]).withBorrowed({ gate.take($0) }) {
                if isRecording { record(.took(touches[index], by: recognizer)) }
            }
        }
        let id = ObjectIdentifier(recognizer)
        forEachMember { other in
            guard other !== recognizer, !other.storedState.isFinished else { return true }
            let shares = contend(recognizer, other)
            // No member waits while `mayHaveWaiters` is false (see `enter`):
            // the look-up is spared then, for each member.
            guard shares || (mayHaveWaiters && isWaiting(other)) else { return true }
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
        // Nothing waits in the common game: no scan, and no loop over
        // copies, then. A scan that finds nobody waiting says so until a
        // member next waits.
        guard mayHaveWaiters else { return }
        var anyWaits = false
        for index in 0..<parkedFrom where !storage[index].waitingFor.isEmpty && isLive(index) {
            anyWaits = true
            break
        }
        guard anyWaits else {
            mayHaveWaiters = false
            return
        }
        let id = ObjectIdentifier(failed)
        // Over a copy of the members, as in `recognized(_:)`.
        let members = storage
        let end = parkedFrom
        iterating += 1
        defer { iterating -= 1 }
        for position in 0..<end {
            let waiter = members[position].recognizer
            guard let index = index(of: waiter), storage[index].waitingFor.contains(id) else { continue }
            var waitingFor = storage[index].waitingFor
            waitingFor.removeAll { $0 == id }
            storage[index].waitingFor = waitingFor
            guard storage[index].waitingFor.isEmpty, let pending = storage[index].pending else { continue }
            let thenEnd = storage[index].pendingEnd && pending == .began
            storage[index].pending = nil
            storage[index].pendingEnd = false
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
            reason = reasonToFail(recognizer, after: other)
            return reason == nil
        }
        return reason
    }

    /// Why `recognizer` may not leave possible now that `other` has
    /// recognized, if it may not. Out of line: a recognition mostly finds
    /// no other member under way, and the rules' code sat between the
    /// walk's executed lines (see `request`).
    @inline(never)
    private func reasonToFail(_ recognizer: GestureRecognizer, after other: GestureRecognizer) -> GestureFailure? {
        if requires(recognizer, toFail: other) { return .requirementRecognized(other.displayName) }
        if contend(other, recognizer) && prevents(other, recognizer) { return .preventedBy(other.displayName) }
        return nil
    }

    /// Calls `body` with each member's recognizer in gather order until it
    /// returns false. Over a copy of the members (what `body` calls may
    /// change them; copying the array copies its buffer reference, not its
    /// elements), which keeps every recognizer alive, so each is borrowed
    /// rather than retained: a `for` loop over the members copied each one
    /// (a retain of its recognizer and of its list), for every member at
    /// every decision (callgrind: about a tenth of a tap).
    private func forEachMember(_ body: (GestureRecognizer) -> Bool) {
        let members = storage
        // Not the parked entries (nor those taken back or joined meanwhile).
        let end = parkedFrom
        iterating += 1
        defer { iterating -= 1 }
        for index in 0..<end {
            let recognizer = Unmanaged.passUnretained(members[index].recognizer)
            // Entries are not dropped while this runs, so the copy's
            // positions are the storage's: an entry is in play as there.
            if departed > 0, !isInPlay(recognizer, at: index) { continue }
            guard recognizer._withUnsafeGuaranteedRef(body) else { return }
        }
    }

    /// `isInPlay(_:at:)` for a borrowed recognizer, out of line: only a
    /// walk while members have departed (in a drain) asks, and inlined,
    /// its call (with the closure's executor check) sat inside every walk.
    @inline(never)
    private func isInPlay(_ recognizer: Unmanaged<GestureRecognizer>, at index: Int) -> Bool {
        recognizer._withUnsafeGuaranteedRef { isInPlay($0, at: index) }
    }

    /// Forgets every member and queued action without a word: the scene
    /// is going, and nothing of it will be sent again.
    func removeAll() {
        for index in 0..<parkedFrom where isLive(index) { storage[index].recognizer.memberSlot = -1 }
        // From an action or a reset: the one running is held by nothing else.
        // Otherwise nothing is running and the queue goes: let go of what was
        // kept for it (those hold the arena, which would hold them).
        if draining > 0 {
            keepUntilDrained(storage)
        } else if !retired.isEmpty {
            retired.removeAll()
        }
        storage.removeAll()
        departed = 0
        parkedFrom = 0
        mayHaveWaiters = false
        queue.removeAll()
        head = 0
        changeDue = nil
    }

    // MARK: Running what was queued

    /// Runs the queued actions and resets, in order. Re-entrant: an action
    /// that causes more decisions (or sends an event) continues the same
    /// queue, in order.
    // Inlined, with the work apart, as the gate's `settle` and `flush`: the
    // arena calls this three times a sub-event (before its step, after
    // its decisions, at the step's end), and nearly every call finds
    // nothing queued (callgrind, Tilt Maze: about 12,000 calls of which
    // 3,266 ran an action, about 30 instructions a sub-event in the calls).
    @inline(__always)
    func runActions() {
        if head < queue.count || changeDue != nil { drainQueue() }
    }

    private func drainQueue() {
        draining += 1
        while true {
            // The oldest entry, when one is kept aside (see `changeDue`),
            // first; asked again after each entry, since an action may keep
            // one aside (a continuous gesture it moves) with the queue run.
            // Taken out before its actions run, as `head` moves past an
            // entry: what they queue, and a nested drain, come after it.
            if let due = changeDue {
                changeDue = nil
                due.withBorrowed { recognizer in recognizer.sendActions(reporting: .changed) }
                continue
            }
            guard head < queue.count else { break }
            let item = queue[head]
            head += 1
            // Borrowed: its member entry, or `retired`, holds it until the
            // outermost drain ends (see `Queued`).
            item.recognizer.withBorrowed { recognizer in
                switch item.work {
                case .actions(let state):
                    recognizer.sendActions(reporting: state)
                case .reset:
                    // Unless removal has reset it already.
                    guard recognizer.storedState.isFinished else { break }
                    if let index = index(of: recognizer) { leave(index, recognizer) }
                    recognizer.resetForNextAttempt()
                    if isRecording { arena.record(.reset(recognizer)) }
                }
            }
        }
        draining -= 1
        // A nested drain (an action sent an event) empties the queue too,
        // but drops no entry: the outer one may be running an action.
        if head > 0 {
            queue.removeAllKeepingCapacity()
            head = 0
        }
        guard draining == 0 else { return }
        // Its first test here: with nobody departed (a continuous gesture's
        // every move) the call is spared.
        if departed > 0 { compact() }
        if !retired.isEmpty { retired.removeAll() }
    }

    /// Holds `recognizer`, whose member entry goes (or which has none)
    /// while the queue may name it, until the outermost drain ends.
    @inline(never)
    private func keepUntilDrained(_ recognizer: GestureRecognizer) {
        retired.append(recognizer)
    }

    @inline(never)
    private func keepUntilDrained(_ members: [Member]) {
        for index in members.indices { retired.append(members[index].recognizer) }
    }

    /// Drops the actions and reset still queued for `recognizer`.
    private func dropQueued(for recognizer: GestureRecognizer) {
        if let due = changeDue, due.toOpaque() == Unmanaged.passUnretained(recognizer).toOpaque() { changeDue = nil }
        var kept = head
        for index in head..<queue.count {
            if queue[index].names(recognizer) { continue }
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
        // By index: a `for` loop would retain each touch it looks at. Not
        // at all when `b` follows no touch (a motion gesture beside a
        // pinch): asking it about each of ten touches was most of a
        // recognition's walk over the members (callgrind, Tilt Maze:
        // about 400 instructions in the frame the pinch began).
        let touches = a.trackedTouches
        if !b.trackedTouches.isEmpty {
            for index in touches.indices where b.isFollowing(touches[index]) { return true }
        }
        for source in a.trackedSources where b.isFollowing(source) { return true }
        return false
    }

    @inline(never)
    private func refuse(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State, because reason: String) {
        let message = "\(recognizer.displayName): \(recognizer.storedState.rawValue) → \(next.rawValue) refused: \(reason)"
        recognizer.lastRefusedTransition = message
        arena.report(Diagnostic(.illegalTransition, message))
        arena.record(.refused(recognizer, message))
    }

    // MARK: Slots

    /// The position of `recognizer`'s entry, if it is in play: read from its
    /// slot, in constant time.
    // Always inlined, as the linear search it replaced was (a call per
    // lookup cost more than the search over a tap's seven members).
    @inline(__always)
    private func index(of recognizer: GestureRecognizer) -> Int? {
        guard recognizer.memberSlotOwner == ObjectIdentifier(self) else { return searchedIndex(of: recognizer) }
        let slot = recognizer.memberSlot
        guard slot >= 0, slot < parkedFrom, storage[slot].recognizer === recognizer else { return nil }
        return slot
    }

    /// `index(of:)` for a recognizer whose slot is not this arena's: never
    /// in play here, or its slot is another arena's since (a recognizer
    /// driven outside a scene, then added to one), so it is looked for.
    /// Rare, and only until it next joins here.
    @inline(never)
    private func searchedIndex(of recognizer: GestureRecognizer) -> Int? {
        guard recognizer.memberSlotOwner != nil else { return nil }
        for index in 0..<parkedFrom where storage[index].recognizer === recognizer { return index }
        return nil
    }

    /// Whether the entry at `index` is in play: its recognizer has not left
    /// (nor left and joined again, with a later entry).
    private func isLive(_ index: Int) -> Bool {
        isInPlay(storage[index].recognizer, at: index)
    }

    private func isInPlay(_ recognizer: GestureRecognizer, at index: Int) -> Bool {
        recognizer.memberSlot == index || recognizer.memberSlotOwner != ObjectIdentifier(self)
    }

    /// The member at `index` leaves. Its entry is dropped at the next
    /// compaction; one whose slot another arena holds (see `index(of:)`),
    /// which cannot be marked, is dropped at once.
    // The recognizer is passed in (it is the entry's own): read again from
    // the entry, it was retained for the write to its slot.
    @inline(__always)
    private func leave(_ index: Int, _ recognizer: GestureRecognizer) {
        guard recognizer.memberSlotOwner == ObjectIdentifier(self) else { return removeAtOnce(index) }
        recognizer.memberSlot = -1
        departed += 1
    }

    @inline(never)
    private func removeAtOnce(_ index: Int) {
        if draining > 0 || hasQueuedWork { keepUntilDrained(storage[index].recognizer) }
        storage.remove(at: index)
        parkedFrom -= 1
        for later in index..<parkedFrom where storage[later].recognizer.memberSlot == later + 1
            && storage[later].recognizer.memberSlotOwner == ObjectIdentifier(self) {
            storage[later].recognizer.memberSlot = later
        }
    }

    /// Drops the entries of the recognizers that left, in one pass, keeping
    /// gather order; not while a loop over a copy of the members runs.
    private func compact() {
        guard departed > 0, iterating == 0, draining == 0 else { return }
        // Unless a recognizer was taken away since (see `letGoOfDeparted()`):
        // an entry kept must not keep it alive, nor read as a member once
        // another arena holds its slot (see `isLive(_:)`).
        if !mustDropDeparted && keepsDeparted {
            if departed == parkedFrom {
                // Every member left (the end of a tap, say): their entries
                // are parked, in gather order, for the next attempt to take
                // back (see `parkedFrom`); nothing to renumber.
                parkedFrom = 0
                departed = 0
                return
            }
            // Some members stay (the double tap waiting for its second
            // tap): with few entries, those that left stay where they are,
            // marked, until the rest leave too and all are parked together.
            // Dropping them now would make the next tap's joins append them
            // again.
            if parkedFrom <= Self.departedKeptInPlace { return }
        }
        mustDropDeparted = false
        unpark()
        // In the storage's buffer, each recognizer borrowed: through the
        // array, each look retained its recognizer and each swap checked the
        // array's uniqueness (callgrind: about 900 instructions a tap, which
        // keeps the double tap waiting for its window).
        var kept = 0
        let owner = ObjectIdentifier(self)
        storage.withMutableBuffer { buffer in
            for index in buffer.indices {
                let stays = Unmanaged.passUnretained(buffer[index].recognizer).withBorrowed { recognizer in
                    // As `isLive(_:)`.
                    guard recognizer.memberSlot == index || recognizer.memberSlotOwner != owner else { return false }
                    if recognizer.memberSlotOwner == owner { recognizer.memberSlot = kept }
                    return true
                }
                guard stays else { continue }
                if kept != index { buffer.swapAt(kept, index) }
                kept &+= 1
            }
        }
        // removeLast, not removeSubrange: that goes through the general
        // replaceSubrange (callgrind: most of a compaction's cost).
        while storage.count > kept { storage.removeLast() }
        departed = 0
        parkedFrom = storage.count
    }

    /// Up to how many entries the members that left may stay in place while
    /// others are still in play (see `compact()`): a layer's recognizers and
    /// its parents', a few over the seven built-ins; more are dropped as
    /// they were, so that a large scene's list does not fill with them.
    private static let departedKeptInPlace = 32
    /// Whether the entries of members that left may be kept (parked, or in
    /// place). Off for the scene a recognizer makes for itself outside any
    /// scene (see `GestureRecognizer.detachedArena()`): the recognizer holds
    /// that scene, so an entry kept there would keep both alive for ever.
    @exclusivity(unchecked) var keepsDeparted = true
    /// Whether the next compaction drops every departed entry, kept in place
    /// or not (see `letGoOfDeparted()`).
    @exclusivity(unchecked) private var mustDropDeparted = false

    /// Drops the entries of the members that left, kept in place while
    /// others are in play, unless a loop over the members or the queue is
    /// under way.
    private func dropDepartedKeptInPlace() {
        guard iterating == 0, draining == 0 else { return }
        mustDropDeparted = true
        compact()
    }

    /// A recognizer is being taken away from its layer, or its layer from
    /// the scene: the entries of members that left, parked or kept in
    /// place, go (now, or once the loops and the queue under way are done),
    /// so that none keeps a removed recognizer alive or reads as a member
    /// once another arena holds its slot.
    func letGoOfDeparted() {
        unpark()
        // Also for the compaction after the removal under way, whose entry
        // would otherwise be parked.
        mustDropDeparted = true
        compact()
    }

    /// Numbers every entry again after the list was changed from outside.
    private func renumber() {
        for index in storage.indices {
            storage[index].recognizer.memberSlot = index
            storage[index].recognizer.memberSlotOwner = ObjectIdentifier(self)
        }
        departed = 0
        parkedFrom = storage.count
        mayHaveWaiters = true
    }
}
