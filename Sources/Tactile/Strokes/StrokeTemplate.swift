/// A named shape to recognize, with one or more drawings of it (its
/// samples): what a ``StrokeClassifier`` compares a drawing with.
///
/// A sample is a list of strokes, each a list of points, in any unit and at
/// any place and size: matching ignores position and size, and (for point
/// clouds) the order, direction and number of strokes. More samples of one
/// shape, from different hands, make it recognized more reliably: the
/// $-family reports about 97% with one sample per shape and above 99% with
/// three.
///
/// ```swift
/// let check = try StrokeTemplate(name: "check", samples: [
///     [[Point(x: 0, y: 50), Point(x: 30, y: 90), Point(x: 100, y: 0)]],
/// ])
/// ```
///
/// A template is checked when it is made (see ``StrokeTemplateProblem``):
/// a sample with no extent (one point, or all points equal) could not be
/// scaled and is refused, as are coordinates that are not finite or beyond
/// ``maximumCoordinate``.
///
/// ## See Also
/// - ``StrokeTemplateFile``
/// - ``StrokeClassifier``
public struct StrokeTemplate: Hashable, Sendable {
    /// The shape's name, reported by a match: a single word (see
    /// ``StrokeTemplateFile``).
    public let name: String
    /// Whether the shape matches drawn at any rotation. Off, orientation is
    /// part of the shape: a "V" and a ">" are different shapes.
    public let isRotationInvariant: Bool
    /// The drawings of the shape, each a list of strokes of points.
    public let samples: [[[Point]]]
    /// How far real drawings of this shape stray from it, relative to other
    /// shapes: a match's ``StrokeMatch/shapeDeviation`` is its shape
    /// measures' sum divided by this, so that one threshold
    /// (``GestureDefaults/strokeMaximumShapeDeviation``) allows a shape
    /// whose drawings stray more (a pigtail's winding) more, and one whose
    /// drawings stray little less. 1 by default; finite, from
    /// ``deviationScaleRange``. The built-in set's come from many simulated
    /// drawings of each shape (see ``StrokeTemplate/builtIn``); a file
    /// writes it as the option `deviation-scale=S` when it is not 1.
    public let deviationScale: Double
    /// The templates close in shape to this one, by name, each with how
    /// much more a drawing's ``StrokeMatch/margin`` counts when it is the
    /// runner-up (session 16): two close shapes (a zigzag and a delete)
    /// leave even a faithful drawing of either only a low margin against
    /// the other, while a scribble's margin is low against whatever lies
    /// next. Empty by default (every margin as measured); each factor
    /// finite, from ``closeTemplateFactorRange`` (at least 1, so no margin
    /// counts less); a name no template of the set has is ignored. The
    /// built-in set's come from many simulated drawings (see
    /// ``StrokeTemplate/builtIn``); a file writes each as the option
    /// `close-to=NAME:F`.
    public let closeTemplates: [String: Double]
    /// The shape check's path ranges learned from many drawings of the
    /// shape, measured against together with the samples' own (see
    /// ``StrokeShapeRanges``); nil, the samples' alone. For the evaluation
    /// harness (session 13 tried it and shipped none); not written to a
    /// template file.
    @_spi(StrokeTuning) public var learnedRanges: StrokeShapeRanges?

    /// The largest coordinate magnitude accepted: 10⁹. Far beyond any
    /// screen, and small enough that sums of squared distances between
    /// points stay exact enough and far from overflow.
    public static let maximumCoordinate = 1e9
    /// The most points a template holds over all its samples: 100,000, so
    /// that a damaged file cannot make a classifier prepare without bound.
    public static let maximumPointCount = 100_000
    /// The deviation scales a template accepts: 1/100 to 100, beyond which
    /// a shape would reject every drawing or accept every scribble.
    public static let deviationScaleRange = 0.01...100.0
    /// The factors ``closeTemplates`` accepts: 1 to 10. Below 1 a margin
    /// would count less than measured (and the classifier's search for the
    /// runner-up relies on none doing so); beyond 10 a pair would accept
    /// about anything nearer the one than the other.
    public static let closeTemplateFactorRange = 1.0...10.0

