extension GestureRecognizer {
    /// What the base class keeps of an attempt, for a ``SceneSnapshot``:
    /// plain values, copied without retaining. The touches and sources
    /// followed are kept beside it, flattened, the subclass's own words at
    /// `words`, and the base class's two notes, when they hold text, in
    /// ``SavedNotes``.
    struct SavedValues: Equatable {
        var state: State
        var isEnabled: Bool
        var isInArena: Bool
        /// ``GestureRecognizer/lastFailure`` as a code (``failureCode``):
        /// the notes hold it only when it names a recognizer.
        var failure: UInt8
        /// Whether ``GestureRecognizer/lastRefusedTransition`` is set (its
        /// text is in the notes).
        var hasRefusal: Bool
        var firstSequence: Int
        var lastLocation: Point
        var trackedTouches: Range<Int>
        var trackedSources: Range<Int>
        var words: Range<Int>

        /// Whether the notes hold anything for this recognizer.
        var hasNotes: Bool { hasRefusal || failure >= GestureRecognizer.firstNamingFailure }
    }

    /// The base class's strings (what it last refused, why it last failed
    /// when that names a recognizer), kept apart from ``SavedValues`` and
    /// written only when they differ. Usually there are none: a failure
    /// without a name is a code in the values, and no string is retained.
    /// A place whose values say it holds nothing may keep a stale note;
    /// it is never read.
    struct SavedNotes: Equatable {
        var lastRefusedTransition: String?
        var lastFailure: GestureFailure?
    }

    /// The codes of ``failureCode``: 0 for none, 1 to 7 for the cases
    /// without a name; from this one on, the failure names a recognizer and is kept whole
    /// in the notes.
    nonisolated static let firstNamingFailure: UInt8 = 10

    /// ``lastFailure`` as a code (see ``SavedValues/failure``): comparing
    /// and writing the optional enum itself copies it, and calls its
    /// equality, about 40 instructions a recognizer (callgrind).
    var failureCode: UInt8 {
        switch lastFailure {
        case nil: 0
        case .notItsGesture?: 1
        case .delegateRefusedToBegin?: 2
        case .touchesEnded?: 3
        case .touchCancelled?: 4
        case .deadlinePassed?: 5
        case .disabled?: 6
        case .sourceLost?: 7
        case .requirementRecognized?: Self.firstNamingFailure
        case .preventedBy?: Self.firstNamingFailure + 1
        }
    }

    /// The failure a code below ``firstNamingFailure`` stands for.
    static func failure(code: UInt8) -> GestureFailure? {
        switch code {
        case 1: .notItsGesture
        case 2: .delegateRefusedToBegin
        case 3: .touchesEnded
        case 4: .touchCancelled
        case 5: .deadlinePassed
        case 6: .disabled
        case 7: .sourceLost
        default: nil
        }
    }

    /// Whether the recognizer has opted in to snapshots for its own class.
    var savesItsState: Bool {
        guard let saved = savedStateClass else { return false }
        return ObjectIdentifier(saved) == ObjectIdentifier(type(of: self))
    }

