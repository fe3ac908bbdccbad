/// Something that reads a frame's input events and sums them up once the
/// frame's input is over: the shape of an ``ActionMap`` as the game loop sees it.
///
/// ``GameLoop`` calls ``handle(_:)`` for every event of a frame, in order and
/// already on game time, then advances the scene's and motion's time (so
/// that recognizer deadlines due this frame have fired), then
/// ``endFrame()``. A game reads the summary in its updates.
///
/// ## See Also
/// - ``ActionMap``
/// - ``GameLoop``
@MainActor
public protocol FrameInput: AnyObject {
    /// One input event of the current frame.
    func handle(_ event: InputEvent)
    /// The frame's input is complete: publish what it did and start the next.
    func endFrame()
    /// The loop's game clock, handed over by ``GameLoop/addInput(_:)``, for
    /// what the input times (an action map's repeats). Ignored by default.
    func useClock(_ clock: GameClock)
    /// Rollback: writes the input's state into `snapshot`, reusing its
    /// storage, and returns `true`; or returns `false` when the input keeps
    /// no state a rollback can put back, the default, which
    /// ``RollbackSession`` reports in ``RollbackSession/inputsNotSaved``.
    /// ``ActionMap`` and ``PlayerRoster`` save theirs.
    func captureState(into snapshot: inout FrameInputSnapshot) -> Bool
    /// Rollback: puts back what ``captureState(into:)`` wrote, all or
    /// nothing. Does nothing by default.
    ///
    /// - Throws: ``RollbackError/otherActionMap`` for a snapshot of another
    ///   input, ``RollbackError/bindingsChanged(snapshot:current:)`` when
    ///   bindings changed since; the input is then unchanged.
    func restoreState(from snapshot: FrameInputSnapshot) throws(RollbackError)
    /// Rollback: makes every check ``restoreState(from:)`` would make, and
    /// changes nothing, so that a restore of several parts (the scene, the
    /// loop, every input) can be refused before any part is written.
    /// Accepts everything by default, like the default restore.
    ///
    /// - Throws: what ``restoreState(from:)`` would throw.
    func checkRestoreState(from snapshot: FrameInputSnapshot) throws(RollbackError)
}

extension FrameInput {
    public func useClock(_ clock: GameClock) {}
    public func captureState(into snapshot: inout FrameInputSnapshot) -> Bool { false }
    public func restoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {}
    public func checkRestoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {}
}
