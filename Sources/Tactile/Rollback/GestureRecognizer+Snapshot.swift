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

    /// Saves the base class's state into `snapshot` as its `index`th
    /// recognizer (the values before it are this capture's), and the subclass's
    /// words through `writer`, which holds the snapshot's word buffer for
    /// the whole capture.
    func save(into snapshot: inout SceneSnapshot, at index: Int, writer: inout RecognizerStateWriter, arena: GestureArena) {
        let touchStart = snapshot.trackedTouches.count
        for position in trackedTouches.indices { snapshot.trackedTouches.append(Int32(trackedTouches[position].rosterIndex)) }
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
        let touches = touchStart..<snapshot.trackedTouches.count
        let sources = sourceStart..<snapshot.trackedSources.count
        let words = wordStart..<writer.words.count
        guard index < snapshot.recognizerValues.count else {
            snapshot.recognizerValues.append(SavedValues(
                state: storedState, isEnabled: storedIsEnabled, isInArena: self.arena === arena,
                lastRefusedTransition: lastRefusedTransition, lastFailure: lastFailure, firstSequence: firstSequence,
                lastLocation: lastLocation, trackedTouches: touches, trackedSources: sources, words: words))
            return
        }
        // In place, field by field, the strings only when they differ: a
        // whole new value would release the old strings and retain the new.
        snapshot.recognizerValues[index].state = storedState
        snapshot.recognizerValues[index].isEnabled = storedIsEnabled
        snapshot.recognizerValues[index].isInArena = self.arena === arena
        if snapshot.recognizerValues[index].lastRefusedTransition != lastRefusedTransition {
            snapshot.recognizerValues[index].lastRefusedTransition = lastRefusedTransition
        }
        if snapshot.recognizerValues[index].lastFailure != lastFailure { snapshot.recognizerValues[index].lastFailure = lastFailure }
        snapshot.recognizerValues[index].firstSequence = firstSequence
        snapshot.recognizerValues[index].lastLocation = lastLocation
        snapshot.recognizerValues[index].trackedTouches = touches
        snapshot.recognizerValues[index].trackedSources = sources
        snapshot.recognizerValues[index].words = words
    }

    /// Puts the base class's state back from `snapshot`'s `index`th
    /// values, read in place (a copy of the value would retain its
    /// strings); references already right are left as they are.
    func restoreBase(_ index: Int, from snapshot: SceneSnapshot, arena: GestureArena) {
        storedState = snapshot.recognizerValues[index].state
        storedIsEnabled = snapshot.recognizerValues[index].isEnabled
        if snapshot.recognizerValues[index].isInArena, self.arena !== arena { self.arena = arena }
        if lastRefusedTransition != snapshot.recognizerValues[index].lastRefusedTransition {
            lastRefusedTransition = snapshot.recognizerValues[index].lastRefusedTransition
        }
        if lastFailure != snapshot.recognizerValues[index].lastFailure { lastFailure = snapshot.recognizerValues[index].lastFailure }
        firstSequence = snapshot.recognizerValues[index].firstSequence
        lastLocation = snapshot.recognizerValues[index].lastLocation
        let range = snapshot.recognizerValues[index].trackedTouches
        var same = trackedTouches.count == range.count
        if same {
            for offset in 0..<range.count where trackedTouches[offset] !== snapshot.touches[Int(snapshot.trackedTouches[range.lowerBound + offset])] {
                same = false
                break
            }
        }
        if !same {
            trackedTouches.removeAll(keepingCapacity: true)
            for position in range { trackedTouches.append(snapshot.touches[Int(snapshot.trackedTouches[position])]) }
        }
        let sources = snapshot.recognizerValues[index].trackedSources
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
