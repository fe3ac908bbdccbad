/// The certificate of rejection (session 14 on): when the classification is
/// told its decision, the proof, from lower bounds of the distance and of the
/// shape deviation of every candidate left, that the drawing is rejected
/// whichever candidate the search would end at; the witnesses that prove a
/// rejection by margin; and the measures the bounds are made from. Apart,
/// because only `classify(_:minimumScore:maximumShapeDeviation:)` runs it.
extension StrokeClassifier {
    /// The match for `bestCandidate` when the drawing is certain to be
    /// rejected at `minimumScore` and `threshold` (the margin's) whatever
    /// candidate the search, stopped after `position`, would end at; `nil`
    /// when that is not proven (then `settled` names the best candidate
    /// when no later look can prove it for that one). Session 14; the
    /// search's candidates are matched as drawn (none rotation invariant).
    ///
    /// The search would end at the best so far or at a candidate left that
    /// beats it. A candidate left whose bound (`certificateLeast`) reaches
    /// the best cannot beat it, nor can one whose matching was found to
    /// return nothing below a limit at or above the best
    /// (`certificateNoneBelow`; see `returnsSomething`). Any other, and the
    /// best so far, as the nearest at distance d (at least its bound's; for
    /// one whose bounds say too little, a floor its runs reach, see
    /// `raisesLeastByRuns`), would be rejected:
    ///
    /// - by its score, when the bound's already fails `minimumScore`; or
    /// - by its margin: its shape deviation D is at least
    ///   `certificateDeviation` > `threshold`, so the margin's search would
    ///   run, and it starts at the reach d·D/threshold, above
    ///   `rejectionLimit`'s value L: candidates are taken in the order of
    ///   their keys, and each one found below the search's limit that does
    ///   not reject the drawing lies at or beyond L (a runner-up nearer than
    ///   L gives a margin below D/threshold). So a *witness*, another
    ///   template's candidate with a key below L whose matching is sure to
    ///   return less than L at any limit from L up (`returnsBelow`), is
    ///   reached with a limit of at least L and rejects the drawing, unless
    ///   one before it did. The best so far witnesses for candidates of
    ///   other templates; for those of its own template, and for itself, a
    ///   candidate of another template matched before it (`metOther`), or
    ///   one whose backward run, or matching, at that limit sums below it
    ///   (`otherWitness`). When none does, its own template's candidates
    ///   left that hold the limit below its own (at most two) are matched at
    ///   the best, as unsettled ones are, and the witness is sought again at
    ///   its own limit (session 15).
    ///
    /// The match is the best so far's, its runner-up that witness (as far as
    /// the classifier looked), so it is rejected as well; it is checked at
    /// `threshold`, as the recognizer tests it.
    func certainRejection(ink: StrokeInk, best: Double, bestCandidate: Int, position: Int, candidateCount: Int,
                          frames: (aspect: Frame, uniform: Frame), minimumScore: Double, threshold: Double,
                          settled: inout Int) -> StrokeMatch? {
        let zero = parameters.zeroScoreDistance > 0 ? parameters.zeroScoreDistance : 2
        let owner = sampleTemplate[bestCandidate / fitsPerSample]
        // A runner-up's margin counts up to the template's largest close
        // factor more (StrokeTemplate.closeTemplates): proven at the
        // threshold that much higher, a rejection holds whatever the
        // runner-up (as in `rejectionLimit`, for each candidate's template).
        let ownThreshold = threshold * largestMarginFactor[owner]
        var othersLimit = Double.infinity, ownLimit = Double.infinity
        // The best so far, as the nearest. One that might be accepted as it
        // stands, by its bounds through the grid: no stop for it (the
        // search goes on, as untold; so a drawing of a shape costs a look).
        let bestDistance = (max(0, best) / weightSum).squareRoot()
        if max(0, 1 - bestDistance / zero) >= minimumScore {
            // Through the grid first, unless its matching's pair distances
            // are held: then measuring from every pair costs about what the
            // grid would, and a scribble's best goes on to be measured so
            // anyway (session 23).
            if !holdsMadeSet(of: bestCandidate / fitsPerSample) {
                measureForCertificate(bestCandidate, exactly: false)
                guard certificateDeviation[bestCandidate] > ownThreshold else {
                    settled = bestCandidate
                    return nil
                }
            }
            measureForCertificate(bestCandidate, exactly: true)
            let deviation = certificateDeviation[bestCandidate]
            guard deviation > ownThreshold else {
                settled = bestCandidate
                return nil
            }
            let reach = bestDistance * (deviation / ownThreshold)
            ownLimit = reach * reach * weightSum * (1 - 1e-9)
        }
        let bestLimit = ownLimit
        // Its own template's candidates left that hold the limit below the
        // best's own (at most two, then `ownBelow` is false).
        var own = (-1, -1), ownBelow = true
        // The candidates left that could beat the best, least key first
        // (session 22): the ones whose bounds say too little are mostly
        // among the first, so a look that cannot prove the rejection (a
        // third such, or one that beats the best) ends before measuring and
        // probing the rest. (In `order`'s order, a told drawing's look
        // probed its true template's runs before ending: +6% instructions a
        // told drawing.) Which ones are measured, and in what order,
        // changes no decision: every candidate left is still covered when a
        // rejection is proven. Sorted by insertion, ties in `order`'s
        // order; about 20 at the first look of a scribble, fewer after.
        var left = 0
        for index in (position + 1)..<candidateCount {
            let candidate = order[index]
            let key = orderKey[candidate]
            guard key < best, certificateNoneBelow[candidate] < best else { continue }
            var slot = left
            while slot > 0, orderKey[certificateOrder[slot - 1]] > key {
                certificateOrder[slot] = certificateOrder[slot - 1]
                slot -= 1
            }
            certificateOrder[slot] = candidate
            left += 1
        }
        var matched = 0
        for index in 0..<left {
            let candidate = certificateOrder[index]
            measureForCertificate(candidate, exactly: false)
            var limit = rejectionLimit(candidate, best: best, zero: zero, minimumScore: minimumScore, threshold: threshold)
            if limit <= best {
                measureForCertificate(candidate, exactly: true)
                limit = rejectionLimit(candidate, best: best, zero: zero, minimumScore: minimumScore, threshold: threshold)
            }
            // Still too little: its runs may prove it far enough to be
            // rejected, far more cheaply than matching it (session 22).
            if limit <= best,
               raisesLeastByRuns(candidate, best: best,
                                 target: sampleTemplate[candidate / fitsPerSample] == owner ? bestLimit : best,
                                 zero: zero, minimumScore: minimumScore, threshold: threshold) {
                limit = rejectionLimit(candidate, best: best, zero: zero, minimumScore: minimumScore, threshold: threshold)
            }
            if limit <= best {
                // Its bounds say too little: matched at the best, as the
                // search would match it, and then it cannot end the search
                // (`noneBeats`); one that beats the best ends this look, its
                // matching kept for the search. At most two a look (session
                // 16, callgrind on the 96 scribbles at the defaults: three
                // or four cost more, matchings spent on checks that fail
                // for another reason); a third ends the look unproven, the
                // two matched skipped by the search while the best stays.
                guard matched < 2 else { return nil }
                matched += 1
                guard noneBeats(best, (candidate, -1)) else {
                    settled = bestCandidate
                    return nil
                }
                continue
            }
            if sampleTemplate[candidate / fitsPerSample] == owner {
                ownLimit = min(ownLimit, limit)
                if limit < bestLimit {
                    if own.0 < 0 { own.0 = candidate } else if own.1 < 0 { own.1 = candidate } else { ownBelow = false }
                }
            } else {
                othersLimit = min(othersLimit, limit)
            }
        }
        if othersLimit < .infinity {
            guard best < othersLimit, orderKey[bestCandidate] < othersLimit,
                  returnsBelow(bestCandidate, run: bestCandidateRun, sum: best, limit: othersLimit) else { return nil }
        }
        var witness = (sum: Double.infinity, template: -1, byRun: false, searched: false)
        var ownMatched = false
        if ownLimit < .infinity {
            witness = otherWitness(than: owner, below: ownLimit, candidateCount: candidateCount)
            if witness.template < 0, ownLimit < bestLimit, ownBelow {
                // None at the limit its own template's candidates left hold
                // down: matched at the best, one that returns nothing below
                // it cannot end the search (as an unsettled one above), and
                // the limit is the best's own (session 15).
                guard noneBeats(best, own) else {
                    settled = bestCandidate
                    return nil
                }
                ownLimit = bestLimit
                ownMatched = true
                if ownLimit < .infinity { witness = otherWitness(than: owner, below: ownLimit, candidateCount: candidateCount) }
            }
            guard witness.template >= 0 || ownLimit == .infinity else {
                settled = bestCandidate
                return nil
            }
        }
        let match = finish(ink: ink, best: best, bestCandidate: bestCandidate, candidateCount: candidateCount,
                           frames: frames, marginDeviation: threshold, runnerUp: (witness.sum, witness.template))
        // Rejected as the recognizer tests it. (Up to session 21 tested at
        // the raised threshold, which a witness of a close template, its
        // factor above 1, could fail although the proof above holds: the
        // witness lies below the limit made at the raised threshold, so the
        // margin it gives, its factor at most the largest, rejects at
        // `threshold`, and so does the search's own runner-up. Session 22:
        // such looks failed, and the search went on to prove it again.)
        guard !match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold) else {
            settled = bestCandidate
            return nil
        }
        if witness.byRun { certificateStops.byRun += 1 }
        if witness.searched { certificateStops.byRunSearched += 1 }
        if ownMatched { certificateStops.afterOwnMatched += 1 }
        return match
    }

    /// For `certainRejection`: whether `candidate`'s runs prove that its
    /// matching, at any limit up to `best`, returns nothing below a floor
    /// F at which it would be rejected as the nearest: its score fails
    /// there, or its margin does, its shape deviation's lower bound
    /// (`certificateDeviation`) putting its rejection limit at `target` or
    /// above (for a candidate of another template than the best's, the
    /// best's sum, so the best is a witness; for one of its template, the
    /// best's own limit, so the witness the best needs serves it too). Then
    /// `certificateLeast` is raised to F, which `rejectionLimit` turns into
    /// that limit (session 22).
    ///
    /// Why it holds: every run such a matching could make is made here at
    /// F, each backward run and each forward run whose $Q bound is below
    /// `best` (a matching at a limit up to `best` begins a forward run only
    /// when its bound is below its best so far, itself at most `best`).
    /// Each comes to F or more (a run stopped or not begun at F sums to F
    /// or more, see `cloudDistance`), so whatever such a matching returns
    /// below its limit is a run's whole sum, F or more; and the search
    /// matches a candidate at its best so far, never above this `best`.
    /// Later looks have a lower best, so the raised bound holds for them.
    ///
    /// F is usually well below `best`, so most runs stop within a few
    /// steps or are not begun: on the 96 scribbles, a told scribble's
    /// median 340 K → 302 K instructions, mean 395 K → 347 K (with the
    /// look's order and final check of session 22), against matching each
    /// such candidate at `best` (`noneBeats`), which this spares when it
    /// holds.
    private func raisesLeastByRuns(_ candidate: Int, best: Double, target: Double, zero: Double,
                                   minimumScore: Double, threshold: Double) -> Bool {
        let sample = candidate / fitsPerSample
        let deviation = certificateDeviation[candidate]
        let raised = threshold * largestMarginFactor[sampleTemplate[sample]]
        // A hair above each floor, so that `rejectionLimit`'s roundings and
        // its lowering by 10⁻⁹ cannot bring the limit back to `target`, nor
        // the score back to `minimumScore`.
        var floor = Double.infinity
        if deviation > raised, target < .infinity {
            let ratio = raised / deviation
            floor = target * ratio * ratio * (1 + 1e-6)
        }
        if minimumScore > 0, minimumScore <= 1 {
            let distance = zero * (1 - minimumScore)
            floor = min(floor, distance * distance * weightSum * (1 + 1e-6))
        }
        guard floor < best, floor > certificateLeast[candidate] else { return false }
        let bounds = candidateBounds + candidate * startSlots
        let first = knownRuns(of: sample)
        let bounded = stopsRunsByLeastDistances
        var filled = false
        var slot = 0, start = 0
        while start < n {
            if bounds[slot] < best,
               drawnRun(first + 2 * slot, start: start, forward: true, of: sample, below: floor,
                        bounded: bounded, filled: &filled) < floor {
                return false
            }
            if drawnRun(first + 2 * slot + 1, start: start, forward: false, of: sample, below: floor,
                        bounded: bounded, filled: &filled) < floor {
                return false
            }
            slot += 1
            start += step
        }
        certificateLeast[candidate] = max(certificateLeast[candidate], floor * (1 - 1e-9))
        return true
    }

    /// For `certainRejection`: matches the (up to two; −1 for none)
    /// `candidates` at the limit `best`. False at the first that beats it,
    /// its matching kept for the search (`certificateMatch`); otherwise
    /// each is known to return nothing below `best` (`certificateNoneBelow`).
    private func noneBeats(_ best: Double, _ candidates: (Int, Int)) -> Bool {
        for slot in 0..<2 {
            let candidate = slot == 0 ? candidates.0 : candidates.1
            guard candidate >= 0 else { continue }
            let distance = candidateDistance(candidate, below: best)
            guard !(distance < best) else {
                certificateMatch = (candidate, best, distance, bestRun)
                return false
            }
            certificateNoneBelow[candidate] = best
        }
        return true
    }

    /// For `certainRejection`: a candidate of another template than `owner`
    /// whose matching returns less than `limit` at any limit from `limit`
    /// up, with a sum below `limit` it reaches, whether one run showed it
    /// and whether `witnessRun` found that run, or (∞, −1): the previous
    /// best of another template (`metOther`); or, of the three of least key
    /// (`witnessCandidate`), one whose backward run from the start sums
    /// below `limit`; or, of the two of least key not yet proven to return
    /// nothing below `limit`, one with a run `witnessRun` finds, or matched
    /// now at `limit` (returning less there, it returns less than `limit`
    /// at any higher limit, `returnsSomething`).
    private func otherWitness(than owner: Int, below limit: Double, candidateCount: Int)
        -> (sum: Double, template: Int, byRun: Bool, searched: Bool) {
        if metOther.candidate >= 0, metOther.sum < limit, orderKey[metOther.candidate] < limit,
           returnsBelow(metOther.candidate, run: (metOther.start, metOther.forward), sum: metOther.sum, limit: limit) {
            return (metOther.sum, sampleTemplate[metOther.candidate / fitsPerSample], false, false)
        }
        // One backward run whose sum is below `limit`: a matching never
        // skips a backward run, and abandons one only once its best is
        // lower than the run's sum, so at any limit from `limit` up it
        // returns less than `limit` (as `returnsBelow` says of a best's
        // run). A run from the start costs about a twentieth of a
        // matching, so up to three are tried before any matching (session
        // 15: most witnesses are found so).
        var ran = (-1, -1, -1)
        for attempt in 0..<3 {
            let candidate = witnessCandidate(than: owner, below: limit, candidateCount: candidateCount, skipping: ran)
            guard candidate >= 0 else { break }
            if attempt == 0 { ran.0 = candidate } else if attempt == 1 { ran.1 = candidate } else { ran.2 = candidate }
            let sample = candidate / fitsPerSample
            // Bounded when a set holds its distances already (see `witnessRun`).
            let bounded = stopsRunsByLeastDistances && holdsMadeSet(of: sample)
            var filled = false
            let sum = drawnRun(knownRuns(of: sample) + 1, start: 0, forward: false, of: sample, below: limit,
                               bounded: bounded, filled: &filled)
            if sum < limit { return (sum, sampleTemplate[sample], true, false) }
        }
        for _ in 0..<2 {
            let candidate = witnessCandidate(than: owner, below: limit, candidateCount: candidateCount, skipping: (-1, -1, -1))
            guard candidate >= 0 else { break }
            // Run by run first: at the first witness the rest of the
            // matching is spared, and one whose runs all reach `limit`
            // returns nothing below it (`witnessRun`).
            let tried = candidate == ran.0 || candidate == ran.1 || candidate == ran.2
            let found = witnessRun(candidate, below: limit, triedBackwardFromStart: tried)
            if checksWitnessRuns, found != limit {
                let agrees = found < limit
                    ? candidateDistance(candidate, below: limit) < limit && candidateDistance(candidate, below: .infinity) < limit
                    : !(candidateDistance(candidate, below: limit) < limit)
                if agrees { witnessRunChecks.agreed += 1 } else { witnessRunChecks.disagreed += 1 }
            }
            if found < limit { return (found, sampleTemplate[candidate / fitsPerSample], true, true) }
            if found == .infinity {
                certificateNoneBelow[candidate] = max(certificateNoneBelow[candidate], limit)
                continue
            }
            let distance = candidateDistance(candidate, below: limit)
            if distance < limit { return (distance, sampleTemplate[candidate / fitsPerSample], false, false) }
            // Nothing below that limit: nothing below any lower one.
            certificateNoneBelow[candidate] = max(certificateNoneBelow[candidate], limit)
        }
        return (.infinity, -1, false, false)
    }

    /// For `otherWitness`: `candidate`'s runs at `limit`, one at a time, up
    /// to the first that is sure to keep its matching below `limit` at any
    /// limit from `limit` up, and its sum; +∞ when every run reaches
    /// `limit` (then its matching at `limit` returns nothing below it); or
    /// `limit` when neither is known (a forward run below `limit` its $Q
    /// bound exceeds: the matching might skip it).
    ///
    /// The runs are the matching's own, with the same pairs and sums: a
    /// matching never skips a backward run, nor a forward one whose $Q
    /// bound is at most its sum until its best is that low, and abandons
    /// neither before then (as `returnsBelow` says of a best's run); and
    /// the matching at `limit` runs a subset of these, each abandoned at
    /// `limit` or above (its nearest-point bound cuts a run only at
    /// `limit`·(1 + 10⁻⁹) or above), so when all of them reach `limit`
    /// its best stays at `limit`. Stopping at the first witness spares the
    /// rest of a matching and its least-distance pass (session 16).
    private func witnessRun(_ candidate: Int, below limit: Double, triedBackwardFromStart tried: Bool) -> Double {
        let sample = candidate / fitsPerSample
        let bounds = candidateBounds + candidate * startSlots
        // Bounded by the least distances, as the matching's runs are
        // (session 18): a run stopped so sums to `limit` or more, and one
        // made whole is the same run, bit for bit (see `cloudDistance`).
        // Most searched candidates have every run reach `limit`, and most
        // of those runs are then not begun, or are stopped early. Runs made
        // before for this drawing are not made again (`drawnRun`).
        let bounded = stopsRunsByLeastDistances
        var filled = false
        let first = knownRuns(of: sample)
        var unsure = false
        var slot = 0, start = 0
        while start < n {
            if start > 0 || !tried {
                let backward = drawnRun(first + 2 * slot + 1, start: start, forward: false, of: sample, below: limit,
                                        bounded: bounded, filled: &filled)
                if backward < limit { return backward }
            }
            let forward = drawnRun(first + 2 * slot, start: start, forward: true, of: sample, below: limit,
                                   bounded: bounded, filled: &filled)
            if forward < limit {
                if bounds[slot] <= forward { return forward }
                unsure = true
            }
            slot += 1
            start += step
        }
        return unsure ? limit : .infinity
    }

    /// For `otherWitness`: the candidate of least key below `limit` of
    /// another template than `owner`, not proven to return nothing below
    /// `limit` and not one of `skipping`; −1 when none. The margin's search
    /// matches candidates in the order of their keys, so the first it would
    /// meet are the likeliest witnesses (session 15: taken in `order`'s
    /// places instead, past the search's position in no order, a third of
    /// the scribbles that found none stopped). `order` is left as it is:
    /// the search's ties keep their order.
    private func witnessCandidate(than owner: Int, below limit: Double, candidateCount: Int,
                                  skipping: (Int, Int, Int)) -> Int {
        var chosen = -1, least = limit
        for index in 0..<candidateCount {
            let candidate = order[index]
            let key = orderKey[candidate]
            guard key < least, sampleTemplate[candidate / fitsPerSample] != owner, certificateNoneBelow[candidate] < limit,
                  candidate != skipping.0, candidate != skipping.1, candidate != skipping.2 else { continue }
            chosen = candidate
            least = key
        }
        return chosen
    }

    /// For `certainRejection`: `.infinity` when `candidate` cannot end the
    /// search rejected otherwise than by its margin (it cannot beat `best`,
    /// or its score rejects it); the limit L below which a witness rejects
    /// it by its margin; 0 when nothing is proven.
    private func rejectionLimit(_ candidate: Int, best: Double, zero: Double, minimumScore: Double, threshold: Double) -> Double {
        let least = certificateLeast[candidate]
        guard least < best else { return .infinity }
        let distance = (max(0, least) / weightSum).squareRoot()
        // Its score at that distance, at least its score at any: below
        // the least (or NaN), it rejects.
        guard max(0, 1 - distance / zero) >= minimumScore else { return .infinity }
        let deviation = certificateDeviation[candidate]
        // Raised by its template's largest close factor (see `certainRejection`).
        let threshold = threshold * largestMarginFactor[sampleTemplate[candidate / fitsPerSample]]
        guard deviation > threshold else { return 0 }
        // Slightly below the reach d·D/threshold, so that rounding in the
        // margin's arithmetic cannot cross it (see `certainRejection`).
        let reach = distance * (deviation / threshold)
        return reach * reach * weightSum * (1 - 1e-9)
    }

    /// Whether `candidate`'s matching returns a distance below `limit`:
    /// when it does not, it returns none below any lower limit either (a
    /// run that ends below a limit ends at or below it under a higher one,
    /// or a run skipped there ended lower), so it cannot beat a best at or
    /// below `limit`.
    private func returnsSomething(_ candidate: Int, below limit: Double) -> Bool {
        candidateDistance(candidate, below: limit) < limit
    }

    /// Whether `candidate`'s matching, at any limit from `limit` up,
    /// returns less than `limit`, knowing its `run` summed to `sum`: a
    /// backward run, or a forward one whose $Q bound is at most its sum, is
    /// never skipped before the best is that low, and is never abandoned
    /// (its partial sums and nearest-point bounds stay at or below its
    /// sum). Otherwise it is matched at `limit`: returning less there, it
    /// returns less than `limit` at any higher limit too (a run that ends
    /// below `limit` is skipped under a higher one only once a run below
    /// its $Q bound, itself below `limit`, has ended).
    private func returnsBelow(_ candidate: Int, run: (start: Int, forward: Bool), sum: Double, limit: Double) -> Bool {
        guard sum < limit else { return false }
        if !run.forward || candidateBounds[candidate * startSlots + run.start / step] <= sum { return true }
        return returnsSomething(candidate, below: limit)
    }

    /// A new drawing: no candidate measured for the certificate yet.
    func beginCertificate() {
        certificatePath = nil
        fillCellCenters()
        for sample in 0..<sampleCount {
            certificateStage[sample * fitsPerSample] = 0
            certificateNoneBelow[sample * fitsPerSample] = 0
        }
    }

    /// Fills `certificateLeast` and `certificateDeviation` for `candidate`
    /// (a sample matched as drawn, by axes): through its lookup grid, or,
    /// `exactly`, from every pair of points (about a quarter of a matching).
    ///
    /// A matching's every run pairs each drawn point with a point of the
    /// sample, once, the weights n, n − 1, … 1 each going to one pair: so
    /// its sum is at least the points' least squared distances to the other
    /// cloud, the largest weight on the least, on either side. Through the
    /// grid, a point's least distance is at least the distance from its
    /// cell's centre to the sample point nearest that centre less the
    /// distance from the point to the centre. The shape deviation is the
    /// measures `finish` would add up for it, the same arithmetic, less the
    /// farthest point and percentile through the grid; both are lowered
    /// by a relative 10⁻⁹ for the sums made in another order.
    private func measureForCertificate(_ candidate: Int, exactly: Bool) {
        let stage: UInt8 = exactly ? 2 : 1
        guard certificateStage[candidate] < stage else { return }
        certificateStage[candidate] = stage
        let sample = candidate / fitsPerSample, template = sampleTemplate[sample]
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        if certificatePath == nil {
            certificatePath = StrokeShapeCheck.pathMeasures(x: aspectX, y: aspectY, stroke: resampledStroke, count: n,
                                                           windingEndTrim: parameters.windingEndTrim,
                                                           windingCornerSteps: parameters.windingCornerSteps,
                                                           smoothingPasses: parameters.pathSmoothingPasses, smoothed: smoothedPath)
            StrokeShapeCheck.sortedRadii(x: aspectX, y: aspectY, count: n, into: drawingRadii)
            if parameters.distanceSmoothingPasses > 0 {
                StrokeShapeCheck.smooth(x: aspectX, y: aspectY, stroke: resampledStroke, count: n,
                                        passes: parameters.distanceSmoothingPasses, into: smoothedPath)
                certificateSmoothingReach = StrokeShapeCheck.farthestMove(x: aspectX, y: aspectY, smoothed: smoothedPath, count: n)
            }
            if parameters.distanceRoughnessDiscount > 0 {
                certificateRoughnessDiscount = parameters.distanceRoughnessDiscount
                    * StrokeShapeCheck.roughness(x: aspectX, y: aspectY, stroke: resampledStroke, count: n, scratch: smoothedPath)
            }
        }
        let path = certificatePath!
        let radii = sampleRadii + sample * n
        var radial = 0.0
        for index in 0..<n {
            let difference = drawingRadii[index] - radii[index]
            radial += difference * difference
        }
        radial = (radial / Double(n)).squareRoot()
        var farthest = 0.0, percentile = 0.0
        var least: Double
        if exactly {
            fillLeastDistances(x: aspectX, y: aspectY, sample: sample)
            sortedLeast.update(from: leastDistances, count: n)
        } else {
            let lookup = lookup(of: sample), stride = sampleCount
            // Two drawn points a pass in SIMD lanes (session 18: a told
            // scribble measures some 22 candidates so): the same values,
            // each lane the same differences, products, sum and correctly
            // rounded root, and `max(0, gap)` as `gap >= 0 ? gap : 0` (a NaN
            // gives 0, a −0 squares to 0 either way).
            let pairs = n & ~1
            var index = 0
            while index < pairs {
                let target0 = Int(lookup[Int(aspectCell[index]) &* stride])
                let target1 = Int(lookup[Int(aspectCell[index + 1]) &* stride])
                let centerX = UnsafeRawPointer(cellCenterX + index).loadUnaligned(as: SIMD2<Double>.self)
                let centerY = UnsafeRawPointer(cellCenterY + index).loadUnaligned(as: SIMD2<Double>.self)
                let offset = UnsafeRawPointer(cellOffset + index).loadUnaligned(as: SIMD2<Double>.self)
                let tx = centerX - SIMD2(sx[target0], sx[target1]), ty = centerY - SIMD2(sy[target0], sy[target1])
                let reach = (tx * tx + ty * ty).squareRoot() - offset
                let mask = unsafeBitCast(reach .>= SIMD2<Double>(repeating: 0), to: SIMD2<Int64>.self)
                let gap = unsafeBitCast(unsafeBitCast(reach, to: SIMD2<Int64>.self) & mask, to: SIMD2<Double>.self)
                UnsafeMutableRawPointer(sortedLeast + index).storeBytes(of: gap * gap, as: SIMD2<Double>.self)
                index += 2
            }
            if pairs < n {
                let target = Int(lookup[Int(aspectCell[pairs]) &* stride])
                let tx = cellCenterX[pairs] - sx[target], ty = cellCenterY[pairs] - sy[target]
                let gap = max(0, (tx * tx + ty * ty).squareRoot() - cellOffset[pairs])
                sortedLeast[pairs] = gap * gap
            }
        }
        // Each drawn point's least distance, the largest weight on the least.
        StrokeShapeCheck.sort(sortedLeast, count: n)
        least = Self.rearrangedSum(sortedLeast, count: n, weights: n)
        // The farthest point and percentile of those distances, as `deviation` takes them.
        farthest = sortedLeast[n - 1].squareRoot()
        let position = 0.9 * Double(n - 1)
        let below = Int(position), fraction = position - Double(below)
        var low = sortedLeast[below].squareRoot(), high = sortedLeast[min(n - 1, below + 1)].squareRoot()
        if parameters.distanceSmoothingPasses > 0 {
            // Measured between the drawing and the sample each smoothed: a
            // smoothed drawn point lies within `certificateSmoothingReach` of
            // its place and a smoothed sample point within the sample's
            // reach of its own, so its distance to the nearest is at least
            // this one's less both (a hair more, for the roundings), and the
            // sorted distances, each lowered alike, keep their order.
            let reach = (certificateSmoothingReach + sampleSmoothingReach[sample]) * (1 + 1e-9)
            farthest = max(0, farthest - reach)
            low = max(0, low - reach)
            high = max(0, high - reach)
        }
        percentile = low + fraction * (high - low)
        // The values `finish` keeps, before its roughness discount, which
        // lowers the bounds as it lowers the measures (the same subtraction,
        // on values at most the measures: still at most).
        let keptFarthest = farthest, keptPercentile = percentile
        if parameters.distanceRoughnessDiscount > 0 {
            farthest = max(0, farthest - certificateRoughnessDiscount)
            percentile = max(0, percentile - certificateRoughnessDiscount)
        }
        if exactly {
            // Each drawn point's least squared distance is `deviation`'s
            // (the same differences, products and sum; a least is the least
            // whatever the order), and a root keeps order: its farthest and
            // percentile, the same arithmetic on the same values (not with
            // the distances smoothed: `finish` measures those itself).
            certificateNearest[2 * candidate] = keptFarthest
            certificateNearest[2 * candidate + 1] = keptPercentile
            // Every pair's: each run's own bound from its start, forward
            // (drawn points weighed in turn) or backward (the sample's), as
            // `cloudDistance` makes it whole; the least of $P's starts.
            var runs = Double.infinity
            for side in 0..<2 {
                let sums = leastSums + side * (2 * n + 1), placed = placedLeastSums + side * (2 * n + 1)
                var start = 0
                while start < n {
                    let end = start + n
                    runs = min(runs, Double(end) * (sums[end] - sums[start]) - (placed[end] - placed[start]))
                    start += step
                }
            }
            least = max(least, runs)
        }
        certificateLeast[candidate] = least * (1 - 1e-9)
        let measures = StrokeShapeMeasures(
            ink: StrokeShapeCheck.outside(path.logInk, templateInkRange[template].0, templateInkRange[template].1),
            closure: StrokeShapeCheck.outside(path.closure, templateClosureRange[template].0, templateClosureRange[template].1),
            winding: StrokeShapeCheck.outside(path.winding, templateWindingRange[template].0, templateWindingRange[template].1),
            radial: radial, farthest: farthest, percentile: percentile)
        certificateDeviation[candidate] = measures.total / templates[template].deviationScale * (1 - 1e-9)
    }

    /// Σ (weights − k)·values[k] over `values` sorted ascending: the least
    /// weighted sum when the weights `weights`, `weights` − 1, … go one each.
    private static func rearrangedSum(_ values: UnsafeMutablePointer<Double>, count: Int, weights: Int) -> Double {
        // The weight counted down rather than converted at each value: the
        // same whole numbers, as in `fillLowerBounds`.
        var sum = 0.0, weight = Double(weights)
        for index in 0..<count {
            sum += weight * values[index]
            weight -= 1
        }
        return sum
    }
}
