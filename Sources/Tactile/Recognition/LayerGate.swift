/// The gate between a scene's recognizers and its layers: the one owner of
/// what each layer has been sent of each touch, what is held back from it,
/// and which touches a recognizer took.
///
/// The arena tells the gate what should happen (``offer(_:_:)`` a touch's
/// phase, ``take(_:)`` a touch, ``cancel(_:)`` touches from outside); the
/// gate decides what the layer receives, and when, by three rules:
///
/// - **Held back while delayed.** A began is held while a recognizer that
///   follows the touch with ``GestureRecognizer/delaysTouchesBegan`` is
///   still possible; an ended likewise with
///   ``GestureRecognizer/delaysTouchesEnded``. Once a phase is held, the
///   touch's later phases queue behind it, so the layer sees them in order.
///   Held moves of one touch merge into one (the touch carries its latest
///   state).
/// - **Checked at the moment of delivery.** A layer gets a touch's began
///   first and only once, moves only after it, at most one ended or
///   cancelled, and nothing after that. A phase that would break this (a
///   move for a touch whose began was dropped, a began after a
///   cancellation) is dropped, whatever re-entrant user code did in between.
/// - **One call per layer, sequence and phase.** Phases that become due
///   together go to a layer in one call per run of the same layer,
///   multitouch sequence and phase (the guide's "touchesCancelled" for two
///   fingers at once), and a touch appears at most once in a call.
///
/// Deliveries are queued and made by ``flush()``, which the arena calls
/// once its decisions for a sub-event are complete, before any action runs.
/// A layer handler that re-enters the scene (removes a layer, sends an
/// event) finds the queue as it is and continues it in order.
@MainActor
final class LayerGate {
    /// What a layer has been sent of a touch.
    enum Sent: Equatable {
        case nothing, began, finished
    }

    /// The gate's record of one touch.
    struct Entry {
        let touch: Touch
        var sent = Sent.nothing
        /// Phases held back, oldest first.
        var held: [Touch.Phase] = []
        /// Whether a recognizer that recognized took the touch from the layer.
        var isTaken = false
        /// Whether the layer is to see the touch's end as a cancellation (a
        /// recognizer with the patent's touch-cancellation flag failed on it).
        var endsAsCancelled = false
        /// Whether the touch's last phase has been offered: once nothing is
        /// held or queued for it either, the record can go.
        var isClosed = false
        /// Whether the touch was cancelled from outside (its layer left, the
        /// window lost focus): of what is still queued, only the cancel goes.
        var isCancelledFromOutside = false
        /// The touch alone, as the `[Touch]` its one-touch calls hand on
        /// (the layer's, and the recognizers' through ``LayerGate/alone(_:)``),
        /// filled at the first such call and emptied as the record goes
        /// (see `spareAlone`). Empty until then, and in a record a restore made.
        var alone: [Touch] = []
    }

