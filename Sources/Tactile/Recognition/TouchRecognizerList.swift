/// A touch's recognizers (`Touch.recognizers`) as a move's delivery walks
/// them: where the list's elements are and how many, read once, with
/// nothing retained, and each recognizer lent to the walk borrowed.
///
/// Read as an array value for the walk, the list's buffer was retained and
/// released around it: about 40 instructions of every followed move
/// (callgrind, PathProfile's pinch10). Walked in place through
/// `touch.recognizers`, its buffer and count were read again after each
/// recognizer, since a recognizer's handler is an opaque call: 3
/// instructions a recognizer walked, a loss past about 13 (session 17).
///
/// Only for a list that does not change while it is walked, which holds
/// for a touch the delivery holds (`GestureArena.dispatchMove`): the list
/// is filled at gather, before the touch's began; emptied only by
/// `Touch.begin` and `Touch.retire`, which the scene calls on a touch that
/// nothing else holds (`Scene.keepSpare`) or as it goes
/// (`GestureArena.sceneEnded()`, from the scene's deinit, which cannot run
/// while one of its deliveries is under way); and refilled by a restore,
/// which is refused during a delivery. Its buffer then neither moves nor
/// lets go of its elements, so the address is kept past
/// `withUnsafeBufferPointer`'s call on that ground.
///
/// A walk that does not hold the touch (the other phases', in
/// `GestureArena.dispatch`) holds a copy of the list instead, for as long
/// as the walk: the copy keeps the buffer and its elements, whatever
/// happens to the touch's own list.
struct TouchRecognizerList {
    /// The first element's address; `nil` for an empty list.
    private let base: UnsafeRawPointer?
    let count: Int

    /// The touch's list, for a walk during which the touch, or a copy of
    /// the list, is held.
    // Two words, with nothing to release: the other phases' walk holds its
    // copy of the list itself (`GestureArena.dispatch`), not in a third
    // field of this.
    @inline(__always)
    init(_ list: [GestureRecognizer]) {
        count = list.count
        base = list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// The recognizer at `index`, which is below `count`, unretained: the
    /// touch's list holds it. Borrowed for a call at the call site
    /// (`Unmanaged.withBorrowed`): through a generic method of this type
    /// taking the caller's closure, the closure was not inlined (callgrind,
    /// pinch10: `firstFollower` 44 -> 82 instructions a move).
    @inline(__always)
    func unmanaged(at index: Int) -> Unmanaged<GestureRecognizer> {
        assert(index >= 0 && index < count)
        // As an `Unmanaged`, a plain word: the read retains nothing.
        return base.unsafelyUnwrapped.load(
            fromByteOffset: index &* MemoryLayout<Unmanaged<GestureRecognizer>>.stride, as: Unmanaged<GestureRecognizer>.self)
    }
}
