/// Many-to-one matching after $P+ (Vatavu 2017, without its turning angles),
/// for ``StrokeMatchingParameters/manyToOneMatching``: each point paired
/// with the nearest point of the other cloud, taken or not.
///
/// From one cloud, $P+ adds each point's least distance to the other and
/// the least distance of each point of the other that none chose; it takes
/// the lesser of the two directions. Here the two are added (session 29):
/// that scores as well or a hair better on every family of the evaluation
/// (`StrokeEvaluation reference-parts`, "both directions added"; each
/// point's least counted once, the unchosen points' second count left out,
/// scores up to a point lower), and it is bounded from below point by
/// point: it is at least twice either cloud's least distances added (a
/// drawn point chosen by a sample point lies at least its own least from
/// it, one not chosen counts in the sample's direction itself), so twice
/// the drawn points' bounds through the lookup grid before a candidate is
/// matched, and their least distances row by row while it is.
extension StrokeClassifier {
    /// The distance of the cloud `x`/`y` from `sample`, or a value at least
    /// `limit` once it cannot be below it: both directions' many-to-one sums
    /// of squared distances added, in the units of the greedy matching's
    /// weighted sums (`finish`'s √(sum / weightSum) is √ of their total over
    /// 2n). Below `limit`, the pairs of both directions (each point and its
    /// nearest, the first of equals in index order) give `bestTurn` with
    /// `turning`; `bestRun` is (0, forward).
    ///
    /// The rows are made four at a time; after each four, twice the drawn
    /// points' least distances so far and the bounds of those left
    /// (`fillNearestBounds`) at or above `limit` end the matching.
    func manyToOneDistance(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int,
                           below limit: Double, turning: Bool) -> Double {
        let scale = weightSum / Double(2 * n)
        // bounds[i]: the bound of drawn points i … n − 1 together.
        let bound = 2 * fillNearestBounds(x: x, y: y, sample: sample) * scale
        if bound >= limit { return bound }
        let bounds = pointBounds
        var left = 0.0
        for index in stride(from: n - 1, through: 0, by: -1) {
            left += bounds[index]
            bounds[index] = left
        }
        // The greedy matching's made sets are its own: a classifier matching
        // many to one never makes one, and fills the first set's room.
        let pairs = madeSets
        let drawingLeast = madeSets + (n + 1) * distanceStride, sampleLeast = drawingLeast + paddedCount
        for other in 0..<paddedCount { sampleLeast[other] = .infinity }
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
                bestRun = (0, true)
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

    /// Each drawn point's lower bound of its least squared distance to
    /// `sample`, into `pointBounds`, through the sample's lookup grid: the
    /// centre C of the point's cell lies at d(C) from the sample point the
    /// grid names (the nearest to C), so every sample point lies at least
    /// d(C) − |p − C| from p. A point beyond the grid takes a border cell:
    /// the bound holds for any C. |p − C| is taken a hair more (10⁻¹²) for
    /// the roundings of a difference of two roots. Returns their sum.
    func fillNearestBounds(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        let lookup = lookup(of: sample), stride = sampleCount
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let bounds = pointBounds
        var sum = 0.0
        if x == aspectX && y == aspectY {
            // The drawing as drawn: its cells, their centres and its offsets
            // from them made once (`fillCellCenters`; session 29: making
            // them for each sample was three fifths of a classification).
            for index in 0..<n {
                let target = Int(lookup[Int(aspectCell[index]) &* stride])
                let tx = sx[target] - cellCenterX[index], ty = sy[target] - cellCenterY[index]
                let bound = (tx * tx + ty * ty).squareRoot() - cellOffset[index]
                bounds[index] = bound > 0 ? bound * bound : 0
                sum += bounds[index]
            }
            return sum
        }
        let last = Double(grid) - 0.5
        for index in 0..<n {
            let px = x[index], py = y[index]
            // The cell and its centre as `fillCells` and `fillLookup` make them.
            let column = Int(min(max((px + extent) * cellsPerUnit, 0), last))
            let row = Int(min(max((py + extent) * cellsPerUnit, 0), last))
            let centerX = (Double(column) + 0.5) / cellsPerUnit - extent
            let centerY = (Double(row) + 0.5) / cellsPerUnit - extent
            let target = Int(lookup[(row &* grid &+ column) &* stride])
            let tx = sx[target] - centerX, ty = sy[target] - centerY
            let ox = px - centerX, oy = py - centerY
            let bound = (tx * tx + ty * ty).squareRoot() - ((ox * ox + oy * oy).squareRoot() + 1e-12)
            bounds[index] = bound > 0 ? bound * bound : 0
            sum += bounds[index]
        }
        return sum
    }

    /// The least of `manyToOneDistance` the lookup grid bounds: twice the
    /// drawn points' bounds (`fillNearestBounds`) added, in its units, the
    /// same arithmetic as its own first test.
    func manyToOneBound(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        2 * fillNearestBounds(x: x, y: y, sample: sample) * (weightSum / Double(2 * n))
    }
}
