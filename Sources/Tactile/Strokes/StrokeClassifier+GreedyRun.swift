/// One greedy run of a matching: each point of one cloud paired with the
/// nearest point of the other not yet paired, earlier pairs weighing more
/// ($P), stopped once it cannot beat a limit. The innermost loop of
/// classifying, hence the packed free points and SIMD lanes.
extension StrokeClassifier {
    /// $P's greedy matching from point `start` of cloud a: each point in
    /// turn takes the nearest point of b not yet taken, with weight n, n−1, …
    /// 1; stops once the sum reaches `limit` ($Q's early abandoning). With
    /// `turning`, also sums Σ w·p·q and Σ w·p×q over the pairs, p the
    /// drawing's point and q the sample's (`forward`: a is the drawing),
    /// for `pairingTurn`: the run's own pairs, so the turn costs no second
    /// pass over them.
    ///
    /// `bounded` (session 13): the clouds are the ones `fillLeastDistances`
    /// measured, and the run also stops once its sum plus a lower bound of
    /// the rest reaches `limit`: each point left weighed by its weight and
    /// its least distance to b, free or taken (every point of a run takes
    /// some point of b, at that distance or more). The bound's sums are
    /// made in another order than the run's, so it is compared with
    /// `limit` raised by a relative 10⁻⁹ (the rounding of 2n sums of
    /// non-negative terms is below 10⁻¹³ of them), and a run it stops would
    /// have ended at `limit` or above: every run below `limit` is made
    /// whole, with the same pairs and sums, so every match, runner-up and
    /// turn is the same, bit for bit. It stops about a third of a
    /// scribble's greedy steps, and a run it cannot let beat `limit` is
    /// not begun (backward runs have no $Q bound).
    @inline(__always)
    func cloudDistance(from ax: UnsafeMutablePointer<Double>, _ ay: UnsafeMutablePointer<Double>,
                       to bx: UnsafeMutablePointer<Double>, _ by: UnsafeMutablePointer<Double>,
                       start: Int, below limit: Double,
                       turning: Bool, forward: Bool, bounded: Bool) -> (sum: Double, dot: Double, cross: Double) {
        // The bound from a place on: the points at places place ..< start + n
        // (the points twice round), the one at place p weighed start + n − p.
        let sums = leastSums + (forward ? 0 : 2 * n + 1), placed = placedLeastSums + (forward ? 0 : 2 * n + 1)
        let end = start + n
        let endSum = sums[end], endPlaced = placed[end], endWeight = Double(end)
        @inline(__always) func bound(from place: Int) -> Double {
            endWeight * (endSum - sums[place]) - (endPlaced - placed[place])
        }
        let reach = limit * (1 + 1e-9)
        if bounded {
            let whole = bound(from: start)
            if whole >= reach { return (whole, 0, 0) }
            return madeRun(from: ax, ay, to: bx, by, start: start, below: limit, reach: reach, turning: turning, forward: forward)
        }
        // The other cloud's points, packed: a run takes them out as it pairs them.
        let freeX = remainingX, freeY = remainingY
        freeX.update(from: bx, count: n)
        freeY.update(from: by, count: n)
        for slot in n..<paddedCount {
            freeX[slot] = .infinity
            freeY[slot] = .infinity
        }
        var count = n
        var sum = 0.0, dot = 0.0, cross = 0.0
        var weight = Double(n)
        var index = start
        var place = start
        repeat {
            if bounded {
                let least = sum + bound(from: place)
                if least >= reach { return (least, 0, 0) }
            }
            let px = ax[index], py = ay[index]
            let nearest = takeNearest(to: px, py, count: &count)
            sum += weight * nearest.distance
            if sum >= limit { return (sum, 0, 0) }
            if turning {
                let qx = nearest.x, qy = nearest.y
                if forward {
                    dot += weight * (px * qx + py * qy)
                    cross += weight * (px * qy - py * qx)
                } else {
                    dot += weight * (qx * px + qy * py)
                    cross += weight * (qx * py - qy * px)
                }
            }
            weight -= 1
            place += 1
            index = index + 1 == n ? 0 : index + 1
        } while index != start
        return (sum, dot, cross)
    }

