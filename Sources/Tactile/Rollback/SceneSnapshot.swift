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
/// of the scene, and write each only where it differs. Copying a snapshot
/// (reading it out of a ring to restore it) copies one reference: its
/// contents are shared until one of the copies is captured into.
public struct SceneSnapshot: Equatable {
    /// Everything the snapshot holds, in one box, copied on write: copying
    /// a snapshot (out of a ring kept in a class, to pass it to
    /// ``Scene/restore(_:)``) retains one reference, not the two dozen
    /// arrays and buffers inside (about 2,300 instructions of every
    /// restore, callgrind). ``Scene/capture(into:)`` makes the box its
    /// own first (``uniqueStorage()``); a restore only reads it.
    var storage: Storage

    /// An empty snapshot, to capture into (a ring is made of these).
    public init() { storage = Storage.empty }

    /// The recognizers whose state this snapshot could not save, because
    /// they have not opted in (see ``GestureRecognizer/savedStateClass``);
    /// empty when the snapshot is complete. ``Scene/capture(into:)`` also
    /// returns them; ``Scene/restore(_:)`` refuses a snapshot that has any.
    public var recognizersNotSaved: [GestureRecognizer] { storage.recognizersNotSaved }

    /// Whether every recognizer's state was saved.
    public var isComplete: Bool { storage.recognizersNotSaved.isEmpty }

    /// The box, made this snapshot's own (copied if another snapshot shares it).
    mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    public static func == (a: SceneSnapshot, b: SceneSnapshot) -> Bool {
        a.storage === b.storage || Storage.equal(a.storage, b.storage)
    }

    /// The fields of a ``SceneSnapshot``. Unchecked exclusivity, as for the
    /// recognizer's and the touch's own fields: a capture writes these a
    /// few hundred times, and only the capture (which owns the box) does.
    final class Storage {
        /// Shared by every new snapshot; never written, since it is never
        /// uniquely referenced (this constant holds it).
        nonisolated(unsafe) static let empty = Storage()

        // Identity and structure, checked on restore.
        @exclusivity(unchecked) var root: Layer?
        /// ``Layer/structureGeneration`` when `layers` and `recognizers` were
        /// listed: while it is the same, the structure is.
        @exclusivity(unchecked) var structureGeneration = -1
        @exclusivity(unchecked) var layers: [Layer] = []
        @exclusivity(unchecked) var parents: [Int] = []
        @exclusivity(unchecked) var recognizers: [GestureRecognizer] = []
        /// Recognizers the arena or a touch refers to that are not in the
        /// structure (one taken off its layer while it followed a touch):
        /// index `recognizers.count + i` refers to `extraRecognizers[i]`.
        @exclusivity(unchecked) var extraRecognizers: [GestureRecognizer] = []
        /// See ``SceneSnapshot/recognizersNotSaved``.
        @exclusivity(unchecked) var recognizersNotSaved: [GestureRecognizer] = []

        // The scene's own bookkeeping.
        @exclusivity(unchecked) var lastPointer: (timestamp: Double, event: PointerEvent)?
        @exclusivity(unchecked) var lastButton: Scene.LastButton?
        @exclusivity(unchecked) var lastOther: Scene.LastOther?
        @exclusivity(unchecked) var lastBoxed: InputEvent?
        @exclusivity(unchecked) var ignoringDepth = 0
        @exclusivity(unchecked) var ignoredPointers: [PointerID] = []
        @exclusivity(unchecked) var recentTaps: [Scene.RecentTap] = []
        @exclusivity(unchecked) var sequence = 0
        @exclusivity(unchecked) var eventTimestamp = 0.0
        /// Whether the scene's shake sent `motionBegan` (so its end is sent too).
        @exclusivity(unchecked) var shakeMotion = SceneShakeMotion()
        /// The first `eventTouchCount` of `touches` are the event's, in order;
        /// the rest are touches that have left the event but that a recognizer
        /// or the gate still refers to.
        @exclusivity(unchecked) var eventTouchCount = 0

        // Touches, by identity (the table), and their fields.
        @exclusivity(unchecked) var touches: [Touch] = []
        /// Plain values (no references), so that writing and reading them
        /// retains nothing; each touch's layer is kept beside them.
        @exclusivity(unchecked) var touchValues = SnapshotBuffer<Touch.SavedValues>()
        @exclusivity(unchecked) var touchLayers: [Layer?] = []
        /// Each touch's recognizers, as recognizer indices, flattened;
        /// `touchValues[i].recognizers` is its range.
        @exclusivity(unchecked) var touchRecognizers = SnapshotBuffer<Int32>()

