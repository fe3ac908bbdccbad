/// What is wrong with a mapping line, and where.
///
/// ```
/// line 12: bad source 'q3' for 'a': expected b<n>, h<n>.<mask> or a<n>
/// ```
public struct ControllerMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    public var problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    public enum Problem: Hashable, Sendable {
        /// The first field is not 32 hexadecimal digits.
        case badGUID(String)
        /// No name after the GUID.
        case missingName
        /// A field after the name is not `target:source`.
        case badElement(String)
        /// A target that is not one of SDL's buttons or axes.
        case unknownTarget(String)
        /// A source that is not a button, hat or axis of the joystick.
        case badSource(target: String, source: String)
        /// The line maps nothing.
        case noBindings
        /// SDL did not take a line Tactile found good, with SDL's reason.
        case refusedBySDL(String)
        /// The line is longer than ``ControllerMappingFile/maximumLineLength``.
        case lineTooLong(limit: Int)
    }

    public var description: String {
        let problem =
            switch problem {
            case .badGUID(let guid): "bad GUID \(quoted(guid)): expected 32 hexadecimal digits"
            case .missingName: "missing the pad's name after the GUID"
            case .badElement(let element): "bad element \(quoted(element)): expected target:source"
            case .unknownTarget(let target): "unknown button or axis \(quoted(target))"
            case .badSource(let target, let source):
                "bad source \(quoted(source)) for \(quoted(target)): expected b<n>, h<n>.<mask> or a<n>"
            case .noBindings: "the line maps no button or axis"
            case .refusedBySDL(let reason): "SDL refused the mapping: \(reason)"
            case .lineTooLong(let limit): "line too long: a mapping line is at most \(limit) bytes"
            }
        return "line \(line): \(problem)"
    }
}

/// Text from the file, quoted for a message: control characters escaped and
/// long text cut short, so garbage cannot flood a log line.
private func quoted(_ text: String) -> String {
    let shown = text.unicodeScalars.prefix(40).map { $0.escaped(asASCII: false) }.joined()
    return "'" + shown + (text.unicodeScalars.count > 40 ? "…" : "") + "'"
}
