#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rotation-invariant templates: the angles a drawing is tried at (the
/// fit through the lookup grids at even rotations, or the angular
/// harmonics' alignment), and the refinement of a candidate's angle from
/// its matching's pairs once its matching comes near the best so far.
extension StrokeClassifier {
    /// The drawing's uniform cloud turned by each first rotation, and its
    /// points' cells, into `turnedX`/`turnedY`/`turnedCell`, and the cells'
    /// centres (`cellCenters`).
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
            fillCellCenters(cloud: 1 + rotation, x: x, y: y, cells: turnedCell + rotation * n)
        }
    }

    /// The turn (cosine, sine) that brings the drawing closest to the
    /// sample with the points paired as `match` last paired them below its
    /// limit (`bestTurn`): Protractor's closed form on those pairs,
    /// δ = atan2(Σ p×q, Σ p·q).
    private func pairingTurn() -> (cos: Double, sin: Double) {
        let (dot, cross) = bestTurn
        let length = (dot * dot + cross * cross).squareRoot()
        guard length > 0, length.isFinite else { return (1, 0) }
        return (dot / length, cross / length)
    }

    /// Refines rotation-invariant `candidate`'s fitted angle after a
    /// matching of `distance` at it: Protractor's closed-form turn on the
    /// matching's pairs, matched again, while it lowers the distance (at
    /// most ``StrokeMatchingParameters/rotationFitSteps`` turns), then a
    /// probe either side. Each point's nearest changes with the angle, so
    /// each turn is checked by a whole matching (an iterative closest point
    /// step in Protractor's closed form).
    func refinePairing(candidate: Int, distance found: Double) -> Double {
        let sample = candidate / fitsPerSample
        var distance = found
        var c = searchCos[candidate], s = searchSin[candidate]
        var probeC = probeCos, probeS = probeSin
        for _ in 0..<max(1, probeRounds) {
            for _ in 0..<fitSteps {
                let turn = pairingTurn()
                guard abs(turn.sin) > fitPrecision || turn.cos < 0 else { break }
                let (nc, ns) = (c * turn.cos - s * turn.sin, c * turn.sin + s * turn.cos)
                rotate(uniformX, uniformY, cos: nc, sin: ns)
                // Not below the distance, the matching leaves `bestTurn` as it was: the kept angle's pairs.
                let next = match(x: rotatedX, y: rotatedY, sample: sample, below: distance, turning: true)
                guard next < distance else { break }
                distance = next
                (c, s) = (nc, ns)
            }
            // The pairing jumps as the angle changes, where the closed form
            // assumes it holds: a turn either side may still lower the
            // distance. Found, the closed form goes on from there; not
            // found, the turn is halved.
            guard probeS != 0 else { break }
            var side = 1.0
            var moved = false
            for _ in 0..<2 {
                let (nc, ns) = (c * probeC - s * side * probeS, c * side * probeS + s * probeC)
                rotate(uniformX, uniformY, cos: nc, sin: ns)
                let next = match(x: rotatedX, y: rotatedY, sample: sample, below: distance, turning: true)
                if next < distance {
                    distance = next
                    (c, s) = (nc, ns)
                    moved = true
                    break
                }
                side = -1
            }
            if !moved {
                // cos and sin of half the turn.
                let halfC = ((1 + probeC) / 2).squareRoot()
                (probeC, probeS) = (halfC, probeS / (2 * halfC))
            }
        }
        let length = (c * c + s * s).squareRoot()
        searchCos[candidate] = c / length
        searchSin[candidate] = s / length
        return distance
    }

    /// A cloud's angular harmonics: for k = 1 … `harmonicCount`, the sum
    /// over its points of r²·e^(ikφ), for a point at radius r and angle φ
    /// from the centroid. Turning the cloud by α turns the kth by kα, and
    /// which stroke or order a point came from does not count, so two
    /// clouds' harmonics say at which angles their mass lines up without
    /// pairing points. The 2nd are the second moments (principal axes);
    /// the 1st, weighted by r², tell an axis's two ends apart.
    func fillHarmonics(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                       into harmonics: UnsafeMutablePointer<Double>) {
        for k in 0..<(2 * harmonicCount) { harmonics[k] = 0 }
        for index in 0..<n {
            let px = x[index], py = y[index]
            let r2 = px * px + py * py
            guard r2 > 0 else { continue }
            let r = r2.squareRoot()
            let ux = px / r, uy = py / r
            var cx = ux, cy = uy
            for k in 0..<harmonicCount {
                harmonics[2 * k] += r2 * cx
                harmonics[2 * k + 1] += r2 * cy
                let nx = cx * ux - cy * uy
                cy = cx * uy + cy * ux
                cx = nx
            }
        }
    }

    /// The alignment angles (indices of `alignmentAngles` even steps) at
    /// which the drawing, turned, lines its harmonics up best with
    /// `sample`'s: the highest local maxima of Σₖ Re(dₖ·e^(ikα)·conj(sₖ)),
    /// best first, into `alignmentPeaks`; returns how many (at most
    /// ``StrokeMatchingParameters/alignmentCandidates``).
    private func fillAlignmentCandidates(sample: Int) -> Int {
        let s = sampleHarmonics + sample * harmonicCount * 2
        for angle in 0..<alignmentAngles {
            var value = 0.0
            let c = alignmentCos + angle * harmonicCount, si = alignmentSin + angle * harmonicCount
            for k in 0..<harmonicCount {
                let dr = drawingHarmonics[2 * k], di = drawingHarmonics[2 * k + 1]
                let sr = s[2 * k], sim = s[2 * k + 1]
                let qr = dr * sr + di * sim, qi = di * sr - dr * sim
                value += qr * c[k] - qi * si[k]
            }
            alignmentValues[angle] = value
        }
        let capacity = parameters.alignmentCandidates
        var count = 0
        for angle in 0..<alignmentAngles {
            let value = alignmentValues[angle]
            let before = alignmentValues[angle == 0 ? alignmentAngles - 1 : angle - 1]
            let after = alignmentValues[angle + 1 == alignmentAngles ? 0 : angle + 1]
            guard value >= before, value > after else { continue }
            // Insert into the best-first list, dropping the worst when full.
            var slot = count < capacity ? count : capacity - 1
            if count == capacity, alignmentValues[alignmentPeaks[slot]] >= value { continue }
            while slot > 0, alignmentValues[alignmentPeaks[slot - 1]] < value {
                alignmentPeaks[slot] = alignmentPeaks[slot - 1]
                slot -= 1
            }
            alignmentPeaks[slot] = angle
            count = min(capacity, count + 1)
        }
        if count == 0 {
            alignmentPeaks[0] = 0   // a flat alignment (a cloud at its centroid): any angle
            count = 1
        }
        return count
    }

    /// The drawing's uniform cloud turned by (`c`, `s`) against `sample`,
    /// through the sample's lookup grid: the sum of squared distances from
    /// every `stride`th turned point to the sample point its cell names (a
    /// one-sided nearest-point distance: no pairing, so stroke order and
    /// direction do not enter).
    private func nearestFit(sample: Int, rotation: Int, stride: Int) -> Double {
        let lookup = lookup(of: sample), cellStride = sampleCount
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let x = turnedX + rotation * n, y = turnedY + rotation * n, cells = turnedCell + rotation * n
        var sum = 0.0
        var index = 0
        while index < n {
            let target = Int(lookup[Int(cells[index]) &* cellStride])
            let dx = x[index] - sx[target], dy = y[index] - sy[target]
            sum += dx * dx + dy * dy
            index += stride
        }
        return sum
    }

    /// Finds the angles at which the drawing may fit rotation-invariant
    /// `sample`, into its candidates' `searchCos`/`searchSin`, without
    /// matching; returns how many. The one-sided nearest-point distance
    /// (`nearestFit`) is taken at ``StrokeMatchingParameters/rotationSearchSteps``
    /// even rotations, and its best ``StrokeMatchingParameters/refinedCandidates``
    /// local minima around the circle are the candidates (with the angular
    /// alignment on, its best angles are). Their angles are refined only
    /// once matched (`refinePairing`).
    ///
    /// (Refining them here instead, by closed-form turns towards the grid's
    /// nearest points, as iterative closest point does, lost 0.6 points
    /// with one template on the tuning writers: the nearest-point fit is
    /// not the matching's.)
    func fitRotation(sample: Int) -> Int {
        let candidates = parameters.refinedCandidates
        let base = sample * fitsPerSample
        if alignmentAngles > 0 {
            // The angles where the angular harmonics line up best.
            let count = min(candidates, fillAlignmentCandidates(sample: sample))
            for peak in 0..<count {
                let angle = alignmentPeaks[peak] * harmonicCount
                searchCos[base + peak] = alignmentCos[angle]
                searchSin[base + peak] = alignmentSin[angle]
                candidateRotation[base + peak] = -1
            }
            return count
        }
        let steps = rotationCos.count
        for rotation in 0..<steps {
            coarseDistance[rotation] = nearestFit(sample: sample, rotation: rotation, stride: coarseStride)
        }
        // The best local minima around the circle, best first.
        var count = 0
        for rotation in 0..<steps {
            let value = coarseDistance[rotation]
            if steps > 2 {
                let before = coarseDistance[rotation == 0 ? steps - 1 : rotation - 1]
                let after = coarseDistance[rotation + 1 == steps ? 0 : rotation + 1]
                guard value <= before, value < after else { continue }
            }
            var slot = count < candidates ? count : candidates - 1
            if count == candidates, coarseDistance[coarseStarts[slot]] <= value { continue }
            while slot > 0, coarseDistance[coarseStarts[slot - 1]] > value {
                coarseStarts[slot] = coarseStarts[slot - 1]
                slot -= 1
            }
            coarseStarts[slot] = rotation
            count = min(candidates, count + 1)
        }
        if count == 0 {
            coarseStarts[0] = 0   // a flat fit (equal at every rotation): any angle
            count = 1
        }
        for start in 0..<count {
            searchCos[base + start] = rotationCos[coarseStarts[start]]
            searchSin[base + start] = rotationSin[coarseStarts[start]]
            candidateRotation[base + start] = coarseStarts[start]
        }
        return count
    }
}
