extension KeyModifiers {
    /// The modifiers as a trace writes them (see ``TraceBitNames``):
    /// `lshift+lalt`, `-` for none.
    var traceWord: String { TraceBitNames.word(self, names: Self.names) }

    /// Reads the modifiers written by ``traceWord``; `nil` for a bad word.
    init?(traceWord: String) {
        guard let modifiers = TraceBitNames.flags(traceWord, names: Self.names) else { return nil }
        self = modifiers
    }
}
