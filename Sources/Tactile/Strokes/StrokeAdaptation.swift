#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The player's own drawings, kept as extra samples of a template set: a
/// recognizer learns the drawings it recognizes, and matching then uses the
/// templates' samples and the player's.
///
/// Built-in templates are other people's drawings; a player whose hand
/// differs loses more of their drawings to rejection (session 11: with each
/// writer's own templates the loss falls to about a quarter). Adapting is
/// opt-in and bounded: each template keeps at most
/// ``drawingsPerTemplate`` drawings, the oldest dropped first, and a
/// drawing is learned only when
/// ``learns(_:minimumScore:maximumShapeDeviation:)`` says so (a rejected
/// drawing never is, so a rejected scribble cannot teach the set anything),
/// as the shape it was recognized as.
///
/// More samples are nearer to anything, a scribble too: against a template
/// holding the player's drawings, more scribbles come within the built-in
/// threshold. So a template holding j learned drawings beside its own b
/// samples decides at a lower threshold,
/// ``maximumShapeDeviation(for:base:)``: the recognizer's
/// `maximumShapeDeviation` times (b ÷ (b + j))^``thresholdExponent``, the
/// same threshold as before for a template that learned nothing.
///
/// A ``StrokeGestureRecognizer`` applies it by itself: set its
/// ``StrokeGestureRecognizer/adaptation`` and it decides each drawing at
/// its nearest template's threshold, and learns each drawing this rule
/// picks, preparing it alone into a classifier of its own
/// (``StrokeClassifier/adapted(to:)``), in the frame that recognized it.
///
/// ```swift
/// spells.adaptation = StrokeAdaptation()
/// ```
///
/// A game that matches with a classifier of its own can do the same
/// (`templates` the game's own, without the learned drawings):
///
/// ```swift
/// var adaptation = StrokeAdaptation()
/// var classifier = try StrokeClassifier(templates: templates)
/// // a drawing, once finished:
/// if let (match, threshold, recognized) = adaptation.decide(StrokeInk(strokes: drawing), with: classifier,
///                                                           templates: templates), recognized {
///     // recognized as match.name
///     if adaptation.learns(match, maximumShapeDeviation: threshold), adaptation.learn(drawing, as: match.name) {
///         classifier = try classifier.adapted(to: adaptation.templates(adding: templates))
///     }
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
/// ## Evaluation
///
/// The defaults (one drawing a template, every accepted drawing learned,
/// the threshold scaled) are round 15's rule (session 22,
/// `scripts/evaluate-strokes choose-scaled-threshold`), each simulated
/// writer's drawings and twice as many scribbles played in one session.
/// Lost drawings (recognized as nothing), nothing learned → round 14's
/// rule (the fixed threshold, learned within half of it; the defaults of
/// sessions 20–23) → these defaults, on held-out writers: report 0.25 →
/// 0.08 → 0.15%, session 6's 1.21 → 0.88 → 0.65%, wide habits 2.97 →
/// 2.20 → 1.66%, lognormal 4.22 → 2.98 → 1.92%; scribbles let in at most
/// 4.20% (round 14's rule: 4.62%). Round 15's own rule, written before
/// that look, did not ship it then: the report writers lost 7 drawings
/// against round 14's 4. On thirty fresh writers of each family (session
/// 23, `replicate-fresh`, a margin of three drawings written before the
/// run), round 14's rule → these defaults: report 7 → 9 drawings (0.15 →
/// 0.19%), session 6's 1.03 → 0.67%, wide 2.41 → 2.04%, lognormal 9.18 →
/// 6.91%, scribbles let in at most 4.87%; so they replaced round 14's rule
/// in session 24. `StrokeAdaptation(learningShare: 0.5, thresholdExponent:
/// 0)` is round 14's rule. Learning every accepted drawing at the fixed
/// threshold let in more than 5% of the scribbles, even when no scribble
/// was learned (session 21): the extra samples themselves bring scribbles
/// within it, which the scaled threshold takes back; keeping three or five
/// drawings a template still let in more than 5% (round 15).
///
/// Those figures are session 16's shape check. With session 25's (the ink
/// and winding of each stroke smoothed,
/// ``GestureDefaults/strokeMaximumShapeDeviation``), played through
/// ``StrokeGestureRecognizer`` (`scripts/evaluate-strokes
/// check-adaptation`), nothing learned → round 14's rule → these defaults,
/// first draw: report 0.25 → 0.13 → 0.19%, session 6's 0.57 → 0.40 →
/// 0.29%, wide 2.93 → 2.24 → 1.70%, lognormal 3.81 → 2.58 → 1.61%; the
/// fresh writers: report 0.23 → 0.17 → 0.19%, session 6's 0.59 → 0.25 →
/// 0.29%, wide 3.30 → 2.16 → 1.79%, lognormal 8.76 → 7.30 → 4.95%;
/// scribbles let in by the defaults at most 4.57%.
///
/// ## See Also
/// - ``StrokeGestureRecognizer/adaptation``
/// - ``StrokeGestureRecognizer/lastDrawing``
/// - ``StrokeTemplateFile``
public struct StrokeAdaptation: Hashable, Sendable {
    /// The most drawings each template keeps (k), from 1 to
    /// ``maximumDrawingsPerTemplate``; 1 by default (round 15's choice:
    /// with 3 or 5, learning every accept let in more than 5% of the
    /// scribbles).
    public let drawingsPerTemplate: Int
    /// The share of a drawing's threshold (its nearest template's
    /// ``maximumShapeDeviation(for:base:)``) its
    /// ``StrokeMatch/shapeDeviation`` ÷ ``StrokeMatch/margin`` must be
    /// within to be learned, above 0 and at most 1; 1 by default, every
    /// recognized drawing (round 15's choice; within half, fewer drawings
    /// were learned and fewer recognized after).
    public let learningShare: Double
    /// α in the threshold of a template holding learned drawings,
    /// `maximumShapeDeviation` × (b ÷ (b + j))^α (see
    /// ``maximumShapeDeviation(for:base:)``), at least 0;
    /// ``GestureDefaults/strokeAdaptedThresholdExponent`` by default. 0
    /// keeps every template's threshold as it is, whatever it learned.
    public let thresholdExponent: Double
    /// The learned drawings by template name, oldest first.
    public private(set) var drawings: [String: [[[Point]]]] = [:]

