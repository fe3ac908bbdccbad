#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The constants of stroke matching, each with its value and where it comes
/// from: the $-family of recognizers (Wobbrock et al.'s $1, Anthony and
/// Wobbrock's $N, Vatavu, Anthony and Wobbrock's $P and $Q) fixes them in
/// code; here they are parameters of a ``StrokeClassifier``.
///
/// The defaults (``standard``) are the published values where there is one,
/// and say so; the values that are this project's own say how they were
/// chosen. Changing one changes how every template is prepared, so a
/// classifier takes its parameters once, when it is made.
///
/// ## See Also
/// - ``StrokeClassifier``
/// - ``GestureDefaults``
public struct StrokeMatchingParameters: Hashable, Sendable {
    /// How many points a drawing is resampled to before matching: 32, the
    /// value $P and $Q use ("n = 32 … provides a good balance between
    /// accuracy and speed", $P; $1 and $N used 64 for unistroke paths).
    /// Matching costs about its square. Values below 4 are raised to 4, and
    /// above 64 lowered to 64 (the lookup grid stores a point's index in a
    /// byte, and more points buy no accuracy at $P's own measurements).
    public var pointCount: Int {
        didSet { pointCount = min(64, max(4, pointCount)) }
    }

    /// How far apart the starting points of the greedy matching are, as the
    /// exponent ε of $P's step ⌊n^(1−ε)⌋: 0.5, $P's and $Q's value (with
    /// n = 32, a search from every 5th point). 0 tries every start (exact
    /// but n times the work); 1 tries one.
    public var startStepExponent: Double

    /// The side of the grid of cells, each holding the nearest template
    /// point, that gives $Q's lower bound of a match without measuring it:
    /// 64, $Q's value. Values are kept within 8…256.
    public var lookupGridSize: Int {
        didSet { lookupGridSize = min(256, max(8, lookupGridSize)) }
    }

    /// The half-width of the square the lookup grid covers, in the
    /// normalised units of a drawing (one standard deviation of its points
    /// along an axis): 3. A line's points reach √3 ≈ 1.73 from its centroid,
    /// a circle's √2; 3 leaves room for overshoot, and points beyond it are
    /// looked up in the border cell (the bound is then looser, not wrong).
    public var lookupGridExtent: Double

    /// The thinnest a drawing is taken to be, as the ratio of its narrower
    /// spread to its wider one: 0.3, $N's "1D threshold" (0.30), which tells
    /// a line from a shape. A drawing's axes are scaled separately, so that
    /// a wide and a tall rectangle match one template (the aspect freedom
    /// $1 and $N have and $P's uniform scaling lacks); but the narrow axis
    /// is never scaled up by more than the wide one divided by this ratio,
    /// so a line stays a line rather than having its wobble blown up to a
    /// square. Unlike $N's switch, the rule is continuous: a drawing just
    /// thinner than the ratio is scaled almost as one just wider.
    /// Rotation-invariant templates scale uniformly (an axis is not a
    /// direction once any rotation matches).
    public var minimumAspect: Double

    /// How many rotations a rotation-invariant template is first tried at,
    /// evenly spaced: 12 (every 30°, so the right angle is at most 15° from
    /// one tried). The best are then refined (see ``rotationPrecision``)
    /// within half a step either side. This project's value, a trade of
    /// time (each step is one more matching) against the chance that the
    /// right angle's neighbourhood is not the best-looking one tried.
    public var rotationSearchSteps: Int {
        didSet { rotationSearchSteps = max(1, rotationSearchSteps) }
    }

    /// How close the refinement of a searched rotation comes to the best
    /// angle, in radians: 2° (π/90), $1's threshold for its golden-section
    /// search ("2° … no further improvement"). Starting from half a search
    /// step (15°) either side, that is 5 matchings after the first 2.
    public var rotationPrecision: Double

    /// How many of the best rotation-invariant candidates (template samples
    /// at their best searched angle) are refined: 3.
    public var refinedCandidates: Int {
        didSet { refinedCandidates = max(1, refinedCandidates) }
    }

    /// The distance at which a match's score reaches 0, as the root mean
    /// square distance between matched points in normalised units: 2,
    /// following $P's score, max((2 − d) / 2, 0). A score of 1 is a perfect
    /// match.
    public var zeroScoreDistance: Double

    /// The published values; see each property.
    public static let standard = StrokeMatchingParameters()

    public init() {
        pointCount = 32
        startStepExponent = 0.5
        lookupGridSize = 64
        lookupGridExtent = 3
        minimumAspect = 0.3
        rotationSearchSteps = 12
        rotationPrecision = Double.pi / 90
        refinedCandidates = 3
        zeroScoreDistance = 2
    }

    /// $P's step between starting points, at least 1.
    var startStep: Int {
        let exponent = startStepExponent.isFinite ? min(1, max(0, startStepExponent)) : 0.5
        return max(1, Int(pow(Double(pointCount), 1 - exponent)))
    }
}
