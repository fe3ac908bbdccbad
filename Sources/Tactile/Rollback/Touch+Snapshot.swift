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

    /// The touch's fields, its recognizers appended to `snapshot`'s
    /// `touchRecognizers` as indices.
    func save(into snapshot: inout SceneSnapshot) -> SavedValues {
        let start = snapshot.touchRecognizers.count
        for recognizer in recognizers { snapshot.touchRecognizers.append(snapshot.index(of: recognizer)) }
        return SavedValues(
            pointer: storedPointer, phase: storedPhase, location: storedLocation, previousLocation: storedPreviousLocation,
            actualLocation: storedActualLocation, timestamp: storedTimestamp, pressure: storedPressure, tapCount: storedTapCount,
            isApproximated: storedIsApproximated, layer: retainedLayer, approximationOffset: approximationOffset,
            tapOrigin: tapOrigin, sequence: sequence, recognizers: start..<snapshot.touchRecognizers.count)
    }

    /// Puts the fields back, `snapshot` giving the recognizers `values`
    /// indexes; references already right are left as they are.
    func restore(_ values: SavedValues, from snapshot: SceneSnapshot) {
        storedPointer = values.pointer
        storedPhase = values.phase
        storedLocation = values.location
        storedPreviousLocation = values.previousLocation
        storedActualLocation = values.actualLocation
        storedTimestamp = values.timestamp
        storedPressure = values.pressure
        storedTapCount = values.tapCount
        storedIsApproximated = values.isApproximated
        if retainedLayer !== values.layer {
            storedLayer = values.layer
            retainedLayer = values.layer
        }
        approximationOffset = values.approximationOffset
        tapOrigin = values.tapOrigin
        sequence = values.sequence
        let range = values.recognizers
        var same = recognizers.count == range.count
        if same {
            for offset in 0..<range.count where recognizers[offset] !== snapshot.recognizer(at: snapshot.touchRecognizers[range.lowerBound + offset]) {
                same = false
                break
            }
        }
        if !same {
            recognizers.removeAll(keepingCapacity: true)
            for index in range { recognizers.append(snapshot.recognizer(at: snapshot.touchRecognizers[index])) }
        }
    }
}
