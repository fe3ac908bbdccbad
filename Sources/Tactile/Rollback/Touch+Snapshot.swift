extension Touch {
    /// Every field of a touch, for a ``SceneSnapshot``; the recognizers it
    /// was gathered for are kept beside it, flattened, at `recognizers`.
    struct SavedValues: Equatable {
        var pointer: PointerID
        var phase: Phase
        var location: Point
        var previousLocation: Point
        var actualLocation: Point
        var timestamp: Double
        var pressure: Double
        var tapCount: Int
        var isApproximated: Bool
        var layer: Layer?
        var approximationOffset: Point
        var tapOrigin: Point
        var sequence: Int
        var recognizers: Range<Int>

        static func == (a: Self, b: Self) -> Bool {
            a.pointer == b.pointer && a.phase == b.phase && a.location == b.location
                && a.previousLocation == b.previousLocation && a.actualLocation == b.actualLocation
                && a.timestamp.bitPattern == b.timestamp.bitPattern && a.pressure.bitPattern == b.pressure.bitPattern
                && a.tapCount == b.tapCount && a.isApproximated == b.isApproximated && a.layer === b.layer
                && a.approximationOffset == b.approximationOffset && a.tapOrigin == b.tapOrigin
                && a.sequence == b.sequence && a.recognizers == b.recognizers
        }
    }

    /// Saves the touch's fields into `snapshot` as its `index`th touch
    /// (the values before it are this capture's), its recognizers appended
    /// to `touchRecognizers` as indices.
    func save(into snapshot: inout SceneSnapshot, at index: Int) {
        let start = snapshot.touchRecognizers.count
        for position in recognizers.indices {
            // The recognizer's noted place, checked by identity: an index
            // is written, not a reference, and no list is searched.
            let place = recognizers[position].rosterIndex
            if place >= 0, place < snapshot.recognizers.count, snapshot.recognizers[place] === recognizers[position] {
                snapshot.touchRecognizers.append(Int32(place))
            } else {
                snapshot.touchRecognizers.append(snapshot.index(of: recognizers[position]))
            }
        }
        let range = start..<snapshot.touchRecognizers.count
        guard index < snapshot.touchValues.count else {
            snapshot.touchValues.append(SavedValues(
                pointer: storedPointer, phase: storedPhase, location: storedLocation, previousLocation: storedPreviousLocation,
                actualLocation: storedActualLocation, timestamp: storedTimestamp, pressure: storedPressure, tapCount: storedTapCount,
                isApproximated: storedIsApproximated, layer: retainedLayer, approximationOffset: approximationOffset,
                tapOrigin: tapOrigin, sequence: sequence, recognizers: range))
            return
        }
        // In place, the layer only when it differs: a whole new value would
        // release the old layer and retain the new.
        snapshot.touchValues[index].pointer = storedPointer
        snapshot.touchValues[index].phase = storedPhase
        snapshot.touchValues[index].location = storedLocation
        snapshot.touchValues[index].previousLocation = storedPreviousLocation
        snapshot.touchValues[index].actualLocation = storedActualLocation
        snapshot.touchValues[index].timestamp = storedTimestamp
        snapshot.touchValues[index].pressure = storedPressure
        snapshot.touchValues[index].tapCount = storedTapCount
        snapshot.touchValues[index].isApproximated = storedIsApproximated
        if snapshot.touchValues[index].layer !== storedLayer { snapshot.touchValues[index].layer = retainedLayer }
        snapshot.touchValues[index].approximationOffset = approximationOffset
        snapshot.touchValues[index].tapOrigin = tapOrigin
        snapshot.touchValues[index].sequence = sequence
        snapshot.touchValues[index].recognizers = range
    }

    /// Puts the fields back from `snapshot`'s `index`th values, read in
    /// place; references already right are left as they are.
    func restore(_ index: Int, from snapshot: SceneSnapshot) {
        storedPointer = snapshot.touchValues[index].pointer
        storedPhase = snapshot.touchValues[index].phase
        storedLocation = snapshot.touchValues[index].location
        storedPreviousLocation = snapshot.touchValues[index].previousLocation
        storedActualLocation = snapshot.touchValues[index].actualLocation
        storedTimestamp = snapshot.touchValues[index].timestamp
        storedPressure = snapshot.touchValues[index].pressure
        storedTapCount = snapshot.touchValues[index].tapCount
        storedIsApproximated = snapshot.touchValues[index].isApproximated
        if storedLayer !== snapshot.touchValues[index].layer {
            storedLayer = snapshot.touchValues[index].layer
            retainedLayer = snapshot.touchValues[index].layer
        }
        approximationOffset = snapshot.touchValues[index].approximationOffset
        tapOrigin = snapshot.touchValues[index].tapOrigin
        sequence = snapshot.touchValues[index].sequence
        let range = snapshot.touchValues[index].recognizers
        var same = recognizers.count == range.count
        if same {
            for offset in 0..<range.count where recognizers[offset] !== snapshot.recognizer(at: snapshot.touchRecognizers[range.lowerBound + offset]) {
                same = false
                break
            }
        }
        if !same {
            recognizers.removeAll(keepingCapacity: true)
            for position in range { recognizers.append(snapshot.recognizer(at: snapshot.touchRecognizers[position])) }
        }
    }
}
