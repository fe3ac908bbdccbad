/// The arena's time: the scene clock's reading for the sub-event being
/// handled, and the recognizers' deadlines on it.
///
/// It is the one owner of both. Time only moves forward: the scene moves it
/// once per input event (to the event's time) and once per frame
/// (``Scene/advanceTime(to:)``); a time earlier than the clock's reading
/// leaves the clock where it is. A deadline belongs to one attempt of one
/// recognizer: it is dropped when the recognizer finishes, so it never
/// fires for a recognizer that has already failed or recognized.
///
/// Deadlines fire earliest first and, at the same time, in the order they
/// were set. They are kept in a binary heap on that order, and each
/// recognizer knows its place in it (``GestureRecognizer/deadlineSlot``),
/// so setting, cancelling, reading and taking one cost O(log *n*) or O(1)
/// in the *n* deadlines: every finished recognizer cancels its deadline, so
/// a linear search made 10,000 long presses quadratic. A recognizer's
/// deadline is in one clock at most: setting it in another moves it there.
@MainActor
final class ArenaClock {
    /// One recognizer's deadline: its time, and when it was set, which
    /// orders deadlines of the same time.
    struct Deadline {
        var recognizer: GestureRecognizer
        var time: Double
        var order: UInt64
    }

    /// The time of the sub-event being handled, in seconds on the scene's clock.
    // Exclusivity: every access is instantaneous and no user code runs in
    // here, so the dynamic checks are off for these hot fields.
    @exclusivity(unchecked) var now: Double = 0
    /// At most one deadline per recognizer, a min-heap on (time, order).
    @exclusivity(unchecked) private(set) var heap: [Deadline] = []
    /// The order the next deadline set gets.
    @exclusivity(unchecked) private var nextOrder: UInt64 = 0
    /// The deadlines in the order they were set, for ``forEachDeadline(_:)``;
    /// kept between calls so that a rollback capture allocates nothing.
    private var scratch: [Deadline] = []

    /// With room for a few deadlines before the first touch lands
    /// (GestureArena+FirstTouch.swift).
    init() {
        heap.reserveCapacity(4)
    }

    /// No deadline is earlier than this: the earliest, or infinity.
    var earliest: Double { heap.isEmpty ? .infinity : heap[0].time }

    /// How many deadlines are set.
    var count: Int { heap.count }

    /// Asks for `recognizer`'s ``GestureRecognizer/deadlineReached()`` at
    /// `time`, replacing its earlier deadline.
    ///
    /// - Complexity: O(log *n*).
    func schedule(_ recognizer: GestureRecognizer, at time: Double) {
        if let other = recognizer.deadlineClock, !isSelf(other) { other._withUnsafeGuaranteedRef { $0.cancel(recognizer) } }
        let order = nextOrder
        nextOrder += 1
        if let slot = slot(of: recognizer) {
            // Replaced: its time may move either way, its order only later.
            heap[slot].time = time
            heap[slot].order = order
            if !siftUp(slot) { siftDown(slot) }
        } else {
            heap.append(Deadline(recognizer: recognizer, time: time, order: order))
            recognizer.deadlineClock = Unmanaged.passUnretained(self)
            recognizer.deadlineSlot = heap.count - 1
            siftUp(heap.count - 1)
        }
    }

    /// Forgets `recognizer`'s deadline, if it has one here.
    ///
    /// - Complexity: O(log *n*); O(1) when it has none.
    func cancel(_ recognizer: GestureRecognizer) {
        guard let slot = slot(of: recognizer) else { return }
        remove(at: slot)
    }

    /// `recognizer`'s deadline, if it has one here.
    ///
    /// - Complexity: O(1).
    func deadline(of recognizer: GestureRecognizer) -> Double? {
        // Not `slot(of:).map { … }`: a main-actor closure written into the
        // standard library's `map` checks its executor on every call
        // (callgrind: about 260 instructions, once a tap in the sweep).
        guard let slot = slot(of: recognizer) else { return nil }
        return heap[slot].time
    }

    /// Removes and returns the earliest deadline due by `time`, moving the
    /// clock to it; `nil` when none is due.
    ///
    /// - Complexity: O(log *n*).
    func takeDeadline(dueBy time: Double) -> (recognizer: GestureRecognizer, time: Double)? {
        guard !heap.isEmpty, heap[0].time <= time else { return nil }
        let due = remove(at: 0)
        now = max(now, due.time)
        return (due.recognizer, due.time)
    }

    /// Moves the clock to `time`, if that is later than its reading.
    func move(to time: Double) {
        now = max(now, time)
    }