    /// `cloudDistance`'s run, bounded, with the distances `fillLeastDistances`
    /// made for these two clouds read from `pairDistances` rather than made
    /// again at each step (session 16: a greedy step read ~30 instructions a
    /// block of four free points making their distances, ~15 reading them;
    /// the runs were about two fifths of a scribble's instructions). The
    /// same run, bit for bit: each distance there is the same differences,
    /// products and sum that `takeNearest` makes (a difference the other way
    /// round, a backward run's, is its exact negative), and the free points
    /// are packed, taken out and looked through in the same order, the
    /// padding slots reading +∞ as theirs do; so every step takes the same
    /// point at the same distance. `forward`: a run of drawn point i reads
    /// row i, a backward one of the sample's point j column j.
    @inline(__always)
    private func madeRun(from ax: UnsafeMutablePointer<Double>, _ ay: UnsafeMutablePointer<Double>,
                         to bx: UnsafeMutablePointer<Double>, _ by: UnsafeMutablePointer<Double>,
                         start: Int, below limit: Double, reach: Double,
                         turning: Bool, forward: Bool) -> (sum: Double, dot: Double, cross: Double) {
        let sums = leastSums + (forward ? 0 : 2 * n + 1), placed = placedLeastSums + (forward ? 0 : 2 * n + 1)
        let end = start + n
        let endSum = sums[end], endPlaced = placed[end], endWeight = Double(end)
        @inline(__always) func bound(from place: Int) -> Double {
            endWeight * (endSum - sums[place]) - (endPlaced - placed[place])
        }
        let across = forward ? 1 : distanceStride, along = forward ? distanceStride : 1
        freeOffset.update(from: startingFreeOffsets + (forward ? 0 : paddedCount), count: paddedCount)
        freeIndex.update(from: startingFreeIndices, count: n)
        // Row or column n: +∞.
        let padding = n * across
        let pairDistances = pairDistances
        var count = n
        var sum = 0.0, dot = 0.0, cross = 0.0
        var weight = Double(n)
        var index = start
        var place = start
        repeat {
            let least = sum + bound(from: place)
            if least >= reach { return (least, 0, 0) }
            let taken = takeNearestMade(in: pairDistances + index * along, count: &count, padding: padding)
            sum += weight * taken.distance
            if sum >= limit { return (sum, 0, 0) }
            if turning {
                let px = ax[index], py = ay[index]
                let qx = bx[taken.index], qy = by[taken.index]
                if forward {
                    dot += weight * (px * qx + py * qy)
                    cross += weight * (px * qy - py * qx)
                } else {
                    dot += weight * (qx * px + qy * py)
                    cross += weight * (qx * py - qy * px)
                }
            }
            weight -= 1
            place += 1
            index = index + 1 == n ? 0 : index + 1
        } while index != start
        return (sum, dot, cross)
    }

    /// `takeNearest` on distances made already: the free point (packed in
    /// `freeOffset`/`freeIndex`, the first `count`) whose distance in `line`
    /// (a row or column of `pairDistances`) is least, the first of equals in
    /// slot order, or slot 0 when none is below +∞; its index and distance.
    /// It is taken out as `takeNearest` takes one, the padding offset
    /// moving into the last slot.
    @inline(__always)
    private func takeNearestMade(in line: UnsafeMutablePointer<Double>, count: inout Int, padding: Int)
        -> (index: Int, distance: Double) {
        let offsets = freeOffset
        var leastA = SIMD2<Double>(repeating: .infinity), leastB = leastA
        var base = 0
        // The distances are not stored slot by slot, as `takeNearest`'s
        // are: the slot's lookup below reads them again from `line`.
        while base < count {
            let distanceA = SIMD2<Double>(line[offsets[base]], line[offsets[base + 1]])
            let distanceB = SIMD2<Double>(line[offsets[base + 2]], line[offsets[base + 3]])
            leastA = Self.choose(distanceA, where: unsafeBitCast(distanceA .< leastA, to: SIMD2<Int64>.self), else: leastA)
            leastB = Self.choose(distanceB, where: unsafeBitCast(distanceB .< leastB, to: SIMD2<Int64>.self), else: leastB)
            base &+= 4
        }
        let least = Self.choose(leastB, where: unsafeBitCast(leastB .< leastA, to: SIMD2<Int64>.self), else: leastA)
        let nearestDistance = least[1] < least[0] ? least[1] : least[0]
        var nearestSlot = 0
        if nearestDistance < .infinity {
            nearestSlot = Int.max
            @inline(__always) func firstSlot(lane: Int, least: Double) {
                guard least == nearestDistance else { return }
                var slot = lane
                while line[offsets[slot]] != nearestDistance { slot &+= 4 }
                if slot < nearestSlot { nearestSlot = slot }
            }
            firstSlot(lane: 0, least: leastA[0])
            firstSlot(lane: 1, least: leastA[1])
            firstSlot(lane: 2, least: leastB[0])
            firstSlot(lane: 3, least: leastB[1])
        }
        let index = freeIndex[nearestSlot]
        count -= 1
        offsets[nearestSlot] = offsets[count]
        freeIndex[nearestSlot] = freeIndex[count]
        offsets[count] = padding
        return (index, nearestDistance)
    }

