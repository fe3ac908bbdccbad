/// A ``GameLoop``'s time as a value: the game clock's reading, pause and
/// scale, the time the game has been updated to, and the frame count; and,
/// when the clock runs on a ``ManualClock``, that clock's reading. Take one
/// with ``GameLoop/snapshot()`` beside the frame's ``SceneSnapshot`` and put
/// it back with ``GameLoop/restore(_:)``; the next ``GameLoop/frame(events:handle:update:)``
/// then runs the same steps with the same times as it did.
///
/// A base clock of another kind (the wall clock) cannot go back: a game
/// that rolls back drives its loop on a ``ManualClock`` that it advances
/// one frame's time per frame, as ``RollbackSession`` does.
public struct GameLoopSnapshot: Hashable, Sendable {
    var loop: ObjectIdentifier
    var updatedTime: Double
    var frameCount: Int
    var isPaused: Bool
    var timeScale: Double
    var anchorBase: Double
    var anchorGame: Double
    var latest: Double
    var baseNow: Double?
}

extension GameLoop {
    /// The loop's time now; see ``GameLoopSnapshot``.
    public func snapshot() -> GameLoopSnapshot {
        GameLoopSnapshot(
            loop: ObjectIdentifier(self), updatedTime: updatedTime, frameCount: frameCount, isPaused: clock.paused,
            timeScale: clock.scale, anchorBase: clock.anchorBase, anchorGame: clock.anchorGame, latest: clock.latest,
            baseNow: (clock.base as? ManualClock)?.now)
    }

    /// Puts the loop's time back as `snapshot` had it.
    ///
    /// - Throws: ``RollbackError/otherLoop`` for a snapshot of another loop;
    ///   the loop is then unchanged.
    public func restore(_ snapshot: GameLoopSnapshot) throws(RollbackError) {
        try checkRestore(snapshot)
        updatedTime = snapshot.updatedTime
        frameCount = snapshot.frameCount
        clock.paused = snapshot.isPaused
        clock.scale = snapshot.timeScale
        clock.anchorBase = snapshot.anchorBase
        clock.anchorGame = snapshot.anchorGame
        clock.latest = snapshot.latest
        if let baseNow = snapshot.baseNow, let manual = clock.base as? ManualClock { manual.now = baseNow }
    }

    /// The check of ``restore(_:)``, changing nothing.
    ///
    /// - Throws: ``RollbackError/otherLoop`` for a snapshot of another loop.
    public func checkRestore(_ snapshot: GameLoopSnapshot) throws(RollbackError) {
        guard snapshot.loop == ObjectIdentifier(self) else { throw .otherLoop }
    }
}
