/// The matching: many-to-one, after $P+ (Vatavu 2017, without its turning
/// angles). Each point is paired with the nearest point of the other
/// cloud, taken or not.
///
/// From one cloud, $P+ adds each point's least distance to the other and
/// the least distance of each point of the other that none chose; it takes
/// the lesser of the two directions. Here the two are added, and the
/// distances squared. Against $P's greedy one-to-one runs, which this
/// library matched with until session 29, it names more drawings right with
/// one template on every family of the evaluation, the tuning writers too
/// (`StrokeEvaluation reference-parts`, session 28); added rather than the
/// lesser scores as well or a hair better, and is bounded from below point
/// by point: it is at least twice either cloud's least distances added (a
/// drawn point chosen by a sample point lies at least its own least from
/// it; one not chosen counts in the sample's direction itself), so at least
/// twice the drawn points' bounds through the lookup grid
/// (StrokeClassifier+Bounds.swift) before a candidate is matched, and their
/// least distances row by row while it is. (Each point's least counted once
/// on each side, without the unchosen points' second count, scored up to a
/// point lower.)
extension StrokeClassifier {
    /// The distance of the cloud `x`/`y` from `sample`, or a value at least
    /// `limit` once it cannot be below it: both directions' many-to-one sums
    /// of squared distances added, over 2n (``StrokeMatch/distance`` is its
    /// square root). Below `limit`, the pairs of both directions (each point
    /// and its nearest, the first of equals in index order) give `bestTurn`
    /// with `turning`.
    ///
    /// The rows are made four at a time; after each four, twice the drawn
    /// points' least distances so far and the bounds of those left
    /// (`fillNearestBounds`) at or above `limit` end the matching.
    func match(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int,
               below limit: Double, turning: Bool = false) -> Double {
        let scale = 1 / Double(2 * n)
        // The candidate's bound, which also leaves each point's in `pointBounds`.
        let bound = lowerBound(x: x, y: y, sample: sample)
        if bound >= limit { return bound }
        // bounds[i]: the bound of drawn points i … n − 1 together.
        let bounds = pointBounds
        var left = 0.0
        for index in stride(from: n - 1, through: 0, by: -1) {
            left += bounds[index]
            bounds[index] = left
        }
        let pairs = pairDistances, drawingLeast = leastDistances, sampleLeast = leastDistances + distanceStride
        for other in 0..<n { sampleLeast[other] = .infinity }
        var drawingSum = 0.0
        var index = 0
        while index < n {
            fillDistanceRows(from: index, x: x, y: y, sample: sample, into: pairs,
                             drawingLeast: drawingLeast, sampleLeast: sampleLeast)
            // A count not a multiple of four repeats its last row: counted once.
            let end = min(index + 4, n)
            for row in index..<end { drawingSum += drawingLeast[row] }
            index = end
            let reach = 2 * (index < n ? drawingSum + bounds[index] : drawingSum) * scale
            if reach >= limit { return reach }
        }
        // The sum is at least twice the sample's least distances too.
        var sampleSum = 0.0
        for other in 0..<n { sampleSum += sampleLeast[other] }
        if 2 * sampleSum * scale >= limit { return 2 * sampleSum * scale }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { nearest in
            // nearest[i]: drawn point i's nearest sample point; nearest[n + j]: sample point j's nearest drawn point.
            // The first point at the least distance: a scan that stops there,
            // about half a row, where a search for the least reads all of it
            // (session 28: 70% of a matching's instructions). The same point:
            // the least is one of the row's values (none is NaN or −0); a row
            // of NaNs has least +∞, matched by none, and takes point 0, as a
            // search with `<` would.
            let stride = distanceStride
            for i in 0..<n {
                let row = pairs + i * stride, least = drawingLeast[i]
                var chosen = 0
                while chosen < n, row[chosen] != least { chosen += 1 }
                nearest[i] = chosen < n ? chosen : 0
            }
            for j in 0..<n {
                let least = sampleLeast[j]
                var chosen = 0
                while chosen < n, pairs[chosen * stride + j] != least { chosen += 1 }
                nearest[n + j] = chosen < n ? chosen : 0
            }
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * n) { chosenBy in
                // chosenBy[j]: some drawn point chose sample point j; chosenBy[n + i]: some sample point chose drawn point i.
                chosenBy.initialize(repeating: false)
                for i in 0..<n { chosenBy[nearest[i]] = true }
                for j in 0..<n { chosenBy[n + nearest[n + j]] = true }
                // Each direction's sum: its own points' least distances and the other's points none chose.
                var unchosen = 0.0
                for i in 0..<n where !chosenBy[n + i] { unchosen += drawingLeast[i] }
                for j in 0..<n where !chosenBy[j] { unchosen += sampleLeast[j] }
                let distance = (drawingSum + sampleSum + unchosen) * scale
                guard distance < limit else { return distance }
                if turning {
                    // Protractor's sums over both directions' pairs, p drawn and q the sample's.
                    let sx = sampleX + sample * n, sy = sampleY + sample * n
                    var dot = 0.0, cross = 0.0
                    @inline(__always) func pair(_ i: Int, _ j: Int) {
                        dot += x[i] * sx[j] + y[i] * sy[j]
                        cross += x[i] * sy[j] - y[i] * sx[j]
                    }
                    for i in 0..<n {
                        pair(i, nearest[i])
                        if !chosenBy[n + i] { pair(i, nearest[i]) }
                    }
                    for j in 0..<n {
                        pair(nearest[n + j], j)
                        if !chosenBy[j] { pair(nearest[n + j], j) }
                    }
                    bestTurn = (dot, cross)
                }
                return distance
            }
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
