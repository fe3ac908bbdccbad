/// What an ``ActionMap`` has made of the input so far, as a value: each
/// binding's level, the actions' edges counted in the frame under way and
/// the snapshots of the last frame that ended, what each device input is
/// doing, the wheel, when repeats fall due, and the registered gestures'
/// progress. Take one with ``ActionMap/capture(into:)`` and put it back with
/// ``ActionMap/restore(_:)``, beside the ``SceneSnapshot`` of the same frame.
///
/// The bindings themselves are the game's, not the input's, and are not in
/// it: a snapshot restores only into the map it was taken of, with the same
/// ``ActionMap/bindingsVersion``. A rebinding listen under way
/// (``ActionMap/startListening(_:)``) is not in it either: it is a menu's,
/// not a frame's. Capturing into a snapshot used before allocates nothing.
public struct ActionMapSnapshot: Equatable {
    var map: ObjectIdentifier?
    var version = 0
    var frameCount = 0
    var levels: [BindingLevel] = []
    var actionStates: [ActionState] = []
    var snapshots: [ActionSnapshot] = []
    var isDown: [Bool] = []
    var isTaken: [Bool] = []
    var axisValues: [Double] = []
    var isAxisTaken: [Bool] = []
    var mouseContacts = 0
    var wheelTravel: [Double] = []
    var wheelNotches: [Double] = []
    var nextRepeat: [Double] = []
    var gestures: [GestureProgress] = []

    /// An empty snapshot, to capture into.
    public init() {}

    /// The map's ``ActionMap/bindingsVersion`` when the snapshot was taken.
    public var bindingsVersion: Int { version }

    /// A binding's level: what a frame reads of it.
    struct BindingLevel: Equatable {
        var isHeld: Bool
        var value: Double
        var vector: Point
        var isArmed: Bool
    }

    /// A registered gesture's progress since its last frame.
    struct GestureProgress: Equatable {
        var isUnderWay: Bool
        var lastTranslation: Point
        var lastScale: Double
        var lastRotation: Double
        var translation: Point
        var scale: Double
        var rotation: Double
    }
}

extension ActionState: Equatable {
    static func == (a: Self, b: Self) -> Bool {
        a.heldCount == b.heldCount && a.presses == b.presses && a.releases == b.releases
    }
}

extension ActionMap {
    /// Captures what the map has made of the input into `snapshot`, reusing
    /// its buffers. Linear in the bindings and actions.
    public func capture(into snapshot: inout ActionMapSnapshot) {
        snapshot.map = ObjectIdentifier(self)
        snapshot.version = bindingsVersion
        snapshot.frameCount = frameCount
        snapshot.levels.removeAll(keepingCapacity: true)
        for binding in compiled {
            snapshot.levels.append(.init(isHeld: binding.isHeld, value: binding.value, vector: binding.vector, isArmed: binding.isArmed))
        }
        Self.copy(actionStates, into: &snapshot.actionStates)
        Self.copy(snapshots, into: &snapshot.snapshots)
        Self.copy(isDown, into: &snapshot.isDown)
        Self.copy(isTaken, into: &snapshot.isTaken)
        Self.copy(axisValues, into: &snapshot.axisValues)
        Self.copy(isAxisTaken, into: &snapshot.isAxisTaken)
        snapshot.mouseContacts = mouseContacts
        Self.copy(wheelTravel, into: &snapshot.wheelTravel)
        Self.copy(wheelNotches, into: &snapshot.wheelNotches)
        Self.copy(nextRepeat, into: &snapshot.nextRepeat)
        snapshot.gestures.removeAll(keepingCapacity: true)
        for gesture in gestures {
            snapshot.gestures.append(.init(isUnderWay: gesture.isUnderWay, lastTranslation: gesture.lastTranslation,
                                           lastScale: gesture.lastScale, lastRotation: gesture.lastRotation,
                                           translation: gesture.translation, scale: gesture.scale, rotation: gesture.rotation))
        }
    }

    /// A new snapshot; see ``capture(into:)``.
    public func snapshot() -> ActionMapSnapshot {
        var snapshot = ActionMapSnapshot()
        capture(into: &snapshot)
        return snapshot
    }

    /// Puts back what the map had made of the input when `snapshot` was
    /// taken. All or nothing: a snapshot of another map is refused with
    /// ``RollbackError/otherActionMap``, and one taken before the bindings
    /// or registered recognizers changed with
    /// ``RollbackError/bindingsChanged(snapshot:current:)``, the map unchanged.
    public func restore(_ snapshot: ActionMapSnapshot) throws(RollbackError) {
        if let refusal = refusal(toRestore: snapshot) { throw refusal }
        frameCount = snapshot.frameCount
        for index in compiled.indices {
            let level = snapshot.levels[index]
            compiled[index].isHeld = level.isHeld
            compiled[index].value = level.value
            compiled[index].vector = level.vector
            compiled[index].isArmed = level.isArmed
        }
        Self.copy(snapshot.actionStates, into: &actionStates)
        Self.copy(snapshot.snapshots, into: &snapshots)
        Self.copy(snapshot.isDown, into: &isDown)
        Self.copy(snapshot.isTaken, into: &isTaken)
        Self.copy(snapshot.axisValues, into: &axisValues)
        Self.copy(snapshot.isAxisTaken, into: &isAxisTaken)
        mouseContacts = snapshot.mouseContacts
        Self.copy(snapshot.wheelTravel, into: &wheelTravel)
        Self.copy(snapshot.wheelNotches, into: &wheelNotches)
        Self.copy(snapshot.nextRepeat, into: &nextRepeat)
        for index in gestures.indices {
            let progress = snapshot.gestures[index]
            gestures[index].isUnderWay = progress.isUnderWay
            gestures[index].lastTranslation = progress.lastTranslation
            gestures[index].lastScale = progress.lastScale
            gestures[index].lastRotation = progress.lastRotation
            gestures[index].translation = progress.translation
            gestures[index].scale = progress.scale
            gestures[index].rotation = progress.rotation
        }
    }

    /// Why ``restore(_:)`` would refuse `snapshot`, or `nil`: checked
    /// before anything is written.
    func refusal(toRestore snapshot: ActionMapSnapshot) -> RollbackError? {
        guard snapshot.map == ObjectIdentifier(self) else { return .otherActionMap }
        guard snapshot.version == bindingsVersion, snapshot.levels.count == compiled.count, snapshot.gestures.count == gestures.count
        else { return .bindingsChanged(snapshot: snapshot.version, current: bindingsVersion) }
        return nil
    }

    /// Copies element by element into `target`'s own buffer, so that the two
    /// never share one (a shared buffer would be copied, allocating, on the
    /// next write to either).
    private static func copy<Element>(_ source: [Element], into target: inout [Element]) {
        target.removeAll(keepingCapacity: true)
        target.append(contentsOf: source)
    }
}
