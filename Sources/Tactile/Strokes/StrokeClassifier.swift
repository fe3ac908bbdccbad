#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the template a drawing looks most like, by matching clouds of
/// points: the $P recognizer, with $Q's shortcuts, an aspect rule for thin
/// shapes and an optional rotation search.
///
/// A drawing and every template sample are resampled to
/// ``StrokeMatchingParameters/pointCount`` points spread evenly along their
/// strokes, moved to their centroid and scaled to a standard spread. The
/// points are then a *cloud*: which stroke a point came from, and in which
/// order and direction the strokes were drawn, no longer matter, so a star
/// drawn in one stroke or five, either way round, matches one template.
/// Two clouds are compared by pairing each point of one with the nearest
/// unpaired point of the other, greedily, from several starting points,
/// earlier pairs weighing more ($P); the distance is the least weighted sum
/// of squared distances found.
///
/// ## Shortcuts ($Q)
///
/// Each template sample keeps a grid of cells holding its point nearest to
/// each cell, which gives a lower bound of a matching without making it; a
/// matching that cannot beat the best so far is skipped, and one that
/// passes it while being summed is abandoned. Samples are tried in the
/// order of their bounds, so the best is usually found first and the rest
/// are cut short.
///
/// ## Aspect
///
/// A drawing's two axes are scaled separately, so that a wide and a tall
/// rectangle, or a flat and a steep check mark, match one template; but a
/// thin drawing's narrow axis is scaled up at most as far as
/// ``StrokeMatchingParameters/minimumAspect`` allows, so a line keeps its
/// straightness rather than having its wobble blown up to a square.
///
/// ## Rotation
///
/// A template that is ``StrokeTemplate/isRotationInvariant`` is matched at
/// ``StrokeMatchingParameters/rotationSearchSteps`` rotations; the best few
/// are then refined by $1's golden-section search for the best angle. (A
/// closed-form alignment of the paired points, as Protractor does for $1,
/// was tried first: $P's greedy pairing is too unsteady 10° to 15° off for
/// it to converge, and drawings turned by such angles were missed.) Such
/// templates are scaled uniformly. Templates that are not rotation invariant are matched as
/// drawn: a "V" is not a ">". With ``StrokeMatchingParameters/alignmentAngles``
/// set, each sample is matched only at the angles where the clouds'
/// angular harmonics line up best: about twice as fast, and less accurate.
///
/// ```swift
/// let classifier = try StrokeClassifier(templates: StrokeTemplateFile.templates(contentsOfFile: "shapes.strokes"))
/// if let match = classifier.classify(ink), match.score > 0.8 { cast(match.name) }
/// ```
///
/// ## Cost
///
/// Preparing templates costs O(*s*·*g*²·*n*) for *s* samples, a lookup grid
/// of side *g* and *n* points. Classifying costs O(*k*) in the drawing's
/// *k* points, plus O(*s*·*n*²) at worst and far less in practice; it
/// allocates nothing: every buffer is made with the classifier. A
/// classifier is therefore not safe to share between threads; make one per
/// thread, or keep it on the main actor with the recognizers that use it.
///
/// ## See Also
/// - ``StrokeMatchingParameters``
/// - ``StrokeGestureRecognizer``
/// - ``StrokeTemplateFile``
public final class StrokeClassifier {
    /// The templates, in the order given.
    public let templates: [StrokeTemplate]
    /// The constants of matching.
    public let parameters: StrokeMatchingParameters

    /// Points per cloud.
    private let n: Int
    private let step: Int
    private let grid: Int
    /// Grid cells per normalised unit, and the offset of the grid's edge.
    private let cellsPerUnit: Double
    private let extent: Double
    /// Σ weights of a matching: n + (n − 1) + … + 1.
    private let weightSum: Double

