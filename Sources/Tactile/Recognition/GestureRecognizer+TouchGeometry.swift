/// The measurements a recognizer takes of the touches it follows: where
/// they are together, how spread out, which two to turn by, and how far
/// they must move to count. The built-in recognizers use these, and so can
/// a game's own.
///
/// All of them walk the recognizer's own list of touches in place, so that
/// a recognizer's update on every move allocates nothing (``GestureRecognizer/touches``
/// builds a new array each time it is read).
///
/// They read the touches' stored fields by index, with no call and no
/// trapping arithmetic in the loop: a loop over a class's stored array
/// that calls a getter (even an inlined one) or may trap retains the
/// array's buffer, or each touch, for the loop (swiftc 6.3), and these run
/// for every recognizer on every event of its touch.
///
/// A sub-event that lifts a touch has already marked it ended when the
/// recognizer hears of it; `lifting` counts it in anyway, so that the
/// recognizer can first take in how far it moved as it lifted and then,
/// without it, start measuring afresh from the touches that remain.
extension GestureRecognizer {
    /// The centroid of the touches that are down (and `lifting`), in window
    /// points, and how many there are; `.zero` and 0 when there are none.
    public func touchCentroid(including lifting: Touch? = nil) -> (center: Point, count: Int) {
        var sumX = 0.0, sumY = 0.0
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown || trackedTouches[index] === lifting {
            sumX += trackedTouches[index].storedLocation.x
            sumY += trackedTouches[index].storedLocation.y
            count &+= 1
        }
        guard count > 0 else { return (.zero, 0) }
        return (Point(x: sumX / Double(count), y: sumY / Double(count)), count)
    }

    /// How spread out the touches that are down (and `lifting`) are: twice
    /// their mean distance from `center`, in window points. For two touches
    /// it is the distance between them, the quantity a pinch's scale is a
    /// ratio of; for more it stays meaningful when a third finger joins.
    /// (Android's `ScaleGestureDetector` also measures its span about the
    /// centroid, as the hypotenuse of twice the mean deviations along x and
    /// y; the two agree for two touches.)
    public func touchSpan(around center: Point, including lifting: Touch? = nil) -> Double {
        var sum = 0.0
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown || trackedTouches[index] === lifting {
            sum += trackedTouches[index].storedLocation.distance(to: center)
            count &+= 1
        }
        return count > 0 ? 2 * sum / Double(count) : 0
    }