    /// The point nearest to (`px`, `py`) among the first `count` packed in
    /// `remainingX`/`remainingY` (the other cloud's points not yet paired in
    /// this run), and its squared distance; takes it out of them, the last
    /// one moving into its place and +∞ into the last's. $P's greedy step.
    /// (The points are packed rather than named by index so the search
    /// reads them in a row: about a fifth fewer instructions, and the same
    /// pairs, since the points are taken out in the same order as by index.)
    ///
    /// The search takes four slots at a time, in two pairs of lanes
    /// (session 12): it keeps each lane's least distance (a strict `<`, as
    /// the one-at-a-time search had) and stores every distance, then takes
    /// the first slot whose stored distance is the least of the lanes',
    /// looking in each lane that has it: the first of equals in slot order,
    /// the one-at-a-time answer bit for bit
    /// (each distance is the same two products and one sum, stored, never
    /// recomputed). The padding's +∞ is never below a lane's least, so it
    /// is never taken; nor is a NaN distance; when no distance is below
    /// +∞, slot 0 is taken, as before. (Keeping each lane's slot in the loop
    /// instead cost a third more; lanes are chosen by bit masks, since
    /// `replace(with:where:)` went lane by lane.)
    @inline(__always)
    private func takeNearest(to px: Double, _ py: Double, count: inout Int) -> (x: Double, y: Double, distance: Double) {
        let freeX = remainingX, freeY = remainingY, distances = slotDistances
        let pointX = SIMD2<Double>(repeating: px), pointY = SIMD2<Double>(repeating: py)
        var leastA = SIMD2<Double>(repeating: .infinity), leastB = leastA
        var base = 0
        while base < count {
            let dxA = pointX - UnsafeRawPointer(freeX + base).loadUnaligned(as: SIMD2<Double>.self)
            let dyA = pointY - UnsafeRawPointer(freeY + base).loadUnaligned(as: SIMD2<Double>.self)
            let dxB = pointX - UnsafeRawPointer(freeX + base + 2).loadUnaligned(as: SIMD2<Double>.self)
            let dyB = pointY - UnsafeRawPointer(freeY + base + 2).loadUnaligned(as: SIMD2<Double>.self)
            let distanceA = dxA * dxA + dyA * dyA, distanceB = dxB * dxB + dyB * dyB
            UnsafeMutableRawPointer(distances + base).storeBytes(of: distanceA, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(distances + base + 2).storeBytes(of: distanceB, as: SIMD2<Double>.self)
            leastA = Self.choose(distanceA, where: unsafeBitCast(distanceA .< leastA, to: SIMD2<Int64>.self), else: leastA)
            leastB = Self.choose(distanceB, where: unsafeBitCast(distanceB .< leastB, to: SIMD2<Int64>.self), else: leastB)
            base &+= 4
        }
        let least = Self.choose(leastB, where: unsafeBitCast(leastB .< leastA, to: SIMD2<Int64>.self), else: leastA)
        let nearestDistance = least[1] < least[0] ? least[1] : least[0]
        var nearestSlot = 0
        if nearestDistance < .infinity {
            // The first slot at the least, looked for only in the lanes
            // (slot mod 4) whose least it is: usually one.
            nearestSlot = Int.max
            @inline(__always) func firstSlot(lane: Int, least: Double) {
                guard least == nearestDistance else { return }
                var slot = lane
                while distances[slot] != nearestDistance { slot &+= 4 }
                if slot < nearestSlot { nearestSlot = slot }
            }
            firstSlot(lane: 0, least: leastA[0])
            firstSlot(lane: 1, least: leastA[1])
            firstSlot(lane: 2, least: leastB[0])
            firstSlot(lane: 3, least: leastB[1])
        }
        let x = freeX[nearestSlot], y = freeY[nearestSlot]
        count -= 1
        freeX[nearestSlot] = freeX[count]
        freeY[nearestSlot] = freeY[count]
        freeX[count] = .infinity
        freeY[count] = .infinity
        return (x, y, nearestDistance)
    }

    /// `value`'s lanes where `mask`'s are all ones, `other`'s elsewhere.
    @inline(__always)
    private static func choose(_ value: SIMD2<Double>, where mask: SIMD2<Int64>, else other: SIMD2<Double>) -> SIMD2<Double> {
        let chosen = (unsafeBitCast(value, to: SIMD2<Int64>.self) & mask) | (unsafeBitCast(other, to: SIMD2<Int64>.self) & ~mask)
        return unsafeBitCast(chosen, to: SIMD2<Double>.self)
    }
}
