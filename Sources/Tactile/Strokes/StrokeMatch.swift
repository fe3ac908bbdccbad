/// How a drawing matched its nearest template: which one, how well, and
/// where and how the drawing lies relative to it.
///
/// A match is the nearest template, however far: whether it is near enough
/// to count is the caller's decision (``StrokeGestureRecognizer/minimumScore``).
///
/// ## See Also
/// - ``StrokeClassifier/classify(_:)``
/// - ``StrokeClassifier/classify(_:marginSearchDeviation:)``
public struct StrokeMatch: Hashable, Sendable {
    /// The template's name.
    public var name: String
    /// The template's index in ``StrokeClassifier/templates``.
    public var templateIndex: Int
    /// Which of the template's samples matched best.
    public var sampleIndex: Int
    /// How well the drawing matches, from 0 (at or beyond
    /// ``StrokeMatchingParameters/zeroScoreDistance``) to 1 (the same shape).
    public var score: Double
    /// The root mean square distance between paired points, in the
    /// normalised units of a drawing (its points' standard deviation along
    /// an axis): 0 for the same shape. Each point of either cloud is paired
    /// with the nearest of the other, and each point of the other that none
    /// chose with its own nearest, in both directions; the squared distances
    /// added are divided by twice the point count. The score is made from it.
    public var distance: Double
    /// How far the drawing's path strays from the template's in what the
    /// point clouds do not see (its length, whether it closes, how far it winds, how its
    /// points spread from the centre, its farthest points from the
    /// template's): a sum of measures, each in units of how far real
    /// drawings stray, divided by the template's
    /// ``StrokeTemplate/deviationScale``, so 0 to about 3 for a drawing of
    /// the shape and more for a scribble that merely lies near it. See
    /// ``isConfident(minimumScore:maximumShapeDeviation:)``.
    public var shapeDeviation: Double
    /// The measures ``shapeDeviation`` adds up, for the evaluation harness.
    @_spi(StrokeTuning) public var shapeMeasures: StrokeShapeMeasures
    /// The smallest rectangle holding the drawing's points, in its coordinates.
    public var bounds: Rect
    /// The centre of the drawing's ink: the mean of its points spread evenly
    /// along its strokes.
    public var centroid: Point
    /// How far the drawing is turned from the template, in radians within
    /// (−π, π], positive from +x towards +y (clockwise on a screen whose y
    /// grows downwards). 0 for a template that is not rotation invariant:
    /// its orientation is part of its shape, and any tilt is within what
    /// matched it.
    public var angle: Double
    /// How large the drawing is relative to the template's sample, as the
    /// ratio of their spreads (root mean square distance of their points
    /// from their centroids).
    public var scale: Double
    /// The distance (in the units of ``distance``) of the nearest template
    /// other than this one, as far as the classifier looked for it
    /// (``StrokeMatchingParameters/marginSearchDeviation``): when the search
    /// met another template near enough to reject the drawing it stopped
    /// there, so this is that template's distance, at least the nearest's
    /// (exact when no other candidate was left to try); the search's reach
    /// when no template within it rejects the drawing, even the nearest at
    /// its close factor (its template index then −1); infinite when
    /// it did not look or there is no other template. Exact however far
    /// with ``StrokeMatchingParameters/reportsRunnerUp``.
    @_spi(StrokeTuning) public var runnerUpDistance: Double = .infinity
    /// The runner-up's index in ``StrokeClassifier/templates``, or −1.
    @_spi(StrokeTuning) public var runnerUpTemplateIndex: Int = -1
    /// How much more the margin counts against that runner-up: the
    /// template's ``StrokeTemplate/closeTemplates`` factor for it, 1 when it
    /// names none (or there is no runner-up).
    @_spi(StrokeTuning) public var runnerUpFactor: Double = 1

    /// How much nearer the drawing is to this template than to any other:
    /// the next nearest template's distance divided by ``distance``, at
    /// least 1. A scribble tends to lie about as far from several templates
    /// (a margin near 1); a drawing of a shape, clearly nearer one (on the
    /// evaluation's tuning writers, half of the correct matches have a
    /// margin above 2, and half of the scribbles below 1.08). Against a
    /// template close in shape (``StrokeTemplate/closeTemplates``), that
    /// ratio is multiplied by the pair's factor (session 16): a faithful
    /// drawing of either of two close shapes lies only a little nearer its
    /// own.
    ///
    /// The classifier measures it only as far as it decides
    /// ``isConfident(minimumScore:maximumShapeDeviation:)`` at
    /// ``StrokeMatchingParameters/marginSearchDeviation`` *t*, and only for a
    /// drawing whose ``shapeDeviation`` *d* is above *t*:
    ///
    /// - when another template lies near enough to reject the drawing
    ///   (*d* ÷ its margin above *t*), the search stops at the first such
    ///   one it meets: the margin is an *upper bound* of the exact one,
    ///   and rejects as the exact one does;
    /// - when none does (none within the search's reach, or the nearest
    ///   there accepting at its close factor), the margin is a *lower
    ///   bound*, just above *d* ÷ *t*, the least that accepts: the exact one
    ///   is at least that;
    /// - within *t*, and when there is no other template, it is 1 (the
    ///   shape check stands alone); infinite for an exact match.
    ///
    /// So the decision at *t* is the exact margin's, while the value is
    /// exact only when the classifier is set to find the exact runner-up
    /// (as the evaluation harness does).
    public var margin: Double {
        guard runnerUpDistance.isFinite else { return 1 }
        guard distance > 0 else { return .infinity }
        return max(1, runnerUpDistance / distance) * runnerUpFactor
    }

