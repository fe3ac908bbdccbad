#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Preparing a cloud: a drawing or a template sample resampled to `n` points
/// along its strokes, moved to its centroid and scaled (by axes or
/// uniformly), its lookup grid filled, or turned: what every matching
/// compares, made once a drawing or once a sample.
extension StrokeClassifier {
    /// Resamples `ink` into `resampledX`/`resampledY`: `n` points evenly
    /// spaced along its strokes, the gaps between strokes not counted ($P's
    /// resampling). `false` when the ink has no length.
    func resample(_ ink: StrokeInk) -> Bool {
        let points = ink.points
        let ends = ink.strokeEnds
        guard !points.isEmpty else { return false }
        var length = 0.0
        var start = 0
        for end in ends {
            var index = start + 1
            while index < end {
                length += points[index].distance(to: points[index - 1])
                index += 1
            }
            start = end
        }
        guard length > 0, length.isFinite else { return false }
        let interval = length / Double(n - 1)
        var travelled = 0.0
        var count = 1
        resampledX[0] = points[0].x
        resampledY[0] = points[0].y
        resampledStroke[0] = 0
        var stroke: Int32 = -1
        start = 0
        for end in ends where end > start {
            stroke += 1
            var previous = points[start]
            var index = start + 1
            while index < end, count < n {
                let next = points[index]
                var gap = previous.distance(to: next)
                while gap > 0, travelled + gap >= interval, count < n {
                    let t = (interval - travelled) / gap
                    previous = Point(x: previous.x + t * (next.x - previous.x), y: previous.y + t * (next.y - previous.y))
                    resampledX[count] = previous.x
                    resampledY[count] = previous.y
                    resampledStroke[count] = stroke
                    count += 1
                    travelled = 0
                    gap = previous.distance(to: next)
                }
                travelled += gap
                previous = next
                index += 1
            }
            start = end
        }
        // Rounding can leave the last point or two unplaced: they are the end.
        let last = points[points.count - 1]
        while count < n {
            resampledX[count] = last.x
            resampledY[count] = last.y
            resampledStroke[count] = max(0, stroke)
            count += 1
        }
        return true
    }

    /// Where a cloud was and how large, before normalising.
    struct Frame {
        var centroid: Point
        /// Root mean square distance of the points from the centroid.
        var spread: Double
    }

    /// Moves the resampled points to their centroid and scales them: each
    /// axis to a standard deviation of 1, the narrow one at most
    /// 1 / ``StrokeMatchingParameters/minimumAspect`` times as much as the
    /// wide one; or, `uniform`, both by one factor, to the same overall
    /// spread (√2), or along the cloud's principal axes as far as
    /// ``StrokeMatchingParameters/rotationInvariantAspectShare`` says (see
    /// `scaleAlongPrincipalAxes`).
    func normalize(uniform: Bool, intoX x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>) -> Frame {
        var sumX = 0.0, sumY = 0.0
        for index in 0..<n {
            sumX += resampledX[index]
            sumY += resampledY[index]
        }
        let centerX = sumX / Double(n), centerY = sumY / Double(n)
        var varianceX = 0.0, varianceY = 0.0
        for index in 0..<n {
            let dx = resampledX[index] - centerX, dy = resampledY[index] - centerY
            varianceX += dx * dx
            varianceY += dy * dy
        }
        let deviationX = (varianceX / Double(n)).squareRoot(), deviationY = (varianceY / Double(n)).squareRoot()
        let spread = ((varianceX + varianceY) / Double(n)).squareRoot()
        var scaleX: Double, scaleY: Double
        if uniform, parameters.rotationInvariantAspectShare > 0, spread > 0 {
            var covariance = 0.0
            for index in 0..<n {
                covariance += (resampledX[index] - centerX) * (resampledY[index] - centerY)
            }
            scaleAlongPrincipalAxes(variance: (varianceX / Double(n), covariance / Double(n), varianceY / Double(n)),
                                    center: (centerX, centerY), spread: spread, intoX: x, y: y)
            return Frame(centroid: Point(x: centerX, y: centerY), spread: spread)
        }
        if uniform {
            scaleX = spread > 0 ? 2.0.squareRoot() / spread : 1
            scaleY = scaleX
        } else {
            let wide = max(deviationX, deviationY)
            let aspect = parameters.minimumAspect.isFinite ? min(1, max(0.01, parameters.minimumAspect)) : 0.3
            let exponent = parameters.thinAspectExponent
            if exponent > 1, wide > 0 {
                // Thin axes towards uniform scaling: aspect max(r, (r/a)^p).
                func scale(_ deviation: Double) -> Double {
                    let ratio = deviation / wide
                    guard ratio < aspect else { return 1 / deviation }
                    guard deviation > 0 else { return 1 / wide }
                    return max(ratio, pow(ratio / aspect, exponent)) / deviation
                }
                scaleX = scale(deviationX)
                scaleY = scale(deviationY)
            } else {
                scaleX = wide > 0 ? 1 / max(deviationX, aspect * wide) : 1
                scaleY = wide > 0 ? 1 / max(deviationY, aspect * wide) : 1
            }
        }
        for index in 0..<n {
            x[index] = (resampledX[index] - centerX) * scaleX
            y[index] = (resampledY[index] - centerY) * scaleY
        }
        return Frame(centroid: Point(x: centerX, y: centerY), spread: spread)
    }