    /// The most drawings a template may keep: 16, so that memory stays
    /// bounded (each drawing as ``StrokeInk`` bounds it).
    public static let maximumDrawingsPerTemplate = 16

    /// An adaptation with nothing learned; `drawingsPerTemplate` is clamped
    /// to 1…``maximumDrawingsPerTemplate``, a `learningShare` that is not
    /// above 0 and at most 1 (or not finite) is taken as 1, and a
    /// `thresholdExponent` that is negative or not finite as the default.
    public init(drawingsPerTemplate: Int = 1, learningShare: Double = 1,
                thresholdExponent: Double = GestureDefaults.strokeAdaptedThresholdExponent) {
        self.drawingsPerTemplate = min(Self.maximumDrawingsPerTemplate, max(1, drawingsPerTemplate))
        self.learningShare = learningShare > 0 && learningShare <= 1 ? learningShare : 1
        self.thresholdExponent = thresholdExponent >= 0 && thresholdExponent.isFinite
            ? thresholdExponent : GestureDefaults.strokeAdaptedThresholdExponent
    }

    /// The threshold a drawing whose nearest template is `template` is
    /// decided at: `base` (the recognizer's `maximumShapeDeviation`)
    /// times (b ÷ (b + j))^``thresholdExponent``, b the samples of
    /// `template` and j the drawings learned under its name. `template` is
    /// the game's own, without the learned drawings (the classifier's
    /// templates before ``templates(adding:)``); `base` itself when nothing
    /// is learned under its name.
    ///
    /// Never above `base`, so a drawing rejected at `base` is rejected at
    /// its template's threshold too.
    public func maximumShapeDeviation(for template: StrokeTemplate,
                                      base: Double = GestureDefaults.strokeMaximumShapeDeviation) -> Double {
        guard let learned = drawings[template.name]?.count, learned > 0, thresholdExponent > 0, !template.samples.isEmpty else { return base }
        let own = Double(template.samples.count)
        return base * pow(own / (own + Double(learned)), thresholdExponent)
    }

