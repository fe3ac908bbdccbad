// MARK: Rollback

/// A ``StrokeGestureRecognizer``'s learned drawings in scene snapshots, so
/// that a rollback to a frame before a learning forgets it and the frames
/// played again learn it again, identically. Public, as ``StrokeInk``'s
/// and ``StrokeMatch``'s are, for a recognizer of your own that adapts
/// (called from ``GestureRecognizer/saveState(to:)`` and
/// ``GestureRecognizer/restoreState(from:)``).
///
/// The set is kept as a value (``RecognizerStateWriter/write(keeping:)``),
/// not written out as words: it changes only when a drawing is learned,
/// while a rollback game captures every frame and restores often, and its
/// dictionary of drawings is shared with the snapshot rather than copied,
/// so a capture and a restore that finds it unchanged cost the same
/// whatever was learned (16 drawings written as words took about 2.9 µs a
/// capture and 2.4 µs a restore, `RollbackBenchmarks`). The words: a format
/// word, 0 for nothing learned (or no adaptation), ``snapshotFormat`` for a
/// kept set, then the kept value's word. Another format number, when this
/// changes, keeps an old reader from misreading it: it reads the set as
/// nothing learned.
extension StrokeAdaptation {
    /// The format word of a learned set (2: kept as a value; 1 was the
    /// drawings written out as words).
    public static let snapshotFormat = 2

    /// Writes what `adaptation` learned (nothing, for `nil`). Allocates
    /// nothing: the set is kept by reference to its storage.
    public static func save(_ adaptation: StrokeAdaptation?, to writer: inout RecognizerStateWriter) {
        guard let adaptation, !adaptation.drawings.isEmpty else {
            writer.write(0)
            return
        }
        writer.write(snapshotFormat)
        writer.write(keeping: adaptation)
    }

    /// The learned set the words `reader` is at describe, with `current`'s
    /// settings, or `nil` when it is `current` (what a restore between two
    /// learnings finds: compared in constant time, since the two share
    /// their storage). Words of another format, or cut short, read as
    /// nothing learned.
    ///
    /// When the game has changed the settings since the snapshot (another
    /// ``drawingsPerTemplate``, ``learningShare`` or ``thresholdExponent``),
    /// the snapshot's drawings are learned again under the new ones,
    /// template by template in the order of `templates`, then any other
    /// name in name order, each template's oldest first, so that the bound
    /// drops the same ones as it would have.
    public static func restore(_ current: StrokeAdaptation, of templates: [StrokeTemplate],
                               from reader: inout RecognizerStateReader) -> StrokeAdaptation? {
        var restored = current
        restored.removeAll()
        guard reader.readInt() == snapshotFormat, let saved = reader.readKept(StrokeAdaptation.self) else {
            return current.drawings.isEmpty ? nil : restored
        }
        if saved.hasSettings(of: current) {
            return saved == current ? nil : saved
        }
        for name in learningOrder(of: saved, templates) {
            for drawing in saved.drawings[name] ?? [] { restored.learn(drawing, as: name) }
        }
        return restored == current ? nil : restored
    }

    /// Reads past a learned set's words (a recognizer whose adaptation was
    /// turned off since the snapshot).
    public static func skip(from reader: inout RecognizerStateReader) {
        guard reader.readInt() == snapshotFormat else { return }
        _ = reader.readKept(StrokeAdaptation.self)
    }

    /// The names `adaptation` learned, those of `templates` in their order
    /// first, then the others in name order.
    private static func learningOrder(of adaptation: StrokeAdaptation, _ templates: [StrokeTemplate]) -> [String] {
        let inTemplates = templates.map(\.name).filter { adaptation.drawings[$0] != nil }
        let known = Set(inTemplates)
        return inTemplates + adaptation.drawings.keys.filter { !known.contains($0) }.sorted()
    }
}
