#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the template a drawing looks most like, by matching clouds of
/// points: the $P family's point clouds with $P+'s many-to-one matching,
/// $Q's lower bounds, an aspect rule for thin shapes and an optional
/// rotation search.
///
/// A drawing and every template sample are resampled to
/// ``StrokeMatchingParameters/pointCount`` points spread evenly along their
/// strokes, moved to their centroid and scaled to a standard spread. The
/// points are then a *cloud*: which stroke a point came from, and in which
/// order and direction the strokes were drawn, no longer matter, so a star
/// drawn in one stroke or five, either way round, matches one template.
/// The shape check of ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)``
/// compares the drawing's end gap and winding with its template's
/// samples'; a drawing of a stroke count none of those samples has (a star
/// in five strokes against the built-in star, drawn in one) is measured,
/// as the samples are then, on its strokes joined in the order of least
/// pen travel, that travel counted in its end gap, so that it is accepted
/// as it would be drawn in one stroke (session 32; see the README's
/// Strokes section). Until then such a drawing was named right but, unless
/// it lay far nearer its template than any other, not confident.
/// Two clouds are compared by pairing each point of one with the nearest
/// point of the other, taken or not, and each point of the other that none
/// chose with its own nearest ($P+'s many-to-one matching, Vatavu 2017,
/// without its turning angles), in both directions; the distance is the
/// squared distances added (see ``StrokeMatch/distance``). Until session
/// 29 it was $P's greedy one-to-one pairing, which named fewer drawings
/// right on every family of the evaluation (see the README).
///
/// ## Shortcuts ($Q)
///
/// Each template sample keeps a grid of cells holding its point nearest to
/// each cell's centre, which bounds how near a drawn point can come to the
/// sample without measuring it; the matching is at least twice those
/// bounds added. Samples are tried in the order of their bounds, so the
/// best is usually found first; a sample bounded at or above the best so
/// far is not matched, and a matching is abandoned once its drawn points'
/// least distances so far and the bounds of the rest reach the best. No
/// answer changes: only matchings that could not win are cut.
///
/// ## Margin
///
/// A drawing whose shape strays from its match's beyond
/// ``StrokeMatchingParameters/marginSearchDeviation`` also gets the
/// distance of the nearest *other* template, searched after the match in
/// the same way (bounds, early abandoning) and only until the decision at
/// that threshold is known: ``StrokeMatch/margin``, which
/// ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)`` divides
/// the shape deviation by. The search stops at the first other template
/// near enough to reject the drawing, and goes no farther than the
/// margin that would accept it, so the margin is a bound (see
/// ``StrokeMatch/margin``) and the decision the exact one's. The match is
/// the same with or without it.
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
/// A template that is ``StrokeTemplate/isRotationInvariant`` is scaled
/// uniformly (an axis is not a direction once any rotation matches). The
/// drawing is first laid on each sample at
/// ``StrokeMatchingParameters/rotationSearchSteps`` even rotations and
/// measured through the sample's lookup grid, without matching (each drawn
/// point to the sample point its cell names: no pairing, so stroke order
/// and direction do not enter); the best
/// ``StrokeMatchingParameters/refinedCandidates`` rotations of each sample
/// are candidates, bounded and matched like samples that are not rotation
/// invariant, so most are skipped. (The drawing turned by those rotations,
/// and each turned point's grid cell, are made once per drawing: every
/// sample's grid has the same geometry.) A candidate is tried while its
/// bound is within twice the best so far, and one whose matching comes
/// within twice the best has its angle refined (session 29's rotation
/// round; see the README): the angle that brings its
/// matching's pairs closest is solved in closed form (Protractor's formula,
/// Li 2010: δ = atan2(Σ p×q, Σ p·q)) and matched again while it helps, then
/// a small turn either side is tried, halved when it finds nothing.
/// (Session 5 matched every sample at every rotation and refined by a
/// golden-section search: about twenty times the instructions, for
/// accuracy within half a point of this either way; see the README.)
/// Templates that are not rotation invariant are matched as
/// drawn: a "V" is not a ">". With
/// ``StrokeMatchingParameters/alignmentAngles`` set, the angles where the
/// clouds' angular harmonics line up best are the candidates instead.
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
/// *k* points, plus O(*s*·*n*) for the bounds and O(*s*·*n*²) at worst for
/// the matchings, far less in practice; it
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
    let n: Int
    let grid: Int
    /// Grid cells per normalised unit, and the offset of the grid's edge.
    let cellsPerUnit: Double
    let extent: Double

    // Prepared samples, each a run of `n` points in `sampleX`/`sampleY`
    // and `grid`² cells in `sampleLookup`.
    let sampleCount: Int
    let sampleX: UnsafeMutablePointer<Double>
    let sampleY: UnsafeMutablePointer<Double>
    /// Every sample's lookup grid, cell by cell: cell c of sample s at
    /// `c · sampleCount + s` (`lookup(of:)`). Why not each sample's grid
    /// in a run of its own: a drawing is bounded against every sample in
    /// turn at the same cells (its points'), so here all the samples'
    /// entries for one cell share a cache line or two, where in runs each
    /// sample's read was a line of its own, out of a table (4 KB a sample,
    /// 192 KB for the built-in set) that the L1 cache (32 KB on this
    /// machine) does not hold. Session 26, callgrind's cache model of this
    /// machine on the 96 told scribbles: 2,870 L1 read misses a
    /// classification in runs, 1,310 so (drawings 1,640 and 650); the told
    /// drawing's median time halved, the scribble's fell by about a tenth.
    let sampleLookup: UnsafeMutablePointer<UInt8>
    let sampleTemplate: [Int]
    private let sampleIndexInTemplate: [Int]
    private let sampleIsRotationInvariant: [Bool]
    /// Each sample's spread before scaling, for ``StrokeMatch/scale``.
    let sampleSpread: UnsafeMutablePointer<Double>
    /// Each sample's distances of its points from its centroid, ascending
    /// (`n` per sample), and each template's range of its samples' path
    /// measures: what ``StrokeMatch/shapeDeviation`` compares with.
    let sampleRadii: UnsafeMutablePointer<Double>
    /// Each sample's points smoothed (x then y, 2n a sample), with
    /// `StrokeMatchingParameters.distanceSmoothingPasses` (else one value).
    let sampleSmoothed: UnsafeMutablePointer<Double>
    // Internal reads for `shapeRanges(ofTemplate:)` (StrokeClassifier+ShapeRanges).
    // Filled once in `init`, read a few times a measure: buffers, since a
    // `var` array's every read took an exclusivity check (`swift_beginAccess`,
    // 1.4% of a told scribble's instructions, session 17).
    let templateInkRange: UnsafeMutablePointer<(Double, Double)>
    let templateClosureRange: UnsafeMutablePointer<(Double, Double)>
    let templateWindingRange: UnsafeMutablePointer<(Double, Double)>
    /// With `StrokeMatchingParameters.joinsStrokesAcrossCounts`: each
    /// template's stroke counts (bit k − 1 for k strokes, the last bit for
    /// 64 or more), and its samples' closure and winding ranges measured
    /// on their strokes joined, which a drawing of a count none of them
    /// has is compared with.
    let templateStrokeCounts: UnsafeMutablePointer<UInt64>
    let templateJoinedClosureRange: UnsafeMutablePointer<(Double, Double)>
    let templateJoinedWindingRange: UnsafeMutablePointer<(Double, Double)>
    /// Whether strokes are joined only across stroke counts (see above).
    let joinsAcrossCounts: Bool
    private let hasRotationInvariantSample: Bool
    /// Each pair's ``StrokeTemplate/closeTemplates`` factor, nearest ×
    /// runner-up (`templates.count` a row; 1 where none is named), and the
    /// largest in each template's row: the margin's search bounds a
    /// runner-up's factor by it.
    private let marginFactors: [Double]
    let largestMarginFactor: [Double]

    // Scratch, made once: the drawing resampled, normalised both ways,
    // rotated; the shape check's; the bounds'.
    private let buffer: UnsafeMutablePointer<Double>
    var resampledX: UnsafeMutablePointer<Double> { buffer }
    var resampledY: UnsafeMutablePointer<Double> { buffer + n }
    var aspectX: UnsafeMutablePointer<Double> { buffer + 2 * n }
    var aspectY: UnsafeMutablePointer<Double> { buffer + 3 * n }
    var uniformX: UnsafeMutablePointer<Double> { buffer + 4 * n }
    var uniformY: UnsafeMutablePointer<Double> { buffer + 5 * n }
    var rotatedX: UnsafeMutablePointer<Double> { buffer + 6 * n }
    var rotatedY: UnsafeMutablePointer<Double> { buffer + 7 * n }
    /// The shape check's scratch (2n).
    var shapeScratch: UnsafeMutablePointer<Double> { buffer + 8 * n }
    var drawingRadii: UnsafeMutablePointer<Double> { buffer + 10 * n }
    /// The shape check's smoothed points (2n: x then y), with
    /// `StrokeMatchingParameters.pathSmoothingPasses` for the path
    /// measures and `distanceSmoothingPasses` for the distances.
    var smoothedPath: UnsafeMutablePointer<Double> { buffer + 11 * n }
    /// The bound of each drawn point's least distance to the sample under
    /// way (see `fillNearestBounds`).
    var pointBounds: UnsafeMutablePointer<Double> { buffer + 13 * n }
    // buffer + 14n (2n): a drawing's strokes joined into one path, `joining`'s.
    /// The scratch's length, in runs of n.
    static let bufferLength = 16
    /// Each drawn point's lookup cell's centre (x, then y) and its distance
    /// from it (a hair more), the same for every sample, so made once a
    /// drawing (`fillCellCenters`): 3n values a cloud, the cloud scaled by
    /// axes first, then the uniform one turned by each first rotation.
    let cellCenters: UnsafeMutablePointer<Double>
    /// Which stroke each resampled point lies on.
    let resampledStroke: UnsafeMutablePointer<Int32>
    /// The shape check's joining of strokes (`joinsStrokes`), or nil.
    let joining: StrokeShapeCheck.StrokeJoining?
    /// The matching under way (see `match`): every pair's squared
    /// distance, drawn point i's to the sample's point j at
    /// i · `distanceStride` + j (about 8 KB at 32 points); then each point's
    /// least, the drawing's (n) and, `distanceStride` on, the sample's (n),
    /// whose pairs are read and written as SIMD pairs, so 16-byte aligned.
    let pairDistances: UnsafeMutablePointer<Double>
    var leastDistances: UnsafeMutablePointer<Double> { pairDistances + n * distanceStride }
    let distanceStride: Int
    /// The candidates tried, best bound first: a sample that is not
    /// rotation invariant is candidate `sample · fitsPerSample`; one that is
    /// has one per fitted angle, `sample · fitsPerSample + k`.
    let order: UnsafeMutablePointer<Int>
    let orderKey: UnsafeMutablePointer<Double>
    let fitsPerSample: Int
    /// Per candidate of a rotation-invariant sample: the cosine and sine of
    /// the angle the drawing is turned by to fit it (see `fitRotation`).
    let searchCos: UnsafeMutablePointer<Double>
    let searchSin: UnsafeMutablePointer<Double>
    /// Per first rotation of one sample's fit: the one-sided nearest-point
    /// distance there; and the best rotations, best first.
    let coarseDistance: UnsafeMutablePointer<Double>
    let coarseStarts: UnsafeMutablePointer<Int>
    /// At most how many closed-form turns a start takes, and the sine of the
    /// turn below which it stops.
    let fitSteps: Int
    let fitPrecision: Double
    let coarseStride: Int
    let probeCos: Double
    let probeSin: Double
    let probeRounds: Int
    /// Σ p·q and Σ p×q over the pairs of the last matching `match` made
    /// below its limit with `turning`, for Protractor's closed form.
    var bestTurn = (dot: 1.0, cross: 0.0)
    /// How far above the best so far a rotation-invariant sample's matching
    /// may come and still be refined.
    private let refineSlack: Double
    /// How far above the best so far a rotation-invariant candidate's bound
    /// may be and the candidate still be tried
    /// (``StrokeMatchingParameters/rotationBoundSlack``).
    private let boundSlack: Double
    /// The drawing's uniform cloud turned by each of the first rotations
    /// (``StrokeMatchingParameters/rotationSearchSteps``), `n` points per
    /// rotation, and each point's lookup cell: the same for every sample,
    /// so made once per drawing, for the fit, the candidates' bounds and
    /// their first matchings. Each candidate's rotation, or −1 (aligned).
    let turnedX: UnsafeMutablePointer<Double>
    let turnedY: UnsafeMutablePointer<Double>
    let turnedCell: UnsafeMutablePointer<Int32>
    /// The cells of the drawing's cloud scaled by axes, for every sample
    /// that is not rotation invariant.
    let aspectCell: UnsafeMutablePointer<Int32>
    let candidateRotation: UnsafeMutablePointer<Int>
    let rotationCos: [Double]
    let rotationSin: [Double]
    /// Each rotation-invariant sample's angular harmonics (see
    /// `fillHarmonics`), `harmonicCount` complex numbers per sample, and the
    /// drawing's; cos(kα) and sin(kα) for each alignment angle α and
    /// harmonic k; the alignment's values at each angle.
    let harmonicCount: Int
    let sampleHarmonics: UnsafeMutablePointer<Double>
    let drawingHarmonics: UnsafeMutablePointer<Double>
    let alignmentAngles: Int
    let alignmentCos: UnsafeMutablePointer<Double>
    let alignmentSin: UnsafeMutablePointer<Double>
    let alignmentValues: UnsafeMutablePointer<Double>
    let alignmentPeaks: UnsafeMutablePointer<Int>

    /// A classifier of `templates`, prepared.
    ///
    /// - Throws: ``StrokeTemplateProblem/duplicateName(_:)`` when two
    ///   templates share a name (a template holds all of a shape's samples).
    /// - Complexity: O(*s*·*g*²·*n*) for *s* samples in all.
    public convenience init(templates: [StrokeTemplate], parameters: StrokeMatchingParameters = .standard) throws(StrokeTemplateProblem) {
        try self.init(templates: templates, parameters: parameters, reusing: nil)
    }

    /// A classifier of `templates`, prepared, taking each sample's lookup
    /// grid from `prepared` where it names one (see
    /// StrokeClassifier+Adding.swift): `samples[i]` is the sample of
    /// `source` identical to sample `i` here (same strokes, same
    /// parameters, so the same cloud and grid), or −1 to fill it.
    init(templates: [StrokeTemplate], parameters: StrokeMatchingParameters,
         reusing prepared: (source: StrokeClassifier, samples: [Int])?) throws(StrokeTemplateProblem) {
        var names = Set<String>()
        for template in templates where !names.insert(template.name).inserted {
            throw .duplicateName(template.name)
        }
        self.templates = templates
        self.parameters = parameters
        var factors = [Double](repeating: 1, count: templates.count * templates.count)
        let indexByName = Dictionary(uniqueKeysWithValues: templates.enumerated().map { ($0.element.name, $0.offset) })
        for (index, template) in templates.enumerated() {
            for (name, factor) in template.closeTemplates {
                guard let other = indexByName[name], other != index else { continue }
                factors[index * templates.count + other] = factor
            }
        }
        marginFactors = factors
        largestMarginFactor = templates.indices.map { index in
            factors[(index * templates.count)..<((index + 1) * templates.count)].max() ?? 1
        }
        n = parameters.pointCount
        grid = parameters.lookupGridSize
        extent = parameters.lookupGridExtent.isFinite && parameters.lookupGridExtent > 0 ? parameters.lookupGridExtent : 3
        cellsPerUnit = Double(grid) / (2 * extent)

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
        // Every entry is written below, filled or copied.
        sampleLookup = .allocate(capacity: max(1, sampleCount * grid * grid))

        buffer = .allocate(capacity: Self.bufferLength * n)
        buffer.initialize(repeating: 0, count: Self.bufferLength * n)
        resampledStroke = .allocate(capacity: n)
        resampledStroke.initialize(repeating: 0, count: n)
        if parameters.joinsStrokes {
            let oneStroke = UnsafeMutablePointer<Int32>.allocate(capacity: n)
            oneStroke.initialize(repeating: 0, count: n)
            let entries = StrokeShapeCheck.exhaustiveOrderEntries
            let orderCost = UnsafeMutablePointer<Double>.allocate(capacity: entries)
            orderCost.initialize(repeating: 0, count: entries)
            let orderPrevious = UnsafeMutablePointer<Int>.allocate(capacity: entries)
            orderPrevious.initialize(repeating: 0, count: entries)
            joining = StrokeShapeCheck.StrokeJoining(points: buffer + 14 * n, oneStroke: oneStroke,
                                                     countsPenTravel: parameters.countsPenTravel,
                                                     reach: parameters.strokeJoinReach.isNaN ? .infinity : parameters.strokeJoinReach,
                                                     orderCost: orderCost, orderPrevious: orderPrevious,
                                                     forgivesResamplingGaps: parameters.forgivesResamplingGaps)
        } else {
            joining = nil
        }
        joinsAcrossCounts = joining != nil && parameters.joinsStrokesAcrossCounts
        // Even, so that the rows' pairs of values stay 16-byte aligned.
        distanceStride = (n + 1) & ~1
        cellCenters = .allocate(capacity: 3 * n * (1 + parameters.rotationSearchSteps))
        cellCenters.initialize(repeating: 0, count: 3 * n * (1 + parameters.rotationSearchSteps))
        pairDistances = .allocate(capacity: (n + 2) * distanceStride)
        pairDistances.initialize(repeating: 0, count: (n + 2) * distanceStride)
        sampleRadii = .allocate(capacity: max(1, sampleCount * n))
        let smoothedCount = parameters.distanceSmoothingPasses > 0 ? max(1, sampleCount * 2 * n) : 1
        sampleSmoothed = .allocate(capacity: smoothedCount)
        sampleSmoothed.initialize(repeating: 0, count: smoothedCount)
        sampleSpread = .allocate(capacity: max(1, sampleCount))
        sampleSpread.initialize(repeating: 0, count: max(1, sampleCount))
        templateInkRange = .allocate(capacity: max(1, templates.count))
        templateInkRange.initialize(repeating: (0, 0), count: max(1, templates.count))
        templateClosureRange = .allocate(capacity: max(1, templates.count))
        templateClosureRange.initialize(repeating: (0, 0), count: max(1, templates.count))
        templateWindingRange = .allocate(capacity: max(1, templates.count))
        templateWindingRange.initialize(repeating: (0, 0), count: max(1, templates.count))
        templateStrokeCounts = .allocate(capacity: max(1, templates.count))
        templateStrokeCounts.initialize(repeating: 0, count: max(1, templates.count))
        templateJoinedClosureRange = .allocate(capacity: max(1, templates.count))
        templateJoinedClosureRange.initialize(repeating: (0, 0), count: max(1, templates.count))
        templateJoinedWindingRange = .allocate(capacity: max(1, templates.count))
        templateJoinedWindingRange.initialize(repeating: (0, 0), count: max(1, templates.count))
        fitsPerSample = parameters.refinedCandidates
        let candidates = max(1, sampleCount * fitsPerSample)
        order = .allocate(capacity: candidates)
        order.initialize(repeating: 0, count: candidates)
        orderKey = .allocate(capacity: candidates)
        orderKey.initialize(repeating: 0, count: candidates)
        searchCos = .allocate(capacity: candidates)
        searchCos.initialize(repeating: 1, count: candidates)
        candidateRotation = .allocate(capacity: candidates)
        candidateRotation.initialize(repeating: -1, count: candidates)
        turnedX = .allocate(capacity: parameters.rotationSearchSteps * n)
        turnedX.initialize(repeating: 0, count: parameters.rotationSearchSteps * n)
        turnedY = .allocate(capacity: parameters.rotationSearchSteps * n)
        turnedY.initialize(repeating: 0, count: parameters.rotationSearchSteps * n)
        turnedCell = .allocate(capacity: parameters.rotationSearchSteps * n)
        turnedCell.initialize(repeating: 0, count: parameters.rotationSearchSteps * n)
        aspectCell = .allocate(capacity: n)
        aspectCell.initialize(repeating: 0, count: n)
        searchSin = .allocate(capacity: candidates)
        searchSin.initialize(repeating: 0, count: candidates)
        let steps = parameters.rotationSearchSteps
        fitSteps = parameters.rotationFitSteps
        coarseStride = parameters.rotationCoarseStride
        probeCos = cos(parameters.rotationProbe)
        probeSin = sin(parameters.rotationProbe)
        probeRounds = parameters.rotationProbeRounds
        refineSlack = parameters.rotationRefinementSlack.isFinite ? max(1, parameters.rotationRefinementSlack) : 1
        boundSlack = parameters.rotationBoundSlack.isFinite ? max(1, parameters.rotationBoundSlack) : 1
        fitPrecision = parameters.rotationPrecision.isFinite ? sin(min(Double.pi / 2, max(1e-6, parameters.rotationPrecision))) : sin(Double.pi / 180)
        coarseDistance = .allocate(capacity: steps)
        coarseDistance.initialize(repeating: 0, count: steps)
        coarseStarts = .allocate(capacity: parameters.refinedCandidates)
        coarseStarts.initialize(repeating: 0, count: parameters.refinedCandidates)
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

        // The grids another classifier prepared, all copied at once (cell by
        // cell, see `copyLookups`): `copiedGrids[s]` names the one copied
        // into sample s, or is −1 for a grid filled below.
        let copiedGrids = prepared.flatMap { copyLookups(from: $0.source, samples: $0.samples) ? $0.samples : nil }
        var sample = 0
        for (templateIndex, template) in templates.enumerated() {
            // A template another classifier prepared as it is: copied (StrokeClassifier+Adding.swift).
            if let prepared, copyPreparedTemplate(template, at: templateIndex, firstSample: sample, from: prepared) {
                sample += template.samples.count
                continue
            }
            var ink = (Double.infinity, -Double.infinity), closure = (Double.infinity, -Double.infinity)
            var winding = (Double.infinity, -Double.infinity)
            var joinedClosure = (Double.infinity, -Double.infinity), joinedWinding = (Double.infinity, -Double.infinity)
            for strokes in template.samples {
                // A template's samples have extent (checked when it was
                // made), so resampling succeeds.
                _ = resample(StrokeInk(strokes: strokes))
                let frame = normalize(uniform: template.isRotationInvariant,
                                      intoX: sampleX + sample * n, y: sampleY + sample * n)
                sampleSpread[sample] = frame.spread
                if template.isRotationInvariant {
                    fillHarmonics(x: sampleX + sample * n, y: sampleY + sample * n,
                                  into: sampleHarmonics + sample * harmonicCount * 2)
                }
                // The grid is by far the costliest part of a sample (g² cells × n
                // points): an adapted classifier copies the ones it already has.
                if (copiedGrids?[sample] ?? -1) < 0 {
                    fillLookup(of: sample)
                }
                let path = StrokeShapeCheck.pathMeasures(x: sampleX + sample * n, y: sampleY + sample * n,
                                                         stroke: resampledStroke, count: n,
                                                         windingEndTrim: parameters.windingEndTrim,
                                                         windingCornerSteps: parameters.windingCornerSteps,
                                                         smoothingPasses: parameters.pathSmoothingPasses, smoothed: smoothedPath,
                                                         joining: joinsAcrossCounts ? nil : joining,
                                                         inkStrokeByStroke: parameters.inkStrokeByStroke)
                if joinsAcrossCounts {
                    templateStrokeCounts[templateIndex] |= StrokeShapeCheck.strokeCountBit(resampledStroke, count: n)
                    let joinedPath = StrokeShapeCheck.pathMeasures(x: sampleX + sample * n, y: sampleY + sample * n,
                                                                   stroke: resampledStroke, count: n,
                                                                   windingEndTrim: parameters.windingEndTrim,
                                                                   windingCornerSteps: parameters.windingCornerSteps,
                                                                   smoothingPasses: parameters.pathSmoothingPasses,
                                                                   smoothed: smoothedPath, joining: joining,
                                                                   inkStrokeByStroke: parameters.inkStrokeByStroke)
                    joinedClosure = (min(joinedClosure.0, joinedPath.closure), max(joinedClosure.1, joinedPath.closure))
                    joinedWinding = (min(joinedWinding.0, joinedPath.winding), max(joinedWinding.1, joinedPath.winding))
                }
                ink = (min(ink.0, path.logInk), max(ink.1, path.logInk))
                closure = (min(closure.0, path.closure), max(closure.1, path.closure))
                winding = (min(winding.0, path.winding), max(winding.1, path.winding))
                StrokeShapeCheck.sortedRadii(x: sampleX + sample * n, y: sampleY + sample * n, count: n,
                                             into: sampleRadii + sample * n)
                if parameters.distanceSmoothingPasses > 0 {
                    StrokeShapeCheck.smooth(x: sampleX + sample * n, y: sampleY + sample * n, stroke: resampledStroke, count: n,
                                            passes: parameters.distanceSmoothingPasses, into: sampleSmoothed + sample * 2 * n)
                }
                sample += 1
            }
            // Each range widened by a share of its own span (see shapeRangeWidening).
            let widening = parameters.shapeRangeWidening.isFinite ? max(0, parameters.shapeRangeWidening) : 0
            func widened(_ range: (Double, Double)) -> (Double, Double) {
                let margin = widening * (range.1 - range.0)
                return widening > 0 ? (range.0 - margin, range.1 + margin) : range
            }
            // A template's learned ranges add to its samples' (see StrokeShapeRanges).
            func joined(_ range: (Double, Double), _ learned: ClosedRange<Double>?) -> (Double, Double) {
                guard let learned else { return range }
                return (min(range.0, learned.lowerBound), max(range.1, learned.upperBound))
            }
            templateInkRange[templateIndex] = joined(widened(ink), template.learnedRanges?.ink)
            templateClosureRange[templateIndex] = joined(widened(closure), template.learnedRanges?.closure)
            templateWindingRange[templateIndex] = joined(widened(winding), template.learnedRanges?.winding)
            if joinsAcrossCounts {
                templateJoinedClosureRange[templateIndex] = joined(widened(joinedClosure), template.learnedRanges?.closure)
                templateJoinedWindingRange[templateIndex] = joined(widened(joinedWinding), template.learnedRanges?.winding)
            }
        }
    }

    /// The ``StrokeTemplate/closeTemplates`` factor of template `index`'s
    /// margin against template `other` (indices in ``templates``): 1 when it
    /// names none, or either index is not one.
    func marginFactor(of index: Int, against other: Int) -> Double {
        guard templates.indices.contains(index), templates.indices.contains(other) else { return 1 }
        return marginFactors[index * templates.count + other]
    }

    deinit {
        sampleX.deallocate()
        sampleY.deallocate()
        sampleLookup.deallocate()
        buffer.deallocate()
        resampledStroke.deallocate()
        joining?.oneStroke.deallocate()
        joining?.orderCost?.deallocate()
        joining?.orderPrevious?.deallocate()
        pairDistances.deallocate()
        cellCenters.deallocate()
        sampleRadii.deallocate()
        sampleSmoothed.deallocate()
        sampleSpread.deallocate()
        templateInkRange.deallocate()
        templateClosureRange.deallocate()
        templateStrokeCounts.deallocate()
        templateJoinedClosureRange.deallocate()
        templateJoinedWindingRange.deallocate()
        templateWindingRange.deallocate()
        order.deallocate()
        orderKey.deallocate()
        searchCos.deallocate()
        candidateRotation.deallocate()
        turnedX.deallocate()
        turnedY.deallocate()
        turnedCell.deallocate()
        aspectCell.deallocate()
        searchSin.deallocate()
        coarseDistance.deallocate()
        coarseStarts.deallocate()
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
        classify(ink, marginSearchDeviation: parameters.marginSearchDeviation)
    }

    /// ``classify(_:)`` measuring ``StrokeMatch/margin`` as far as it
    /// decides ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)``
    /// at `marginDeviation`, in place of the classifier's
    /// ``StrokeMatchingParameters/marginSearchDeviation``: a
    /// ``StrokeGestureRecognizer`` passes its own
    /// ``StrokeGestureRecognizer/maximumShapeDeviation``, so its decision is
    /// the exact margin's whatever it is set to, with a classifier shared by
    /// recognizers of different thresholds. A recognizer of your own that
    /// tests the margin at its own threshold does the same.
    public func classify(_ ink: StrokeInk, marginSearchDeviation marginDeviation: Double) -> StrokeMatch? {
        guard sampleCount > 0, resample(ink) else { return nil }
        let aspectFrame = normalize(uniform: false, intoX: aspectX, y: aspectY)
        let uniformFrame = hasRotationInvariantSample ? normalize(uniform: true, intoX: uniformX, y: uniformY) : aspectFrame
        fillCells(x: aspectX, y: aspectY, into: aspectCell)
        fillCellCenters(cloud: 0, x: aspectX, y: aspectY, cells: aspectCell)
        if hasRotationInvariantSample {
            fillHarmonics(x: uniformX, y: uniformY, into: drawingHarmonics)
            if alignmentAngles == 0 { fillTurned() }
        }
        let candidateCount = orderCandidates()
        var best = Double.infinity
        var bestCandidate = -1
        for position in 0..<candidateCount {
            // Taken in order as they are needed: most are never reached.
            let candidate = takeLeast(at: position, count: candidateCount)
            // The rest are bounded at or above the best: none can beat it. A
            // rotation-invariant candidate's bound is at its coarse angle,
            // which its refinement may go below: with a bound slack, it is
            // tried while within that slack of the best (and refined when its
            // matching comes within the refinement slack, `candidateDistance`).
            guard orderKey[candidate] < best
                || (hasRotationInvariantSample && orderKey[candidate] < best * boundSlack) else {
                break
            }
            let distance = candidateDistance(candidate, below: best)
            if distance < best {
                best = distance
                bestCandidate = candidate
            }
        }
        guard bestCandidate >= 0 else { return nil }
        return finish(ink: ink, best: best, bestCandidate: bestCandidate, candidateCount: candidateCount,
                      frames: (aspectFrame, uniformFrame), marginDeviation: marginDeviation)
    }

    /// Classifies a drawing given as strokes of points (a convenience that
    /// allocates a ``StrokeInk``).
    public func classify(strokes: [[Point]]) -> StrokeMatch? {
        classify(StrokeInk(strokes: strokes))
    }

    /// Every sample's candidates, bounded (`lowerBound`, into `orderKey`)
    /// and listed in `order`; returns how many. A rotation-invariant
    /// sample's candidates are its fitted angles (see `fitRotation`), found
    /// without matching, each bounded there.
    private func orderCandidates() -> Int {
        var candidateCount = 0
        for sample in 0..<sampleCount {
            guard sampleIsRotationInvariant[sample] else {
                let candidate = sample * fitsPerSample
                orderKey[candidate] = lowerBound(x: aspectX, y: aspectY, sample: sample)
                order[candidateCount] = candidate
                candidateCount += 1
                continue
            }
            for fit in 0..<fitRotation(sample: sample) {
                let candidate = sample * fitsPerSample + fit
                let turn = candidateRotation[candidate]
                if turn >= 0 {
                    orderKey[candidate] = lowerBound(x: turnedX + turn * n, y: turnedY + turn * n, sample: sample)
                } else {
                    rotate(uniformX, uniformY, cos: searchCos[candidate], sin: searchSin[candidate])
                    orderKey[candidate] = lowerBound(x: rotatedX, y: rotatedY, sample: sample)
                }
                order[candidateCount] = candidate
                candidateCount += 1
            }
        }
        return candidateCount
    }

    /// The match of `bestCandidate` at `best` (`match`'s units), as the
    /// nearest: its shape measures, and the runner-up the margin needs at
    /// `marginDeviation`.
    private func finish(ink: StrokeInk, best: Double, bestCandidate: Int, candidateCount: Int,
                        frames: (aspect: Frame, uniform: Frame), marginDeviation: Double) -> StrokeMatch {
        let (aspectFrame, uniformFrame) = frames
        let bestSample = bestCandidate / fitsPerSample
        let distance = max(0, best).squareRoot()
        let zero = parameters.zeroScoreDistance > 0 ? parameters.zeroScoreDistance : 2
        let invariant = sampleIsRotationInvariant[bestSample]
        // The drawing was turned by the fitted angle onto the template; the
        // template lies at minus that angle in the drawing.
        var angle = invariant ? atan2(-searchSin[bestCandidate], searchCos[bestCandidate]) : 0
        if angle == -Double.pi { angle = Double.pi }
        let spread = sampleIsRotationInvariant[bestSample] ? uniformFrame.spread : aspectFrame.spread
        let templateIndex = sampleTemplate[bestSample]
        let drawnX: UnsafeMutablePointer<Double>, drawnY: UnsafeMutablePointer<Double>
        if sampleIsRotationInvariant[bestSample] {
            rotate(uniformX, uniformY, cos: searchCos[bestCandidate], sin: searchSin[bestCandidate])
            (drawnX, drawnY) = (rotatedX, rotatedY)
        } else {
            (drawnX, drawnY) = (aspectX, aspectY)
        }
        // Joined across stroke counts (`joinsStrokesAcrossCounts`): only a
        // drawing of a count none of its template's samples has, against
        // those samples' joined ranges.
        let acrossCounts = joinsAcrossCounts
            && templateStrokeCounts[templateIndex] & StrokeShapeCheck.strokeCountBit(resampledStroke, count: n) == 0
        let closureRange = acrossCounts ? templateJoinedClosureRange[templateIndex] : templateClosureRange[templateIndex]
        let windingRange = acrossCounts ? templateJoinedWindingRange[templateIndex] : templateWindingRange[templateIndex]
        // Measured as matched: turning changes neither ink, closure nor winding.
        let path = StrokeShapeCheck.pathMeasures(x: drawnX, y: drawnY, stroke: resampledStroke, count: n,
                                                 windingEndTrim: parameters.windingEndTrim,
                                                 windingCornerSteps: parameters.windingCornerSteps,
                                                 smoothingPasses: parameters.pathSmoothingPasses, smoothed: smoothedPath,
                                                 joining: joinsAcrossCounts && !acrossCounts ? nil : joining,
                                                 inkStrokeByStroke: parameters.inkStrokeByStroke)
        // With `distanceToAllSamples`, the distances are to all of the
        // template's samples (stored one after another).
        let allSamples = parameters.distanceToAllSamples && !sampleIsRotationInvariant[bestSample]
        let nearestFrom = allSamples ? bestSample - sampleIndexInTemplate[bestSample] : bestSample
        var measures: StrokeShapeMeasures
        if parameters.distanceSmoothingPasses > 0 {
            // The distances between the drawing and the sample, each
            // smoothed; the radial profile of the points as matched.
            StrokeShapeCheck.sortedRadii(x: drawnX, y: drawnY, count: n, into: drawingRadii)
            StrokeShapeCheck.smooth(x: drawnX, y: drawnY, stroke: resampledStroke, count: n,
                                    passes: parameters.distanceSmoothingPasses, into: smoothedPath)
            let smoothedSample = sampleSmoothed + bestSample * 2 * n
            measures = StrokeShapeCheck.deviation(
                path: path, inkRange: templateInkRange[templateIndex], closureRange: closureRange,
                windingRange: windingRange,
                x: smoothedPath, y: smoothedPath + n, sampleX: smoothedSample, sampleY: smoothedSample + n,
                sampleRadii: sampleRadii + bestSample * n, count: n, scratch: shapeScratch,
                percentile: parameters.distancePercentile, sortedRadii: drawingRadii)
        } else {
            measures = StrokeShapeCheck.deviation(
                path: path, inkRange: templateInkRange[templateIndex], closureRange: closureRange,
                windingRange: windingRange,
                x: drawnX, y: drawnY, sampleX: sampleX + nearestFrom * n, sampleY: sampleY + nearestFrom * n,
                sampleRadii: sampleRadii + bestSample * n, count: n, scratch: shapeScratch,
                percentile: parameters.distancePercentile,
                nearestAmong: allSamples ? templates[templateIndex].samples.count * n : 0)
        }
        if parameters.distanceRoughnessDiscount > 0 {
            // Lowered by the drawing's roughness (see `distanceRoughnessDiscount`).
            let discount = parameters.distanceRoughnessDiscount
                * StrokeShapeCheck.roughness(x: drawnX, y: drawnY, stroke: resampledStroke, count: n, scratch: smoothedPath)
            measures.farthest = max(0, measures.farthest - discount)
            measures.percentile = max(0, measures.percentile - discount)
        }
        // In units of how far drawings of this shape stray (StrokeTemplate.deviationScale).
        let deviation = measures.total / templates[templateIndex].deviationScale
        // The next nearest template, for the margin (see
        // `StrokeMatchingParameters.marginSearchDeviation`): searched after
        // the match, which is therefore the one found without it.
        var runnerUp = (distance: Double.infinity, template: -1)
        if parameters.reportsRunnerUp {
            runnerUp = nearestOther(than: templateIndex, best: best, below: .infinity, candidateCount: candidateCount)
        } else if marginDeviation > 0, deviation > marginDeviation, templates.count > 1 {
            // Only a margin above deviation / marginDeviation can accept the
            // drawing: the search goes that far (a hair further, so that a
            // runner-up beyond it gives a margin just above, not at, that
            // ratio), and stops at the first other template near enough to
            // reject it (session 11): the nearest can only reject it too.
            let reach = distance * (deviation / marginDeviation) * (1 + 1e-9)
            // A template close in shape counts more as the runner-up
            // (StrokeTemplate.closeTemplates): the search stops only at one
            // that rejects whatever the nearest's factor, and otherwise
            // finds the nearest within the reach, whose factor is then
            // the margin's. No factor is below 1, so one beyond the reach
            // still accepts.
            let found = nearestOther(than: templateIndex, best: best, below: reach * reach, candidateCount: candidateCount,
                                     rejecting: (distance, deviation, marginDeviation * largestMarginFactor[templateIndex]))
            // Not stopped early, the search found the nearest within the
            // reach (the exact runner-up), and a close factor may make even
            // that one accept (session 17: delete's drawing 1.14 times
            // nearer x, at x's factor 1.1324). StrokeMatch.margin promises
            // that a runner-up the bounded search names rejects the drawing
            // and that an accepting margin is given as the reach, its lower
            // bound; so this one is reported as the reach, which decides the
            // same (isConfident's test, as it makes it).
            let accepts = found.template >= 0
                && deviation / (max(1, found.distance / distance) * marginFactor(of: templateIndex, against: found.template))
                    <= marginDeviation
            runnerUp = found.template >= 0 && !accepts ? found : (reach, -1)
        }
        return StrokeMatch(
            name: templates[templateIndex].name,
            templateIndex: templateIndex,
            sampleIndex: sampleIndexInTemplate[bestSample],
            score: max(0, 1 - distance / zero),
            distance: distance,
            shapeDeviation: deviation,
            shapeMeasures: measures,
            bounds: ink.bounds,
            centroid: aspectFrame.centroid,
            angle: angle,
            scale: sampleSpread[bestSample] > 0 ? spread / sampleSpread[bestSample] : 1,
            runnerUpDistance: runnerUp.distance,
            runnerUpTemplateIndex: runnerUp.template,
            runnerUpFactor: marginFactor(of: templateIndex, against: runnerUp.template))
    }

    /// The distance of `candidate` from the drawing (`match`'s units), or
    /// a value at least `limit` once it cannot be below it: matched as
    /// drawn, axes scaled, or at its first rotation or aligned angle and,
    /// when it comes within the refinement's slack of `limit`, refined
    /// there (rotation invariant).
    @inline(__always)
    func candidateDistance(_ candidate: Int, below limit: Double) -> Double {
        let sample = candidate / fitsPerSample
        guard sampleIsRotationInvariant[sample] else {
            return match(x: aspectX, y: aspectY, sample: sample, below: limit)
        }
        // At its first rotation (turned already), or at its aligned angle.
        let turn = candidateRotation[candidate]
        var x = turnedX + max(0, turn) * n, y = turnedY + max(0, turn) * n
        if turn < 0 {
            rotate(uniformX, uniformY, cos: searchCos[candidate], sin: searchSin[candidate])
            (x, y) = (rotatedX, rotatedY)
        }
        let slackLimit = limit * refineSlack
        let distance = match(x: x, y: y, sample: sample, below: slackLimit, turning: true)
        return distance < slackLimit ? refinePairing(candidate: candidate, distance: distance) : distance
    }

    /// The nearest template other than `excluded`, searched as the match is
    /// (candidates in the order of their bounds, each bounded and abandoned
    /// against the nearest so far) among those below `limit` (in `match`'s
    /// units): its distance, in the units of ``StrokeMatch/distance``, and
    /// index; (∞, −1) when none is below `limit`. A rotation refined here
    /// may come below the match's `best`: the two are then taken as equally
    /// near.
    ///
    /// With `rejecting` (the match's distance, its shape deviation and the
    /// threshold), the search stops at the first other template whose
    /// distance, as a runner-up, would make ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)``
    /// false at that threshold, and returns it: the nearest is at most as
    /// far, so its margin is at most as large and rejects too (every step
    /// from a distance to that decision, a square root, a division, a
    /// maximum, keeps order in floating point as well).
    private func nearestOther(than excluded: Int, best: Double, below limit: Double, candidateCount: Int,
                              rejecting decision: (distance: Double, deviation: Double, threshold: Double)? = nil)
        -> (distance: Double, template: Int) {
        var nearest = limit
        var template = -1
        for position in 0..<candidateCount {
            // The candidates before the match's last are in order already.
            let candidate = takeLeast(at: position, count: candidateCount)
            guard orderKey[candidate] < nearest
                || (hasRotationInvariantSample && orderKey[candidate] < nearest * boundSlack) else {
                break
            }
            let owner = sampleTemplate[candidate / fitsPerSample]
            guard owner != excluded else { continue }
            let distance = candidateDistance(candidate, below: nearest)
            if distance < nearest {
                nearest = distance
                template = owner
                if let decision {
                    // StrokeMatch.margin and isConfident's test, on this runner-up.
                    let runnerUp = max(nearest, best).squareRoot()
                    let margin = decision.distance > 0 ? max(1, runnerUp / decision.distance) : .infinity
                    if decision.deviation / margin > decision.threshold { break }
                }
            }
        }
        guard template >= 0 else { return (.infinity, -1) }
        return (max(nearest, best).squareRoot(), template)
    }

    /// The candidate of least `orderKey` among `order[position..<count]`,
    /// the first of equals, moved to `position` with the ones before it
    /// shifted up a place: the order a stable sort would give, made one
    /// candidate at a time, since the matching stops at the first whose
    /// bound reaches the best so far and most candidates are never reached
    /// (sorting them all, by insertion, cost about 5% of a classification).
    private func takeLeast(at position: Int, count: Int) -> Int {
        var slot = position
        var key = orderKey[order[position]]
        var index = position + 1
        while index < count {
            let other = orderKey[order[index]]
            if other < key {
                key = other
                slot = index
            }
            index += 1
        }
        let candidate = order[slot]
        while slot > position {
            order[slot] = order[slot - 1]
            slot -= 1
        }
        order[position] = candidate
        return candidate
    }
}