    // Prepared samples, each a run of `n` points in `sampleX`/`sampleY`
    // and `grid`² cells in `sampleLookup`.
    private let sampleCount: Int
    private let sampleX: UnsafeMutablePointer<Double>
    private let sampleY: UnsafeMutablePointer<Double>
    private let sampleLookup: UnsafeMutablePointer<UInt8>
    private let sampleTemplate: [Int]
    private let sampleIndexInTemplate: [Int]
    private let sampleIsRotationInvariant: [Bool]
    /// Each sample's spread before scaling, for ``StrokeMatch/scale``.
    private var sampleSpread: [Double] = []
    /// Each sample's distances of its points from its centroid, ascending
    /// (`n` per sample), and each template's range of its samples' path
    /// measures: what ``StrokeMatch/shapeDeviation`` compares with.
    private let sampleRadii: UnsafeMutablePointer<Double>
    private var templateInkRange: [(Double, Double)] = []
    private var templateClosureRange: [(Double, Double)] = []
    private var templateWindingRange: [(Double, Double)] = []
    private let hasRotationInvariantSample: Bool

    // Scratch, made once: the drawing resampled, normalised both ways,
    // rotated; a matching's bookkeeping; the order samples are tried in.
    private let buffer: UnsafeMutablePointer<Double>
    private var resampledX: UnsafeMutablePointer<Double> { buffer }
    private var resampledY: UnsafeMutablePointer<Double> { buffer + n }
    private var aspectX: UnsafeMutablePointer<Double> { buffer + 2 * n }
    private var aspectY: UnsafeMutablePointer<Double> { buffer + 3 * n }
    private var uniformX: UnsafeMutablePointer<Double> { buffer + 4 * n }
    private var uniformY: UnsafeMutablePointer<Double> { buffer + 5 * n }
    private var rotatedX: UnsafeMutablePointer<Double> { buffer + 6 * n }
    private var rotatedY: UnsafeMutablePointer<Double> { buffer + 7 * n }
    private var nearest: UnsafeMutablePointer<Double> { buffer + 8 * n }
    private var lowerBounds: UnsafeMutablePointer<Double> { buffer + 9 * n }
    private var shapeScratch: UnsafeMutablePointer<Double> { buffer + 10 * n }
    /// Which stroke each resampled point lies on.
    private let resampledStroke: UnsafeMutablePointer<Int32>
    private let remaining: UnsafeMutablePointer<Int>
    private let order: UnsafeMutablePointer<Int>
    private let orderKey: UnsafeMutablePointer<Double>
    /// Per rotation-invariant sample: its best searched distance and angle.
    private let searchDistance: UnsafeMutablePointer<Double>
    private let searchAngle: UnsafeMutablePointer<Double>
    private let rotationCos: [Double]
    private let rotationSin: [Double]
    /// Each rotation-invariant sample's angular harmonics (see
    /// `fillHarmonics`), `harmonicCount` complex numbers per sample, and the
    /// drawing's; cos(kα) and sin(kα) for each alignment angle α and
    /// harmonic k; the alignment's values at each angle.
    private let harmonicCount: Int
    private let sampleHarmonics: UnsafeMutablePointer<Double>
    private let drawingHarmonics: UnsafeMutablePointer<Double>
    private let alignmentAngles: Int
    private let alignmentCos: UnsafeMutablePointer<Double>
    private let alignmentSin: UnsafeMutablePointer<Double>
    private let alignmentValues: UnsafeMutablePointer<Double>
    private let alignmentPeaks: UnsafeMutablePointer<Int>

