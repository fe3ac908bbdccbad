/// $P+'s many-to-one matching (Vatavu 2017, without its turning angles),
/// for ``StrokeMatchingParameters/manyToOneMatching``: each point paired
/// with the nearest point of the other cloud, taken or not.
extension StrokeClassifier {
    /// The many-to-one distance of the cloud `x`/`y` from `sample`, in the
    /// units of the greedy matching's weighted sums (so that `finish`'s
    /// √(sum / weightSum) is √ of the sum over n): from the drawing, each
    /// drawn point's least squared distance to the sample, plus each sample
    /// point's to the drawing where no drawn point chose it as its nearest;
    /// from the sample the same the other way round; the lesser. Its pairs
    /// (each point and the nearest it adds) give `bestTurn` with `turning`,
    /// and `bestRun` names the direction (start 0).
    ///
    /// The distances are `fillLeastDistances`' (each point's least, and the
    /// matrix of every pair), so the nearest chosen is the first of equals
    /// in index order.
    func manyToOneDistance(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int,
                           turning: Bool) -> Double {
        fillLeastDistances(x: x, y: y, sample: sample)
        let pairs = pairDistances
        let drawingLeast = leastDistances, sampleLeast = leastDistances + paddedCount
        let n = n, stride = distanceStride
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { nearest in
            // nearest[i]: drawn point i's nearest sample point; nearest[n + j]: sample point j's nearest drawn point.
            // The first point at the least distance the fill found: a scan that stops there, about half a row,
            // where a search for the least read every one (session 28: 70% of a matching's instructions).
            // The same point: the least is one of the row's values (none is NaN or −0); a row of NaNs has
            // least +∞, matched by none, and takes point 0, as a search with `<` would.
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
                var fromDrawing = 0.0, fromSample = 0.0
                for i in 0..<n {
                    fromDrawing += drawingLeast[i]
                    if !chosenBy[n + i] { fromSample += drawingLeast[i] }
                }
                for j in 0..<n {
                    fromSample += sampleLeast[j]
                    if !chosenBy[j] { fromDrawing += sampleLeast[j] }
                }
                let forward = fromDrawing <= fromSample
                bestRun = (0, forward)
                if turning {
                    // Protractor's sums over the lesser direction's pairs, p drawn and q the sample's.
                    let sx = sampleX + sample * n, sy = sampleY + sample * n
                    var dot = 0.0, cross = 0.0
                    @inline(__always) func pair(_ i: Int, _ j: Int) {
                        dot += x[i] * sx[j] + y[i] * sy[j]
                        cross += x[i] * sy[j] - y[i] * sx[j]
                    }
                    for i in 0..<n where forward || !chosenBy[n + i] { pair(i, nearest[i]) }
                    for j in 0..<n where !forward || !chosenBy[j] { pair(nearest[n + j], j) }
                    bestTurn = (dot, cross)
                }
                return min(fromDrawing, fromSample) * weightSum / Double(n)
            }
        }
    }
}
