// MARK: Rollback

/// A ``StrokeGestureRecognizer``'s learned drawings in scene snapshots, so
/// that a rollback to a frame before a learning forgets it and the frames
/// played again learn it again, identically. Public, as ``StrokeInk``'s
/// and ``StrokeMatch``'s are, for a recognizer of your own that adapts
/// (called from ``GestureRecognizer/saveState(to:)`` and
/// ``GestureRecognizer/restoreState(from:)``).
///
/// The words, after a format word: 0, nothing learned (or no adaptation);
/// 1, the drawings, template by template: how many templates, then for
/// each its name (its UTF-8 length, then a byte a word), how many drawings
/// and each drawing as ``StrokeInk/save(drawing:to:)`` writes it. Templates
/// go in the order of the recognizer's classifier, then any other name in
/// name order, so equal learned sets write equal words. Another format
/// number, when the words change, keeps an old reader from misreading
/// them: it reads the set as nothing learned.
extension StrokeAdaptation {
    /// The format word of a learned set.
    public static let snapshotFormat = 1

    /// Writes what `adaptation` learned (nothing, for `nil`), its templates
    /// in the order of `templates`. Allocates nothing unless a drawing was
    /// learned under a name none of `templates` has.
    public static func save(_ adaptation: StrokeAdaptation?, of templates: [StrokeTemplate], to writer: inout RecognizerStateWriter) {
        guard let adaptation, !adaptation.drawings.isEmpty else {
            writer.write(0)
            return
        }
        writer.write(snapshotFormat)
        writer.write(adaptation.drawings.count)
        var written = 0
        for template in templates {
            guard let drawings = adaptation.drawings[template.name] else { continue }
            write(template.name, drawings, to: &writer)
            written += 1
        }
        guard written < adaptation.drawings.count else { return }
        let known = Set(templates.map(\.name))
        for name in adaptation.drawings.keys.sorted() where !known.contains(name) {
            write(name, adaptation.drawings[name] ?? [], to: &writer)
        }
    }

    private static func write(_ name: String, _ drawings: [[[Point]]], to writer: inout RecognizerStateWriter) {
        writer.write(name.utf8.count)
        for byte in name.utf8 { writer.write(Int(byte)) }
        writer.write(drawings.count)
        for drawing in drawings { StrokeInk.save(drawing: drawing, to: &writer) }
    }

    /// The learned set the words `reader` is at describe, with `current`'s
    /// settings, or `nil` when it is `current`'s own (compared word by
    /// word, allocating nothing): what a restore puts back. Words of
    /// another format, or cut short, read as nothing learned.
    public static func restore(_ current: StrokeAdaptation, of templates: [StrokeTemplate],
                        from reader: inout RecognizerStateReader) -> StrokeAdaptation? {
        var check = reader
        if matches(current, of: templates, &check) {
            reader = check
            return nil
        }
        var restored = current
        restored.removeAll()
        guard reader.readInt() == snapshotFormat else { return current.drawings.isEmpty ? nil : restored }
        let templateCount = reader.readInt()
        var index = 0
        while index < templateCount, !reader.isOverrun {
            let name = readName(&reader)
            let count = reader.readInt()
            var drawing: [[Point]] = []
            var read = 0
            while read < count, !reader.isOverrun {
                StrokeInk.restore(drawing: &drawing, from: &reader)
                // Learned in the order they were: the oldest first, so the
                // bound drops the same ones.
                if !reader.isOverrun { restored.learn(drawing, as: name) }
                read += 1
            }
            index += 1
        }
        return restored
    }

    /// Reads past a learned set's words (a recognizer whose adaptation was
    /// turned off since the snapshot).
    public static func skip(from reader: inout RecognizerStateReader) {
        guard reader.readInt() == snapshotFormat else { return }
        let templateCount = reader.readInt()
        var index = 0
        var drawing: [[Point]] = []
        while index < templateCount, !reader.isOverrun {
            let length = reader.readInt()
            var byte = 0
            while byte < length, !reader.isOverrun {
                _ = reader.readInt()
                byte += 1
            }
            let count = reader.readInt()
            var read = 0
            while read < count, !reader.isOverrun {
                StrokeInk.restore(drawing: &drawing, from: &reader)
                read += 1
            }
            index += 1
        }
    }

    private static func readName(_ reader: inout RecognizerStateReader) -> String {
        let length = reader.readInt()
        var bytes: [UInt8] = []
        var index = 0
        while index < length, !reader.isOverrun {
            bytes.append(UInt8(truncatingIfNeeded: reader.readInt()))
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the words `reader` is at are the ones `save` writes for
    /// `adaptation`; reads them.
    private static func matches(_ adaptation: StrokeAdaptation, of templates: [StrokeTemplate],
                                _ reader: inout RecognizerStateReader) -> Bool {
        let format = reader.readInt()
        guard !adaptation.drawings.isEmpty else { return format == 0 && !reader.isOverrun }
        guard format == snapshotFormat, reader.readInt() == adaptation.drawings.count else { return false }
        var compared = 0
        for template in templates {
            guard let drawings = adaptation.drawings[template.name] else { continue }
            guard matches(template.name, drawings, &reader) else { return false }
            compared += 1
        }
        if compared < adaptation.drawings.count {
            let known = Set(templates.map(\.name))
            for name in adaptation.drawings.keys.sorted() where !known.contains(name) {
                guard matches(name, adaptation.drawings[name] ?? [], &reader) else { return false }
            }
        }
        return !reader.isOverrun
    }

    private static func matches(_ name: String, _ drawings: [[[Point]]], _ reader: inout RecognizerStateReader) -> Bool {
        guard reader.readInt() == name.utf8.count else { return false }
        for byte in name.utf8 where reader.readInt() != Int(byte) { return false }
        guard reader.readInt() == drawings.count else { return false }
        for drawing in drawings where !StrokeInk.matches(drawing, &reader) { return false }
        return true
    }
}