    /// A classifier of `templates`, prepared.
    ///
    /// - Throws: ``StrokeTemplateProblem/duplicateName(_:)`` when two
    ///   templates share a name (a template holds all of a shape's samples).
    /// - Complexity: O(*s*·*g*²·*n*) for *s* samples in all.
    public init(templates: [StrokeTemplate], parameters: StrokeMatchingParameters = .standard) throws(StrokeTemplateProblem) {
        var names = Set<String>()
        for template in templates where !names.insert(template.name).inserted {
            throw .duplicateName(template.name)
        }
        self.templates = templates
        self.parameters = parameters
        n = parameters.pointCount
        step = parameters.startStep
        grid = parameters.lookupGridSize
        extent = parameters.lookupGridExtent.isFinite && parameters.lookupGridExtent > 0 ? parameters.lookupGridExtent : 3
        cellsPerUnit = Double(grid) / (2 * extent)
        weightSum = Double(n * (n + 1) / 2)

        var owners: [Int] = [], indices: [Int] = [], invariant: [Bool] = []
        for (templateIndex, template) in templates.enumerated() {
            for sampleIndex in template.samples.indices {
                owners.append(templateIndex)
                indices.append(sampleIndex)
                invariant.append(template.isRotationInvariant)
            }
        }
        sampleCount = owners.count
        sampleTemplate = owners
        sampleIndexInTemplate = indices
        sampleIsRotationInvariant = invariant
        hasRotationInvariantSample = invariant.contains(true)
        sampleX = .allocate(capacity: max(1, sampleCount * n))
        sampleY = .allocate(capacity: max(1, sampleCount * n))
        sampleLookup = .allocate(capacity: max(1, sampleCount * grid * grid))

        buffer = .allocate(capacity: 12 * n)
        buffer.initialize(repeating: 0, count: 12 * n)
        resampledStroke = .allocate(capacity: n)
        resampledStroke.initialize(repeating: 0, count: n)
        sampleRadii = .allocate(capacity: max(1, sampleCount * n))
        remaining = .allocate(capacity: n)
        remaining.initialize(repeating: 0, count: n)
        order = .allocate(capacity: max(1, sampleCount))
        order.initialize(repeating: 0, count: max(1, sampleCount))
        orderKey = .allocate(capacity: max(1, sampleCount))
        orderKey.initialize(repeating: 0, count: max(1, sampleCount))
        searchDistance = .allocate(capacity: max(1, sampleCount))
        searchDistance.initialize(repeating: 0, count: max(1, sampleCount))
        searchAngle = .allocate(capacity: max(1, sampleCount))
        searchAngle.initialize(repeating: 0, count: max(1, sampleCount))
        let steps = parameters.rotationSearchSteps
        rotationCos = (0..<steps).map { cos(2 * Double.pi * Double($0) / Double(steps)) }
        rotationSin = (0..<steps).map { sin(2 * Double.pi * Double($0) / Double(steps)) }
        harmonicCount = parameters.alignmentHarmonics
        alignmentAngles = parameters.alignmentAngles
        sampleHarmonics = .allocate(capacity: max(1, sampleCount * harmonicCount * 2))
        sampleHarmonics.initialize(repeating: 0, count: max(1, sampleCount * harmonicCount * 2))
        drawingHarmonics = .allocate(capacity: harmonicCount * 2)
        drawingHarmonics.initialize(repeating: 0, count: harmonicCount * 2)
        alignmentCos = .allocate(capacity: max(1, alignmentAngles * harmonicCount))
        alignmentSin = .allocate(capacity: max(1, alignmentAngles * harmonicCount))
        for angle in 0..<alignmentAngles {
            let alpha = 2 * Double.pi * Double(angle) / Double(alignmentAngles)
            for k in 0..<harmonicCount {
                alignmentCos[angle * harmonicCount + k] = cos(Double(k + 1) * alpha)
                alignmentSin[angle * harmonicCount + k] = sin(Double(k + 1) * alpha)
            }
        }
        alignmentValues = .allocate(capacity: max(1, alignmentAngles))
        alignmentValues.initialize(repeating: 0, count: alignmentAngles)
        alignmentPeaks = .allocate(capacity: parameters.alignmentCandidates)
        alignmentPeaks.initialize(repeating: 0, count: parameters.alignmentCandidates)

        var sample = 0
        for template in templates {
            var ink = (Double.infinity, -Double.infinity), closure = (Double.infinity, -Double.infinity)
            var winding = (Double.infinity, -Double.infinity)
            for strokes in template.samples {
                // A template's samples have extent (checked when it was
                // made), so resampling succeeds.
                _ = resample(StrokeInk(strokes: strokes))
                let frame = normalize(uniform: template.isRotationInvariant,
                                      intoX: sampleX + sample * n, y: sampleY + sample * n)
                sampleSpread.append(frame.spread)
                if template.isRotationInvariant {
                    fillHarmonics(x: sampleX + sample * n, y: sampleY + sample * n,
                                  into: sampleHarmonics + sample * harmonicCount * 2)
                }
                fillLookup(sampleLookup + sample * grid * grid, x: sampleX + sample * n, y: sampleY + sample * n)
                let path = StrokeShapeCheck.pathMeasures(x: sampleX + sample * n, y: sampleY + sample * n,
                                                         stroke: resampledStroke, count: n)
                ink = (min(ink.0, path.logInk), max(ink.1, path.logInk))
                closure = (min(closure.0, path.closure), max(closure.1, path.closure))
                winding = (min(winding.0, path.winding), max(winding.1, path.winding))
                StrokeShapeCheck.sortedRadii(x: sampleX + sample * n, y: sampleY + sample * n, count: n,
                                             into: sampleRadii + sample * n)
                sample += 1
            }
            templateInkRange.append(ink)
            templateClosureRange.append(closure)
            templateWindingRange.append(winding)
        }
    }

