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
    /// speed, jitter, overshoot, closure, corner rounding and hooks, one of
    /// them of wider habits than the others (`Benchmarks/Evaluation`,
    /// `templates` command, writes the file and this set's text; `pick`
    /// chose the writers on writers it does not report on). The evaluation
    /// harness reports how well they recognize drawings of other simulated
    /// writers. Each has a ``deviationScale`` (session 13): its shape
    /// deviation's 95th percentile over 600 drawings of it by 60 other
    /// simulated writers (600–659, the tuning habits), over the median of
    /// the 16 shapes' (`choose-scales`; 0.64 for the V to 1.36 for the
    /// line), and its ``closeTemplates`` (session 16), both learned under
    /// the matching of that time and written by the same `templates`
    /// command, which since session 30 keeps them as they are: learned
    /// again under the present matching (round 25) they lost more held out.
    /// None is rotation invariant: most of them depend on their orientation
    /// (a caret is not a V upside down), a circle is the same at any angle
    /// anyway, and a rotation-invariant template costs a rotation search
    /// (with the circle and the star invariant, a classification took 112 µs
    /// in StrokeBenchmarks instead of 35–54 µs; and a rotation-invariant
    /// circle took a quarter of the tuning writers' rectangles, having lost
    /// the aspect freedom that tells them apart). Make a set of your own
    /// rotation invariant where drawings come at any angle.
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