    /// The arena that owns this part, set once as the arena is made. Not
    /// checked `unowned`: the arena outlives its parts, and a checked
    /// reference costs a retain on every use.
    unowned(unsafe) var arena: GestureArena! {
        didSet { borrowedArena = Unmanaged.passUnretained(arena) }
    }
    /// The arena again, for the check each delivery makes (see `send`):
    /// reading `arena.isRecording` retained and released the arena.
    @exclusivity(unchecked) private var borrowedArena: Unmanaged<GestureArena>?
    /// The scene's touch event, handed to every layer handler. Its own
    /// `let`: reading `arena.event` retained it for each delivery.
    let event: TouchEvent
    // Exclusivity: the per-event path reads and writes these on every
    // move. Every access is instantaneous (no closure or user code runs
    // while one is open: user code is called only between accesses), so the
    // runtime's dynamic exclusivity checks, which the optimiser cannot
    // remove here and which cost more than the work itself (perf: a third
    // of a move's samples), are turned off for them.
    @exclusivity(unchecked) var entries: [Entry] = []
    /// Whether some entry holds phases back; spares the scan when none does.
    @exclusivity(unchecked) var isHolding = false
    /// Bumped whenever something ``GestureArena/delays(_:_:)`` reads
    /// changes: a recognizer's state entering or leaving possible, its
    /// ``GestureRecognizer/isEnabled``, its two delay flags, a touch it
    /// stops following (ignored, or its reset), and a snapshot restored.
    /// Every scene's gates share it: it says only that something may have
    /// changed somewhere.
    @exclusivity(unchecked) static var delayVersion = 0
    /// `delayVersion` when `releaseHeld` last asked about every held
    /// phase. Until it moves on, the answers stand: each held record's
    /// first phase was delayed then (or held since, because it was delayed
    /// then, or queued behind one that was), and nothing that decides it
    /// has changed. Without it, ten fingers' ends held until the last
    /// lifts were all asked about again at each lift, twice a sub-event:
    /// quadratic in the fingers (callgrind, land10: about 20,000
    /// instructions a round of ten lifts).
    @exclusivity(unchecked) private var heldCheckedAt = -1
    /// Whether some entry is closed and may go once the queue is empty.
    @exclusivity(unchecked) var hasClosed = false
    /// Deliveries decided and not yet made, oldest first, from `head` on.
    @exclusivity(unchecked) var outbox: [(touch: Touch, phase: Touch.Phase)] = []
    @exclusivity(unchecked) var head = 0
    /// The one-touch lists of records that went, emptied, for the next
    /// records' `alone` (see `oneTouchList(at:)`), at most `spareHeldLimit`.
    /// Each record hands its touch on in a list of its own, filled once:
    /// one list reused for every touch had its element swapped whenever
    /// the touch changed, on every move when several fingers move in turn
    /// (callgrind, ten fingers: a uniqueness check, a retain and two
    /// releases, about 80 instructions a move here and as many again in
    /// the arena's own list). A list is immutable while its record lives,
    /// so a call nested in a layer's handler may hand it on as well.
    @exclusivity(unchecked) private var spareAlone: [[Touch]] = []
    /// Reused for a call with several touches (ten fingers lifting
    /// together), so that it costs no allocation; emptied after each call, so that it
    /// keeps no touch alive. Taken out while in use: a call nested in the
    /// layer's handler finds it empty and grows its own.
    @exclusivity(unchecked) private var batch: [Touch] = []
    /// The held-phase lists of records that went, emptied, for the next
    /// record that holds a phase back (see `hold`), at most
    /// `spareHeldLimit`. A record is made for every touch and dropped once
    /// its end is delivered, and a new record's list is empty: without
    /// these, every touch that a recognizer delays grew a new list
    /// (callgrind, ten fingers landing and lifting on the seven built-ins,
    /// whose lifts the double tap delays: 9 allocations a round).
    @exclusivity(unchecked) private var spareHeld: [[Touch.Phase]] = []
    /// As many as the scene keeps spare touches (`Scene.spareTouchLimit`):
    /// one list for each touch a game's fingers have down at once.
    private static let spareHeldLimit = 10

    init(event: TouchEvent) {
        self.event = event
        batch.reserveCapacity(10)
        spareHeld.reserveCapacity(Self.spareHeldLimit)
        // The one-touch lists made now, with their room, not as the first
        // fingers land: ten allocations in the landing frame (callgrind, the
        // Gesture Lab's first frame: about 2,900 instructions, in the frame
        // that is its input's costliest) become ten as the scene is made.
        spareAlone.reserveCapacity(Self.spareHeldLimit)
        for _ in 0..<Self.spareHeldLimit {
            var list: [Touch] = []
            list.reserveCapacity(1)
            spareAlone.append(list)
        }
        // Room for a gesture that takes ten fingers from their layer at
        // once (ten cancellations queued in one step): with room for 8,
        // Tilt Maze's pinch grew the list in the frame it recognized, an
        // allocation, a copy and a free among that frame's one-time work
        // (callgrind, frame 17: about 200 instructions, 20 lines of code
        // and data touched nowhere else).
        outbox.reserveCapacity(16)
        // Room for a few touches' entries before the first touch lands (see
        // GestureArena+FirstTouch.swift).
        entries.reserveCapacity(16)
    }