    deinit {
        sampleX.deallocate()
        sampleY.deallocate()
        sampleLookup.deallocate()
        buffer.deallocate()
        resampledStroke.deallocate()
        sampleRadii.deallocate()
        remaining.deallocate()
        order.deallocate()
        orderKey.deallocate()
        searchDistance.deallocate()
        searchAngle.deallocate()
        sampleHarmonics.deallocate()
        drawingHarmonics.deallocate()
        alignmentCos.deallocate()
        alignmentSin.deallocate()
        alignmentValues.deallocate()
        alignmentPeaks.deallocate()
    }

    /// A classifier of the built-in shapes (``StrokeTemplate/builtIn``).
    public convenience init(parameters: StrokeMatchingParameters = .standard) {
        // The built-in set has unique names, checked by its tests.
        try! self.init(templates: StrokeTemplate.builtIn, parameters: parameters)
    }

    /// The template `ink` looks most like, or `nil` when there are no
    /// templates or `ink` has no size (no points, one point, all equal).
    ///
    /// - Complexity: O(*k*) in the drawing's points plus O(*s*·*n*²) at
    ///   worst for *s* samples of *n* points; no allocation.
    public func classify(_ ink: StrokeInk) -> StrokeMatch? {
        guard sampleCount > 0, resample(ink) else { return nil }
        let aspectFrame = normalize(uniform: false, intoX: aspectX, y: aspectY)
        let uniformFrame = hasRotationInvariantSample ? normalize(uniform: true, intoX: uniformX, y: uniformY) : aspectFrame
        if hasRotationInvariantSample { fillHarmonics(x: uniformX, y: uniformY, into: drawingHarmonics) }

        // Samples in the order of their lower bounds, so the best is found
        // early and the rest are cut short.
        for sample in 0..<sampleCount {
            order[sample] = sample
            if sampleIsRotationInvariant[sample] {
                orderKey[sample] = Double.infinity   // bounded per rotation, later
            } else {
                orderKey[sample] = fillLowerBounds(x: aspectX, y: aspectY, sample: sample)
            }
        }
        sortOrder()

        var best = Double.infinity
        var bestSample = -1
        var bestAngle = 0.0
        for position in 0..<sampleCount {
            let sample = order[position]
            if sampleIsRotationInvariant[sample] {
                var sampleBest = Double.infinity
                var sampleAngle = 0.0
                if alignmentAngles > 0 {
                    // Only the angles where the angular harmonics align best.
                    for peak in 0..<fillAlignmentCandidates(sample: sample) {
                        let alpha = 2 * Double.pi * Double(alignmentPeaks[peak]) / Double(alignmentAngles)
                        rotate(uniformX, uniformY, cos: cos(alpha), sin: sin(alpha))
                        let distance = match(x: rotatedX, y: rotatedY, sample: sample, below: min(best, sampleBest))
                        if distance < sampleBest {
                            sampleBest = distance
                            sampleAngle = alpha
                        }
                    }
                } else {
                    for rotation in rotationCos.indices {
                        rotate(uniformX, uniformY, cos: rotationCos[rotation], sin: rotationSin[rotation])
                        let distance = match(x: rotatedX, y: rotatedY, sample: sample, below: min(best, sampleBest))
                        if distance < sampleBest {
                            sampleBest = distance
                            sampleAngle = 2 * Double.pi * Double(rotation) / Double(rotationCos.count)
                        }
                    }
                }
                searchDistance[sample] = sampleBest
                searchAngle[sample] = sampleAngle
                if sampleBest < best {
                    best = sampleBest
                    bestSample = sample
                    bestAngle = sampleAngle
                }
            } else {
                guard orderKey[sample] < best else { continue }
                let distance = match(x: aspectX, y: aspectY, sample: sample, below: best)
                if distance < best {
                    best = distance
                    bestSample = sample
                    bestAngle = 0
                }
            }
        }
        if hasRotationInvariantSample {
            refineRotations(best: &best, sample: &bestSample, angle: &bestAngle)
        }
        guard bestSample >= 0 else { return nil }

        let distance = (max(0, best) / weightSum).squareRoot()
        let zero = parameters.zeroScoreDistance > 0 ? parameters.zeroScoreDistance : 2
        var angle = -bestAngle
        angle = atan2(sin(angle), cos(angle))
        if angle == -Double.pi { angle = Double.pi }
        let spread = sampleIsRotationInvariant[bestSample] ? uniformFrame.spread : aspectFrame.spread
        let templateIndex = sampleTemplate[bestSample]
        let drawnX: UnsafeMutablePointer<Double>, drawnY: UnsafeMutablePointer<Double>
        if sampleIsRotationInvariant[bestSample] {
            rotate(uniformX, uniformY, cos: cos(bestAngle), sin: sin(bestAngle))
            (drawnX, drawnY) = (rotatedX, rotatedY)
        } else {
            (drawnX, drawnY) = (aspectX, aspectY)
        }
        // Measured as matched: turning changes neither ink, closure nor winding.
        let path = StrokeShapeCheck.pathMeasures(x: drawnX, y: drawnY, stroke: resampledStroke, count: n)
        let measures = StrokeShapeCheck.deviation(
            path: path, inkRange: templateInkRange[templateIndex], closureRange: templateClosureRange[templateIndex],
            windingRange: templateWindingRange[templateIndex],
            x: drawnX, y: drawnY, sampleX: sampleX + bestSample * n, sampleY: sampleY + bestSample * n,
            sampleRadii: sampleRadii + bestSample * n, count: n, scratch: shapeScratch)
        return StrokeMatch(
            name: templates[templateIndex].name,
            templateIndex: templateIndex,
            sampleIndex: sampleIndexInTemplate[bestSample],
            score: max(0, 1 - distance / zero),
            distance: distance,
            shapeDeviation: measures.total,
            shapeMeasures: measures,
            bounds: ink.bounds,
            centroid: aspectFrame.centroid,
            angle: sampleIsRotationInvariant[bestSample] ? angle : 0,
            scale: sampleSpread[bestSample] > 0 ? spread / sampleSpread[bestSample] : 1)
    }

