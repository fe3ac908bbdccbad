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
/// are cut short. A matching also measures each point's least distance to
/// the other cloud, a true bound of what the point can pair at: a greedy
/// run stops once its sum and that bound of the points left reach the best
/// so far, and one that cannot beat it is not begun (session 13; no answer
/// changes, since only runs that could not win are stopped).
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
/// ## Deciding
///
/// Told the decision, as ``StrokeGestureRecognizer`` tells it
/// (``classify(_:minimumScore:maximumShapeDeviation:)``), the search
/// stops as soon as the drawing is certain to be rejected whichever
/// template it would end at (session 14). Lower bounds prove it: of the
/// distance each template left could reach (each drawn point's least
/// distance to its sample, through the lookup grid or from every pair)
/// and of the shape deviation a match to it would have; each template that
/// could still come nearest is rejected by its score, or by its margin,
/// a template already met lying near enough to reject it. The decision is
/// always the whole search's, and an accepted match that match; a rejected
/// one is the nearest only as far as the search looked. Proven for sets
/// matched as drawn: a set with a rotation-invariant template is searched
/// whole.
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
/// sample's grid has the same geometry.) A candidate whose matching beats
/// the best so far has its angle refined: the angle that brings the pairs
/// of its matching's best greedy run closest is solved in closed form
/// (Protractor's formula, Li 2010: δ = atan2(Σ w·p×q, Σ w·p·q)) and that
/// run made again while it helps, then a small turn either side is tried,
/// halved when it finds nothing; the angle found gets a whole matching.
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
    // Internal reads for `shapeRanges(ofTemplate:)` (StrokeClassifier+ShapeRanges).
    private(set) var templateInkRange: [(Double, Double)] = []
    private(set) var templateClosureRange: [(Double, Double)] = []
    private(set) var templateWindingRange: [(Double, Double)] = []
    private let hasRotationInvariantSample: Bool
    /// Each pair's ``StrokeTemplate/closeTemplates`` factor, nearest ×
    /// runner-up (`templates.count` a row; 1 where none is named), and the
    /// largest in each template's row: the margin's search and the
    /// certificate bound a runner-up's factor by it.
    private let marginFactors: [Double]
    private let largestMarginFactor: [Double]

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
    /// A greedy run's points of the other cloud not yet paired, packed (see
    /// `takeNearest`), each array `paddedCount` long: the slots past the
    /// points left hold +∞, so the search reads whole blocks of four.
    private var remainingX: UnsafeMutablePointer<Double> { buffer + 12 * n }
    private var remainingY: UnsafeMutablePointer<Double> { buffer + 12 * n + paddedCount }
    /// The distances `takeNearest` last measured, slot by slot.
    private var slotDistances: UnsafeMutablePointer<Double> { buffer + 12 * n + 2 * paddedCount }
    /// `n` rounded up to a whole number of `takeNearest`'s blocks.
    private let paddedCount: Int
    /// Which stroke each resampled point lies on.
    private let resampledStroke: UnsafeMutablePointer<Int32>
    /// The matching under way (see `fillLeastDistances`): each point's
    /// least squared distance to the other cloud, the drawing's
    /// (`paddedCount` slots) then the sample's; and per side, over its
    /// points twice round (2n + 1 entries), the sums of those distances
    /// before each place and of those times their place, for a run's bound
    /// in closed form (see `cloudDistance`).
    private let leastDistances: UnsafeMutablePointer<Double>
    private let leastSums: UnsafeMutablePointer<Double>
    private let placedLeastSums: UnsafeMutablePointer<Double>
    /// The sample whose least distances to the drawing's cloud scaled by
    /// axes (`aspectX`/`aspectY`) those hold, or −1 (another cloud's, or
    /// none since the drawing was normalised).
    private var leastDistancesSample = -1
    /// The squared distances `fillLeastDistances` last made, every pair's:
    /// drawn point i's to the sample's point j at i · `distanceStride` + j,
    /// with a column n and a row n of +∞ (the distance of a run's padding
    /// slot, see `takeNearestMade`). About 9 KB at 32 points.
    private let pairDistances: UnsafeMutablePointer<Double>
    private let distanceStride: Int
    /// A run's free points, packed as `remainingX` is, when it reads
    /// `pairDistances`: each one's offset along its row or column there, and
    /// its index in its cloud.
    private let freeOffset: UnsafeMutablePointer<Int>
    private let freeIndex: UnsafeMutablePointer<Int>
    /// Whether matchings stop their runs by the nearest-point bound (see
    /// `cloudDistance`); off only in the test that checks it changes no
    /// answer.
    var stopsRunsByLeastDistances = true
    /// The candidates tried, best bound first: a sample that is not
    /// rotation invariant is candidate `sample · fitsPerSample`; one that is
    /// has one per fitted angle, `sample · fitsPerSample + k`.
    private let order: UnsafeMutablePointer<Int>
    private let orderKey: UnsafeMutablePointer<Double>
    private let fitsPerSample: Int
    /// Per candidate of a rotation-invariant sample: the cosine and sine of
    /// the angle the drawing is turned by to fit it (see `fitRotation`).
    private let searchCos: UnsafeMutablePointer<Double>
    private let searchSin: UnsafeMutablePointer<Double>
    /// Per first rotation of one sample's fit: the one-sided nearest-point
    /// distance there; and the best rotations, best first.
    private let coarseDistance: UnsafeMutablePointer<Double>
    private let coarseStarts: UnsafeMutablePointer<Int>
    /// At most how many closed-form turns a start takes, and the sine of the
    /// turn below which it stops.
    private let fitSteps: Int
    private let fitPrecision: Double
    private let coarseStride: Int
    private let probeCos: Double
    private let probeSin: Double
    private let probeRounds: Int
    /// The greedy run that gave `match`'s last improvement (its start, and
    /// whether it went from the drawing to the sample), and its Σ w·p·q and
    /// Σ w·p×q when matched `turning` (see `cloudDistance`).
    private var bestRun = (start: 0, forward: true)
    private var bestTurn = (dot: 1.0, cross: 0.0)
    private let refinesBestRun: Bool
    private let refinementPasses: Int
    /// How far above the best so far a rotation-invariant sample's matching
    /// may come and still be refined.
    private let refineSlack: Double
    /// Each candidate's lower bounds from each start, as `fillLowerBounds`
    /// left them when the candidates were ordered, for its first matching.
    private let candidateBounds: UnsafeMutablePointer<Double>
    /// For `classify(_:minimumScore:maximumShapeDeviation:)`'s rejection
    /// certificate (see `certainRejection`), per candidate of the drawing
    /// under way: how far it is measured (0 not yet, 1 through the lookup
    /// grid, 2 from every pair of points); a lower bound of any distance its
    /// matching returns below its limit; a lower bound of the shape
    /// deviation of a match to it; and a limit its matching was found to
    /// return nothing below (0 when not tried).
    private let certificateStage: UnsafeMutablePointer<UInt8>
    private let certificateLeast: UnsafeMutablePointer<Double>
    private let certificateDeviation: UnsafeMutablePointer<Double>
    private let certificateNoneBelow: UnsafeMutablePointer<Double>
    /// Measured from every pair (stage 2), the candidate's farthest and
    /// 90th-percentile nearest distances, as `StrokeShapeCheck.deviation`
    /// makes them (at 2c and 2c + 1): `finish` takes them as they are.
    private let certificateNearest: UnsafeMutablePointer<Double>
    /// The drawing's path measures (its cloud scaled by axes), made once a
    /// drawing for the certificate, with its radii in `drawingRadii`.
    private var certificatePath: StrokeShapeCheck.PathMeasures?
    private var drawingRadii: UnsafeMutablePointer<Double> { buffer + 12 * n + 3 * paddedCount }
    private var sortedLeast: UnsafeMutablePointer<Double> { buffer + 13 * n + 3 * paddedCount }
    /// Each drawn point's lookup cell's centre, and its distance from it (a
    /// hair more), the same for every sample: made once a drawing.
    private var cellCenterX: UnsafeMutablePointer<Double> { buffer + 14 * n + 3 * paddedCount }
    private var cellCenterY: UnsafeMutablePointer<Double> { buffer + 15 * n + 3 * paddedCount }
    private var cellOffset: UnsafeMutablePointer<Double> { buffer + 16 * n + 3 * paddedCount }
    /// The run that gave the best candidate's distance (`bestRun` as its
    /// matching left it).
    private var bestCandidateRun = (start: 0, forward: true)
    /// The best candidate matched so far of a template other than the
    /// best's, with its run and sum (a previous best).
    private var metOther = (candidate: -1, start: 0, forward: true, sum: Double.infinity)
    /// The last matching `certainRejection` made of a candidate left that
    /// returned a distance below the best so far (the limit it was matched
    /// at): the search, reaching that candidate with the same best, takes
    /// it as it is, the same arithmetic at the same limit.
    private var certificateMatch = (candidate: -1, limit: 0.0, distance: 0.0, run: (start: 0, forward: true))
    /// Whether `classify(_:minimumScore:maximumShapeDeviation:)` may stop
    /// once rejection is certain (off only in the test that checks it
    /// changes no decision), and how many drawings it stopped for.
    var stopsOnceRejectionIsCertain = true
    var certainRejections = 0
    /// Of those, the stops whose witness was one run (`otherWitness`), and
    /// those after its own template's candidates left were matched
    /// (`certainRejection`): for the test that checks both happen.
    /// Of the first, those whose run was found by `witnessRun` (session 16).
    var certificateStops = (byRun: 0, afterOwnMatched: 0, byRunSearched: 0)
    /// For the test of `witnessRun`: when set, each of its conclusions is
    /// checked against the matching itself (at the limit, and at no limit
    /// for a witness), counted as agreeing or not.
    var checksWitnessRuns = false
    var witnessRunChecks = (agreed: 0, disagreed: 0)
    private let startSlots: Int
    /// The drawing's uniform cloud turned by each of the first rotations
    /// (``StrokeMatchingParameters/rotationSearchSteps``), `n` points per
    /// rotation, and each point's lookup cell: the same for every sample,
    /// so made once per drawing, for the fit, the candidates' bounds and
    /// their first matchings. Each candidate's rotation, or −1 (aligned).
    private let turnedX: UnsafeMutablePointer<Double>
    private let turnedY: UnsafeMutablePointer<Double>
    private let turnedCell: UnsafeMutablePointer<Int32>
    private let drawingCell: UnsafeMutablePointer<Int32>
    /// The cells of the drawing's cloud scaled by axes, for every sample
    /// that is not rotation invariant.
    private let aspectCell: UnsafeMutablePointer<Int32>
    private let candidateRotation: UnsafeMutablePointer<Int>
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

        paddedCount = (n + 3) / 4 * 4
        buffer = .allocate(capacity: 17 * n + 3 * paddedCount)
        buffer.initialize(repeating: 0, count: 17 * n + 3 * paddedCount)
        resampledStroke = .allocate(capacity: n)
        resampledStroke.initialize(repeating: 0, count: n)
        leastDistances = .allocate(capacity: 2 * paddedCount)
        leastDistances.initialize(repeating: 0, count: 2 * paddedCount)
        leastSums = .allocate(capacity: 2 * (2 * n + 1))
        leastSums.initialize(repeating: 0, count: 2 * (2 * n + 1))
        placedLeastSums = .allocate(capacity: 2 * (2 * n + 1))
        placedLeastSums.initialize(repeating: 0, count: 2 * (2 * n + 1))
        // Even, so that the rows' pairs stay 16-byte aligned.
        distanceStride = (n + 2) & ~1
        pairDistances = .allocate(capacity: (n + 1) * distanceStride)
        pairDistances.initialize(repeating: .infinity, count: (n + 1) * distanceStride)
        freeOffset = .allocate(capacity: paddedCount)
        freeOffset.initialize(repeating: 0, count: paddedCount)
        freeIndex = .allocate(capacity: paddedCount)
        freeIndex.initialize(repeating: 0, count: paddedCount)
        sampleRadii = .allocate(capacity: max(1, sampleCount * n))
        fitsPerSample = parameters.refinedCandidates
        let candidates = max(1, sampleCount * fitsPerSample)
        order = .allocate(capacity: candidates)
        order.initialize(repeating: 0, count: candidates)
        orderKey = .allocate(capacity: candidates)
        orderKey.initialize(repeating: 0, count: candidates)
        startSlots = (n + step - 1) / step
        candidateBounds = .allocate(capacity: candidates * startSlots)
        candidateBounds.initialize(repeating: 0, count: candidates * startSlots)
        certificateStage = .allocate(capacity: candidates)
        certificateStage.initialize(repeating: 0, count: candidates)
        certificateLeast = .allocate(capacity: candidates)
        certificateLeast.initialize(repeating: 0, count: candidates)
        certificateDeviation = .allocate(capacity: candidates)
        certificateDeviation.initialize(repeating: 0, count: candidates)
        certificateNoneBelow = .allocate(capacity: candidates)
        certificateNoneBelow.initialize(repeating: 0, count: candidates)
        certificateNearest = .allocate(capacity: 2 * candidates)
        certificateNearest.initialize(repeating: 0, count: 2 * candidates)
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
        drawingCell = .allocate(capacity: n)
        drawingCell.initialize(repeating: 0, count: n)
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
        refinesBestRun = parameters.rotationRefinesBestRun
        refinementPasses = parameters.rotationRefinementPasses
        refineSlack = parameters.rotationRefinementSlack.isFinite ? max(1, parameters.rotationRefinementSlack) : 1
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
                                                         stroke: resampledStroke, count: n,
                                                         windingEndTrim: parameters.windingEndTrim,
                                                 windingCornerSteps: parameters.windingCornerSteps)
                ink = (min(ink.0, path.logInk), max(ink.1, path.logInk))
                closure = (min(closure.0, path.closure), max(closure.1, path.closure))
                winding = (min(winding.0, path.winding), max(winding.1, path.winding))
                StrokeShapeCheck.sortedRadii(x: sampleX + sample * n, y: sampleY + sample * n, count: n,
                                             into: sampleRadii + sample * n)
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
            templateInkRange.append(joined(widened(ink), template.learnedRanges?.ink))
            templateClosureRange.append(joined(widened(closure), template.learnedRanges?.closure))
            templateWindingRange.append(joined(widened(winding), template.learnedRanges?.winding))
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
        leastDistances.deallocate()
        leastSums.deallocate()
        placedLeastSums.deallocate()
        pairDistances.deallocate()
        freeOffset.deallocate()
        freeIndex.deallocate()
        sampleRadii.deallocate()
        order.deallocate()
        orderKey.deallocate()
        searchCos.deallocate()
        candidateBounds.deallocate()
        certificateStage.deallocate()
        certificateLeast.deallocate()
        certificateDeviation.deallocate()
        certificateNoneBelow.deallocate()
        certificateNearest.deallocate()
        candidateRotation.deallocate()
        turnedX.deallocate()
        turnedY.deallocate()
        turnedCell.deallocate()
        drawingCell.deallocate()
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
        classify(ink, marginSearchDeviation: marginDeviation, decidingAt: nil)
    }

    /// ``classify(_:marginSearchDeviation:)`` at `maximumShapeDeviation`,
    /// told the decision the match is for: a ``StrokeGestureRecognizer``
    /// calls it with its ``StrokeGestureRecognizer/minimumScore`` and
    /// ``StrokeGestureRecognizer/maximumShapeDeviation``, then
    /// ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)``
    /// with the same two.
    ///
    /// The decision is always the one ``classify(_:marginSearchDeviation:)``'s
    /// match gives, and a match that decision accepts is that match, every
    /// field. A drawing it rejects may come back sooner, once rejection is
    /// certain whichever template the search would end at: the match is
    /// then *rejected*, and the nearest only as far as the classifier looked
    /// (the best found so far, its score, shape deviation and runner-up
    /// measured as for a nearest; a template not yet matched might have
    /// been nearer). Certain means proven by lower bounds (session 14): of
    /// the distance each template left could reach, through each point's
    /// nearest distance to it, and of the shape deviation a match to it
    /// would have; a template that could come nearer is rejected either by
    /// its score or by its margin, a template already met lying near
    /// enough to reject it. Most scribbles stop after a few templates.
    ///
    /// So a rejected drawing's match may name another template than
    /// ``classify(_:)``, with another score: a "did you mean" hint that
    /// must be the nearest calls ``classify(_:)`` (as
    /// ``StrokeGestureRecognizer/bestGuess()`` does). Sets with a
    /// rotation-invariant template, and a classifier that reports the exact
    /// runner-up, are searched whole.
    public func classify(_ ink: StrokeInk, minimumScore: Double, maximumShapeDeviation: Double) -> StrokeMatch? {
        classify(ink, marginSearchDeviation: maximumShapeDeviation, decidingAt: minimumScore)
    }

    /// The classification, told the decision's least score when
    /// `minimumScore` is set (the margin's threshold being
    /// `marginDeviation`), so that it may stop once rejection is certain.
    private func classify(_ ink: StrokeInk, marginSearchDeviation marginDeviation: Double, decidingAt minimumScore: Double?)
        -> StrokeMatch? {
        guard sampleCount > 0, resample(ink) else { return nil }
        // Measured by the certificate for this drawing only (see `finish`).
        certificatePath = nil
        let aspectFrame = normalize(uniform: false, intoX: aspectX, y: aspectY)
        let uniformFrame = hasRotationInvariantSample ? normalize(uniform: true, intoX: uniformX, y: uniformY) : aspectFrame
        fillCells(x: aspectX, y: aspectY, into: aspectCell)
        if hasRotationInvariantSample {
            fillHarmonics(x: uniformX, y: uniformY, into: drawingHarmonics)
            if alignmentAngles == 0 { fillTurned() }
        }

        // Candidates in the order of their lower bounds, so the best is
        // found early and the rest are cut short or skipped. A
        // rotation-invariant sample's candidates are its fitted angles (see
        // `fitRotation`), found without matching, each bounded there.
        var candidateCount = 0
        for sample in 0..<sampleCount {
            if sampleIsRotationInvariant[sample] {
                for fit in 0..<fitRotation(sample: sample) {
                    let candidate = sample * fitsPerSample + fit
                    let turn = candidateRotation[candidate]
                    if turn >= 0 {
                        orderKey[candidate] = fillLowerBounds(x: turnedX + turn * n, y: turnedY + turn * n,
                                                              cells: turnedCell + turn * n, sample: sample)
                    } else {
                        rotate(uniformX, uniformY, cos: searchCos[candidate], sin: searchSin[candidate])
                        orderKey[candidate] = fillLowerBounds(x: rotatedX, y: rotatedY, sample: sample)
                    }
                    (candidateBounds + candidate * startSlots).update(from: lowerBounds, count: startSlots)
                    order[candidateCount] = candidate
                    candidateCount += 1
                }
            } else {
                let candidate = sample * fitsPerSample
                orderKey[candidate] = fillLowerBounds(x: aspectX, y: aspectY, cells: aspectCell, sample: sample)
                (candidateBounds + candidate * startSlots).update(from: lowerBounds, count: startSlots)
                order[candidateCount] = candidate
                candidateCount += 1
            }
        }
        var best = Double.infinity
        var bestCandidate = -1
        // Told the decision, the search may stop once it is a certain
        // rejection (see `certainRejection`): proven for candidates matched
        // as drawn only, and for the margin's search as it stops.
        // Its bounds are on the nearest distances as shipped (to the matched
        // sample, at the 90th percentile): not with session 15's tuning
        // switches (`distancePercentile`, `distanceToAllSamples`) moved.
        let deciding = minimumScore != nil && stopsOnceRejectionIsCertain && !hasRotationInvariantSample
            && !parameters.reportsRunnerUp && templates.count > 1 && marginDeviation > 0 && marginDeviation.isFinite
            && parameters.distancePercentile == 0.9 && !parameters.distanceToAllSamples
        if deciding {
            beginCertificate()
            metOther = (-1, 0, true, .infinity)
            certificateMatch.candidate = -1
        }
        var settled = -1
        for position in 0..<candidateCount {
            // Taken in order as they are needed: most are never reached.
            let candidate = takeLeast(at: position, count: candidateCount)
            // The rest are bounded at or above the best: none can beat it.
            guard orderKey[candidate] < best else { break }
            // One the certificate matched already: returning nothing below a
            // limit at or above the best, it returns nothing below the best
            // (see `returnsSomething`); or matched at this very best.
            let distance: Double
            if deciding, certificateNoneBelow[candidate] >= best {
                distance = .infinity
            } else if deciding, certificateMatch.candidate == candidate, certificateMatch.limit == best {
                distance = certificateMatch.distance
                bestRun = certificateMatch.run
            } else {
                distance = candidateDistance(candidate, below: best)
            }
            if distance < best {
                if bestCandidate >= 0, sampleTemplate[bestCandidate / fitsPerSample] != sampleTemplate[candidate / fitsPerSample] {
                    metOther = (bestCandidate, bestCandidateRun.start, bestCandidateRun.forward, best)
                }
                best = distance
                bestCandidate = candidate
                bestCandidateRun = bestRun
            }
            if deciding, let minimumScore, bestCandidate >= 0, bestCandidate != settled,
               let rejected = certainRejection(
                   ink: ink, best: best, bestCandidate: bestCandidate, position: position, candidateCount: candidateCount,
                   frames: (aspectFrame, uniformFrame), minimumScore: minimumScore, threshold: marginDeviation,
                   settled: &settled) {
                certainRejections += 1
                return rejected
            }
        }
        guard bestCandidate >= 0 else { return nil }
        return finish(ink: ink, best: best, bestCandidate: bestCandidate, candidateCount: candidateCount,
                      frames: (aspectFrame, uniformFrame), marginDeviation: marginDeviation)
    }

    /// The match of `bestCandidate` at weighted distance `best`, as the
    /// nearest: its shape measures, and the runner-up the margin needs at
    /// `marginDeviation`, or, given, `runnerUp` (a weighted distance and
    /// template, or none: `certainRejection`'s witness).
    private func finish(ink: StrokeInk, best: Double, bestCandidate: Int, candidateCount: Int,
                        frames: (aspect: Frame, uniform: Frame), marginDeviation: Double,
                        runnerUp given: (sum: Double, template: Int)? = nil) -> StrokeMatch {
        let (aspectFrame, uniformFrame) = frames
        let bestSample = bestCandidate / fitsPerSample
        let distance = (max(0, best) / weightSum).squareRoot()
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
        // Measured as matched: turning changes neither ink, closure nor
        // winding. Drawn as matched, axes scaled, the certificate's path and
        // sorted radii, when it measured them, are these: the same
        // arithmetic on the same points.
        let measured = invariant ? nil : certificatePath
        // So are the nearest distances' measures, when it measured this
        // candidate from every pair (see `measureForCertificate`; it runs
        // only with the distances measured as shipped, see `deciding`).
        let nearest = measured != nil && certificateStage[bestCandidate] == 2
            ? (farthest: certificateNearest[2 * bestCandidate], percentile: certificateNearest[2 * bestCandidate + 1]) : nil
        let path = measured ?? StrokeShapeCheck.pathMeasures(x: drawnX, y: drawnY, stroke: resampledStroke, count: n,
                                                             windingEndTrim: parameters.windingEndTrim,
                                                             windingCornerSteps: parameters.windingCornerSteps)
        // With `distanceToAllSamples`, the distances are to all of the
        // template's samples (stored one after another).
        let allSamples = parameters.distanceToAllSamples && !sampleIsRotationInvariant[bestSample]
        let nearestFrom = allSamples ? bestSample - sampleIndexInTemplate[bestSample] : bestSample
        let measures = StrokeShapeCheck.deviation(
            path: path, inkRange: templateInkRange[templateIndex], closureRange: templateClosureRange[templateIndex],
            windingRange: templateWindingRange[templateIndex],
            x: drawnX, y: drawnY, sampleX: sampleX + nearestFrom * n, sampleY: sampleY + nearestFrom * n,
            sampleRadii: sampleRadii + bestSample * n, count: n, scratch: shapeScratch,
            percentile: parameters.distancePercentile,
            nearestAmong: allSamples ? templates[templateIndex].samples.count * n : 0,
            sortedRadii: measured == nil ? nil : drawingRadii, nearest: nearest)
        // In units of how far drawings of this shape stray (StrokeTemplate.deviationScale).
        let deviation = measures.total / templates[templateIndex].deviationScale
        // The next nearest template, for the margin (see
        // `StrokeMatchingParameters.marginSearchDeviation`): searched after
        // the match, which is therefore the one found without it.
        var runnerUp = (distance: Double.infinity, template: -1)
        if let given {
            if given.template >= 0 { runnerUp = ((max(given.sum, best) / weightSum).squareRoot(), given.template) }
        } else if parameters.reportsRunnerUp {
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
            let found = nearestOther(than: templateIndex, best: best, below: reach * reach * weightSum, candidateCount: candidateCount,
                                     rejecting: (distance, deviation, marginDeviation * largestMarginFactor[templateIndex]))
            runnerUp = found.template >= 0 ? found : (reach, -1)
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

    /// The weighted distance of `candidate` from the drawing, or a value at
    /// least `limit` once it cannot be below it: matched at its first
    /// rotation or aligned angle and, when it comes within the refinement's
    /// slack of `limit`, refined there (rotation invariant), or matched as
    /// drawn, axes scaled.
    @inline(__always)
    private func candidateDistance(_ candidate: Int, below limit: Double) -> Double {
        let sample = candidate / fitsPerSample
        guard sampleIsRotationInvariant[sample] else {
            return match(x: aspectX, y: aspectY, sample: sample, below: limit,
                         bounds: candidateBounds + candidate * startSlots)
        }
        // At its first rotation (turned already), or at its aligned angle.
        let turn = candidateRotation[candidate]
        var x = turnedX + max(0, turn) * n, y = turnedY + max(0, turn) * n
        if turn < 0 {
            rotate(uniformX, uniformY, cos: searchCos[candidate], sin: searchSin[candidate])
            (x, y) = (rotatedX, rotatedY)
        }
        let slackLimit = limit * refineSlack
        let distance = match(x: x, y: y, sample: sample, below: slackLimit, turning: true,
                             bounds: candidateBounds + candidate * startSlots)
        return distance < slackLimit ? refinePairing(candidate: candidate, distance: distance) : distance
    }

    /// The nearest template other than `excluded`, searched as the match is
    /// (candidates in the order of their bounds, each bounded and abandoned
    /// against the nearest so far) among those below `limit` (a weighted
    /// sum): its distance, in the units of ``StrokeMatch/distance``, and
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
            guard orderKey[candidate] < nearest else { break }
            let owner = sampleTemplate[candidate / fitsPerSample]
            guard owner != excluded else { continue }
            let distance = candidateDistance(candidate, below: nearest)
            if distance < nearest {
                nearest = distance
                template = owner
                if let decision {
                    // StrokeMatch.margin and isConfident's test, on this runner-up.
                    let runnerUp = (max(nearest, best) / weightSum).squareRoot()
                    let margin = decision.distance > 0 ? max(1, runnerUp / decision.distance) : .infinity
                    if decision.deviation / margin > decision.threshold { break }
                }
            }
        }
        guard template >= 0 else { return (.infinity, -1) }
        return ((max(nearest, best) / weightSum).squareRoot(), template)
    }

    // MARK: Certain rejection

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
    /// best so far, as the nearest at distance d (at least its bound's),
    /// would be rejected:
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
    /// the classifier looked), so it is rejected as well; it is checked.
    private func certainRejection(ink: StrokeInk, best: Double, bestCandidate: Int, position: Int, candidateCount: Int,
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
            measureForCertificate(bestCandidate, exactly: false)
            guard certificateDeviation[bestCandidate] > ownThreshold else {
                settled = bestCandidate
                return nil
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
        var unproven = (-1, -1)
        // Its own template's candidates left that hold the limit below the
        // best's own (at most two, then `ownBelow` is false).
        var own = (-1, -1), ownBelow = true
        for index in (position + 1)..<candidateCount {
            let candidate = order[index]
            guard orderKey[candidate] < best, certificateNoneBelow[candidate] < best else { continue }
            measureForCertificate(candidate, exactly: false)
            var limit = rejectionLimit(candidate, best: best, zero: zero, minimumScore: minimumScore, threshold: threshold)
            if limit <= best {
                measureForCertificate(candidate, exactly: true)
                limit = rejectionLimit(candidate, best: best, zero: zero, minimumScore: minimumScore, threshold: threshold)
            }
            if limit <= best {
                // Its bounds say too little: at most two such are matched
                // below. (Session 16, callgrind on the 96 scribbles at the
                // defaults: three or four leave fewer checks failing for a
                // third, 35 of 171 at two, but cost more, 473 K and 475 K
                // instructions a scribble against 472 K, drawings +1 K and
                // +3 K: matchings spent on checks that fail for another
                // reason.)
                guard unproven.1 < 0 else { return nil }
                if unproven.0 < 0 {
                    unproven.0 = candidate
                } else if orderKey[candidate] < orderKey[unproven.0] {
                    // Least key first: the search's own next, when it is
                    // one, so the matching kept for it (`certificateMatch`)
                    // is taken more often (session 16: about −5 K
                    // instructions a scribble).
                    unproven = (candidate, unproven.0)
                } else {
                    unproven.1 = candidate
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
        // Whether their matchings can beat the best; one that can is matched
        // in turn, and no stop is proven for this best (its matching is
        // kept for the search, `certificateMatch`).
        guard noneBeats(best, unproven) else {
            settled = bestCandidate
            return nil
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
        // At the raised threshold, with the witness's own factor (at most
        // the largest): rejected there, it is rejected with any runner-up.
        guard !match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: ownThreshold) else {
            settled = bestCandidate
            return nil
        }
        if witness.byRun { certificateStops.byRun += 1 }
        if witness.searched { certificateStops.byRunSearched += 1 }
        if ownMatched { certificateStops.afterOwnMatched += 1 }
        return match
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
            let run = cloudDistance(from: sampleX + sample * n, sampleY + sample * n, to: aspectX, aspectY, start: 0,
                                    below: limit, turning: false, forward: false, bounded: false)
            if run.sum < limit { return (run.sum, sampleTemplate[sample], true, false) }
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
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let bounds = candidateBounds + candidate * startSlots
        var unsure = false
        var slot = 0, start = 0
        while start < n {
            if start > 0 || !tried {
                let backward = cloudDistance(from: sx, sy, to: aspectX, aspectY, start: start, below: limit, turning: false,
                                             forward: false, bounded: false)
                if backward.sum < limit { return backward.sum }
            }
            let forward = cloudDistance(from: aspectX, aspectY, to: sx, sy, start: start, below: limit, turning: false,
                                        forward: true, bounded: false)
            if forward.sum < limit {
                if bounds[slot] <= forward.sum { return forward.sum }
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
    private func beginCertificate() {
        certificatePath = nil
        for index in 0..<n {
            let cell = Int(aspectCell[index])
            // The centre as `fillLookup` places it.
            let centerX = (Double(cell % grid) + 0.5) / cellsPerUnit - extent
            let centerY = (Double(cell / grid) + 0.5) / cellsPerUnit - extent
            let dx = centerX - aspectX[index], dy = centerY - aspectY[index]
            cellCenterX[index] = centerX
            cellCenterY[index] = centerY
            // A hair more, for the roundings of a difference of two roots.
            cellOffset[index] = (dx * dx + dy * dy).squareRoot() + 1e-12
        }
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
                                                           windingCornerSteps: parameters.windingCornerSteps)
            StrokeShapeCheck.sortedRadii(x: aspectX, y: aspectY, count: n, into: drawingRadii)
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
            let lookup = sampleLookup + sample * grid * grid
            for index in 0..<n {
                let target = Int(lookup[Int(aspectCell[index])])
                let tx = cellCenterX[index] - sx[target], ty = cellCenterY[index] - sy[target]
                let gap = max(0, (tx * tx + ty * ty).squareRoot() - cellOffset[index])
                sortedLeast[index] = gap * gap
            }
        }
        // Each drawn point's least distance, the largest weight on the least.
        StrokeShapeCheck.sort(sortedLeast, count: n)
        least = Self.rearrangedSum(sortedLeast, count: n, weights: n)
        // The farthest point and percentile of those distances, as `deviation` takes them.
        farthest = sortedLeast[n - 1].squareRoot()
        let position = 0.9 * Double(n - 1)
        let below = Int(position), fraction = position - Double(below)
        let low = sortedLeast[below].squareRoot(), high = sortedLeast[min(n - 1, below + 1)].squareRoot()
        percentile = low + fraction * (high - low)
        if exactly {
            // Each drawn point's least squared distance is `deviation`'s
            // (the same differences, products and sum; a least is the least
            // whatever the order), and a root keeps order: its farthest and
            // percentile, the same arithmetic on the same values.
            certificateNearest[2 * candidate] = farthest
            certificateNearest[2 * candidate + 1] = percentile
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
        var sum = 0.0
        for index in 0..<count { sum += Double(weights - index) * values[index] }
        return sum
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
        // A new cloud: the least distances held are no longer its own.
        leastDistancesSample = -1
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

    private func rotate(_ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, cos c: Double, sin s: Double) {
        for index in 0..<n {
            let px = x[index], py = y[index]
            rotatedX[index] = px * c - py * s
            rotatedY[index] = px * s + py * c
        }
    }

    // MARK: Matching

    /// Each point's cell of the lookup grids (`row · grid + column`), the
    /// border cells taking the points beyond them; without branches.
    private func fillCells(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                           into cells: UnsafeMutablePointer<Int32>) {
        let limit = Double(grid) - 0.5
        for index in 0..<n {
            let column = Int(min(max((x[index] + extent) * cellsPerUnit, 0), limit))
            let row = Int(min(max((y[index] + extent) * cellsPerUnit, 0), limit))
            cells[index] = Int32(truncatingIfNeeded: row * grid + column)
        }
    }

    /// The drawing's uniform cloud turned by each first rotation, and its
    /// points' cells, into `turnedX`/`turnedY`/`turnedCell`.
    private func fillTurned() {
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
    private func fillLowerBounds(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                                 cells known: UnsafeMutablePointer<Int32>? = nil, sample: Int) -> Double {
        let cells: UnsafeMutablePointer<Int32>
        if let known {
            cells = known
        } else {
            fillCells(x: x, y: y, into: drawingCell)
            cells = drawingCell
        }
        let lookup = sampleLookup + sample * grid * grid
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        var total = 0.0
        var first = 0.0
        // The weight counted down rather than converted at each point: the
        // same values (whole numbers), an instruction or two less a point.
        // (Session 16: two points a step in SIMD lanes cost a fifth more
        // here, the compiler packing the sums instead.)
        var weight = Double(n)
        for index in 0..<n {
            let target = Int(lookup[Int(cells[index])])
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

    /// The least weighted distance between the cloud `x`/`y` and `sample`
    /// found from $P's starting points in both directions, or a value at
    /// least `limit` once none can be below it. With `turning`, the best
    /// run's pairs also give `bestTurn` (see `cloudDistance`). `known`: the
    /// cloud's lower bounds against `sample`, already filled.
    private func match(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int, below limit: Double,
                       turning: Bool = false, bounds known: UnsafeMutablePointer<Double>? = nil) -> Double {
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

    /// The turn (cosine, sine) that brings the drawing closest to the
    /// sample with the points paired as `match` last paired them best
    /// (`bestTurn`, summed by `cloudDistance` on that run), the pairs
    /// weighed as in the matching: Protractor's closed form on $P's
    /// pairing, δ = atan2(Σ w·p×q, Σ w·p·q).
    private func pairingTurn() -> (cos: Double, sin: Double) {
        let (dot, cross) = bestTurn
        let length = (dot * dot + cross * cross).squareRoot()
        guard length > 0, length.isFinite else { return (1, 0) }
        return (dot / length, cross / length)
    }

    /// Refines rotation-invariant `sample`'s fitted angle after a matching
    /// of `distance` at it: Protractor's closed-form turn on the matching's
    /// pairs, matched again, while it lowers the distance (at most
    /// ``StrokeMatchingParameters/rotationFitSteps`` turns), then a probe
    /// either side. The greedy pairing changes with the angle, so each turn
    /// is checked: by the matching's best run alone, from its start and in
    /// its direction, while the angle is searched
    /// (``StrokeMatchingParameters/rotationRefinesBestRun``), and by a
    /// whole matching at the angle found.
    private func refinePairing(candidate: Int, distance found: Double) -> Double {
        let sample = candidate / fitsPerSample
        var distance = found
        var c = searchCos[candidate], s = searchSin[candidate]
        for pass in 1...max(1, refinementPasses) {
            var probeC = probeCos, probeS = probeSin
            var turned = false
            for _ in 0..<max(1, probeRounds) {
                for _ in 0..<fitSteps {
                    let turn = pairingTurn()
                    guard abs(turn.sin) > fitPrecision || turn.cos < 0 else { break }
                    let (nc, ns) = (c * turn.cos - s * turn.sin, c * turn.sin + s * turn.cos)
                    rotate(uniformX, uniformY, cos: nc, sin: ns)
                    let runTurn = bestTurn
                    let next = refinementDistance(sample: sample, below: distance)
                    guard next < distance else {
                        // The kept angle's pairing.
                        bestTurn = runTurn
                        break
                    }
                    distance = next
                    (c, s) = (nc, ns)
                    turned = true
                }
                // The greedy pairing jumps as the angle changes, where the
                // closed form assumes it holds: a turn either side may still
                // lower the distance. Found, the closed form goes on from there;
                // not found, the turn is halved.
                guard probeS != 0 else { break }
                var side = 1.0
                var moved = false
                for _ in 0..<2 {
                    let (nc, ns) = (c * probeC - s * side * probeS, c * side * probeS + s * probeC)
                    rotate(uniformX, uniformY, cos: nc, sin: ns)
                    let next = refinementDistance(sample: sample, below: distance)
                    if next < distance {
                        distance = next
                        (c, s) = (nc, ns)
                        moved = true
                        turned = true
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
            guard refinesBestRun, turned else { break }
            // The angle was found on one run: the whole matching there (its
            // other runs may do better; none does worse than that one). When
            // another run does, the angle is refined again on that one.
            rotate(uniformX, uniformY, cos: c, sin: s)
            let whole = match(x: rotatedX, y: rotatedY, sample: sample, below: distance, turning: pass < refinementPasses)
            guard whole < distance else { break }
            distance = whole
        }
        let length = (c * c + s * s).squareRoot()
        searchCos[candidate] = c / length
        searchSin[candidate] = s / length
        return distance
    }

    /// The distance of the drawing, turned into `rotatedX`/`rotatedY`, from
    /// rotation-invariant `sample` while its angle is refined: the best
    /// run's alone (`bestRun`), or a whole matching; `bestTurn` follows it
    /// when it is below `limit`.
    private func refinementDistance(sample: Int, below limit: Double) -> Double {
        guard refinesBestRun else {
            return match(x: rotatedX, y: rotatedY, sample: sample, below: limit, turning: true)
        }
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let run = bestRun.forward
            ? cloudDistance(from: rotatedX, rotatedY, to: sx, sy, start: bestRun.start, below: limit, turning: true, forward: true,
                            bounded: false)
            : cloudDistance(from: sx, sy, to: rotatedX, rotatedY, start: bestRun.start, below: limit, turning: true, forward: false,
                            bounded: false)
        if run.sum < limit { bestTurn = (run.dot, run.cross) }
        return run.sum
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
    private func fillLeastDistances(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) {
        // The drawing as drawn, axes scaled, against the sample these hold
        // already (`leastDistancesSample`): nothing to make. A rejection's
        // certificate measures a candidate from every pair and then often
        // matches it, or matches the best and then measures it (session 16).
        if sample == leastDistancesSample, x == aspectX, y == aspectY { return }
        leastDistancesSample = x == aspectX && y == aspectY ? sample : -1
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let drawingLeast = leastDistances, sampleLeast = leastDistances + paddedCount
        for other in 0..<paddedCount { sampleLeast[other] = .infinity }
        let pairs = n & ~1
        // Two drawn points a pass (the last of an odd count with itself),
        // against two of the sample's a step: each sample point and its
        // column's least are loaded and stored once for both (session 16:
        // a third fewer instructions than one drawn point a pass). The same
        // values: a column's least is taken over the same distances, the
        // rows' in another order, which gives the same least (none is −0,
        // and no order takes a NaN).
        var index = 0
        while index < n {
            let second = min(index + 1, n - 1)
            let x0 = SIMD2<Double>(repeating: x[index]), y0 = SIMD2<Double>(repeating: y[index])
            let x1 = SIMD2<Double>(repeating: x[second]), y1 = SIMD2<Double>(repeating: y[second])
            let row0 = pairDistances + index * distanceStride, row1 = pairDistances + second * distanceStride
            var least0 = SIMD2<Double>(repeating: .infinity), least1 = least0
            var other = 0
            while other < pairs {
                let ox = UnsafeRawPointer(sx + other).loadUnaligned(as: SIMD2<Double>.self)
                let oy = UnsafeRawPointer(sy + other).loadUnaligned(as: SIMD2<Double>.self)
                let dx0 = x0 - ox, dy0 = y0 - oy, dx1 = x1 - ox, dy1 = y1 - oy
                let distance0 = dx0 * dx0 + dy0 * dy0, distance1 = dx1 * dx1 + dy1 * dy1
                UnsafeMutableRawPointer(row0 + other).storeBytes(of: distance0, as: SIMD2<Double>.self)
                UnsafeMutableRawPointer(row1 + other).storeBytes(of: distance1, as: SIMD2<Double>.self)
                least0 = StrokeShapeCheck.lesser(distance0, least0)
                least1 = StrokeShapeCheck.lesser(distance1, least1)
                let column = UnsafeMutableRawPointer(sampleLeast + other)
                let columnLeast = StrokeShapeCheck.lesser(distance1, StrokeShapeCheck.lesser(distance0, column.load(as: SIMD2<Double>.self)))
                column.storeBytes(of: columnLeast, as: SIMD2<Double>.self)
                other &+= 2
            }
            var rowLeast0 = least0[1] < least0[0] ? least0[1] : least0[0]
            var rowLeast1 = least1[1] < least1[0] ? least1[1] : least1[0]
            if pairs < n {
                let dx0 = x[index] - sx[pairs], dy0 = y[index] - sy[pairs]
                let distance0 = dx0 * dx0 + dy0 * dy0
                if distance0 < rowLeast0 { rowLeast0 = distance0 }
                if distance0 < sampleLeast[pairs] { sampleLeast[pairs] = distance0 }
                pairDistances[index * distanceStride + pairs] = distance0
                let dx1 = x[second] - sx[pairs], dy1 = y[second] - sy[pairs]
                let distance1 = dx1 * dx1 + dy1 * dy1
                pairDistances[second * distanceStride + pairs] = distance1
                if distance1 < rowLeast1 { rowLeast1 = distance1 }
                if distance1 < sampleLeast[pairs] { sampleLeast[pairs] = distance1 }
            }
            drawingLeast[index] = rowLeast0
            drawingLeast[second] = rowLeast1
            index += 2
        }
        // The points twice round, in two halves (the second reading the
        // first's distances again), the weight counted along: the same
        // sums in the same order as one loop choosing its index and
        // converting its place, with fewer instructions.
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

    /// $P's greedy matching from point `start` of cloud a: each point in
    /// turn takes the nearest point of b not yet taken, with weight n, n−1, …
    /// 1; stops once the sum reaches `limit` ($Q's early abandoning). With
    /// `turning`, also sums Σ w·p·q and Σ w·p×q over the pairs, p the
    /// drawing's point and q the sample's (`forward`: a is the drawing),
    /// for `pairingTurn`: the run's own pairs, so the turn costs no second
    /// pass over them.
    ///
    /// `bounded` (session 13): the clouds are the ones `fillLeastDistances`
    /// measured, and the run also stops once its sum plus a lower bound of
    /// the rest reaches `limit`: each point left weighed by its weight and
    /// its least distance to b, free or taken (every point of a run takes
    /// some point of b, at that distance or more). The bound's sums are
    /// made in another order than the run's, so it is compared with
    /// `limit` raised by a relative 10⁻⁹ (the rounding of 2n sums of
    /// non-negative terms is below 10⁻¹³ of them), and a run it stops would
    /// have ended at `limit` or above: every run below `limit` is made
    /// whole, with the same pairs and sums, so every match, runner-up and
    /// turn is the same, bit for bit. It stops about a third of a
    /// scribble's greedy steps, and a run it cannot let beat `limit` is
    /// not begun (backward runs have no $Q bound).
    @inline(__always)
    private func cloudDistance(from ax: UnsafeMutablePointer<Double>, _ ay: UnsafeMutablePointer<Double>,
                               to bx: UnsafeMutablePointer<Double>, _ by: UnsafeMutablePointer<Double>,
                               start: Int, below limit: Double,
                               turning: Bool, forward: Bool, bounded: Bool) -> (sum: Double, dot: Double, cross: Double) {
        // The bound from a place on: the points at places place ..< start + n
        // (the points twice round), the one at place p weighed start + n − p.
        let sums = leastSums + (forward ? 0 : 2 * n + 1), placed = placedLeastSums + (forward ? 0 : 2 * n + 1)
        let end = start + n
        let endSum = sums[end], endPlaced = placed[end], endWeight = Double(end)
        @inline(__always) func bound(from place: Int) -> Double {
            endWeight * (endSum - sums[place]) - (endPlaced - placed[place])
        }
        let reach = limit * (1 + 1e-9)
        if bounded {
            let whole = bound(from: start)
            if whole >= reach { return (whole, 0, 0) }
            return madeRun(from: ax, ay, to: bx, by, start: start, below: limit, reach: reach, turning: turning, forward: forward)
        }
        // The other cloud's points, packed: a run takes them out as it pairs them.
        let freeX = remainingX, freeY = remainingY
        freeX.update(from: bx, count: n)
        freeY.update(from: by, count: n)
        for slot in n..<paddedCount {
            freeX[slot] = .infinity
            freeY[slot] = .infinity
        }
        var count = n
        var sum = 0.0, dot = 0.0, cross = 0.0
        var weight = Double(n)
        var index = start
        var place = start
        repeat {
            if bounded {
                let least = sum + bound(from: place)
                if least >= reach { return (least, 0, 0) }
            }
            let px = ax[index], py = ay[index]
            let nearest = takeNearest(to: px, py, count: &count)
            sum += weight * nearest.distance
            if sum >= limit { return (sum, 0, 0) }
            if turning {
                let qx = nearest.x, qy = nearest.y
                if forward {
                    dot += weight * (px * qx + py * qy)
                    cross += weight * (px * qy - py * qx)
                } else {
                    dot += weight * (qx * px + qy * py)
                    cross += weight * (qx * py - qy * px)
                }
            }
            weight -= 1
            place += 1
            index = index + 1 == n ? 0 : index + 1
        } while index != start
        return (sum, dot, cross)
    }

    /// `cloudDistance`'s run, bounded, with the distances `fillLeastDistances`
    /// made for these two clouds read from `pairDistances` rather than made
    /// again at each step (session 16: a greedy step read ~30 instructions a
    /// block of four free points making their distances, ~15 reading them;
    /// the runs were about two fifths of a scribble's instructions). The
    /// same run, bit for bit: each distance there is the same differences,
    /// products and sum that `takeNearest` makes (a difference the other way
    /// round, a backward run's, is its exact negative), and the free points
    /// are packed, taken out and looked through in the same order, the
    /// padding slots reading +∞ as theirs do; so every step takes the same
    /// point at the same distance. `forward`: a run of drawn point i reads
    /// row i, a backward one of the sample's point j column j.
    @inline(__always)
    private func madeRun(from ax: UnsafeMutablePointer<Double>, _ ay: UnsafeMutablePointer<Double>,
                         to bx: UnsafeMutablePointer<Double>, _ by: UnsafeMutablePointer<Double>,
                         start: Int, below limit: Double, reach: Double,
                         turning: Bool, forward: Bool) -> (sum: Double, dot: Double, cross: Double) {
        let sums = leastSums + (forward ? 0 : 2 * n + 1), placed = placedLeastSums + (forward ? 0 : 2 * n + 1)
        let end = start + n
        let endSum = sums[end], endPlaced = placed[end], endWeight = Double(end)
        @inline(__always) func bound(from place: Int) -> Double {
            endWeight * (endSum - sums[place]) - (endPlaced - placed[place])
        }
        let across = forward ? 1 : distanceStride, along = forward ? distanceStride : 1
        for slot in 0..<n {
            freeOffset[slot] = slot * across
            freeIndex[slot] = slot
        }
        // Row or column n: +∞.
        let padding = n * across
        for slot in n..<paddedCount { freeOffset[slot] = padding }
        var count = n
        var sum = 0.0, dot = 0.0, cross = 0.0
        var weight = Double(n)
        var index = start
        var place = start
        repeat {
            let least = sum + bound(from: place)
            if least >= reach { return (least, 0, 0) }
            let taken = takeNearestMade(in: pairDistances + index * along, count: &count, padding: padding)
            sum += weight * taken.distance
            if sum >= limit { return (sum, 0, 0) }
            if turning {
                let px = ax[index], py = ay[index]
                let qx = bx[taken.index], qy = by[taken.index]
                if forward {
                    dot += weight * (px * qx + py * qy)
                    cross += weight * (px * qy - py * qx)
                } else {
                    dot += weight * (qx * px + qy * py)
                    cross += weight * (qx * py - qy * px)
                }
            }
            weight -= 1
            place += 1
            index = index + 1 == n ? 0 : index + 1
        } while index != start
        return (sum, dot, cross)
    }

    /// `takeNearest` on distances made already: the free point (packed in
    /// `freeOffset`/`freeIndex`, the first `count`) whose distance in `line`
    /// (a row or column of `pairDistances`) is least, the first of equals in
    /// slot order, or slot 0 when none is below +∞; its index and distance.
    /// It is taken out as `takeNearest` takes one, the padding offset
    /// moving into the last slot.
    @inline(__always)
    private func takeNearestMade(in line: UnsafeMutablePointer<Double>, count: inout Int, padding: Int)
        -> (index: Int, distance: Double) {
        let offsets = freeOffset
        var leastA = SIMD2<Double>(repeating: .infinity), leastB = leastA
        var base = 0
        // The distances are not stored slot by slot, as `takeNearest`'s
        // are: the slot's lookup below reads them again from `line`.
        while base < count {
            let distanceA = SIMD2<Double>(line[offsets[base]], line[offsets[base + 1]])
            let distanceB = SIMD2<Double>(line[offsets[base + 2]], line[offsets[base + 3]])
            leastA = Self.choose(distanceA, where: unsafeBitCast(distanceA .< leastA, to: SIMD2<Int64>.self), else: leastA)
            leastB = Self.choose(distanceB, where: unsafeBitCast(distanceB .< leastB, to: SIMD2<Int64>.self), else: leastB)
            base &+= 4
        }
        let least = Self.choose(leastB, where: unsafeBitCast(leastB .< leastA, to: SIMD2<Int64>.self), else: leastA)
        let nearestDistance = least[1] < least[0] ? least[1] : least[0]
        var nearestSlot = 0
        if nearestDistance < .infinity {
            nearestSlot = Int.max
            @inline(__always) func firstSlot(lane: Int, least: Double) {
                guard least == nearestDistance else { return }
                var slot = lane
                while line[offsets[slot]] != nearestDistance { slot &+= 4 }
                if slot < nearestSlot { nearestSlot = slot }
            }
            firstSlot(lane: 0, least: leastA[0])
            firstSlot(lane: 1, least: leastA[1])
            firstSlot(lane: 2, least: leastB[0])
            firstSlot(lane: 3, least: leastB[1])
        }
        let index = freeIndex[nearestSlot]
        count -= 1
        offsets[nearestSlot] = offsets[count]
        freeIndex[nearestSlot] = freeIndex[count]
        offsets[count] = padding
        return (index, nearestDistance)
    }

    /// The point nearest to (`px`, `py`) among the first `count` packed in
    /// `remainingX`/`remainingY` (the other cloud's points not yet paired in
    /// this run), and its squared distance; takes it out of them, the last
    /// one moving into its place and +∞ into the last's. $P's greedy step.
    /// (The points are packed rather than named by index so the search
    /// reads them in a row: about a fifth fewer instructions, and the same
    /// pairs, since the points are taken out in the same order as by index.)
    ///
    /// The search takes four slots at a time, in two pairs of lanes
    /// (session 12): it keeps each lane's least distance (a strict `<`, as
    /// the one-at-a-time search had) and stores every distance, then takes
    /// the first slot whose stored distance is the least of the lanes',
    /// looking in each lane that has it: the first of equals in slot order,
    /// the one-at-a-time answer bit for bit
    /// (each distance is the same two products and one sum, stored, never
    /// recomputed). The padding's +∞ is never below a lane's least, so it
    /// is never taken; nor is a NaN distance; when no distance is below
    /// +∞, slot 0 is taken, as before. (Keeping each lane's slot in the loop
    /// instead cost a third more; lanes are chosen by bit masks, since
    /// `replace(with:where:)` went lane by lane.)
    @inline(__always)
    private func takeNearest(to px: Double, _ py: Double, count: inout Int) -> (x: Double, y: Double, distance: Double) {
        let freeX = remainingX, freeY = remainingY, distances = slotDistances
        let pointX = SIMD2<Double>(repeating: px), pointY = SIMD2<Double>(repeating: py)
        var leastA = SIMD2<Double>(repeating: .infinity), leastB = leastA
        var base = 0
        while base < count {
            let dxA = pointX - UnsafeRawPointer(freeX + base).loadUnaligned(as: SIMD2<Double>.self)
            let dyA = pointY - UnsafeRawPointer(freeY + base).loadUnaligned(as: SIMD2<Double>.self)
            let dxB = pointX - UnsafeRawPointer(freeX + base + 2).loadUnaligned(as: SIMD2<Double>.self)
            let dyB = pointY - UnsafeRawPointer(freeY + base + 2).loadUnaligned(as: SIMD2<Double>.self)
            let distanceA = dxA * dxA + dyA * dyA, distanceB = dxB * dxB + dyB * dyB
            UnsafeMutableRawPointer(distances + base).storeBytes(of: distanceA, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(distances + base + 2).storeBytes(of: distanceB, as: SIMD2<Double>.self)
            leastA = Self.choose(distanceA, where: unsafeBitCast(distanceA .< leastA, to: SIMD2<Int64>.self), else: leastA)
            leastB = Self.choose(distanceB, where: unsafeBitCast(distanceB .< leastB, to: SIMD2<Int64>.self), else: leastB)
            base &+= 4
        }
        let least = Self.choose(leastB, where: unsafeBitCast(leastB .< leastA, to: SIMD2<Int64>.self), else: leastA)
        let nearestDistance = least[1] < least[0] ? least[1] : least[0]
        var nearestSlot = 0
        if nearestDistance < .infinity {
            // The first slot at the least, looked for only in the lanes
            // (slot mod 4) whose least it is: usually one.
            nearestSlot = Int.max
            @inline(__always) func firstSlot(lane: Int, least: Double) {
                guard least == nearestDistance else { return }
                var slot = lane
                while distances[slot] != nearestDistance { slot &+= 4 }
                if slot < nearestSlot { nearestSlot = slot }
            }
            firstSlot(lane: 0, least: leastA[0])
            firstSlot(lane: 1, least: leastA[1])
            firstSlot(lane: 2, least: leastB[0])
            firstSlot(lane: 3, least: leastB[1])
        }
        let x = freeX[nearestSlot], y = freeY[nearestSlot]
        count -= 1
        freeX[nearestSlot] = freeX[count]
        freeY[nearestSlot] = freeY[count]
        freeX[count] = .infinity
        freeY[count] = .infinity
        return (x, y, nearestDistance)
    }

    /// `value`'s lanes where `mask`'s are all ones, `other`'s elsewhere.
    @inline(__always)
    private static func choose(_ value: SIMD2<Double>, where mask: SIMD2<Int64>, else other: SIMD2<Double>) -> SIMD2<Double> {
        let chosen = (unsafeBitCast(value, to: SIMD2<Int64>.self) & mask) | (unsafeBitCast(other, to: SIMD2<Int64>.self) & ~mask)
        return unsafeBitCast(chosen, to: SIMD2<Double>.self)
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

    /// The drawing's uniform cloud turned by (`c`, `s`) against `sample`,
    /// through the sample's lookup grid: the sum of squared distances from
    /// every `stride`th turned point to the sample point its cell names (a
    /// one-sided nearest-point distance: no pairing, so stroke order and
    /// direction do not enter).
    private func nearestFit(sample: Int, rotation: Int, stride: Int) -> Double {
        let lookup = sampleLookup + sample * grid * grid
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let x = turnedX + rotation * n, y = turnedY + rotation * n, cells = turnedCell + rotation * n
        var sum = 0.0
        var index = 0
        while index < n {
            let target = Int(lookup[Int(cells[index])])
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
    private func fitRotation(sample: Int) -> Int {
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