    /// Whether nothing is held, queued or waiting to be pruned: a sub-event
    /// then has nothing to release or flush but its own phase.
    var isIdle: Bool { !isHolding && !hasClosed && head == outbox.count }

    // MARK: What the arena tells it

    /// A touch began: the gate starts its record.
    func open(_ touch: Touch) {
        touch.gateSlot = entries.count
        entries.append(Entry(touch: touch))
    }

    /// Takes `touch` from its layer: the layer is told it was cancelled, if
    /// it saw it begin, and gets nothing more of it. Returns `false` if it
    /// was taken already.
    @discardableResult
    func take(_ touch: Touch) -> Bool {
        guard let index = index(of: touch), !entries[index].isTaken else { return false }
        entries[index].isTaken = true
        dropHeld(at: index)
        if entries[index].sent == .began { outbox.append((touch, .cancelled)) }
        return true
    }

    /// The layer is to see `touch` end as a cancellation.
    func endAsCancelled(_ touch: Touch) {
        guard let index = index(of: touch) else { return }
        entries[index].endsAsCancelled = true
    }

    /// The sub-event's own phase of `touch`, after every recognizer has had
    /// it: sent on, or held back while a recognizer delays it. With
    /// `now` (the outermost step, its actions run) and nothing queued ahead
    /// of it, it goes to the layer at once rather than through the queue:
    /// the common move costs one check and one call.
    func offer(_ phase: Touch.Phase, _ touch: Touch, now: Bool) {
        guard let index = index(of: touch) else { return }
        if phase == .ended || phase == .cancelled {
            entries[index].isClosed = true
            hasClosed = true
        }
        guard !entries[index].isTaken else { return }
        if phase == .cancelled {
            dropHeld(at: index)
            outbox.append((touch, .cancelled))
            return
        }
        let layerPhase: Touch.Phase = phase == .stationary ? .moved : phase
        // Only a began or an ended can be delayed: a move skips the call.
        // The arena borrowed, as in `send`: `delays` reads recognizers'
        // flags and runs no user code (reading `arena` retained it).
        let delayed = (layerPhase == .began || layerPhase == .ended)
            && borrowedArena?.withBorrowed({ $0.delays(touch, layerPhase) }) == true
        guard entries[index].held.isEmpty && !delayed else { return hold(layerPhase, at: index) }
        guard now, head == outbox.count, let admitted = admission(layerPhase, at: index), let layer = touch.borrowedLayer else {
            outbox.append((touch, layerPhase))
            return
        }
        markSent(admitted, at: index)
        // The layer borrowed: the touch holds it, and the record's list
        // (handed on, so kept by the call) holds the touch while the handler runs.
        let touches = oneTouchList(at: index)
        layer.withBorrowed { send(admitted, touches, to: $0) }
    }

    /// ``offer(_:_:now:)`` of a move: the same rules, less what cannot
    /// apply to one (it closes nothing, is never delayed, marks nothing
    /// sent). The arena's move that no recognizer follows comes here, the
    /// common sub-event of a game: the general `offer` with `admission` and
    /// `markSent` cost about 150 instructions a bare move (callgrind).
    // Inlined into the arena's unfollowed move, with its call to the layer:
    // one call fewer on every such move.
    @inline(__always)
    func offerMove(_ touch: Touch, now: Bool) {
        guard let index = index(of: touch), !entries[index].isTaken else { return }
        guard entries[index].held.isEmpty else { return hold(.moved, at: index) }
        // `admission(.moved, at: index)`, written out: a move goes on only
        // after the layer's began, and of a touch stopped from outside
        // only the cancel goes on.
        guard now, head == outbox.count, entries[index].sent == .began, !entries[index].isCancelledFromOutside,
              let layer = touch.borrowedLayer
        else {
            outbox.append((touch, .moved))
            return
        }
        // As in `offer`: the layer borrowed, the record's list handed on;
        // `send(.moved, …)` written out.
        let touches = oneTouchList(at: index)
        layer.withBorrowed { layer in
            if recordsLayerDeliveries { arena.record(.sentToLayer(layer, .moved, touches)) }
            layer.touchesMoved(touches, with: event)
        }
    }

