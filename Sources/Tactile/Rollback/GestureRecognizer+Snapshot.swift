extension GestureRecognizer {
    /// What the base class keeps of an attempt, for a ``SceneSnapshot``,
    /// but its two notes (``SavedNotes``): plain values, copied without
    /// retaining. The touches and sources followed are kept beside it,
    /// flattened, and the subclass's own words at `words`.
    struct SavedValues: Equatable {
        var state: State
        var isEnabled: Bool
        var isInArena: Bool
        var firstSequence: Int
        var lastLocation: Point
        var trackedTouches: Range<Int>
        var trackedSources: Range<Int>
        var words: Range<Int>
    }

    /// The base class's strings (what it last refused, why it last
    /// failed), kept apart from ``SavedValues`` and written only when they
    /// differ: usually both `nil`, and then nothing is retained.
    struct SavedNotes: Equatable {
        var lastRefusedTransition: String?
        var lastFailure: GestureFailure?
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
        let wordStart = writer.count
        if savesItsState {
            saveState(to: &writer)
        } else {
            snapshot.recognizersNotSaved.append(self)
        }
        let values = SavedValues(
            state: storedState, isEnabled: storedIsEnabled, isInArena: self.arena === arena, firstSequence: firstSequence,
            lastLocation: lastLocation, trackedTouches: touchStart..<snapshot.trackedTouches.count,
            trackedSources: sourceStart..<snapshot.trackedSources.count, words: wordStart..<writer.count)
        snapshot.recognizerValues.append(values)
        guard index < snapshot.recognizerNotes.count else {
            snapshot.recognizerNotes.append(SavedNotes(lastRefusedTransition: lastRefusedTransition, lastFailure: lastFailure))
            return
        }
        // The strings only when they differ: writing them would release
        // the old and retain the new.
        if lastRefusedTransition != nil || snapshot.recognizerNotes[index].lastRefusedTransition != nil,
           snapshot.recognizerNotes[index].lastRefusedTransition != lastRefusedTransition {
            snapshot.recognizerNotes[index].lastRefusedTransition = lastRefusedTransition
        }
        if lastFailure != nil || snapshot.recognizerNotes[index].lastFailure != nil, snapshot.recognizerNotes[index].lastFailure != lastFailure {
            snapshot.recognizerNotes[index].lastFailure = lastFailure
        }
    }

    /// Puts the base class's state back from `snapshot`'s `index`th
    /// values; references and strings already right are left as they are.
    func restoreBase(_ index: Int, from snapshot: borrowing SceneSnapshot, arena: GestureArena) {
        let values = snapshot.recognizerValues[index]
        storedState = values.state
        storedIsEnabled = values.isEnabled
        if values.isInArena, self.arena !== arena { self.arena = arena }
        if lastRefusedTransition != nil || snapshot.recognizerNotes[index].lastRefusedTransition != nil,
           lastRefusedTransition != snapshot.recognizerNotes[index].lastRefusedTransition {
            lastRefusedTransition = snapshot.recognizerNotes[index].lastRefusedTransition
        }
        if lastFailure != nil || snapshot.recognizerNotes[index].lastFailure != nil, lastFailure != snapshot.recognizerNotes[index].lastFailure {
            lastFailure = snapshot.recognizerNotes[index].lastFailure
        }
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
            for position in range { trackedTouches.append(snapshot.touches[Int(snapshot.trackedTouches[position])]) }
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
