/// The player's own drawings, kept as extra samples of a template set: a
/// recognizer learns the drawings it recognized with room to spare, and
/// matching then uses the templates' samples and the player's.
///
/// Built-in templates are other people's drawings; a player whose hand
/// differs loses more of their drawings to rejection (session 11: with each
/// writer's own templates the loss falls to about a quarter). Adapting is
/// opt-in and bounded: each template keeps at most
/// ``drawingsPerTemplate`` drawings, the oldest dropped first; a drawing is
/// learned only when ``learns(_:minimumScore:maximumShapeDeviation:)``
/// says so (a rejected drawing never is, so a rejected scribble cannot
/// teach the set anything), as the shape it was recognized as.
///
/// A ``StrokeGestureRecognizer`` applies it by itself: set its
/// ``StrokeGestureRecognizer/adaptation`` and it learns each drawing this
/// rule picks, preparing it alone into a classifier of its own
/// (``StrokeClassifier/adapted(to:)``), in the frame that recognized it.
///
/// ```swift
/// spells.adaptation = StrokeAdaptation()
/// ```
///
/// A game that matches with a classifier of its own can do the same:
///
/// ```swift
/// var adaptation = StrokeAdaptation()
/// var classifier = StrokeClassifier()
/// // a drawing recognized as `match`:
/// if adaptation.learns(match), adaptation.learn(drawing, as: match.name) {
///     classifier = try classifier.adapted(to: adaptation.templates(adding: StrokeTemplate.builtIn))
/// }
/// ```
///
/// Making the classifier again whole prepares every sample (see
/// ``StrokeClassifier/init(templates:parameters:)``): about 17 ms of CPU
/// for the built-in set in session 20's evaluation, a visible hitch inside
/// a frame; ``StrokeClassifier/adapted(to:)`` from the last classifier
/// prepares only the new drawing (2.7 million instructions against 108
/// million, session 21), and gives the same classifier.
///
/// The learned drawings save and read in the template file format
/// (``StrokeTemplateFile/save(learned:toFile:)``,
/// ``StrokeTemplateFile/learnedDrawings(contentsOfFile:settings:)``).
///
/// Evaluated in session 20 (round 14, `scripts/evaluate-strokes
/// choose-adaptation`): one drawing a template, learned within half the
/// threshold (the defaults), each simulated writer's drawings and twice as
/// many scribbles in one session: the held-out families' loss fell (report
/// 0.25 → 0.08%, session 6's 1.21 → 0.88%, wide 2.97 → 2.20%, lognormal
/// 4.22 → 2.98%) while the scribbles let in rose 0.5–0.9 point (4.62% at
/// most). Learning every recognized drawing, or keeping three, let in more
/// than 5% of the scribbles, and did even when no scribble was ever
/// learned (session 21's oracle run): the extra samples themselves bring
/// scribbles within the threshold, the scribbles learned adding more.
///
/// ## See Also
/// - ``StrokeGestureRecognizer/adaptation``
/// - ``StrokeGestureRecognizer/lastDrawing``
/// - ``StrokeTemplateFile``
public struct StrokeAdaptation: Hashable, Sendable {
    /// The most drawings each template keeps (k), from 1 to
    /// ``maximumDrawingsPerTemplate``; 1 by default (round 14's choice).
    public let drawingsPerTemplate: Int
    /// The share of the recognizer's `maximumShapeDeviation` a drawing's
    /// ``StrokeMatch/shapeDeviation`` ÷ ``StrokeMatch/margin`` must be
    /// within to be learned, above 0 and at most 1; ½ by default (round
    /// 14's choice: at 1 the scribbles accepted are learned six times as
    /// often).
    public let learningShare: Double
    /// The learned drawings by template name, oldest first.
    public private(set) var drawings: [String: [[[Point]]]] = [:]

    /// The most drawings a template may keep: 16, so that memory stays
    /// bounded (each drawing as ``StrokeInk`` bounds it).
    public static let maximumDrawingsPerTemplate = 16

    /// An adaptation with nothing learned; `drawingsPerTemplate` is clamped
    /// to 1…``maximumDrawingsPerTemplate``, and a `learningShare` that is
    /// not above 0 and at most 1 (or not finite) is taken as ½.
    public init(drawingsPerTemplate: Int = 1, learningShare: Double = 0.5) {
        self.drawingsPerTemplate = min(Self.maximumDrawingsPerTemplate, max(1, drawingsPerTemplate))
        self.learningShare = learningShare > 0 && learningShare <= 1 ? learningShare : 0.5
    }

    /// Whether a drawing that matched as `match` is one to learn: confident
    /// at ``learningShare`` of `maximumShapeDeviation`, and so recognized
    /// at `maximumShapeDeviation` too.
    ///
    /// The margin decides it exactly when the classification was told
    /// `maximumShapeDeviation × learningShare` (or found the exact
    /// runner-up); a match told the recognizer's own threshold carries a
    /// margin that may be a lower bound (see ``StrokeMatch/margin``), so a
    /// few drawings the exact rule would learn are not, and none it would
    /// not learn is.
    public func learns(_ match: StrokeMatch, minimumScore: Double = GestureDefaults.strokeMinimumScore,
                       maximumShapeDeviation: Double = GestureDefaults.strokeMaximumShapeDeviation) -> Bool {
        match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: maximumShapeDeviation * learningShare)
    }

    /// Keeps `drawing` as a sample of the template named `name`, dropping
    /// that template's oldest when it holds ``drawingsPerTemplate``
    /// already. A drawing a template could not hold (no stroke, an empty
    /// stroke, no size, a coordinate not finite or too large: see
    /// ``StrokeTemplateProblem``) is not kept.
    ///
    /// - Returns: whether the drawing was kept.
    @discardableResult
    public mutating func learn(_ drawing: [[Point]], as name: String) -> Bool {
        guard StrokeTemplateFile.isWord(name), StrokeTemplate.problem(with: drawing, template: name, sample: 0) == nil else { return false }
        var kept = drawings[name] ?? []
        if kept.count >= drawingsPerTemplate { kept.removeFirst(kept.count - drawingsPerTemplate + 1) }
        kept.append(drawing)
        drawings[name] = kept
        return true
    }

    /// Forgets every learned drawing (a new player, a reset setting).
    public mutating func removeAll() {
        drawings = [:]
    }

    /// `templates` with each one's learned drawings after its own samples;
    /// its rotation invariance, deviation scale and close templates as they
    /// are. Drawings learned under a name none of `templates` has are left
    /// out.
    ///
    /// - Throws: ``StrokeTemplateProblem/tooManyPoints(template:limit:)``
    ///   when a template and its drawings hold more than
    ///   ``StrokeTemplate/maximumPointCount`` points.
    public func templates(adding templates: [StrokeTemplate]) throws(StrokeTemplateProblem) -> [StrokeTemplate] {
        var result: [StrokeTemplate] = []
        result.reserveCapacity(templates.count)
        for template in templates {
            guard let learned = drawings[template.name], !learned.isEmpty else {
                result.append(template)
                continue
            }
            var adapted = try StrokeTemplate(name: template.name, isRotationInvariant: template.isRotationInvariant,
                                             deviationScale: template.deviationScale, closeTemplates: template.closeTemplates,
                                             samples: template.samples + learned)
            adapted.learnedRanges = template.learnedRanges
            result.append(adapted)
        }
        return result
    }
}
