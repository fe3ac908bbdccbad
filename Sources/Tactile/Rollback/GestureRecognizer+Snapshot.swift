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

    /// Saves the base class's state and the subclass's words into `snapshot`.
    func save(into snapshot: inout SceneSnapshot, arena: GestureArena) {
        let touchStart = snapshot.trackedTouches.count
        snapshot.trackedTouches.append(contentsOf: trackedTouches)
        let sourceStart = snapshot.trackedSources.count
        snapshot.trackedSources.append(contentsOf: trackedSources)
        let wordStart = snapshot.words.count
        if savesItsState {
            // The buffer is lent to the writer and taken back, so that it
            // stays uniquely referenced and grows in place.
            var writer = RecognizerStateWriter(words: snapshot.words, touches: snapshot.touches)
            snapshot.words = []
            saveState(to: &writer)
            snapshot.words = writer.words
        } else {
            snapshot.recognizersNotSaved.append(self)
        }
        snapshot.recognizerValues.append(SavedValues(
            state: storedState, isEnabled: storedIsEnabled, isInArena: self.arena === arena,
            lastRefusedTransition: lastRefusedTransition, lastFailure: lastFailure, firstSequence: firstSequence,
            lastLocation: lastLocation, trackedTouches: touchStart..<snapshot.trackedTouches.count,
            trackedSources: sourceStart..<snapshot.trackedSources.count, words: wordStart..<snapshot.words.count))
    }

    /// Puts the base class's state back.
    func restoreBase(_ values: SavedValues, from snapshot: SceneSnapshot, arena: GestureArena) {
        storedState = values.state
        storedIsEnabled = values.isEnabled
        if values.isInArena { self.arena = arena }
        lastRefusedTransition = values.lastRefusedTransition
        lastFailure = values.lastFailure
        firstSequence = values.firstSequence
        lastLocation = values.lastLocation
        trackedTouches.removeAll(keepingCapacity: true)
        trackedTouches.append(contentsOf: snapshot.trackedTouches[values.trackedTouches])
        trackedSources.removeAll(keepingCapacity: true)
        trackedSources.append(contentsOf: snapshot.trackedSources[values.trackedSources])
    }

    /// Hands the subclass its words back; reports a reader that read
    /// more or fewer than were written.
    func restoreOwn(_ values: SavedValues, from snapshot: SceneSnapshot, arena: GestureArena) {
        var reader = RecognizerStateReader(words: snapshot.words, touches: snapshot.touches, range: values.words)
        restoreState(from: &reader)
        if reader.isOverrun || reader.position != reader.end {
            arena.report(Diagnostic(.snapshotMismatch, "\(displayName): restoreState(from:) read \(reader.isOverrun ? "more" : "fewer") "
                + "than the \(values.words.count) words saveState(to:) wrote"))
        }
    }
}
