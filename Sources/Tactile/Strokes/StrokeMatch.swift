/// How a drawing matched its nearest template: which one, how well, and
/// where and how the drawing lies relative to it.
///
/// A match is the nearest template, however far: whether it is near enough
/// to count is the caller's decision (``StrokeGestureRecognizer/minimumScore``).
///
/// ## See Also
/// - ``StrokeClassifier/classify(_:)``
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
    /// The root mean square distance between matched points, in the
    /// normalised units of a drawing (its points' standard deviation along
    /// an axis): 0 for the same shape. The score is made from it.
    public var distance: Double
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
}
