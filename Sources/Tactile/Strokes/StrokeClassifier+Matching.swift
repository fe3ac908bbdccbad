/// Matching one candidate: the drawn points' lookup cells, $Q's lower bounds
/// from each start, the matching itself (its greedy runs from several
/// starts, the best kept), and the least distances between the two clouds
/// that bound a run while it is made. The runs themselves are in
/// StrokeClassifier+GreedyRun.swift.
extension StrokeClassifier {
    /// Each point's cell of the lookup grids (`row · grid + column`), the
    /// border cells taking the points beyond them; without branches.
    func fillCells(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                   into cells: UnsafeMutablePointer<Int32>) {
        let limit = Double(grid) - 0.5
        for index in 0..<n {
            let column = Int(min(max((x[index] + extent) * cellsPerUnit, 0), limit))
            let row = Int(min(max((y[index] + extent) * cellsPerUnit, 0), limit))
            cells[index] = Int32(truncatingIfNeeded: row * grid + column)
        }
    }

    /// Each point's cell centre and its distance from it (a hair more, for
    /// the roundings of a difference of two roots) of the drawing's cloud
    /// scaled by axes, for the bounds through the lookup grids (the
    /// certificate's and many-to-one matching's): the same for every sample.
    func fillCellCenters() {
        for index in 0..<n {
            let cell = Int(aspectCell[index])
            // The centre as `fillLookup` places it.
            let centerX = (Double(cell % grid) + 0.5) / cellsPerUnit - extent
            let centerY = (Double(cell / grid) + 0.5) / cellsPerUnit - extent
            let dx = centerX - aspectX[index], dy = centerY - aspectY[index]
            cellCenterX[index] = centerX
            cellCenterY[index] = centerY
            cellOffset[index] = (dx * dx + dy * dy).squareRoot() + 1e-12
        }
    }

    /// The drawing's uniform cloud turned by each first rotation, and its
    /// points' cells, into `turnedX`/`turnedY`/`turnedCell`.
    func fillTurned() {
        for rotation in 0..<rotationCos.count {
            let c = rotationCos[rotation], s = rotationSin[rotation]
            let x = turnedX + rotation * n, y = turnedY + rotation * n
            for index in 0..<n {
                let px = uniformX[index], py = uniformY[index]
                x[index] = px * c - py * s
                y[index] = px * s + py * c
            }
            fillCells(x: x, y: y, into: turnedCell + rotation * n)
        }
    }

    /// $Q's lower bounds of matching the cloud `x`/`y` to `sample` from each
    /// starting point, into `lowerBounds`; returns the least.
    @discardableResult
    func fillLowerBounds(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                         cells known: UnsafeMutablePointer<Int32>? = nil, sample: Int) -> Double {
        let cells: UnsafeMutablePointer<Int32>
        if let known {
            cells = known
        } else {
            fillCells(x: x, y: y, into: drawingCell)
            cells = drawingCell
        }
        let lookup = lookup(of: sample), stride = sampleCount
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        var total = 0.0
        var first = 0.0
        // The weight counted down rather than converted at each point: the
        // same values (whole numbers), an instruction or two less a point.
        // (Session 16: two points a step in SIMD lanes cost a fifth more
        // here, the compiler packing the sums instead.)
        var weight = Double(n)
        for index in 0..<n {
            let target = Int(lookup[Int(cells[index]) &* stride])
            let dx = x[index] - sx[target], dy = y[index] - sy[target]
            let distance = dx * dx + dy * dy
            nearest[index] = total   // the sum before this point
            total += distance
            first += weight * distance
            weight -= 1
        }
        // Starting at s, point i weighs n − ((i − s) mod n): the bound at s
        // is the bound at 0 plus s·(all) − n·(those before s).
        var least = Double.infinity
        var slot = 0
        var start = 0
        while start < n {
            let bound = first + Double(start) * total - Double(n) * nearest[start]
            lowerBounds[slot] = bound
            least = min(least, bound)
            slot += 1
            start += step
        }
        return least
    }

