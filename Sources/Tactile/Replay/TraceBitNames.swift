/// How a trace writes a set of flags (modifier keys, controller features):
/// `-` for none, otherwise the flags' names joined by `+` in bit order, then
/// any bits without a name as one hexadecimal number (`lshift+0x4`), so that
/// no bit is lost.
enum TraceBitNames {
    static func word<Flags: OptionSet>(_ flags: Flags, names: [(Flags, String)]) -> String
    where Flags.RawValue: FixedWidthInteger, Flags.Element == Flags {
        var parts: [String] = []
        var unnamed = flags.rawValue
        for (flag, name) in names where flags.contains(flag) {
            parts.append(name)
            unnamed &= ~flag.rawValue
        }
        if unnamed != 0 {
            parts.append("0x" + String(unnamed, radix: 16))
        }
        return parts.isEmpty ? "-" : parts.joined(separator: "+")
    }

    /// Reads what ``word(_:names:)`` writes, in any order and with repeats
    /// allowed, as a person might type them; `nil` for any part that is
    /// neither a name nor a `0x` number, including an empty one (`lshift+`).
    static func flags<Flags: OptionSet>(_ word: String, names: [(Flags, String)]) -> Flags?
    where Flags.RawValue: FixedWidthInteger, Flags.Element == Flags {
        if word == "-" { return [] }
        var flags: Flags = []
        for part in word.split(separator: "+", omittingEmptySubsequences: false) {
            if let named = names.first(where: { $0.1 == part }) {
                flags.insert(named.0)
            } else if part.hasPrefix("0x"), let bits = Flags.RawValue(part.dropFirst(2), radix: 16) {
                flags.insert(Flags(rawValue: bits))
            } else {
                return nil
            }
        }
        return flags
    }
}