    /// A finished drawing matched and decided as a
    /// ``StrokeGestureRecognizer`` with this adaptation decides it: its
    /// nearest template in `classifier`, recognized when
    /// ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)`` at
    /// that template's threshold (``maximumShapeDeviation(for:base:)``).
    ///
    /// The classification searches the margin as far as
    /// `maximumShapeDeviation`, the highest threshold, decides
    /// (``StrokeClassifier/classify(_:marginSearchDeviation:)``): an
    /// accepted match's margin was measured only as far as that decision,
    /// a lower bound. Where the bound does not
    /// settle the template's own lower threshold, the drawing is
    /// classified again searching that far, so the decision is the exact
    /// margin's either way (a second classification only for those
    /// drawings: 5 of 192 drawings and scribbles with every built-in
    /// template holding a learned drawing, session 24).
    ///
    /// - Parameters:
    ///   - ink: the finished drawing.
    ///   - classifier: a classifier of `templates` and these drawings
    ///     (``templates(adding:)``, ``StrokeClassifier/adapted(to:)``), or
    ///     of `templates` alone while nothing is learned.
    ///   - templates: the game's own templates, in the classifier's order (a
    ///     match beyond them is decided at `maximumShapeDeviation`).
    ///   - minimumScore: the least score the nearest template needs.
    ///   - maximumShapeDeviation: the threshold of a template that learned
    ///     nothing, and the base of the others'.
    /// - Returns: the match, the threshold it was decided at,
    ///   and whether it is recognized; `nil` when the classifier matches
    ///   nothing (no templates, or a drawing with no size).
    public func decide(_ ink: StrokeInk, with classifier: StrokeClassifier, templates: [StrokeTemplate],
                       minimumScore: Double = GestureDefaults.strokeMinimumScore,
                       maximumShapeDeviation: Double = GestureDefaults.strokeMaximumShapeDeviation)
        -> (match: StrokeMatch, threshold: Double, isRecognized: Bool)? {
        guard var match = classifier.classify(ink, marginSearchDeviation: maximumShapeDeviation) else {
            return nil
        }
        guard match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: maximumShapeDeviation) else {
            return (match, maximumShapeDeviation, false)
        }
        // `templates` not the classifier's (fewer of them): as if nothing were learned.
        let threshold = templates.indices.contains(match.templateIndex)
            ? self.maximumShapeDeviation(for: templates[match.templateIndex], base: maximumShapeDeviation) : maximumShapeDeviation
        if !match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold),
           let again = classifier.classify(ink, marginSearchDeviation: threshold) {
            match = again
        }
        return (match, threshold, match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold))
    }

    /// Whether a drawing that matched as `match`, decided at
    /// `maximumShapeDeviation` (its template's
    /// ``maximumShapeDeviation(for:base:)``), is one to learn: confident at
    /// ``learningShare`` of that threshold, and so recognized at it too.
    ///
    /// The margin decides it exactly when the classification searched the margin at
    /// `maximumShapeDeviation × learningShare` (or found the exact
    /// runner-up); a match searched at a higher threshold carries a margin that
    /// may be a lower bound (see ``StrokeMatch/margin``), so a few
    /// drawings the exact rule would learn are not, and none it would not
    /// learn is.
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

    /// Whether `other` was made with the same settings (what it learned
    /// aside).
    func hasSettings(of other: StrokeAdaptation) -> Bool {
        drawingsPerTemplate == other.drawingsPerTemplate && learningShare == other.learningShare
            && thresholdExponent == other.thresholdExponent
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
