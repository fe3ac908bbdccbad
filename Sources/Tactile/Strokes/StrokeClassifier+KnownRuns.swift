/// A drawing's greedy runs against the samples matched as drawn (axes
/// scaled), remembered for the rest of its classification (session 20), so
/// that a run made once is not made again: the search, the certificate's
/// matchings and witnesses, and the margin's search look at many of the
/// same candidates at different limits.
///
/// Why it is exact: a run is a function of the two clouds, its start and
/// its direction alone. Made at a limit, it returns its whole sum S when S
/// is below the limit, the same pairs and sums bit for bit, and otherwise a
/// value at or above the limit, S itself being at or above it (see
/// `cloudDistance`; a run abandoned early has a partial sum or bound at or
/// above the limit, and the rest only adds). So once a run has returned a
/// sum below its limit, that sum is what it returns below any limit above
/// it, and a value at or above any limit at most it; and once it has
/// returned nothing below a limit, it returns nothing below any limit up to
/// that one. A matching only compares its runs' values with its best so far,
/// so a matching that takes remembered values where they decide the same
/// comparison makes the same choices, and returns the same value, with the
/// same best run, as one that makes every run.
extension StrokeClassifier {
    /// The first of `sample`'s slots in `knownRunSum`: run 2·k is the
    /// forward run from the k-th start, 2·k + 1 the backward one.
    @inline(__always)
    func knownRuns(of sample: Int) -> Int {
        sample * runSlots
    }

    /// What run `slot` (of `knownRuns(of: sample)`'s) of `sample` against
    /// the drawing as drawn returns at `limit`: its whole sum when below
    /// `limit`, otherwise a value at or above it; made only when what is
    /// known of it does not say which. `bounded` as in `cloudDistance`; the
    /// least distances are filled (once, `filled`) only when a bounded run
    /// is made.
    @inline(__always)
    func drawnRun(_ slot: Int, start: Int, forward: Bool, of sample: Int, below limit: Double,
                  bounded: Bool, filled: inout Bool) -> Double {
        if knownRunDrawing[slot] == drawingCount {
            let known = knownRunSum[slot]
            // Whole: S itself, below `limit` or not (then at or above it).
            if knownRunIsWhole[slot] { return known }
            // Nothing below `known`, at or above `limit`: nothing below `limit`.
            if known >= limit { return .infinity }
        }
        if bounded, !filled {
            fillLeastDistances(x: aspectX, y: aspectY, sample: sample)
            filled = true
        }
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let sum = forward
            ? cloudDistance(from: aspectX, aspectY, to: sx, sy, start: start, below: limit, turning: false,
                            forward: true, bounded: bounded).sum
            : cloudDistance(from: sx, sy, to: aspectX, aspectY, start: start, below: limit, turning: false,
                            forward: false, bounded: bounded).sum
        // Nothing below `limit` otherwise, which is above what was known.
        knownRunDrawing[slot] = drawingCount
        knownRunSum[slot] = sum < limit ? sum : limit
        knownRunIsWhole[slot] = sum < limit
        return sum
    }

    /// `match(x: aspectX, y: aspectY, sample:, below:, bounds:)`, its runs
    /// remembered: the same runs in the same order, each skipped by its $Q
    /// bound as there, so the same value and the same `bestRun`.
    func matchAsDrawn(sample: Int, below limit: Double, bounds: UnsafeMutablePointer<Double>) -> Double {
        if matchesManyToOne { return manyToOneDistance(x: aspectX, y: aspectY, sample: sample, below: limit, turning: false) }
        var best = limit
        let first = knownRuns(of: sample)
        let bounded = stopsRunsByLeastDistances
        var filled = false
        var slot = 0
        var start = 0
        while start < n {
            if bounds[slot] < best {
                let sum = drawnRun(first + 2 * slot, start: start, forward: true, of: sample, below: best,
                                   bounded: bounded, filled: &filled)
                if sum < best {
                    best = sum
                    bestRun = (start, true)
                    bestTurn = (0, 0)
                }
            }
            let sum = drawnRun(first + 2 * slot + 1, start: start, forward: false, of: sample, below: best,
                               bounded: bounded, filled: &filled)
            if sum < best {
                best = sum
                bestRun = (start, false)
                bestTurn = (0, 0)
            }
            slot += 1
            start += step
        }
        return best
    }
}