    /// Scales the resampled points about `center` along their principal
    /// axes (the eigenvectors of the covariance `variance`, xx, xy, yy):
    /// each axis's factor is the uniform one (√2 / `spread`) to the power
    /// 1 − s times the aspect rule's along that axis (1 / its deviation,
    /// the narrow one at most 1 / ``StrokeMatchingParameters/minimumAspect``
    /// times the wide one's) to the power s, s being
    /// ``StrokeMatchingParameters/rotationInvariantAspectShare``. The
    /// factors depend only on the covariance's eigenvalues and the axes turn
    /// with the cloud, so a turned cloud is scaled into the same cloud
    /// turned: the rotation search between a drawing and a sample still
    /// finds their angle. Near a circle's covariance the axes are ill
    /// defined but both factors are nearly equal, so the result is steady.
    private func scaleAlongPrincipalAxes(variance: (xx: Double, xy: Double, yy: Double), center: (x: Double, y: Double),
                                         spread: Double, intoX x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>) {
        let share = parameters.rotationInvariantAspectShare
        let mean = (variance.xx + variance.yy) / 2
        let half = (variance.xx - variance.yy) / 2
        let radius = (half * half + variance.xy * variance.xy).squareRoot()
        let wide = (mean + radius).squareRoot(), narrow = max(0, mean - radius).squareRoot()
        let aspect = parameters.minimumAspect.isFinite ? min(1, max(0.01, parameters.minimumAspect)) : 0.3
        let uniformScale = 2.0.squareRoot() / spread
        let wideScale = pow(uniformScale, 1 - share) * pow(1 / wide, share)
        let narrowScale = pow(uniformScale, 1 - share) * pow(1 / max(narrow, aspect * wide), share)
        // The wide axis's direction (cos, sin of the angle 2φ halved).
        let angle = atan2(variance.xy, half)
        let c = cos(angle / 2), s = sin(angle / 2)
        for index in 0..<n {
            let dx = resampledX[index] - center.x, dy = resampledY[index] - center.y
            let along = (c * dx + s * dy) * wideScale, across = (c * dy - s * dx) * narrowScale
            x[index] = c * along - s * across
            y[index] = s * along + c * across
        }
    }

    /// Where `sample`'s lookup grid starts: its entry for cell c is at
    /// `c · sampleCount` from there (see `sampleLookup`).
    @inline(__always)
    func lookup(of sample: Int) -> UnsafeMutablePointer<UInt8> {
        sampleLookup + sample
    }

    /// Fills `sample`'s grid: each cell holds the index of the sample's
    /// point nearest the cell's centre ($Q's look-up table).
    func fillLookup(of sample: Int) {
        let lookup = lookup(of: sample)
        let x = sampleX + sample * n, y = sampleY + sample * n
        for row in 0..<grid {
            let centerY = (Double(row) + 0.5) / cellsPerUnit - extent
            for column in 0..<grid {
                let centerX = (Double(column) + 0.5) / cellsPerUnit - extent
                var nearestIndex = 0
                var nearestDistance = Double.infinity
                for index in 0..<n {
                    let dx = x[index] - centerX, dy = y[index] - centerY
                    let distance = dx * dx + dy * dy
                    if distance < nearestDistance {
                        nearestDistance = distance
                        nearestIndex = index
                    }
                }
                lookup[(row * grid + column) * sampleCount] = UInt8(nearestIndex)
            }
        }
    }

    /// Copies into this classifier's grids every sample's that `map`
    /// names one of `source`'s for (`map[s]`, or −1 for one to fill), when
    /// the two classifiers have the same parameters (so the same clouds and
    /// grid geometry, as `copyPreparedTemplate` requires); returns whether
    /// it did. A run of samples consecutive in both is one copy a cell: an
    /// adapted set's map is one or two runs (the samples before and after
    /// the learning template's new one), where a copy a sample and cell
    /// cost about as much as filling the new grid (session 26).
    func copyLookups(from source: StrokeClassifier, samples map: [Int]) -> Bool {
        guard source.parameters == parameters, map.count == sampleCount else { return false }
        var runs: [(to: Int, from: Int, count: Int)] = []
        for (sample, from) in map.enumerated() where from >= 0 {
            if let last = runs.last, last.to + last.count == sample, last.from + last.count == from {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((sample, from, 1))
            }
        }
        let cells = grid * grid, rowLength = sampleCount, sourceRowLength = source.sampleCount
        for run in runs {
            var row = UnsafeMutableRawPointer(sampleLookup + run.to)
            var sourceRow = UnsafeRawPointer(source.sampleLookup + run.from)
            for _ in 0..<cells {
                row.copyMemory(from: sourceRow, byteCount: run.count)
                row += rowLength
                sourceRow += sourceRowLength
            }
        }
        return true
    }

    func rotate(_ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, cos c: Double, sin s: Double) {
        for index in 0..<n {
            let px = x[index], py = y[index]
            rotatedX[index] = px * c - py * s
            rotatedY[index] = px * s + py * c
        }
    }
}