        // The arena, its references as indices.
        @exclusivity(unchecked) var now = 0.0
        @exclusivity(unchecked) var deadlines = SnapshotBuffer<SavedDeadline>()
        @exclusivity(unchecked) var earliestDeadline = Double.infinity
        @exclusivity(unchecked) var gateEntries = SnapshotBuffer<SavedGateEntry>()
        /// The gate entries' held phases, flattened.
        @exclusivity(unchecked) var heldPhases: [Touch.Phase] = []
        @exclusivity(unchecked) var gateIsHolding = false
        @exclusivity(unchecked) var gateHasClosed = false
        @exclusivity(unchecked) var members = SnapshotBuffer<SavedMember>()
        /// The members' `waitingFor`, flattened.
        @exclusivity(unchecked) var waitingFor: [ObjectIdentifier] = []
        @exclusivity(unchecked) var subEventSerial = 0

        // Recognizers: the base class's state, then each one's own words.
        /// Plain values, as for touches; the strings kept beside them, in
        /// the places of the recognizers that have any (see ``GestureRecognizer/SavedNotes``).
        @exclusivity(unchecked) var recognizerValues = SnapshotBuffer<GestureRecognizer.SavedValues>()
        @exclusivity(unchecked) var recognizerNotes: [GestureRecognizer.SavedNotes] = []
        /// The touches each recognizer follows, as touch-table indices, flattened.
        @exclusivity(unchecked) var trackedTouches = SnapshotBuffer<Int32>()
        @exclusivity(unchecked) var trackedSources: [InputSource] = []
        /// The recognizers' own words: the first `wordCount` of `wordStorage`.
        @exclusivity(unchecked) var wordStorage = SnapshotWords.empty
        @exclusivity(unchecked) var wordCount = 0
        /// The values the recognizers kept as they are (``RecognizerStateWriter/write(keeping:)``).
        @exclusivity(unchecked) var keptValues: [any Equatable] = []

        init() {}

        /// A copy of `other`, for a snapshot about to be captured into. The
        /// buffers and the words are shared until the capture makes each
        /// its own (they check, once per capture, as an array would).
        init(copying other: Storage) {
            root = other.root
            structureGeneration = other.structureGeneration
            layers = other.layers
            parents = other.parents
            recognizers = other.recognizers
            extraRecognizers = other.extraRecognizers
            recognizersNotSaved = other.recognizersNotSaved
            lastPointer = other.lastPointer
            lastButton = other.lastButton
            lastOther = other.lastOther
            lastBoxed = other.lastBoxed
            ignoringDepth = other.ignoringDepth
            ignoredPointers = other.ignoredPointers
            recentTaps = other.recentTaps
            sequence = other.sequence
            eventTimestamp = other.eventTimestamp
            shakeMotion = other.shakeMotion
            eventTouchCount = other.eventTouchCount
            touches = other.touches
            touchValues = other.touchValues
            touchLayers = other.touchLayers
            touchRecognizers = other.touchRecognizers
            now = other.now
            deadlines = other.deadlines
            earliestDeadline = other.earliestDeadline
            gateEntries = other.gateEntries
            heldPhases = other.heldPhases
            gateIsHolding = other.gateIsHolding
            gateHasClosed = other.gateHasClosed
            members = other.members
            waitingFor = other.waitingFor
            subEventSerial = other.subEventSerial
            recognizerValues = other.recognizerValues
            recognizerNotes = other.recognizerNotes
            trackedTouches = other.trackedTouches
            trackedSources = other.trackedSources
            wordStorage = other.wordStorage
            wordCount = other.wordCount
            keptValues = other.keptValues
        }

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
        @MainActor func index(of recognizer: GestureRecognizer) -> Int32 {
            let place = recognizer.rosterIndex
            if place >= 0, place < recognizers.count, recognizers.referenceBits(at: place) == referenceBits(of: recognizer) { return Int32(place) }
            for extra in extraRecognizers.indices where extraRecognizers[extra] === recognizer {
                return Int32(recognizers.count + extra)
            }
            extraRecognizers.append(recognizer)
            return Int32(recognizers.count + extraRecognizers.count - 1)
        }

        static func equal(_ a: Storage, _ b: Storage) -> Bool {
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
                && a.lastBoxed == b.lastBoxed
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
                && a.recognizerValues == b.recognizerValues && notesEqual(a, b)
                && a.trackedTouches == b.trackedTouches
                && a.trackedSources == b.trackedSources
                && a.wordCount == b.wordCount && SnapshotWords.equal(a.wordStorage, b.wordStorage, count: a.wordCount)
                && a.keptValues.count == b.keptValues.count
                && zip(a.keptValues, b.keptValues).allSatisfy { keptEqual($0, $1) }
        }

        /// Whether two kept values are of one type and equal.
        private static func keptEqual(_ a: any Equatable, _ b: any Equatable) -> Bool {
            func equal<Value: Equatable>(_ a: Value) -> Bool { (b as? Value) == a }
            return equal(a)
        }

        /// The notes that the (equal) values say are there; a place that
        /// holds none may keep a stale note, which is not compared.
        private static func notesEqual(_ a: Storage, _ b: Storage) -> Bool {
            for index in a.recognizerValues.indices where a.recognizerValues[index].hasNotes {
                guard a.recognizerNotes[index] == b.recognizerNotes[index] else { return false }
            }
            return true
        }

        private static func identical<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
        }
    }

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