    /// Classifies a drawing given as strokes of points (a convenience that
    /// allocates a ``StrokeInk``).
    public func classify(strokes: [[Point]]) -> StrokeMatch? {
        classify(StrokeInk(strokes: strokes))
    }

    // MARK: Preparing a cloud

    /// Resamples `ink` into `resampledX`/`resampledY`: `n` points evenly
    /// spaced along its strokes, the gaps between strokes not counted ($P's
    /// resampling). `false` when the ink has no length.
    private func resample(_ ink: StrokeInk) -> Bool {
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
    private struct Frame {
        var centroid: Point
        /// Root mean square distance of the points from the centroid.
        var spread: Double
    }

    /// Moves the resampled points to their centroid and scales them: each
    /// axis to a standard deviation of 1, the narrow one at most
    /// 1 / ``StrokeMatchingParameters/minimumAspect`` times as much as the
    /// wide one; or, `uniform`, both by one factor, to the same overall
    /// spread (√2).
    private func normalize(uniform: Bool, intoX x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>) -> Frame {
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
        if uniform {
            scaleX = spread > 0 ? 2.0.squareRoot() / spread : 1
            scaleY = scaleX
        } else {
            let wide = max(deviationX, deviationY)
            let aspect = parameters.minimumAspect.isFinite ? min(1, max(0.01, parameters.minimumAspect)) : 0.3
            scaleX = wide > 0 ? 1 / max(deviationX, aspect * wide) : 1
            scaleY = wide > 0 ? 1 / max(deviationY, aspect * wide) : 1
        }
        for index in 0..<n {
            x[index] = (resampledX[index] - centerX) * scaleX
            y[index] = (resampledY[index] - centerY) * scaleY
        }
        return Frame(centroid: Point(x: centerX, y: centerY), spread: spread)
    }

    /// Fills a sample's grid: each cell holds the index of the sample's
    /// point nearest the cell's centre ($Q's look-up table).
    private func fillLookup(_ lookup: UnsafeMutablePointer<UInt8>, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>) {
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
                lookup[row * grid + column] = UInt8(nearestIndex)
            }
        }
    }

    private func cell(_ value: Double) -> Int {
        let scaled = (value + extent) * cellsPerUnit
        guard scaled > 0 else { return 0 }
        return scaled < Double(grid) ? Int(scaled) : grid - 1
    }

    private func rotate(_ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, cos c: Double, sin s: Double) {
        for index in 0..<n {
            let px = x[index], py = y[index]
            rotatedX[index] = px * c - py * s
            rotatedY[index] = px * s + py * c
        }
    }

    // MARK: Matching

    /// $Q's lower bounds of matching the cloud `x`/`y` to `sample` from each
    /// starting point, into `lowerBounds`; returns the least.
    @discardableResult
    private func fillLowerBounds(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        let lookup = sampleLookup + sample * grid * grid
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        var total = 0.0
        var first = 0.0
        for index in 0..<n {
            let target = Int(lookup[cell(y[index]) * grid + cell(x[index])])
            let dx = x[index] - sx[target], dy = y[index] - sy[target]
            let distance = dx * dx + dy * dy
            nearest[index] = total   // the sum before this point
            total += distance
            first += Double(n - index) * distance
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

    /// The least weighted distance between the cloud `x`/`y` and `sample`
    /// found from $P's starting points in both directions, or a value at
    /// least `limit` once none can be below it.
    private func match(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int, below limit: Double) -> Double {
        var best = limit
        fillLowerBounds(x: x, y: y, sample: sample)
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        var slot = 0
        var start = 0
        while start < n {
            if lowerBounds[slot] < best {
                best = min(best, cloudDistance(from: x, y, to: sx, sy, start: start, below: best))
            }
            best = min(best, cloudDistance(from: sx, sy, to: x, y, start: start, below: best))
            slot += 1
            start += step
        }
        return best
    }

    /// $P's greedy matching from point `start` of cloud a: each point in
    /// turn takes the nearest point of b not yet taken, with weight n, n−1, …
    /// 1; stops once the sum reaches `limit` ($Q's early abandoning).
    private func cloudDistance(from ax: UnsafeMutablePointer<Double>, _ ay: UnsafeMutablePointer<Double>,
                               to bx: UnsafeMutablePointer<Double>, _ by: UnsafeMutablePointer<Double>,
                               start: Int, below limit: Double) -> Double {
        for index in 0..<n { remaining[index] = index }
        var count = n
        var sum = 0.0
        var weight = Double(n)
        var index = start
        repeat {
            let px = ax[index], py = ay[index]
            var nearestDistance = Double.infinity
            var nearestSlot = 0
            for slot in 0..<count {
                let other = remaining[slot]
                let dx = px - bx[other], dy = py - by[other]
                let distance = dx * dx + dy * dy
                if distance < nearestDistance {
                    nearestDistance = distance
                    nearestSlot = slot
                }
            }
            count -= 1
            remaining[nearestSlot] = remaining[count]
            sum += weight * nearestDistance
            if sum >= limit { return sum }
            weight -= 1
            index = index + 1 == n ? 0 : index + 1
        } while index != start
        return sum
    }

    // MARK: Rotation

    /// A cloud's angular harmonics: for k = 1 … `harmonicCount`, the sum
    /// over its points of r²·e^(ikφ), for a point at radius r and angle φ
    /// from the centroid. Turning the cloud by α turns the kth by kα, and
    /// which stroke or order a point came from does not count, so two
    /// clouds' harmonics say at which angles their mass lines up without
    /// pairing points. The 2nd are the second moments (principal axes);
    /// the 1st, weighted by r², tell an axis's two ends apart.
    private func fillHarmonics(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
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

    /// Refines the best few rotation-invariant samples' searched angles by a
    /// golden-section search within half a search step either side ($1's
    /// search for the best angle), matching in full at each angle tried.
    private func refineRotations(best: inout Double, sample bestSample: inout Int, angle bestAngle: inout Double) {
        let halfStep = alignmentAngles > 0 ? parameters.alignmentRefinement : Double.pi / Double(rotationCos.count)
        let threshold = parameters.rotationPrecision.isFinite ? max(1e-4, parameters.rotationPrecision) : 2 * Double.pi / 180
        let golden = 0.5 * (5.0.squareRoot() - 1)
        for _ in 0..<parameters.refinedCandidates {
            // The next most promising sample not yet refined.
            var candidate = -1
            for sample in 0..<sampleCount where sampleIsRotationInvariant[sample] && searchDistance[sample].isFinite {
                if candidate < 0 || searchDistance[sample] < searchDistance[candidate] { candidate = sample }
            }
            guard candidate >= 0 else { return }
            // Matchings worse than the searched angle's are cut short: on
            // the way to the best angle the distance falls, so a value above
            // the start's only says "not this way", which the cut value says
            // too. (With the circle and the star of the built-in set
            // rotation invariant, a classification took 417 µs uncut and
            // 112 µs cut in StrokeBenchmarks; 35–54 µs with neither.)
            let limit = searchDistance[candidate]
            searchDistance[candidate] = .infinity
            func distance(at angle: Double) -> Double {
                rotate(uniformX, uniformY, cos: cos(angle), sin: sin(angle))
                return match(x: rotatedX, y: rotatedY, sample: candidate, below: limit)
            }
            var low = searchAngle[candidate] - halfStep, high = searchAngle[candidate] + halfStep
            var x1 = golden * low + (1 - golden) * high, x2 = (1 - golden) * low + golden * high
            var f1 = distance(at: x1), f2 = distance(at: x2)
            while high - low > threshold {
                if f1 < f2 {
                    high = x2; x2 = x1; f2 = f1
                    x1 = golden * low + (1 - golden) * high
                    f1 = distance(at: x1)
                } else {
                    low = x1; x1 = x2; f1 = f2
                    x2 = (1 - golden) * low + golden * high
                    f2 = distance(at: x2)
                }
            }
            let (angle, found) = f1 < f2 ? (x1, f1) : (x2, f2)
            if found < best {
                best = found
                bestSample = candidate
                bestAngle = angle
            }
        }
    }

    /// Sorts `order` by `orderKey` (insertion sort: a few dozen samples,
    /// nearly sorted or not, and no allocation).
    private func sortOrder() {
        guard sampleCount > 1 else { return }
        for position in 1..<sampleCount {
            let item = order[position], key = orderKey[item]
            var slot = position
            while slot > 0, orderKey[order[slot - 1]] > key {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = item
        }
    }
}