    /// `fillLowerBounds` of the drawing as drawn, axes scaled, against two
    /// samples at once, `first` in one SIMD lane and `second` in the other
    /// (session 21: the drawn point, its cell and the weight are read once
    /// for both, and their arithmetic is one instruction for two); each
    /// sample's bounds into its own `startSlots` values at `firstBounds`
    /// and `secondBounds`, and each one's least returned. The same values,
    /// bit for bit: each lane makes its sample's differences, products and
    /// sums in the same order, and the bounds from them as there.
    func fillLowerBounds(_ first: Int, _ second: Int, into firstBounds: UnsafeMutablePointer<Double>,
                         _ secondBounds: UnsafeMutablePointer<Double>) -> (Double, Double) {
        // The two samples' entries for a cell lie side by side (see `sampleLookup`).
        let lookup0 = lookup(of: first), lookup1 = lookup(of: second), stride = sampleCount
        let x0 = sampleX + first * n, y0 = sampleY + first * n
        let x1 = sampleX + second * n, y1 = sampleY + second * n
        // Each point's sums before it, both lanes side by side (2n values,
        // free while candidates are ordered: `finish` alone measures into it).
        let before = shapeScratch
        var total = SIMD2<Double>(repeating: 0), weighted = total
        var weight = Double(n)
        for index in 0..<n {
            let cell = Int(aspectCell[index]) &* stride
            let target0 = Int(lookup0[cell]), target1 = Int(lookup1[cell])
            let dx = SIMD2(repeating: aspectX[index]) - SIMD2(x0[target0], x1[target1])
            let dy = SIMD2(repeating: aspectY[index]) - SIMD2(y0[target0], y1[target1])
            let distance = dx * dx + dy * dy
            UnsafeMutableRawPointer(before + 2 * index).storeBytes(of: total, as: SIMD2<Double>.self)
            total += distance
            weighted += SIMD2(repeating: weight) * distance
            weight -= 1
        }
        var least = (Double.infinity, Double.infinity)
        var slot = 0
        var start = 0
        while start < n {
            let bound0 = weighted[0] + Double(start) * total[0] - Double(n) * before[2 * start]
            let bound1 = weighted[1] + Double(start) * total[1] - Double(n) * before[2 * start + 1]
            firstBounds[slot] = bound0
            secondBounds[slot] = bound1
            least = (min(least.0, bound0), min(least.1, bound1))
            slot += 1
            start += step
        }
        return least
    }

    /// The least weighted distance between the cloud `x`/`y` and `sample`
    /// found from $P's starting points in both directions, or a value at
    /// least `limit` once none can be below it. With `turning`, the best
    /// run's pairs also give `bestTurn` (see `cloudDistance`). `known`: the
    /// cloud's lower bounds against `sample`, already filled.
    func match(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int, below limit: Double,
               turning: Bool = false, bounds known: UnsafeMutablePointer<Double>? = nil) -> Double {
        if matchesManyToOne { return manyToOneDistance(x: x, y: y, sample: sample, below: limit, turning: turning) }
        var best = limit
        let bounds: UnsafeMutablePointer<Double>
        if let known {
            bounds = known
        } else {
            fillLowerBounds(x: x, y: y, sample: sample)
            bounds = lowerBounds
        }
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let bounded = stopsRunsByLeastDistances
        if bounded { fillLeastDistances(x: x, y: y, sample: sample) }
        var slot = 0
        var start = 0
        while start < n {
            if bounds[slot] < best {
                let run = cloudDistance(from: x, y, to: sx, sy, start: start, below: best, turning: turning, forward: true,
                                        bounded: bounded)
                if run.sum < best {
                    best = run.sum
                    bestRun = (start, true)
                    bestTurn = (run.dot, run.cross)
                }
            }
            let run = cloudDistance(from: sx, sy, to: x, y, start: start, below: best, turning: turning, forward: false,
                                    bounded: bounded)
            if run.sum < best {
                best = run.sum
                bestRun = (start, false)
                bestTurn = (run.dot, run.cross)
            }
            slot += 1
            start += step
        }
        return best
    }

    /// Whether a set of `madeSets` holds `sample`'s distances to the
    /// drawing as drawn, axes scaled.
    func holdsMadeSet(of sample: Int) -> Bool {
        for set in 0..<Self.madeSetCount where madeSetSample[set] == sample { return true }
        return false
    }