    /// Forgets every deadline: the scene is going.
    func removeAll() {
        for index in heap.indices { forget(heap[index].recognizer) }
        heap.removeAll()
        nextOrder = 0
    }

    // MARK: Rollback

    /// Calls `body` with every deadline, in the order they were set (the
    /// order they fire in at equal times), for a rollback capture.
    func forEachDeadline(_ body: (GestureRecognizer, Double) -> Void) {
        switch heap.count {
        case 0: return
        case 1: body(heap[0].recognizer, heap[0].time)
        default:
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: heap)
            scratch.sort { $0.order < $1.order }
            for index in scratch.indices { body(scratch[index].recognizer, scratch[index].time) }
            scratch.removeAll(keepingCapacity: true)
        }
    }

    /// Replaces every deadline with `count` others, given in the order they
    /// were set (as ``forEachDeadline(_:)`` gave them), for a rollback restore.
    func restoreDeadlines(count: Int, _ deadline: (Int) -> (recognizer: GestureRecognizer, time: Double)) {
        for index in heap.indices { forget(heap[index].recognizer) }
        heap.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let (recognizer, time) = deadline(index)
            if let other = recognizer.deadlineClock, !isSelf(other) { other._withUnsafeGuaranteedRef { $0.cancel(recognizer) } }
            heap.append(Deadline(recognizer: recognizer, time: time, order: UInt64(index)))
            recognizer.deadlineClock = Unmanaged.passUnretained(self)
            recognizer.deadlineSlot = index
            siftUp(index)
        }
        nextOrder = UInt64(count)
    }

    // MARK: Heap

    /// Where `recognizer`'s deadline is in ``heap``, or `nil`.
    @inline(__always)
    private func slot(of recognizer: GestureRecognizer) -> Int? {
        guard let clock = recognizer.deadlineClock, isSelf(clock) else { return nil }
        return recognizer.deadlineSlot
    }

    /// Whether `clock` is this clock: compared as pointers, since turning
    /// an unretained reference into a strong one to compare it retains it.
    @inline(__always)
    private func isSelf(_ clock: Unmanaged<ArenaClock>) -> Bool {
        clock.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
    }

    private func forget(_ recognizer: GestureRecognizer) {
        if let clock = recognizer.deadlineClock, isSelf(clock) {
            recognizer.deadlineClock = nil
            recognizer.deadlineSlot = -1
        }
    }

    /// Removes the deadline at `slot` and keeps the heap in order.
    @discardableResult
    private func remove(at slot: Int) -> Deadline {
        // Moved, not copied: swapped to the end and taken off, so that no
        // entry is retained on the way (callgrind: ten retains and releases
        // a tap on the seven built-ins, with the comparisons below).
        let last = heap.count - 1
        if slot != last { swapInBuffer(slot, last) }
        let removed = heap.removeLast()
        forget(removed.recognizer)
        if slot < heap.count {
            heap[slot].recognizer.deadlineSlot = slot
            if !siftUp(slot) { siftDown(slot) }
        }
        return removed
    }

    /// Whether the deadline at slot `a` comes before the one at `b`; by
    /// position, since copying a deadline retains its recognizer.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        heap[a].time < heap[b].time || (heap[a].time == heap[b].time && heap[a].order < heap[b].order)
    }

    /// Moves the deadline at `slot` up while it precedes its parent; whether it moved.
    @discardableResult
    private func siftUp(_ slot: Int) -> Bool {
        var child = slot
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            swapAt(child, parent)
            child = parent
        }
        return child != slot
    }

    /// Moves the deadline at `slot` down while a child precedes it.
    private func siftDown(_ slot: Int) {
        var parent = slot
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let first = right < heap.count && precedes(right, left) ? right : left
            guard precedes(first, parent) else { return }
            swapAt(first, parent)
            parent = first
        }
    }

    /// Swaps two deadlines in the heap's buffer, moving them: the array's
    /// `swapAt` copied each, retaining and releasing its recognizer
    /// (callgrind: two retains and releases a tap on the seven built-ins,
    /// in the sifts of the deadlines set and cancelled).
    @inline(__always)
    private func swapInBuffer(_ a: Int, _ b: Int) {
        heap.withMutableBuffer { buffer in buffer.swapAt(a, b) }
    }

    private func swapAt(_ a: Int, _ b: Int) {
        swapInBuffer(a, b)
        heap[a].recognizer.deadlineSlot = a
        heap[b].recognizer.deadlineSlot = b
    }
}
