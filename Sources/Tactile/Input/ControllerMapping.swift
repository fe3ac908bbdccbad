/// One good mapping line.
public struct ControllerMapping: Hashable, Sendable {
    /// The pad's GUID, lowercase, as SDL writes it.
    public var guid: String
    public var name: String
    /// The `platform:` field, if the line has one.
    public var platform: String?
    /// The `hint:` field, if the line has one.
    public var hint: String?
    /// The line as SDL takes it (`SDL_GameControllerAddMapping`).
    public var text: String
    /// Where the line was, 1-based.
    public var line: Int

    /// Checks one mapping line; `number` is its line number for errors.
    public static func parse(_ text: String, number: Int = 1) -> Result<ControllerMapping, ControllerMappingError> {
        func fail(_ problem: ControllerMappingError.Problem) -> Result<ControllerMapping, ControllerMappingError> {
            .failure(ControllerMappingError(line: number, problem: problem))
        }
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let guid = String(fields[0]).trimmingWhitespace
        guard guid == "xinput" || (guid.utf8.count == 32 && guid.allSatisfy(\.isHexDigit)) else {
            return fail(.badGUID(guid))
        }
        guard fields.count >= 2, !fields[1].trimmingWhitespace.isEmpty else { return fail(.missingName) }
        var platform: String?
        var hint: String?
        var bindings = 0
        for field in fields.dropFirst(2) where !field.trimmingWhitespace.isEmpty {
            let element = field.trimmingWhitespace
            guard let colon = element.firstIndex(of: ":") else { return fail(.badElement(element)) }
            let target = String(element[..<colon])
            let source = String(element[element.index(after: colon)...])
            switch target {
            case "platform": platform = source
            case "hint": hint = source
            case "crc", "sdk>=", "sdk<=": break
            default:
                guard isTarget(target) else { return fail(.unknownTarget(target)) }
                guard isSource(source) else { return fail(.badSource(target: target, source: source)) }
                bindings += 1
            }
        }
        guard bindings > 0 else { return fail(.noBindings) }
        return .success(ControllerMapping(
            guid: guid.lowercased(), name: String(fields[1]).trimmingWhitespace, platform: platform, hint: hint,
            text: text, line: number))
    }

    /// SDL 2.26's button and axis names (`SDL_GameControllerGetStringForButton`
    /// and `…ForAxis`).
    static let buttonNames: Set<String> = [
        "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder", "rightshoulder",
        "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1", "paddle2", "paddle3", "paddle4", "touchpad",
    ]
    static let axisNames: Set<String> = ["leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger"]

    private static func isTarget(_ target: String) -> Bool {
        if buttonNames.contains(target) || axisNames.contains(target) { return true }
        guard let sign = target.first, sign == "+" || sign == "-" else { return false }
        return axisNames.contains(String(target.dropFirst()))
    }

    /// `b<n>`, `h<n>.<mask>`, or `a<n>` with an optional `+`/`-` before and `~` after.
    private static func isSource(_ source: String) -> Bool {
        var rest = Substring(source)
        if rest.hasPrefix("+") || rest.hasPrefix("-") { rest = rest.dropFirst() }
        switch rest.first {
        case "b": return isNumber(rest.dropFirst())
        case "a":
            rest = rest.dropFirst()
            if rest.hasSuffix("~") { rest = rest.dropLast() }
            return isNumber(rest)
        case "h":
            let parts = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            return source.first == "h" && parts.count == 2 && isNumber(parts[0]) && isNumber(parts[1])
        default: return false
        }
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 4 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and carriage returns at either end.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
