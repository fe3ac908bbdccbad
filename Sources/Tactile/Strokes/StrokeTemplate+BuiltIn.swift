extension StrokeTemplate {
    /// Tactile's own set of common shapes, three samples each, from
    /// `Assets/Strokes/builtin.strokes`: line, circle, triangle, rectangle,
    /// check, caret, zig-zag, arrow, star, pigtail, left and right bracket,
    /// X, V, delete and question mark.
    ///
    /// How they were made: not recorded from people. Each sample is a
    /// drawing by the project's stroke synthesizer
    /// (`StrokeSynthesizer` in TactileTestSupport), a pen path per shape
    /// drawn by three simulated writers with their own slant, proportions,
    /// speed, jitter and overshoot (`Benchmarks/Evaluation`, `templates`
    /// command, writes the file and this set's text). The evaluation harness
    /// reports how well they recognize drawings of other simulated writers.
    /// The star is rotation invariant; the other shapes depend on their
    /// orientation (a caret is not a V upside down), and a circle is the same
    /// at any angle anyway.
    public static let builtIn: [StrokeTemplate] = {
        do {
            return try StrokeTemplateFile.templates(from: builtInTemplateText)
        } catch {
            // The text is generated and checked by the tests; an empty set
            // (nothing recognized) is the defined outcome if it were damaged.
            return []
        }
    }()
}
