/// The whole input state of a ``Scene`` at one moment, as a value: its
/// touches and their bookkeeping, the arena (who follows which touch, what
/// is held back from each layer and what each has been sent, who waits for
/// whom, the deadlines, the clock), and every recognizer's state and own
/// progress. Take one with ``Scene/capture(into:)``, put it back with
/// ``Scene/restore(_:)``.
///
/// ```swift
/// var ring = [SceneSnapshot](repeating: SceneSnapshot(), count: 8)
/// try scene.capture(into: &ring[frame % 8])      // each frame, after update
/// ...
/// try scene.restore(ring[oldFrame % 8])           // a late input arrived
/// ```
///
/// A snapshot is a value: copy it, keep a ring of the last frames, compare
/// two with `==` (equal snapshots restore the same state). It refers to
/// the scene's objects by identity (its touches, layers and recognizers),
/// and so keeps them alive while it is kept; it is not meant to outlive a
/// session or to cross processes.
///
/// ## What is not in it
///
/// The scene's *structure* and *configuration* belong to the game, not to
/// the input: the layer tree, which recognizers are on which layer, their
/// settings, delegates, actions and requirements, the first responder. A
/// snapshot records the structure only to check it: a restore into a scene
/// whose layers or recognizers differ is refused with
/// ``RollbackError/structureChanged(_:)`` (see ``Scene/restore(_:)``).
/// ``GestureRecognizer/isEnabled`` is the one setting that is saved, since
/// an action that turns a recognizer off changes what the next input does.
///
/// ## Cost
///
/// Capturing into a snapshot that has been used before reuses its buffers:
/// with a preallocated ring, capture and restore allocate nothing once the
/// ring has gone round once. Inside, the arena's references to touches and
/// recognizers are kept as indices into the snapshot's touch table and the
/// scene's list of recognizers, not as retained references, and the
/// structure is checked in constant time while no layer or recognizer has
/// been added, removed or moved anywhere since the snapshot; otherwise it
/// is walked and compared. Both are linear in the touches and recognizers
/// of the scene, and write each only where it differs.
public struct SceneSnapshot: Equatable {
    // Identity and structure, checked on restore.
    var root: Layer?
    /// ``Layer/structureGeneration`` when `layers` and `recognizers` were
    /// listed: while it is the same, the structure is.
    var structureGeneration = -1
    var layers: [Layer] = []
    var parents: [Int] = []
    var recognizers: [GestureRecognizer] = []
    /// Recognizers the arena or a touch refers to that are not in the
    /// structure (one taken off its layer while it followed a touch):
    /// index `recognizers.count + i` refers to `extraRecognizers[i]`.
    var extraRecognizers: [GestureRecognizer] = []

    /// The recognizers whose state this snapshot could not save, because
    /// they have not opted in (see ``GestureRecognizer/savedStateClass``);
    /// empty when the snapshot is complete. ``Scene/capture(into:)`` also
    /// returns them; ``Scene/restore(_:)`` refuses a snapshot that has any.
    public internal(set) var recognizersNotSaved: [GestureRecognizer] = []

    // The scene's own bookkeeping.
    var lastPointer: (timestamp: Double, event: PointerEvent)?
    var lastButton: Scene.LastButton?
    var lastOther: InputEvent?
    var ignoringDepth = 0
    var ignoredPointers: [PointerID] = []
    var recentTaps: [Scene.RecentTap] = []
    var sequence = 0
    var eventTimestamp = 0.0
    /// Whether the scene's shake sent `motionBegan` (so its end is sent too).
    var shakeMotion = SceneShakeMotion()
    /// The first `eventTouchCount` of `touches` are the event's, in order;
    /// the rest are touches that have left the event but that a recognizer
    /// or the gate still refers to.
    var eventTouchCount = 0

    // Touches, by identity (the table), and their fields.
    var touches: [Touch] = []
    /// Plain values (no references), so that writing and reading them
    /// retains nothing; each touch's layer is kept beside them.
    var touchValues = SnapshotBuffer<Touch.SavedValues>()
    var touchLayers: [Layer?] = []
    /// Each touch's recognizers, as recognizer indices, flattened;
    /// `touchValues[i].recognizers` is its range.
    var touchRecognizers = SnapshotBuffer<Int32>()

    // The arena, its references as indices.
    var now = 0.0
    var deadlines = SnapshotBuffer<SavedDeadline>()
    var earliestDeadline = Double.infinity
    var gateEntries = SnapshotBuffer<SavedGateEntry>()
    /// The gate entries' held phases, flattened.
    var heldPhases: [Touch.Phase] = []
    var gateIsHolding = false
    var gateHasClosed = false
    var members = SnapshotBuffer<SavedMember>()
    /// The members' `waitingFor`, flattened.
    var waitingFor: [ObjectIdentifier] = []
    var subEventSerial = 0

    // Recognizers: the base class's state, then each one's own words.
    /// Plain values, as for touches; the strings kept beside them.
    var recognizerValues = SnapshotBuffer<GestureRecognizer.SavedValues>()
    var recognizerNotes: [GestureRecognizer.SavedNotes] = []
    /// The touches each recognizer follows, as touch-table indices, flattened.
    var trackedTouches = SnapshotBuffer<Int32>()
    var trackedSources: [InputSource] = []
    /// The recognizers' own words: the first `wordCount` of `wordStorage`.
    var wordStorage = SnapshotWords.empty
    var wordCount = 0