    /// The touches whose layer has not been sent their end (it saw them
    /// begin, or their began is still held back), among those `matching` picks.
    func touchesOpen(matching: (Touch) -> Bool) -> [Touch] {
        var open: [Touch] = []
        for entry in entries where entry.sent != .finished && matching(entry.touch) { open.append(entry.touch) }
        return open
    }

    /// Touches are being stopped from outside (focus lost, their layer
    /// removed): from now on nothing of theirs but the cancel reaches a
    /// layer, and what was held back is dropped.
    func stopping(_ touches: [Touch]) {
        for touch in touches {
            guard let index = index(of: touch) else { continue }
            entries[index].isCancelledFromOutside = true
            dropHeld(at: index)
        }
    }

    /// Touches stopped from outside: a layer that saw them begin is told
    /// they were cancelled.
    func cancel(_ touches: [Touch]) {
        stopping(touches)
        for touch in touches {
            guard let index = index(of: touch) else { continue }
            entries[index].isClosed = true
            hasClosed = true
            outbox.append((touch, .cancelled))
        }
    }

    /// Queues every held-back phase that nothing delays any more, in order.
    // Inlined, with the work apart: the arena calls this (and `flush`)
    // twice on every sub-event of a touch a recognizer follows, and all but
    // a few find nothing to do (callgrind: about 90 instructions of a move
    // through 20 recognizers were these calls finding nothing).
    @inline(__always)
    func settle() {
        if isHolding && heldCheckedAt != Self.delayVersion { releaseHeld() }
    }

    private func releaseHeld() {
        isHolding = false
        // Before the walk: an observer it calls may change a recognizer,
        // and the next `settle` must then walk again.
        heldCheckedAt = Self.delayVersion
        var index = -1
        // Bounds checked each time round: an observer called below is user code.
        while index + 1 < entries.count {
            index += 1
            guard !entries[index].held.isEmpty else { continue }
            let touch = entries[index].touch
            var released = 0
            // The arena borrowed, as in `offer`: with ten fingers' ends held
            // until the last lifts, this runs for every held end at every
            // lift, and reading `arena` retained and released it each time.
            while released < entries[index].held.count,
                  borrowedArena?.withBorrowed({ $0.delays(touch, entries[index].held[released]) }) != true {
                outbox.append((touch, entries[index].held[released]))
                released += 1
            }
            // Nothing released, the common case while a gesture decides.
            guard released > 0 else {
                isHolding = true
                continue
            }
            // Copied only for an observer: a slice of the list would share
            // its buffer, and the removal below would then copy the list
            // (callgrind: a new list for every touch released).
            let phases = arena.isRecording ? Array(entries[index].held.prefix(released)) : []
            entries[index].held.removeFirst(released)
            if !entries[index].held.isEmpty { isHolding = true }
            // After the record is changed: an observer is user code.
            for phase in phases { arena.record(.releasedToLayer([touch], phase)) }
        }
    }

    // MARK: Delivering

    /// Makes the queued deliveries, in order, checking each against what the
    /// layer has already been sent.
    @inline(__always)
    func flush() {
        // Inlined, as `settle`: nothing queued, nothing closed is the common case.
        if head < outbox.count || head > 0 || hasClosed { deliverQueued() }
    }