    /// Each point's least squared distance to the other cloud, the drawing
    /// `x`/`y`'s and `sample`'s, into `leastDistances`, and their sums for
    /// `cloudDistance`'s bounds, shared by the runs of one matching. Each
    /// distance is the same two differences, products and sum as
    /// `takeNearest` makes (a difference the other way round is its exact
    /// negative), so none is above the distance a run pairs at; a NaN is
    /// passed over (a run through it cannot end below its limit).
    /// (Session 13: keeping the whole matrix, with each point's nearest two
    /// to pair without a search when free, saved two fifths of the runs'
    /// instructions but cost more than that to make: about 35,000 a
    /// matching against 11,000 for these.) Session 16 keeps the matrix
    /// after all (`pairDistances`), as the distances are made here anyway:
    /// storing them costs about a tenth of this pass, and the runs read
    /// them instead of making them again (`madeRun`).
    func fillLeastDistances(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) {
        // The drawing as drawn, axes scaled, against a sample one of the
        // sets holds already (`madeSetSample`): nothing to make, that set is
        // used. A rejection's certificate measures a candidate from every
        // pair and then often matches it, or matches the best and then
        // measures it (session 16), and measures others in between (session
        // 18). Otherwise the set used longest ago is made for these clouds.
        // (Each set is a function of the two clouds alone, and the drawing's
        // changes only in `normalize`, which forgets them all.)
        let asDrawn = x == aspectX && y == aspectY
        madeSetUses += 1
        var chosen = 0
        for set in 0..<Self.madeSetCount {
            if asDrawn, madeSetSample[set] == sample {
                madeSetUse[set] = madeSetUses
                madeSet = madeSets + set * madeSetStride
                return
            }
            if madeSetUse[set] < madeSetUse[chosen] { chosen = set }
        }
        madeSetUse[chosen] = madeSetUses
        madeSetSample[chosen] = asDrawn ? sample : -1
        madeSet = madeSets + chosen * madeSetStride
        let drawingLeast = leastDistances, sampleLeast = leastDistances + paddedCount
        for other in 0..<paddedCount { sampleLeast[other] = .infinity }
        var index = 0
        while index < n {
            fillDistanceRows(from: index, x: x, y: y, sample: sample, into: pairDistances,
                             drawingLeast: drawingLeast, sampleLeast: sampleLeast)
            index += 4
        }
        // The points twice round, in two halves (the second reading the
        // first's distances again), the weight counted along: the same
        // sums in the same order as one loop choosing its index and
        // converting its place, with fewer instructions.
        let leastDistances = leastDistances, leastSums = leastSums, placedLeastSums = placedLeastSums
        for side in 0..<2 {
            let sums = leastSums + side * (2 * n + 1), placed = placedLeastSums + side * (2 * n + 1)
            let least = leastDistances + side * paddedCount
            var sum = 0.0, placedSum = 0.0, weight = 0.0
            for round in 0..<2 {
                let offset = round * n
                for point in 0..<n {
                    sums[offset + point] = sum
                    placed[offset + point] = placedSum
                    let distance = least[point]
                    sum += distance
                    placedSum += weight * distance
                    weight += 1
                }
            }
            sums[2 * n] = sum
            placed[2 * n] = placedSum
        }
    }

