/// Why a scene refused to take or restore a snapshot. A refused restore
/// changes nothing: every check is made before the first field is written.
public enum RollbackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot was taken of another scene.
    case otherScene
    /// The scene is handling input: a recognizer's action, a layer's touch
    /// handler or a delegate is running. Taking or restoring a snapshot
    /// there would capture, or break, a sub-event half handled. Refused,
    /// not deferred: a deferred restore would run after the rest of the
    /// frame had acted on the state it replaces. Restore between frames,
    /// where nothing is half done.
    case duringDelivery
    /// Layers or recognizers were added, removed or moved since the
    /// snapshot (the detail says what differs first). The restore does not
    /// rebuild the scene: the game, which built it, restores its own state
    /// first (putting back the same layer and recognizer objects), then
    /// the snapshot.
    case structureChanged(String)
    /// Recognizers (named) had not opted in to snapshots when it was taken
    /// (see ``GestureRecognizer/savedStateClass``): restoring it would leave
    /// their progress as it is now, a half-restored scene.
    case recognizersNotSaved([String])
    /// A ``GameLoopSnapshot`` of another loop.
    case otherLoop
    /// An ``ActionMapSnapshot`` of another map.
    case otherActionMap
    /// A ``MotionSnapshot`` of another motion manager, or an empty one.
    case otherMotionManager
    /// An ``ActionMapSnapshot`` from before the map's bindings or registered
    /// recognizers changed (its ``ActionMap/bindingsVersion`` then and now).
    case bindingsChanged(snapshot: Int, current: Int)

    public var description: String {
        switch self {
        case .otherScene: "the snapshot is of another scene"
        case .duringDelivery: "the scene is handling input (an action or a handler is running); take or restore snapshots between frames"
        case .structureChanged(let detail): "the scene's layers or recognizers changed since the snapshot: \(detail)"
        case .recognizersNotSaved(let names): "recognizers that do not save their state: \(names.joined(separator: ", "))"
        case .otherLoop: "the snapshot is of another game loop"
        case .otherActionMap: "the snapshot is of another action map"
        case .otherMotionManager: "the snapshot is of another motion manager"
        case .bindingsChanged(let snapshot, let current): "the bindings changed since the snapshot (version \(snapshot), now \(current))"
        }
    }
}