    /// The span of the touches that are down, about their centroid, and
    /// how many there are: ``touchSpan(around:including:)`` about
    /// ``touchCentroid(including:)``, the same value to the bit (the same
    /// touches summed in the same order), for a recognizer that measures it
    /// on every move, as the pinch does. The count the first walk found
    /// tells the second whether every touch followed is down, as on nearly
    /// every move; it then walks them all with no test of their phases and
    /// no second count (callgrind, the pinch following ten fingers: the
    /// second walk's 17 instructions a touch become about 12, the
    /// optimiser unrolling it by two; about 54 a move in all). Public, as
    /// the rest, since the built-in recognizers are built against the
    /// public API alone (`PublicContractTests`).
    public func touchSpread() -> (span: Double, count: Int) {
        var sumX = 0.0, sumY = 0.0
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
            sumX += trackedTouches[index].storedLocation.x
            sumY += trackedTouches[index].storedLocation.y
            count &+= 1
        }
        guard count > 0 else { return (0, 0) }
        let center = Point(x: sumX / Double(count), y: sumY / Double(count))
        var sum = 0.0
        // Nothing runs between the walks: the phases are as the first found.
        if count == trackedTouches.count {
            for index in trackedTouches.indices {
                sum += trackedTouches[index].storedLocation.distance(to: center)
            }
        } else {
            for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
                sum += trackedTouches[index].storedLocation.distance(to: center)
            }
        }
        return (2 * sum / Double(count), count)
    }

    /// Where the touches that are down are, in window points, in the order
    /// they landed (the order the other measures sum them in), written to
    /// the start of `locations` (as many as fit), and how many touches are
    /// down. For a recognizer that keeps where its touches were, to measure
    /// them later, in memory of its own, as the pinch does with
    /// ``PinchGestureRecognizer/tracksVelocity`` off. (An array would be
    /// written through a closure, which checks the main actor's executor
    /// each call, or by index, with a uniqueness check a touch: about 430
    /// instructions for ten touches, against about 80; callgrind.)
    public func touchLocations(into locations: UnsafeMutableBufferPointer<Point>) -> Int {
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
            if count < locations.count { locations[count] = trackedTouches[index].storedLocation }
            count &+= 1
        }
        return count
    }

    /// How spread out the touches that are down are with `lifting` and
    /// without it, and how many each counts:
    /// ``GestureRecognizer/touchSpan(around:including:)`` about
    /// ``GestureRecognizer/touchCentroid(including:)``, both ways, in two walks of the
    /// touches rather than four, with the same values to the bit (each sum
    /// adds the same touches in the same order). A recognizer that takes in
    /// a lifting touch's last move and then measures afresh without it, as
    /// the pinch does, needs both.
    public func touchSpreads(lifting: Touch) -> (including: (span: Double, count: Int), excluding: (span: Double, count: Int)) {
        var withX = 0.0, withY = 0.0, withCount = 0
        var downX = 0.0, downY = 0.0, downCount = 0
        for index in trackedTouches.indices {
            let isDown = trackedTouches[index].storedPhase.isDown
            guard isDown || trackedTouches[index] === lifting else { continue }
            withX += trackedTouches[index].storedLocation.x
            withY += trackedTouches[index].storedLocation.y
            withCount &+= 1
            guard isDown else { continue }
            downX += trackedTouches[index].storedLocation.x
            downY += trackedTouches[index].storedLocation.y
            downCount &+= 1
        }
        guard withCount > 0 else { return ((0, 0), (0, 0)) }
        let withCenter = Point(x: withX / Double(withCount), y: withY / Double(withCount))
        let downCenter = downCount > 0 ? Point(x: downX / Double(downCount), y: downY / Double(downCount)) : .zero
        var withSum = 0.0, downSum = 0.0
        for index in trackedTouches.indices {
            let isDown = trackedTouches[index].storedPhase.isDown
            guard isDown || trackedTouches[index] === lifting else { continue }
            withSum += trackedTouches[index].storedLocation.distance(to: withCenter)
            guard isDown else { continue }
            downSum += trackedTouches[index].storedLocation.distance(to: downCenter)
        }
        return ((2 * withSum / Double(withCount), withCount),
                (downCount > 0 ? 2 * downSum / Double(downCount) : 0, downCount))
    }

    /// The first two of the touches that are down (and `lifting`), in the
    /// order they landed: the pair whose line a rotation turns with.
    public func firstTwoTouches(including lifting: Touch? = nil) -> (first: Touch, second: Touch)? {
        guard let (first, second) = firstTwoTouchIndices(including: lifting) else { return nil }
        return (trackedTouches[first], trackedTouches[second])
    }

    /// Where the first two of the touches that are down (and `lifting`)
    /// are, in window points, and which touches they are: the pair
    /// ``GestureRecognizer/firstTwoTouches(including:)`` finds, read in place. A recognizer
    /// that measures the pair on every move, as the rotation does, reads
    /// this rather than the touches themselves, which are retained as they
    /// are handed out and released after (callgrind: a rotation's lift of
    /// one of ten touches, about 960 → 700 instructions).
    public func firstTwoTouchLocations(including lifting: Touch? = nil) -> (first: Point, second: Point, firstTouch: ObjectIdentifier, secondTouch: ObjectIdentifier)? {
        guard let (first, second) = firstTwoTouchIndices(including: lifting) else { return nil }
        return (trackedTouches[first].storedLocation, trackedTouches[second].storedLocation,
                ObjectIdentifier(trackedTouches[first]), ObjectIdentifier(trackedTouches[second]))
    }

    /// Where the first two of the touches that are down (and `lifting`)
    /// are in the recognizer's list: the one search behind
    /// ``firstTwoTouches(including:)`` and ``firstTwoTouchLocations(including:)``.
    @inline(__always)
    private func firstTwoTouchIndices(including lifting: Touch?) -> (first: Int, second: Int)? {
        var first = -1
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown || trackedTouches[index] === lifting {
            guard first >= 0 else {
                first = index
                continue
            }
            return (first, index)
        }
        return nil
    }

    /// The slop that applies to the touches that are down: the largest of
    /// their kinds' distances, so that one finger among mouse contacts still
    /// gets a finger's tolerance.
    public func slopDistance(_ slop: GestureSlop) -> Double {
        var distance = 0.0
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
            distance = max(distance, slop.distance(for: trackedTouches[index].storedPointer.kind))
        }
        return distance
    }

    /// Whether `distance`, in window points, is past the slop that applies
    /// to the touches that are down: `distance > slopDistance(slop)`, the
    /// test a recognizer makes on each move while it waits to begin.
    ///
    /// The same answer, found at the first touch down whose kind's slop
    /// `distance` does not pass: while a gesture waits under its slop,
    /// that is the first touch, where ``slopDistance(_:)`` walks every
    /// touch (callgrind, Tilt Maze's pinch waiting on ten fingers: about
    /// 210 instructions a move for the test).
    public func isBeyondSlop(_ distance: Double, _ slop: GestureSlop) -> Bool {
        for index in trackedTouches.indices where trackedTouches[index].storedPhase.isDown {
            let limit = slop.distance(for: trackedTouches[index].storedPointer.kind)
            // As `slopDistance`, whose `max` passes over a NaN slop; a NaN
            // `distance` is never beyond, as with `>`.
            if !(distance > limit) && !limit.isNaN { return false }
        }
        // Beyond every touch's slop, or no touch down: ``slopDistance(_:)``
        // is then at least 0.
        return distance > 0
    }
}

extension Layer {
    /// `vector`, a displacement or a velocity in window points, as the same
    /// displacement in this layer's coordinates: two points converted and
    /// subtracted, so the layer's rotation and scale apply and its position
    /// does not. NaN when the layer is squashed flat (see
    /// ``Layer/convert(_:from:)``).
    public func convertVector(fromWindow vector: Point) -> Point {
        convert(vector, from: nil) - convert(.zero, from: nil)
    }

    /// `vector`, given in this layer's coordinates, in window points.
    public func convertVector(toWindow vector: Point) -> Point {
        convert(vector, to: nil) - convert(.zero, to: nil)
    }
}