    private func deliverQueued() {
        while head < outbox.count {
            let first = outbox[head]
            head += 1
            // The layer borrowed, as in `offer`: `first` holds the touch,
            // which holds its layer (a touch's layer changes only when the
            // scene reuses an ended touch that nothing else holds, or in a
            // restore, which is refused during delivery). `first.touch.layer`
            // retained and released it for every run (callgrind: about 45
            // instructions a tap).
            guard let layer = first.touch.borrowedLayer, let firstIndex = index(of: first.touch),
                  let phase = admission(first.phase, at: firstIndex)
            else { continue }
            markSent(phase, at: firstIndex)
            // The rest of the run, if a delivery of the same phase follows.
            // Optional, so that the common one-touch run has no list to
            // release (callgrind: about 10 instructions a tap).
            var touches: [Touch]?
            if head < outbox.count, outbox[head].phase == first.phase {
                touches = restOfRun(first.touch, queuedAs: first.phase, sentAs: phase, to: layer)
            }
            // Not `if var touches`: that copy would share the list, and
            // emptying it would then copy it (callgrind: an allocation a
            // round of ten lifts).
            if touches != nil {
                layer.withBorrowed { send(phase, touches!, to: $0) }
                giveBack(&touches!)
            } else {
                let alone = oneTouchList(at: firstIndex)
                layer.withBorrowed { send(phase, alone, to: $0) }
            }
        }
        if head > 0 {
            outbox.removeAllKeepingCapacity()
            head = 0
        }
        // Also after a sub-event whose phase went straight to the layer
        // (`offer` with `now`): a record kept until some later queued
        // delivery would hold its touch, which the scene could otherwise
        // reuse for the next touch-down.
        if hasClosed { pruneClosed() }
    }

    /// The run of queued deliveries that `first` (queued as `queuedPhase`,
    /// admitted as `phase`) begins: the touches that follow it in the
    /// queue with the same layer, sequence and phase, each once, taken
    /// from the queue; with `first`, in the reused list (see `batch`), or
    /// `nil` when none joins it.
    // Out of line: most runs are one touch (a tap's began, its end; a
    // recognizer taking one touch), and this loop's code then sat between
    // the lines they run (callgrind, the Gesture Lab's pan taking its
    // touch: 12 lines of `deliverQueued` run, spread over 26).
    @inline(never)
    private func restOfRun(_ first: Touch, queuedAs queuedPhase: Touch.Phase, sentAs phase: Touch.Phase, to layer: Unmanaged<Layer>) -> [Touch]? {
        var touches: [Touch]?
        // A touch twice in the run is dropped the second time. Only a
        // move can pass `admission` twice (every other phase marks the
        // layer's record sent, and its admission then refuses it), so
        // only a run of moves searches the list for it: a recognizer
        // taking ten touches searched it for each cancellation
        // (callgrind, Tilt Maze's pinch: 45 comparisons in the frame it
        // recognized).
        let mayRepeat = phase == .moved
        let sequence = first.sequence
        while head < outbox.count, outbox[head].phase == queuedPhase {
            // Read in place, borrowed: no user code runs until the run
            // is sent, and the queue holds the touch. A copy of the
            // pair retained and released its touch (callgrind: about
            // 40 instructions a touch of the run).
            let next = Unmanaged.passUnretained(outbox[head].touch)
            guard next.withBorrowed({ $0.borrowedLayer?.toOpaque() == layer.toOpaque() && $0.sequence == sequence })
            else { break }
            if mayRepeat, next.toOpaque() == Unmanaged.passUnretained(first).toOpaque()
                || touches?.containsIdentical(next.takeUnretainedValue()) == true {
                head += 1
                continue
            }
            guard let nextIndex = next.withBorrowed({ index(of: $0) }), let nextPhase = admission(queuedPhase, at: nextIndex) else {
                head += 1
                continue
            }
            guard nextPhase == phase else { break }
            head += 1
            markSent(phase, at: nextIndex)
            if touches == nil {
                touches = takeBatch()
                touches?.append(first)
            }
            touches?.append(next.takeUnretainedValue())
        }
        return touches
    }

