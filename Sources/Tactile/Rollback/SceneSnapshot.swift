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
/// ring has gone round once. Both are linear in the touches, recognizers
/// and layers of the scene.
public struct SceneSnapshot: Equatable {
    // Identity and structure, checked on restore.
    var root: Layer?
    var layers: [Layer] = []
    var parents: [Int] = []
    var recognizers: [GestureRecognizer] = []

    /// The recognizers whose state this snapshot could not save, because
    /// they have not opted in (see ``GestureRecognizer/savedStateClass``);
    /// empty when the snapshot is complete. ``Scene/capture(into:)`` also
    /// returns them; ``Scene/restore(_:)`` refuses a snapshot that has any.
    public internal(set) var recognizersNotSaved: [GestureRecognizer] = []

    // The scene's own bookkeeping.
    var lastPointer: (timestamp: Double, event: PointerEvent)?
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

    // Touches, by identity, and their fields.
    var touches: [Touch] = []
    var touchValues: [Touch.SavedValues] = []
    /// Each touch's recognizers, flattened; `touchValues[i].recognizers` is its range.
    var touchRecognizers: [GestureRecognizer] = []

    // The arena.
    var now = 0.0
    var deadlines: [(recognizer: GestureRecognizer, time: Double)] = []
    var earliestDeadline = Double.infinity
    var gateEntries: [LayerGate.Entry] = []
    var gateIsHolding = false
    var gateHasClosed = false
    var members: [ArenaReferee.Member] = []
    var subEventSerial = 0

    // Recognizers: the base class's state, then each one's own words.
    var recognizerValues: [GestureRecognizer.SavedValues] = []
    var trackedTouches: [Touch] = []
    var trackedSources: [InputSource] = []
    var words: [UInt64] = []

    /// An empty snapshot, to capture into (a ring is made of these).
    public init() {}

    /// Whether every recognizer's state was saved.
    public var isComplete: Bool { recognizersNotSaved.isEmpty }

    public static func == (a: SceneSnapshot, b: SceneSnapshot) -> Bool {
        a.root === b.root
            && identical(a.layers, b.layers) && a.parents == b.parents
            && identical(a.recognizers, b.recognizers)
            && identical(a.recognizersNotSaved, b.recognizersNotSaved)
            && a.lastPointer?.timestamp.bitPattern == b.lastPointer?.timestamp.bitPattern
            && a.lastPointer?.event == b.lastPointer?.event && a.lastOther == b.lastOther
            && a.ignoringDepth == b.ignoringDepth
            && a.ignoredPointers == b.ignoredPointers && a.recentTaps == b.recentTaps
            && a.sequence == b.sequence && a.eventTimestamp.bitPattern == b.eventTimestamp.bitPattern
            && a.shakeMotion == b.shakeMotion
            && a.eventTouchCount == b.eventTouchCount
            && identical(a.touches, b.touches) && a.touchValues == b.touchValues
            && identical(a.touchRecognizers, b.touchRecognizers)
            && a.now.bitPattern == b.now.bitPattern
            && a.deadlines.count == b.deadlines.count
            && zip(a.deadlines, b.deadlines).allSatisfy { $0.recognizer === $1.recognizer && $0.time.bitPattern == $1.time.bitPattern }
            && a.earliestDeadline.bitPattern == b.earliestDeadline.bitPattern
            && a.gateEntries.count == b.gateEntries.count
            && zip(a.gateEntries, b.gateEntries).allSatisfy(LayerGate.Entry.isSame)
            && a.gateIsHolding == b.gateIsHolding && a.gateHasClosed == b.gateHasClosed
            && a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy(ArenaReferee.Member.isSame)
            && a.subEventSerial == b.subEventSerial
            && a.recognizerValues == b.recognizerValues
            && identical(a.trackedTouches, b.trackedTouches)
            && a.trackedSources == b.trackedSources
            && a.words == b.words
    }

    private static func identical<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }
}

extension LayerGate.Entry {
    static func isSame(_ a: Self, _ b: Self) -> Bool {
        a.touch === b.touch && a.sent == b.sent && a.held == b.held && a.isTaken == b.isTaken
            && a.endsAsCancelled == b.endsAsCancelled && a.isClosed == b.isClosed
            && a.isCancelledFromOutside == b.isCancelledFromOutside
    }
}

extension ArenaReferee.Member {
    static func isSame(_ a: Self, _ b: Self) -> Bool {
        a.recognizer === b.recognizer && a.pending == b.pending && a.pendingEnd == b.pendingEnd && a.waitingFor == b.waitingFor
    }
}