    /// Rows `index` … `index + 3` of the squared distances between the
    /// cloud `x`/`y` and `sample` (rows past the last point repeat it) into
    /// `pairDistances` (drawn point i's to sample point j at
    /// i · `distanceStride` + j), each row's least into `drawingLeast`, and
    /// each column's least so far lowered in `sampleLeast` (+∞ before the
    /// first rows).
    ///
    /// Four drawn points a pass (the last ones of a count not a multiple
    /// of four repeated: the same distances, stored again), against two
    /// of the sample's a step: each sample point and its column's least
    /// are loaded and stored once for the four (session 16 made two
    /// drawn points a pass, a third fewer instructions than one; session
    /// 23 four, 55 instructions per eight distances against 30 per four
    /// as compiled: the four points' coordinates, spilled, are loaded by
    /// the copies the subtractions make anyway). The same values: a
    /// column's least is taken over the same distances, the rows' in
    /// another order, which gives the same least (none is −0, and no
    /// order takes a NaN).
    @inline(__always)
    func fillDistanceRows(from index: Int, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int,
                          into pairDistances: UnsafeMutablePointer<Double>, drawingLeast: UnsafeMutablePointer<Double>,
                          sampleLeast: UnsafeMutablePointer<Double>) {
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let pairs = n & ~1
        let second = min(index + 1, n - 1), third = min(index + 2, n - 1), fourth = min(index + 3, n - 1)
        let x0 = SIMD2<Double>(repeating: x[index]), y0 = SIMD2<Double>(repeating: y[index])
        let x1 = SIMD2<Double>(repeating: x[second]), y1 = SIMD2<Double>(repeating: y[second])
        let x2 = SIMD2<Double>(repeating: x[third]), y2 = SIMD2<Double>(repeating: y[third])
        let x3 = SIMD2<Double>(repeating: x[fourth]), y3 = SIMD2<Double>(repeating: y[fourth])
        let row0 = pairDistances + index * distanceStride, row1 = pairDistances + second * distanceStride
        let row2 = pairDistances + third * distanceStride, row3 = pairDistances + fourth * distanceStride
        var least0 = SIMD2<Double>(repeating: .infinity), least1 = least0, least2 = least0, least3 = least0
        var other = 0
        while other < pairs {
            let ox = UnsafeRawPointer(sx + other).loadUnaligned(as: SIMD2<Double>.self)
            let oy = UnsafeRawPointer(sy + other).loadUnaligned(as: SIMD2<Double>.self)
            let dx0 = x0 - ox, dy0 = y0 - oy, dx1 = x1 - ox, dy1 = y1 - oy
            let distance0 = dx0 * dx0 + dy0 * dy0, distance1 = dx1 * dx1 + dy1 * dy1
            let dx2 = x2 - ox, dy2 = y2 - oy, dx3 = x3 - ox, dy3 = y3 - oy
            let distance2 = dx2 * dx2 + dy2 * dy2, distance3 = dx3 * dx3 + dy3 * dy3
            UnsafeMutableRawPointer(row0 + other).storeBytes(of: distance0, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(row1 + other).storeBytes(of: distance1, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(row2 + other).storeBytes(of: distance2, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(row3 + other).storeBytes(of: distance3, as: SIMD2<Double>.self)
            least0 = StrokeShapeCheck.lesser(distance0, least0)
            least1 = StrokeShapeCheck.lesser(distance1, least1)
            least2 = StrokeShapeCheck.lesser(distance2, least2)
            least3 = StrokeShapeCheck.lesser(distance3, least3)
            let column = UnsafeMutableRawPointer(sampleLeast + other)
            let columnLeast = StrokeShapeCheck.lesser(distance3, StrokeShapeCheck.lesser(distance2,
                StrokeShapeCheck.lesser(distance1, StrokeShapeCheck.lesser(distance0, column.load(as: SIMD2<Double>.self)))))
            column.storeBytes(of: columnLeast, as: SIMD2<Double>.self)
            other &+= 2
        }
        var rowLeast = (least0[1] < least0[0] ? least0[1] : least0[0], least1[1] < least1[0] ? least1[1] : least1[0],
                        least2[1] < least2[0] ? least2[1] : least2[0], least3[1] < least3[0] ? least3[1] : least3[0])
        if pairs < n {
            // The last sample point, alone: each of the four rows in turn.
            @inline(__always) func last(_ row: Int, _ least: inout Double) {
                let dx = x[row] - sx[pairs], dy = y[row] - sy[pairs]
                let distance = dx * dx + dy * dy
                if distance < least { least = distance }
                if distance < sampleLeast[pairs] { sampleLeast[pairs] = distance }
                pairDistances[row * distanceStride + pairs] = distance
            }
            last(index, &rowLeast.0)
            last(second, &rowLeast.1)
            last(third, &rowLeast.2)
            last(fourth, &rowLeast.3)
        }
        drawingLeast[index] = rowLeast.0
        drawingLeast[second] = rowLeast.1
        drawingLeast[third] = rowLeast.2
        drawingLeast[fourth] = rowLeast.3
    }
}