    /// The reused several-touch list, empty, taken out (a call nested in a
    /// layer's handler then finds `batch` without room and grows its own).
    private func takeBatch() -> [Touch] {
        var list: [Touch] = []
        swap(&list, &batch)
        return list
    }

    /// Puts a several-touch list back for the next call, emptied, so that
    /// it holds no touch between calls; the larger list is kept.
    private func giveBack(_ list: inout [Touch]) {
        list.removeAllKeepingCapacity()
        if list.capacity > batch.capacity { swap(&list, &batch) }
    }

    /// Drops the records of touches that have nothing more to come.
    private func pruneClosed() {
        hasClosed = false
        var kept = 0
        for index in entries.indices {
            if entries[index].isClosed && entries[index].held.isEmpty {
                keepHeldList(of: index)
                keepOneTouchList(of: index)
                continue
            }
            if entries[index].isClosed { hasClosed = true }
            if kept != index {
                entries.swapAt(kept, index)
                entries[kept].touch.gateSlot = kept
            }
            kept += 1
        }
        entries.shrink(to: kept)
    }

    /// The phase the layer is to get for `phase` of `touch` now; `nil` when
    /// that would break what the layer has already been sent. `index` is
    /// the touch's record.
    private func admission(_ phase: Touch.Phase, at index: Int) -> Touch.Phase? {
        // Of a touch taken, or cancelled from outside, only the cancel goes
        // on: a phase queued before that (a began waiting behind a handler
        // that re-entered) is dropped.
        if (entries[index].isCancelledFromOutside || entries[index].isTaken) && phase != .cancelled { return nil }
        switch (phase, entries[index].sent) {
        case (.began, .nothing): return .began
        case (.moved, .began), (.stationary, .began): return .moved
        case (.ended, .began): return entries[index].endsAsCancelled ? .cancelled : .ended
        case (.cancelled, .began): return .cancelled
        case (.began, _), (.moved, _), (.stationary, _), (.ended, _), (.cancelled, _): return nil
        }
    }

    private func markSent(_ phase: Touch.Phase, at index: Int) {
        switch phase {
        case .began: entries[index].sent = .began
        case .ended, .cancelled: entries[index].sent = .finished
        case .moved, .stationary: break
        }
    }

    /// The touch of the record at `index` alone, as a list: the record's
    /// own, filled at its first call from a list a gone record left (see
    /// `spareAlone`).
    @inline(__always)
    private func oneTouchList(at index: Int) -> [Touch] {
        if entries[index].alone.isEmpty { fillOneTouchList(at: index) }
        return entries[index].alone
    }

    // Not inlined: once a touch, and its size in `offer` cost every move.
    @inline(never)
    private func fillOneTouchList(at index: Int) {
        var list = spareAlone.popLast() ?? []
        list.append(entries[index].touch)
        swap(&list, &entries[index].alone)
    }

    /// `touch` alone, as the `[Touch]` the arena hands its recognizers: its
    /// record's list (see `spareAlone`); a new list for a touch without one.
    func alone(_ touch: Touch) -> [Touch] {
        guard let index = index(of: touch) else { return [touch] }
        return oneTouchList(at: index)
    }

    /// Empties the one-touch list of the record at `index`, which is going,
    /// and keeps it for a later record (see `spareAlone`): emptied, so that
    /// it does not keep the touch alive (the scene reuses an ended touch
    /// that nothing else holds for the next touch-down).
    @inline(__always)
    private func keepOneTouchList(of index: Int) {
        guard !entries[index].alone.isEmpty else { return }
        var list: [Touch] = []
        swap(&list, &entries[index].alone)
        // Not removeAll(keepingCapacity:): that goes through the general
        // replaceSubrange (callgrind: a tenth of a move).
        list.removeLast()
        if spareAlone.count < Self.spareHeldLimit { spareAlone.append(list) }
    }

