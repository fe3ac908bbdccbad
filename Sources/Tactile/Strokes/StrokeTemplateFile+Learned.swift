/// A player's learned drawings (``StrokeAdaptation``) in the template file
/// format, so that a game keeps them between sessions: each template that
/// learned something is a block of that name holding its drawings as
/// samples, oldest first, with no options (they take their template's when
/// added to it); templates in name order, so a set writes one text.
///
/// ```swift
/// try StrokeTemplateFile.save(learned: spells.adaptation!, toFile: path)
/// spells.adaptation = try StrokeTemplateFile.learnedDrawings(contentsOfFile: path)
/// ```
///
/// Read back, the drawings are the ones written, number for number (the
/// format's numbers round-trip), learned in the same order, so the
/// adaptation is equal to the one saved.
extension StrokeTemplateFile {
    /// The learned drawings as templates: one a name that holds drawings,
    /// in name order, each drawing a sample, oldest first.
    public static func templates(learned adaptation: StrokeAdaptation) -> [StrokeTemplate] {
        adaptation.drawings.keys.sorted().compactMap { name in
            guard let drawings = adaptation.drawings[name], !drawings.isEmpty else { return nil }
            // Each drawing was checked as it was learned (StrokeAdaptation.learn).
            return try? StrokeTemplate(name: name, samples: drawings)
        }
    }

    /// ``templates(learned:)`` as a file's text.
    public static func text(learned adaptation: StrokeAdaptation) -> String {
        text(of: templates(learned: adaptation))
    }

    /// Writes ``text(learned:)`` to a file, whole, replacing any file at `path`.
    public static func save(learned adaptation: StrokeAdaptation, toFile path: String) throws {
        try save(templates(learned: adaptation), toFile: path)
    }

    /// An adaptation with `settings`' ``StrokeAdaptation/drawingsPerTemplate``,
    /// ``StrokeAdaptation/learningShare`` and
    /// ``StrokeAdaptation/thresholdExponent`` holding the drawings of a
    /// file's text (see ``text(learned:)``).
    ///
    /// - Throws: ``StrokeTemplateFileError`` naming the line and the problem
    ///   for anything the template format refuses; and, with no line,
    ///   ``StrokeTemplateFileError/Problem/optionOnLearnedDrawings(template:)``
    ///   for a template given an option, and
    ///   ``StrokeTemplateFileError/Problem/tooManyLearnedDrawings(template:found:limit:)``
    ///   for one with more drawings than `settings` keeps (none is dropped
    ///   silently).
    public static func learnedDrawings(from text: String, settings: StrokeAdaptation = StrokeAdaptation())
        throws(StrokeTemplateFileError) -> StrokeAdaptation {
        try learnedDrawings(of: templates(from: text), settings: settings)
    }

    /// ``learnedDrawings(from:settings:)`` of a file, read a line at a time.
    ///
    /// - Throws: an error naming the file and the system's reason when it
    ///   cannot be opened or read, or a ``StrokeTemplateFileError``.
    public static func learnedDrawings(contentsOfFile path: String, settings: StrokeAdaptation = StrokeAdaptation()) throws -> StrokeAdaptation {
        try learnedDrawings(of: templates(contentsOfFile: path), settings: settings)
    }

    static func learnedDrawings(of templates: [StrokeTemplate], settings: StrokeAdaptation)
        throws(StrokeTemplateFileError) -> StrokeAdaptation {
        var adaptation = settings
        adaptation.removeAll()
        for template in templates {
            guard !template.isRotationInvariant, template.deviationScale == 1, template.closeTemplates.isEmpty else {
                throw StrokeTemplateFileError(line: nil, problem: .optionOnLearnedDrawings(template: template.name))
            }
            guard template.samples.count <= adaptation.drawingsPerTemplate else {
                throw StrokeTemplateFileError(line: nil, problem: .tooManyLearnedDrawings(
                    template: template.name, found: template.samples.count, limit: adaptation.drawingsPerTemplate))
            }
            // A template's samples were checked as it was read: each is learned.
            for drawing in template.samples { adaptation.learn(drawing, as: template.name) }
        }
        return adaptation
    }
}