    struct SavedDeadline: Equatable {
        var recognizer: Int32
        var time: Double
        static func == (a: Self, b: Self) -> Bool { a.recognizer == b.recognizer && a.time.bitPattern == b.time.bitPattern }
    }

    struct SavedGateEntry: Equatable {
        var touch: Int32
        var sent: LayerGate.Sent
        var held: Range<Int>
        var isTaken: Bool
        var endsAsCancelled: Bool
        var isClosed: Bool
        var isCancelledFromOutside: Bool
    }

    struct SavedMember: Equatable {
        var recognizer: Int32
        var pending: GestureRecognizer.State?
        var pendingEnd: Bool
        var waitingFor: Range<Int>
    }

    /// An empty snapshot, to capture into (a ring is made of these).
    public init() {}

    /// Whether every recognizer's state was saved.
    public var isComplete: Bool { recognizersNotSaved.isEmpty }

    /// The recognizer an index of this snapshot stands for.
    func recognizer(at index: Int32) -> GestureRecognizer {
        let index = Int(index)
        return index < recognizers.count ? recognizers[index] : extraRecognizers[index - recognizers.count]
    }

    /// The bits of ``recognizer(at:)``'s reference, read without retaining it.
    func recognizerBits(at index: Int32) -> UInt {
        let index = Int(index)
        return index < recognizers.count ? recognizers.referenceBits(at: index) : extraRecognizers.referenceBits(at: index - recognizers.count)
    }

    /// The index this snapshot gives `recognizer`: its place in the
    /// structure, or in the extras (added there when it is not yet).
    @MainActor mutating func index(of recognizer: GestureRecognizer) -> Int32 {
        let place = recognizer.rosterIndex
        if place >= 0, place < recognizers.count, recognizers[place] === recognizer { return Int32(place) }
        for extra in extraRecognizers.indices where extraRecognizers[extra] === recognizer {
            return Int32(recognizers.count + extra)
        }
        extraRecognizers.append(recognizer)
        return Int32(recognizers.count + extraRecognizers.count - 1)
    }

    public static func == (a: SceneSnapshot, b: SceneSnapshot) -> Bool {
        a.root === b.root
            && identical(a.layers, b.layers) && a.parents == b.parents
            && identical(a.recognizers, b.recognizers)
            && identical(a.extraRecognizers, b.extraRecognizers)
            && identical(a.recognizersNotSaved, b.recognizersNotSaved)
            && a.lastPointer?.timestamp.bitPattern == b.lastPointer?.timestamp.bitPattern
            && a.lastPointer?.event == b.lastPointer?.event
            && a.lastButton?.timestamp.bitPattern == b.lastButton?.timestamp.bitPattern
            && a.lastButton?.controller == b.lastButton?.controller && a.lastButton?.button == b.lastButton?.button
            && a.lastButton?.isDown == b.lastButton?.isDown && a.lastOther == b.lastOther
            && a.ignoringDepth == b.ignoringDepth
            && a.ignoredPointers == b.ignoredPointers && a.recentTaps == b.recentTaps
            && a.sequence == b.sequence && a.eventTimestamp.bitPattern == b.eventTimestamp.bitPattern
            && a.shakeMotion == b.shakeMotion
            && a.eventTouchCount == b.eventTouchCount
            && identical(a.touches, b.touches) && a.touchValues == b.touchValues
            && a.touchLayers.count == b.touchLayers.count && zip(a.touchLayers, b.touchLayers).allSatisfy { $0 === $1 }
            && a.touchRecognizers == b.touchRecognizers
            && a.now.bitPattern == b.now.bitPattern
            && a.deadlines == b.deadlines
            && a.earliestDeadline.bitPattern == b.earliestDeadline.bitPattern
            && a.gateEntries == b.gateEntries && a.heldPhases == b.heldPhases
            && a.gateIsHolding == b.gateIsHolding && a.gateHasClosed == b.gateHasClosed
            && a.members == b.members && a.waitingFor == b.waitingFor
            && a.subEventSerial == b.subEventSerial
            && a.recognizerValues == b.recognizerValues && a.recognizerNotes == b.recognizerNotes
            && a.trackedTouches == b.trackedTouches
            && a.trackedSources == b.trackedSources
            && a.wordCount == b.wordCount && SnapshotWords.equal(a.wordStorage, b.wordStorage, count: a.wordCount)
    }

    private static func identical<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }
}

/// Sets `array[index]` to `object` unless it is that object already, or
/// appends it at the end: the steady state of a ring then writes no
/// reference, and so retains and releases nothing.
@inline(__always)
func setIdentical<T: AnyObject>(_ array: inout [T], _ index: Int, _ object: T) {
    if index < array.count {
        if array[index] !== object { array[index] = object }
    } else {
        array.append(object)
    }
}

/// Drops the elements of `array` from `count` on.
@inline(__always)
func truncate<T>(_ array: inout [T], to count: Int) {
    if array.count > count { array.removeLast(array.count - count) }
}