    /// Whether deliveries to layers are recorded (see `send`).
    @inline(__always)
    private var recordsLayerDeliveries: Bool {
        // The arena borrowed: reading `arena.isRecording` retained and released it.
        borrowedArena?.withBorrowed({ $0.recordsLayerDeliveries }) == true
    }

    // Not inlined: in `deliverQueued`, its two calls' switches and the
    // recording of the delivery sat between the lines a delivery runs
    // (the compiler inlined it there once `restOfRun` was split off).
    @inline(never)
    private func send(_ phase: Touch.Phase, _ touches: [Touch], to layer: Layer) {
        if recordsLayerDeliveries { arena.record(.sentToLayer(layer, phase == .stationary ? .moved : phase, touches)) }
        switch phase {
        case .began: layer.touchesBegan(touches, with: event)
        case .moved, .stationary: layer.touchesMoved(touches, with: event)
        case .ended: layer.touchesEnded(touches, with: event)
        case .cancelled: layer.touchesCancelled(touches, with: event)
        }
    }

    /// Forgets every record and delivery: the scene is going.
    func removeAll() {
        entries.removeAll()
        outbox.removeAll()
        head = 0
        isHolding = false
        hasClosed = false
    }

    // MARK: Helpers

    // Not inlined: rare (only while a recognizer delays a touch), and
    // inlined into `offer` it made every move pay for its size (callgrind).
    @inline(never)
    private func hold(_ phase: Touch.Phase, at index: Int) {
        // A move behind a held move adds nothing: the touch has its latest state.
        if phase == .moved, entries[index].held.last == .moved { return }
        // A record's first held phase goes into a list a gone record left.
        if entries[index].held.capacity == 0, let spare = spareHeld.popLast() { entries[index].held = spare }
        entries[index].held.append(phase)
        isHolding = true
        arena.record(.heldBack(entries[index].touch, phase))
    }

    /// Drops what is held back for the record at `index`, keeping the list's
    /// room for the phases a later touch holds back (see `spareHeld`).
    @inline(__always)
    private func dropHeld(at index: Int) {
        // Usually nothing is (a tap's touch taken by the tap).
        if !entries[index].held.isEmpty { emptyHeld(at: index) }
    }

    // Not inlined: rare, and its size in `offer` cost every move (callgrind).
    @inline(never)
    private func emptyHeld(at index: Int) {
        entries[index].held.removeAll(keepingCapacity: true)
    }

    /// Keeps the (empty) held-phase list of the record at `index`, which
    /// is going, for a later record (see `spareHeld`).
    @inline(__always)
    private func keepHeldList(of index: Int) {
        // No list grown (nothing was ever held for it): the common touch.
        guard entries[index].held.capacity > 0 else { return }
        keepGrownHeldList(of: index)
    }

    @inline(never)
    private func keepGrownHeldList(of index: Int) {
        guard spareHeld.count < Self.spareHeldLimit else { return }
        var list: [Touch.Phase] = []
        swap(&list, &entries[index].held)
        spareHeld.append(list)
    }

    /// Where the record of `touch` is, from the slot the touch keeps (see
    /// `Touch.gateSlot`), checked: the arena and the gate look a touch up
    /// three times a move, and ten fingers that move in turn each made the
    /// first of these a search (callgrind: about 25 instructions a move in
    /// the look-ups, with a hint of where the last one was found).
    @inline(__always)
    private func index(of touch: Touch) -> Int? {
        let slot = touch.gateSlot
        if slot >= 0 && slot < entries.count && entries[slot].touch === touch { return slot }
        return searchedIndex(of: touch)
    }

    /// `index(of:)` for a touch whose slot is out of date (a restore
    /// rewrote the records) or that has no record: searched, and the slot
    /// put right.
    @inline(never)
    private func searchedIndex(of touch: Touch) -> Int? {
        var index = 0
        while index < entries.count {
            if entries[index].touch === touch {
                touch.gateSlot = index
                return index
            }
            index &+= 1
        }
        return nil
    }
}
