extension GestureRecognizer {
    /// What the base class keeps of an attempt, for a ``SceneSnapshot``;
    /// the touches and sources followed are kept beside it, flattened, and
    /// the subclass's own words at `words`.
    struct SavedValues: Equatable {
        var state: State
        var isEnabled: Bool
        var isInArena: Bool
        var lastRefusedTransition: String?
        var lastFailure: GestureFailure?
        var firstSequence: Int
        var lastLocation: Point
        var trackedTouches: Range<Int>
        var trackedSources: Range<Int>
        var words: Range<Int>
    }

    /// Whether the recognizer has opted in to snapshots for its own class.
    var savesItsState: Bool {
        guard let saved = savedStateClass else { return false }
        return ObjectIdentifier(saved) == ObjectIdentifier(type(of: self))
    }

    /// Saves the base class's state into `snapshot`, and the subclass's
    /// words through `writer`, which holds the snapshot's word buffer for
    /// the whole capture.
    func save(into snapshot: inout SceneSnapshot, writer: inout RecognizerStateWriter, arena: GestureArena) {
        let touchStart = snapshot.trackedTouches.count
        for touch in trackedTouches { snapshot.trackedTouches.append(Int32(touch.rosterIndex)) }
        let sourceStart = snapshot.trackedSources.count
        // Appending an empty array still goes through the buffer's growth
        // path, a fifth of the capture's time when every recognizer did it.
        if !trackedSources.isEmpty { snapshot.trackedSources.append(contentsOf: trackedSources) }
        let wordStart = writer.words.count
        if savesItsState {
            saveState(to: &writer)
        } else {
            snapshot.recognizersNotSaved.append(self)
        }
        snapshot.recognizerValues.append(SavedValues(
            state: storedState, isEnabled: storedIsEnabled, isInArena: self.arena === arena,
            lastRefusedTransition: lastRefusedTransition, lastFailure: lastFailure, firstSequence: firstSequence,
            lastLocation: lastLocation, trackedTouches: touchStart..<snapshot.trackedTouches.count,
            trackedSources: sourceStart..<snapshot.trackedSources.count, words: wordStart..<writer.words.count))
    }

    /// Puts the base class's state back; references already right are
    /// left as they are.
    func restoreBase(_ values: SavedValues, from snapshot: SceneSnapshot, arena: GestureArena) {
        storedState = values.state
        storedIsEnabled = values.isEnabled
        if values.isInArena, self.arena !== arena { self.arena = arena }
        if lastRefusedTransition != values.lastRefusedTransition { lastRefusedTransition = values.lastRefusedTransition }
        if lastFailure != values.lastFailure { lastFailure = values.lastFailure }
        firstSequence = values.firstSequence
        lastLocation = values.lastLocation
        let range = values.trackedTouches
        var same = trackedTouches.count == range.count
        if same {
            for offset in 0..<range.count where trackedTouches[offset] !== snapshot.touches[Int(snapshot.trackedTouches[range.lowerBound + offset])] {
                same = false
                break
            }
        }
        if !same {
            trackedTouches.removeAll(keepingCapacity: true)
            for index in range { trackedTouches.append(snapshot.touches[Int(snapshot.trackedTouches[index])]) }
        }
        if !trackedSources.elementsEqual(snapshot.trackedSources[values.trackedSources]) {
            trackedSources.removeAll(keepingCapacity: true)
            trackedSources.append(contentsOf: snapshot.trackedSources[values.trackedSources])
        }
    }

    /// Hands the subclass its words back through `reader` (the snapshot's,
    /// for the whole restore); reports a reader that read more or fewer
    /// than were written.
    func restoreOwn(_ values: SavedValues, reader: inout RecognizerStateReader, arena: GestureArena) {
        reader.start(values.words)
        restoreState(from: &reader)
        if reader.isOverrun || reader.position != reader.end {
            arena.report(Diagnostic(.snapshotMismatch, "\(displayName): restoreState(from:) read \(reader.isOverrun ? "more" : "fewer") "
                + "than the \(values.words.count) words saveState(to:) wrote"))
        }
    }
}