    /// Whether the drawing counts as its template's shape: its score is at
    /// least `minimumScore` and its ``shapeDeviation`` divided by its
    /// ``margin`` at most `maximumShapeDeviation`. The rule
    /// ``StrokeGestureRecognizer`` decides with, and the evaluation
    /// measures: a drawing clearly nearer its template than any other may
    /// stray further in shape, and one about as near two templates must
    /// keep closer to the shape (session 10; up to session 9 the shape
    /// deviation alone was compared, with 3.67).
    public func isConfident(minimumScore: Double = GestureDefaults.strokeMinimumScore,
                            maximumShapeDeviation: Double = GestureDefaults.strokeMaximumShapeDeviation) -> Bool {
        score >= minimumScore && shapeDeviation / margin <= maximumShapeDeviation
    }
}

// MARK: Rollback

extension StrokeMatch {
    /// Writes an optional match, for a recognizer's
    /// ``GestureRecognizer/saveState(to:)``. The name is not written: it is
    /// the template's, found again by ``templateIndex`` on restore.
    public static func save(_ match: StrokeMatch?, to writer: inout RecognizerStateWriter) {
        writer.write(match != nil)
        guard let match else { return }
        writer.write(match.templateIndex)
        writer.write(match.sampleIndex)
        writer.write(match.score)
        writer.write(match.distance)
        writer.write(match.shapeDeviation)
        let measures = match.shapeMeasures
        writer.write(measures.ink)
        writer.write(measures.closure)
        writer.write(measures.winding)
        writer.write(measures.radial)
        writer.write(measures.farthest)
        writer.write(measures.percentile)
        writer.write(match.bounds.origin)
        writer.write(match.bounds.size.width)
        writer.write(match.bounds.size.height)
        writer.write(match.centroid)
        writer.write(match.angle)
        writer.write(match.scale)
        writer.write(match.runnerUpDistance)
        writer.write(match.runnerUpTemplateIndex)
    }

    /// Reads back a match ``save(_:to:)`` wrote, its name from
    /// `classifier`'s template; `nil` when none was written, or when the
    /// template index is not one of `classifier`'s (the classifier was
    /// replaced since: a setting the game re-applies).
    public static func restore(from reader: inout RecognizerStateReader, classifier: StrokeClassifier) -> StrokeMatch? {
        guard reader.readBool() else { return nil }
        let templateIndex = reader.readInt()
        let sampleIndex = reader.readInt()
        let score = reader.readDouble()
        let distance = reader.readDouble()
        let shapeDeviation = reader.readDouble()
        let measures = StrokeShapeMeasures(
            ink: reader.readDouble(), closure: reader.readDouble(), winding: reader.readDouble(),
            radial: reader.readDouble(), farthest: reader.readDouble(), percentile: reader.readDouble())
        let origin = reader.readPoint()
        let width = reader.readDouble()
        let height = reader.readDouble()
        let centroid = reader.readPoint()
        let angle = reader.readDouble()
        let scale = reader.readDouble()
        let runnerUpDistance = reader.readDouble()
        let runnerUpTemplateIndex = reader.readInt()
        guard classifier.templates.indices.contains(templateIndex) else { return nil }
        let runnerUp = classifier.templates.indices.contains(runnerUpTemplateIndex) ? runnerUpTemplateIndex : -1
        return StrokeMatch(
            name: classifier.templates[templateIndex].name, templateIndex: templateIndex, sampleIndex: sampleIndex,
            score: score, distance: distance, shapeDeviation: shapeDeviation, shapeMeasures: measures,
            bounds: Rect(origin: origin, size: Size(width: width, height: height)),
            centroid: centroid, angle: angle, scale: scale,
            runnerUpDistance: runnerUpDistance,
            runnerUpTemplateIndex: runnerUp,
            // Not written: the classifier's templates give it.
            runnerUpFactor: classifier.marginFactor(of: templateIndex, against: runnerUp))
    }
}
