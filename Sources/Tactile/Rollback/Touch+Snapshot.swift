extension Touch {
    /// Every field of a touch but its layer, for a ``SceneSnapshot``; the
    /// layer is kept beside it (`touchLayers`), so that these are plain
    /// values, copied without retaining; the recognizers it was gathered
    /// for are kept beside it too, flattened, at `recognizers`.
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
        var approximationOffset: Point
        var tapOrigin: Point
        var sequence: Int
        var recognizers: Range<Int>

        static func == (a: Self, b: Self) -> Bool {
            a.pointer == b.pointer && a.phase == b.phase && a.location == b.location
                && a.previousLocation == b.previousLocation && a.actualLocation == b.actualLocation
                && a.timestamp.bitPattern == b.timestamp.bitPattern && a.pressure.bitPattern == b.pressure.bitPattern
                && a.tapCount == b.tapCount && a.isApproximated == b.isApproximated
                && a.approximationOffset == b.approximationOffset && a.tapOrigin == b.tapOrigin
                && a.sequence == b.sequence && a.recognizers == b.recognizers
        }
    }

    /// Saves the touch's fields into `snapshot` as its `index`th touch
    /// (the values before it are this capture's), its recognizers appended
    /// to `touchRecognizers` as indices.
    ///
    /// `structure` is `snapshot.recognizers`, as a constant (see ``Scene/capture(into:)``).
    @inline(__always)
    func save(into snapshot: SceneSnapshot.Storage, at index: Int, recognizers structure: [GestureRecognizer]) {
        let start = snapshot.touchRecognizers.count
        for position in recognizers.indices {
            // The recognizer's noted place, checked by identity (its bits,
            // without retaining it): an index is written, not a reference,
            // and no list is searched.
            let place = recognizers.withBorrowedElement(at: position) { $0.rosterIndex }
            if place >= 0, place < structure.count, structure.referenceBits(at: place) == recognizers.referenceBits(at: position) {
                snapshot.touchRecognizers.append(Int32(place))
            } else {
                snapshot.touchRecognizers.append(snapshot.index(of: recognizers[position]))
            }
        }
        let values = SavedValues(
            pointer: storedPointer, phase: storedPhase, location: storedLocation, previousLocation: storedPreviousLocation,
            actualLocation: storedActualLocation, timestamp: storedTimestamp, pressure: storedPressure, tapCount: storedTapCount,
            isApproximated: storedIsApproximated, approximationOffset: approximationOffset, tapOrigin: tapOrigin,
            sequence: sequence, recognizers: start..<snapshot.touchRecognizers.count)
        snapshot.touchValues.append(values)
        // The layer's bits from `retainedLayer` (the same layer as
        // `storedLayer`): reading the unowned(unsafe) one makes a strong
        // copy, a retain and a release per touch (callgrind).
        let layerBits = referenceBits(of: retainedLayer)
        if index < snapshot.touchLayers.count {
            // The layer only when it differs: writing it would release the
            // old one and retain the new.
            if snapshot.touchLayers.referenceBits(at: index) != layerBits { snapshot.touchLayers[index] = retainedLayer }
        } else {
            snapshot.touchLayers.append(retainedLayer)
        }
    }

    /// Puts the fields back from `snapshot`'s `index`th values; references
    /// already right are left as they are.
    @inline(__always)
    func restore(_ index: Int, from snapshot: SceneSnapshot.Storage) {
        let values = snapshot.touchValues[index]
        storedPointer = values.pointer
        storedPhase = values.phase
        storedLocation = values.location
        storedPreviousLocation = values.previousLocation
        storedActualLocation = values.actualLocation
        storedTimestamp = values.timestamp
        storedPressure = values.pressure
        storedTapCount = values.tapCount
        storedIsApproximated = values.isApproximated
        if referenceBits(of: retainedLayer) != snapshot.touchLayers.referenceBits(at: index) {
            storedLayer = snapshot.touchLayers[index]
            retainedLayer = snapshot.touchLayers[index]
        }
        approximationOffset = values.approximationOffset
        tapOrigin = values.tapOrigin
        sequence = values.sequence
        let range = values.recognizers
        var same = recognizers.count == range.count
        if same {
            for offset in 0..<range.count
            where recognizers.referenceBits(at: offset) != snapshot.recognizerBits(at: snapshot.touchRecognizers[range.lowerBound + offset]) {
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