    /// A template, checked.
    ///
    /// - Throws: the first ``StrokeTemplateProblem`` found.
    public init(name: String, isRotationInvariant: Bool = false, deviationScale: Double = 1,
                closeTemplates: [String: Double] = [:], samples: [[[Point]]]) throws(StrokeTemplateProblem) {
        guard StrokeTemplateFile.isWord(name) else { throw .notAWord(name) }
        guard Self.deviationScaleRange.contains(deviationScale) else { throw .deviationScaleOutOfRange(template: name) }
        // In name order, so that the problem reported is always the same one.
        for other in closeTemplates.keys.sorted() {
            guard StrokeTemplateFile.isWord(other) else { throw .notAWord(other) }
            guard Self.closeTemplateFactorRange.contains(closeTemplates[other]!) else {
                throw .closeTemplateFactorOutOfRange(template: name, other: other)
            }
        }
        guard !samples.isEmpty else { throw .noSamples(template: name) }
        var total = 0
        for (index, sample) in samples.enumerated() {
            if let problem = Self.problem(with: sample, template: name, sample: index) { throw problem }
            total += sample.reduce(0) { $0 + $1.count }
            guard total <= Self.maximumPointCount else { throw .tooManyPoints(template: name, limit: Self.maximumPointCount) }
        }
        self.name = name
        self.isRotationInvariant = isRotationInvariant
        self.deviationScale = deviationScale
        self.closeTemplates = closeTemplates
        self.samples = samples
    }

    /// What is wrong with one sample, if anything.
    static func problem(with sample: [[Point]], template: String, sample index: Int) -> StrokeTemplateProblem? {
        guard !sample.isEmpty else { return .noStrokes(template: template, sample: index) }
        var first: Point?
        var hasExtent = false
        for stroke in sample {
            guard !stroke.isEmpty else { return .emptyStroke(template: template, sample: index) }
            for point in stroke {
                guard point.isFinite, abs(point.x) <= maximumCoordinate, abs(point.y) <= maximumCoordinate else {
                    return .coordinateOutOfRange(template: template, sample: index)
                }
                if let first { hasExtent = hasExtent || point != first } else { first = point }
            }
        }
        // One point, or all equal: no path to resample, no size to scale.
        return hasExtent ? nil : .noExtent(template: template, sample: index)
    }
}

/// Why a ``StrokeTemplate`` or a set of them could not be made. Samples are
/// numbered from 0 in the order given (or written).
public enum StrokeTemplateProblem: Error, Hashable, Sendable {
    /// The name is empty, has a space, tab or line end, starts with `#`, or
    /// is longer than the format allows.
    case notAWord(String)
    /// The template has no sample.
    case noSamples(template: String)
    /// A sample has no stroke.
    case noStrokes(template: String, sample: Int)
    /// A stroke has no point.
    case emptyStroke(template: String, sample: Int)
    /// A coordinate is NaN, infinite or beyond ``StrokeTemplate/maximumCoordinate``.
    case coordinateOutOfRange(template: String, sample: Int)
    /// A sample is one point, or all its points are equal: it has no size.
    case noExtent(template: String, sample: Int)
    /// The template holds more points than ``StrokeTemplate/maximumPointCount``.
    case tooManyPoints(template: String, limit: Int)
    /// Two templates of one set have the same name.
    case duplicateName(String)
    /// A deviation scale that is not finite or outside
    /// ``StrokeTemplate/deviationScaleRange``.
    case deviationScaleOutOfRange(template: String)
    /// A close template's factor that is not finite or outside
    /// ``StrokeTemplate/closeTemplateFactorRange``.
    case closeTemplateFactorOutOfRange(template: String, other: String)
}

extension StrokeTemplateProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notAWord(let name):
            "the name '\(name.prefix(80))' is not a single word (no spaces, not empty, not starting with #)"
        case .noSamples(let template):
            "template '\(template)' has no sample"
        case .noStrokes(let template, let sample):
            "sample \(sample) of template '\(template)' has no stroke"
        case .emptyStroke(let template, let sample):
            "a stroke of sample \(sample) of template '\(template)' has no point"
        case .coordinateOutOfRange(let template, let sample):
            "sample \(sample) of template '\(template)' has a coordinate that is not finite or beyond ±\(StrokeTemplate.maximumCoordinate)"
        case .noExtent(let template, let sample):
            "sample \(sample) of template '\(template)' has no size (one point, or all its points are equal)"
        case .tooManyPoints(let template, let limit):
            "template '\(template)' has more than \(limit) points"
        case .duplicateName(let name):
            "a second template named '\(name)' (a template holds every sample of its shape)"
        case .deviationScaleOutOfRange(let template):
            "template '\(template)' has a deviation scale that is not a finite number from \(StrokeTemplate.deviationScaleRange.lowerBound) to \(StrokeTemplate.deviationScaleRange.upperBound)"
        case .closeTemplateFactorOutOfRange(let template, let other):
            "template '\(template)' has a factor for '\(other.prefix(80))' that is not a finite number from \(StrokeTemplate.closeTemplateFactorRange.lowerBound) to \(StrokeTemplate.closeTemplateFactorRange.upperBound)"
        }
    }
}
