extension KeyModifiers {
    /// The modifiers as a trace writes them: `-` for none, otherwise the names
    /// from ``names`` joined by `+` in bit order, then any bits without a name
    /// as one hexadecimal number (`lshift+0x4`), so that no bit is lost.
    var traceWord: String {
        var parts: [String] = []
        var unnamed = rawValue
        for (modifier, name) in Self.names where contains(modifier) {
            parts.append(name)
            unnamed &= ~modifier.rawValue
        }
        if unnamed != 0 {
            parts.append("0x" + String(unnamed, radix: 16))
        }
        return parts.isEmpty ? "-" : parts.joined(separator: "+")
    }

    /// Reads the modifiers written by ``traceWord``, in any order and with
    /// repeats allowed, as a person might type them; `nil` for any part that
    /// is neither a name nor a `0x` number, including an empty one (`lshift+`).
    init?(traceWord: String) {
        if traceWord == "-" {
            self = []
            return
        }
        var modifiers: KeyModifiers = []
        for part in traceWord.split(separator: "+", omittingEmptySubsequences: false) {
            if let named = Self.names.first(where: { $0.1 == part }) {
                modifiers.insert(named.0)
            } else if part.hasPrefix("0x"), let bits = UInt16(part.dropFirst(2), radix: 16) {
                modifiers.insert(KeyModifiers(rawValue: bits))
            } else {
                return nil
            }
        }
        self = modifiers
    }
}
