/// Making a classifier of a template set that differs from this one's by a
/// few samples (a learned drawing added, or one replacing the oldest)
/// without preparing again the samples it already has.
///
/// Preparing a sample is dominated by its lookup grid (*g*² cells, each
/// the nearest of *n* points: 96% of preparing the built-in set, callgrind,
/// session 21); the rest of a sample's preparation (resampling,
/// normalising, shape measures, radii) is linear in its points. A
/// classifier made here copies every template this one holds unchanged
/// (its samples' clouds, grids, radii and its shape ranges), copies the
/// grid of every other sample this one holds with the same strokes, and
/// prepares only the rest: 2.7 million instructions for one learned
/// drawing against 108 million for the whole built-in set
/// (`scripts/profile-path adapt` and `prepare`, session 21), of which the
/// new grid is 1.9 million. Everything set-wide (the shape ranges of each template,
/// the close templates' factors, the candidates' buffers) is made exactly
/// as ``init(templates:parameters:)`` makes it, from the whole set. So the
/// classifier is the one a full preparation would make, bit for bit (the
/// grid is a function of the sample's cloud, and an identical sample's
/// cloud is made by the same arithmetic), which its test checks by
/// classifying drawings with both.
extension StrokeClassifier {
    /// A classifier of `templates`, with this one's parameters, preparing
    /// only the samples this one does not hold: a template's sample is
    /// taken as held when this classifier has a template of the same name
    /// with a sample of the same strokes, bit for bit.
    ///
    /// This classifier is not changed (it may be shared); the new one
    /// shares nothing with it.
    ///
    /// - Throws: ``StrokeTemplateProblem/duplicateName(_:)`` when two
    ///   templates share a name.
    /// - Complexity: O(*a*·*g*²·*n*) for the *a* samples added, plus
    ///   O(*s*·*p*) for the *s* samples of *p* points in all.
    public func adapted(to templates: [StrokeTemplate]) throws(StrokeTemplateProblem) -> StrokeClassifier {
        try StrokeClassifier(templates: templates, parameters: parameters,
                             reusing: (self, preparedSamples(of: templates)))
    }

    /// For each sample of `templates` (in the order `init` numbers them),
    /// the index of this classifier's sample with the same template name
    /// and strokes, or −1. A sample of this classifier is given once.
    func preparedSamples(of templates: [StrokeTemplate]) -> [Int] {
        var firstSample: [String: Int] = [:]
        var sample = 0
        for template in self.templates {
            firstSample[template.name] = sample
            sample += template.samples.count
        }
        let indexByName = Dictionary(self.templates.enumerated().map { ($0.element.name, $0.offset) },
                                     uniquingKeysWith: { first, _ in first })
        var result: [Int] = []
        for template in templates {
            guard let own = indexByName[template.name], let first = firstSample[template.name] else {
                result.append(contentsOf: repeatElement(-1, count: template.samples.count))
                continue
            }
            let held = self.templates[own].samples
            var taken = [Bool](repeating: false, count: held.count)
            for strokes in template.samples {
                // Learned drawings keep their order, so the match is usually
                // at the same place or one before (the oldest dropped).
                if let index = held.indices.first(where: { !taken[$0] && Self.sameStrokes(held[$0], strokes) }) {
                    taken[index] = true
                    result.append(first + index)
                } else {
                    result.append(-1)
                }
            }
        }
        return result
    }

    /// Copies `template`'s prepared samples (clouds, spreads, harmonics,
    /// radii; their lookup grids `init` copies with every other one, see
    /// `copyLookups`) and its shape ranges from `prepared.source`,
    /// when the source holds the same template (equal, settings and all)
    /// whose samples `prepared.samples` maps this one's to, one for one in
    /// order: what `init` would make of them is what the source made, by
    /// the same arithmetic on the same numbers. Returns false, copying
    /// nothing, otherwise (a template that learned a drawing), for `init` to
    /// prepare it.
    func copyPreparedTemplate(_ template: StrokeTemplate, at templateIndex: Int, firstSample: Int,
                              from prepared: (source: StrokeClassifier, samples: [Int])) -> Bool {
        let count = template.samples.count
        let source = prepared.source
        guard count > 0, source.parameters == parameters else { return false }
        let from = prepared.samples[firstSample]
        guard from >= 0, from + count <= source.sampleCount else { return false }
        for offset in 0..<count where prepared.samples[firstSample + offset] != from + offset { return false }
        let sourceTemplate = source.sampleTemplate[from]
        guard source.sampleTemplate[from + count - 1] == sourceTemplate,
              source.templates[sourceTemplate].samples.count == count,
              source.templates[sourceTemplate] == template else { return false }
        (sampleX + firstSample * n).initialize(from: source.sampleX + from * n, count: count * n)
        (sampleY + firstSample * n).initialize(from: source.sampleY + from * n, count: count * n)
        (sampleRadii + firstSample * n).initialize(from: source.sampleRadii + from * n, count: count * n)
        if parameters.distanceSmoothingPasses > 0 {
            (sampleSmoothed + firstSample * 2 * n).update(from: source.sampleSmoothed + from * 2 * n, count: count * 2 * n)
        }
        (sampleSpread + firstSample).update(from: source.sampleSpread + from, count: count)
        (sampleHarmonics + firstSample * harmonicCount * 2).update(
            from: source.sampleHarmonics + from * harmonicCount * 2, count: count * harmonicCount * 2)
        templateInkRange[templateIndex] = source.templateInkRange[sourceTemplate]
        templateClosureRange[templateIndex] = source.templateClosureRange[sourceTemplate]
        templateWindingRange[templateIndex] = source.templateWindingRange[sourceTemplate]
        templateStrokeCounts[templateIndex] = source.templateStrokeCounts[sourceTemplate]
        templateJoinedClosureRange[templateIndex] = source.templateJoinedClosureRange[sourceTemplate]
        templateJoinedWindingRange[templateIndex] = source.templateJoinedWindingRange[sourceTemplate]
        return true
    }

    /// Whether two drawings have the same strokes, coordinate bits and all
    /// (−0 and 0 differ, so an identical cloud is certain).
    static func sameStrokes(_ a: [[Point]], _ b: [[Point]]) -> Bool {
        guard a.count == b.count else { return false }
        for (left, right) in zip(a, b) {
            guard left.count == right.count else { return false }
            for (p, q) in zip(left, right)
            where p.x.bitPattern != q.x.bitPattern || p.y.bitPattern != q.y.bitPattern {
                return false
            }
        }
        return true
    }
}