    /// Saves the base class's state into `snapshot` as its `index`th
    /// recognizer (the values before it are this capture's), and the subclass's
    /// words through `writer`, which holds the snapshot's word buffer for
    /// the whole capture.
    @inline(__always)
    func save(into snapshot: SceneSnapshot.Storage, at index: Int, writer: inout RecognizerStateWriter, arena: GestureArena) {
        let touchStart = snapshot.trackedTouches.count
        for position in trackedTouches.indices {
            snapshot.trackedTouches.append(Int32(trackedTouches.withBorrowedElement(at: position) { $0.rosterIndex }))
        }
        let sourceStart = snapshot.trackedSources.count
        // Appending an empty array still goes through the buffer's growth
        // path, a fifth of the capture's time when every recognizer did it.
        if !trackedSources.isEmpty { snapshot.trackedSources.append(contentsOf: trackedSources) }
        let wordStart = writer.count
        if savesItsState {
            saveState(to: &writer)
        } else {
            snapshot.recognizersNotSaved.append(self)
        }
        let values = SavedValues(
            state: storedState, isEnabled: storedIsEnabled, isInArena: referenceBits(of: self.arena) == referenceBits(of: arena),
            failure: failureCode, hasRefusal: lastRefusedTransition != nil, firstSequence: firstSequence,
            lastLocation: lastLocation, trackedTouches: touchStart..<snapshot.trackedTouches.count,
            trackedSources: sourceStart..<snapshot.trackedSources.count, words: wordStart..<writer.count)
        snapshot.recognizerValues.append(values)
        guard values.hasNotes else { return }
        while snapshot.recognizerNotes.count <= index { snapshot.recognizerNotes.append(SavedNotes()) }
        // The strings only when they differ: writing them would release
        // the old and retain the new.
        if snapshot.recognizerNotes[index].lastRefusedTransition != lastRefusedTransition {
            snapshot.recognizerNotes[index].lastRefusedTransition = lastRefusedTransition
        }
        if values.failure >= Self.firstNamingFailure, snapshot.recognizerNotes[index].lastFailure != lastFailure {
            snapshot.recognizerNotes[index].lastFailure = lastFailure
        }
    }

    /// Puts the base class's state back from `snapshot`'s `index`th
    /// values; references and strings already right are left as they are.
    /// `touches` is the snapshot's touch table, as a constant.
    @inline(__always)
    func restoreBase(_ index: Int, from snapshot: SceneSnapshot.Storage, touches: [Touch], arena: GestureArena) {
        let values = snapshot.recognizerValues[index]
        storedState = values.state
        storedIsEnabled = values.isEnabled
        if values.isInArena, referenceBits(of: self.arena) != referenceBits(of: arena) { self.arena = arena }
        if values.hasRefusal {
            if lastRefusedTransition != snapshot.recognizerNotes[index].lastRefusedTransition {
                lastRefusedTransition = snapshot.recognizerNotes[index].lastRefusedTransition
            }
        } else if lastRefusedTransition != nil {
            lastRefusedTransition = nil
        }
        if values.failure >= Self.firstNamingFailure {
            if lastFailure != snapshot.recognizerNotes[index].lastFailure { lastFailure = snapshot.recognizerNotes[index].lastFailure }
        } else if failureCode != values.failure {
            lastFailure = Self.failure(code: values.failure)
        }
        firstSequence = values.firstSequence
        lastLocation = values.lastLocation
        let range = values.trackedTouches
        var same = trackedTouches.count == range.count
        if same {
            for offset in 0..<range.count
            where trackedTouches.referenceBits(at: offset) != touches.referenceBits(at: Int(snapshot.trackedTouches[range.lowerBound + offset])) {
                same = false
                break
            }
        }
        if !same {
            trackedTouches.removeAll(keepingCapacity: true)
            for position in range { trackedTouches.append(touches[Int(snapshot.trackedTouches[position])]) }
        }
        let sources = values.trackedSources
        if trackedSources.count != sources.count || (!sources.isEmpty && !trackedSources.elementsEqual(snapshot.trackedSources[sources])) {
            trackedSources.removeAll(keepingCapacity: true)
            trackedSources.append(contentsOf: snapshot.trackedSources[sources])
        }
    }

    /// Hands the subclass its words back through `reader` (the snapshot's,
    /// for the whole restore); reports a reader that read more or fewer
    /// than were written.
    func restoreOwn(_ words: Range<Int>, reader: inout RecognizerStateReader, arena: GestureArena) {
        reader.start(words)
        restoreState(from: &reader)
        if reader.isOverrun || reader.position != reader.end {
            arena.report(Diagnostic(.snapshotMismatch, "\(displayName): restoreState(from:) read \(reader.isOverrun ? "more" : "fewer") "
                + "than the \(words.count) words saveState(to:) wrote"))
        }
    }
}
