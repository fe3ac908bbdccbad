// The slimmer FoundationEssentials is enough for reading and writing bytes
// where the toolchain has it (Linux, Swift 6); elsewhere, Foundation.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text form of an ``ActionMap``'s bindings: one binding per line, for
/// players to edit and games to ship as defaults.
///
/// ## The format, version 1
///
/// ```
/// tactile-bindings 1
/// # action  kind             fields…                                   options
/// jump      key              Space
/// jump      button           south
/// move      composite-vector key:W key:S key:A key:D
/// move      composite-vector button:dpadUp button:dpadDown button:dpadLeft button:dpadRight
/// move      stick            left                                      deadzone=0.2
/// steer     axis             leftX                                     deadzone=0.1 invert scale=2
/// turn      composite-axis   key:Left key:Right
/// zoom      gesture          pinch scale
/// fire      gesture          tap trigger   # a recognizer the game registered as "tap"
/// ```
///
/// - The first line is the header `tactile-bindings 1`: the format's name and
///   version. A reader refuses a version it does not know.
/// - Every other line is blank, a comment, or one binding. A field that
///   starts with `#` starts a comment, to the end of its line. Fields are
///   separated by spaces or tabs; a carriage return before the newline is
///   ignored.
/// - A binding line is `action kind field… option…`. The action is the raw
///   value of the game's action type. Options come after the fields, in any
///   order, each at most once.
/// - Keys are SDL's scancode names without spaces, in any case (`Space`,
///   `LeftShift`, `KeypadEnter`), or USB HID usage numbers (`44`, `0x2C`);
///   see ``KeyName``. Writers use the name, or the number for keys without
///   one (and for `#`, which would start a comment).
/// - Buttons, axes, sticks and readings are the raw values of
///   ``ControllerButton``, ``ControllerAxis``, ``ControllerStick`` and
///   ``GestureReading``. A composite's parts are `key:NAME` or `button:NAME`.
/// - Numbers are decimal (`0.2`, `-1.5`, `1e-3`); writers use Swift's
///   shortest exact form, so a file round-trips number for number.
///
/// | kind | fields | options |
/// |---|---|---|
/// | `key` | key | |
/// | `button` | button | |
/// | `axis` | axis | `deadzone=` (default: ``AxisResponse/standard(for:)``), `invert`, `scale=` |
/// | `stick` | stick | `deadzone=` (default 0.24), `invert-x`, `invert-y`, `scale=` |
/// | `composite-axis` | negative part, positive part | |
/// | `composite-vector` | up, down, left, right parts | |
/// | `gesture` | registered name, reading | |
///
/// Gesture bindings name recognizers the game registered with the map
/// (``ActionMap/register(_:as:values:)``) before loading, so a file can only
/// bind gestures the game offers.
///
/// ## Errors
///
/// A file is read whole and checked before any of it is applied. The first
/// problem throws an ``ActionMapError`` with the line, the binding as written
/// and what is wrong: no header, another version, an unknown action, kind,
/// key, button, axis, stick, part, option or reading, a bad number, a dead
/// zone outside 0..<1, a wrong number of fields, a recognizer that is not
/// registered or cannot be read that way.
///
/// ```swift
/// try actions.loadBindings(contentsOfFile: "bindings.txt")
/// try actions.saveBindings(toFile: "bindings.txt")
/// ```
///
/// ## See Also
/// - ``ActionMap``: where the bindings go.
/// - ``Trace``: the project's other line-based text format, with the same conventions.
public enum ActionMapFile {
    /// The version this build reads and writes.
    public static let version = 1
    static let header = "tactile-bindings"
    static let kinds = ["key", "button", "axis", "stick", "composite-axis", "composite-vector", "gesture"]

    /// One binding as text: `kind field… option…`, without the action.
    public static func text(of binding: ActionBinding) -> String {
        switch binding {
        case .key(let scancode):
            return "key \(keyText(scancode))"
        case .button(let button):
            return "button \(button.rawValue)"
        case .axis(let axis, let response):
            var words = ["axis", axis.rawValue]
            if response.deadZone != AxisResponse.standard(for: axis).deadZone { words.append("deadzone=\(response.deadZone)") }
            if response.isInverted { words.append("invert") }
            if response.scale != 1 { words.append("scale=\(response.scale)") }
            return words.joined(separator: " ")
        case .composite(.axis(let negative, let positive)):
            return "composite-axis \(text(of: negative)) \(text(of: positive))"
        case .composite(.vector(let up, let down, let left, let right)):
            return "composite-vector \([up, down, left, right].map(text(of:)).joined(separator: " "))"
        case .composite(.stick(let stick, let response)):
            var words = ["stick", stick.rawValue]
            if response.deadZone != AxisResponse.stickDeadZone { words.append("deadzone=\(response.deadZone)") }
            if response.invertsX { words.append("invert-x") }
            if response.invertsY { words.append("invert-y") }
            if response.scale != 1 { words.append("scale=\(response.scale)") }
            return words.joined(separator: " ")
        case .gesture(let name, let reading):
            return "gesture \(name) \(reading.rawValue)"
        }
    }

    private static func text(of input: DigitalInput) -> String {
        switch input {
        case .key(let scancode): "key:\(keyText(scancode))"
        case .button(let button): "button:\(button.rawValue)"
        }
    }

    private static func keyText(_ scancode: Int32) -> String {
        let name = KeyName.name(of: scancode)
        return name.hasPrefix("#") ? String(scancode) : name
    }

    // MARK: Reading

    /// The fields of one line, with comments removed.
    static func fields(of line: Substring) -> [Substring] {
        var fields: [Substring] = []
        for field in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            if field.hasPrefix("#") { break }
            fields.append(field)
        }
        return fields
    }

    /// Parses one binding's fields (after the action). `problem` is thrown
    /// by the caller with the line.
    static func binding(from fields: ArraySlice<Substring>) -> Result<ActionBinding, ActionMapError.Problem> {
        guard let kindField = fields.first else { return .failure(.unknownKind("")) }
        let kind = String(kindField)
        let rest = fields.dropFirst()
        // The fields come first, then the options; a kind without options
        // takes exactly its fields.
        func split(_ count: Int) -> Result<(fields: [Substring], options: [Substring]), ActionMapError.Problem> {
            guard rest.count >= count else { return .failure(.wrongFieldCount(kind: kind, expected: count, found: rest.count)) }
            return .success((Array(rest.prefix(count)), Array(rest.dropFirst(count))))
        }
        func noOptions(_ options: [Substring], _ count: Int) -> ActionMapError.Problem? {
            options.isEmpty ? nil : .wrongFieldCount(kind: kind, expected: count, found: rest.count)
        }
        do {
            switch kind {
            case "key":
                let (fields, options) = try split(1).get()
                if let problem = noOptions(options, 1) { throw problem }
                return .success(.key(try key(fields[0])))
            case "button":
                let (fields, options) = try split(1).get()
                if let problem = noOptions(options, 1) { throw problem }
                return .success(.button(try button(fields[0])))
            case "axis":
                let (fields, options) = try split(1).get()
                guard let axis = ControllerAxis(rawValue: String(fields[0])) else { throw ActionMapError.Problem.unknownAxis(String(fields[0])) }
                var response = AxisResponse.standard(for: axis)
                var parsed = Options(options)
                if let deadZone = try parsed.number("deadzone") { response.deadZone = deadZone }
                response.isInverted = try parsed.flag("invert")
                if let scale = try parsed.number("scale") { response.scale = scale }
                try parsed.finish()
                if let problem = response.invalidity { throw problem }
                return .success(.axis(axis, response))
            case "stick":
                let (fields, options) = try split(1).get()
                guard let stick = ControllerStick(rawValue: String(fields[0])) else { throw ActionMapError.Problem.unknownStick(String(fields[0])) }
                var response = StickResponse()
                var parsed = Options(options)
                if let deadZone = try parsed.number("deadzone") { response.deadZone = deadZone }
                response.invertsX = try parsed.flag("invert-x")
                response.invertsY = try parsed.flag("invert-y")
                if let scale = try parsed.number("scale") { response.scale = scale }
                try parsed.finish()
                if let problem = response.invalidity { throw problem }
                return .success(.composite(.stick(stick, response)))
            case "composite-axis":
                let (fields, options) = try split(2).get()
                if let problem = noOptions(options, 2) { throw problem }
                return .success(.composite(.axis(negative: try input(fields[0]), positive: try input(fields[1]))))
            case "composite-vector":
                let (fields, options) = try split(4).get()
                if let problem = noOptions(options, 4) { throw problem }
                return .success(.composite(.vector(
                    up: try input(fields[0]), down: try input(fields[1]), left: try input(fields[2]), right: try input(fields[3]))))
            case "gesture":
                let (fields, options) = try split(2).get()
                if let problem = noOptions(options, 2) { throw problem }
                guard let reading = GestureReading(rawValue: String(fields[1])) else { throw ActionMapError.Problem.unknownReading(String(fields[1])) }
                return .success(.gesture(String(fields[0]), reading))
            default:
                throw ActionMapError.Problem.unknownKind(kind)
            }
        } catch let problem as ActionMapError.Problem {
            return .failure(problem)
        } catch {
            // Every throw above is a Problem; Swift's untyped `do` needs this arm.
            return .failure(.unknownKind(kind))
        }
    }

    private static func key(_ field: Substring) throws(ActionMapError.Problem) -> Int32 {
        guard let scancode = KeyName.scancode(of: String(field)) else { throw .unknownKey(String(field)) }
        return scancode
    }

    private static func button(_ field: Substring) throws(ActionMapError.Problem) -> ControllerButton {
        guard let button = ControllerButton(rawValue: String(field)) else { throw .unknownButton(String(field)) }
        return button
    }

    private static func input(_ field: Substring) throws(ActionMapError.Problem) -> DigitalInput {
        if field.hasPrefix("key:") { return .key(try key(field.dropFirst(4))) }
        if field.hasPrefix("button:") { return .button(try button(field.dropFirst(7))) }
        throw .unknownInput(String(field))
    }

    /// The options of a line, taken one by one; what is left over is unknown.
    private struct Options {
        var remaining: [Substring]

        init(_ options: [Substring]) { remaining = options }

        mutating func flag(_ name: String) throws(ActionMapError.Problem) -> Bool {
            let matches = remaining.filter { $0 == name }
            if matches.count > 1 { throw .unknownOption(name) }
            remaining.removeAll { $0 == name }
            return matches.count == 1
        }

        mutating func number(_ name: String) throws(ActionMapError.Problem) -> Double? {
            let prefix = name + "="
            let matches = remaining.filter { $0.hasPrefix(prefix) }
            if matches.count > 1 { throw .unknownOption(String(matches[1])) }
            guard let match = matches.first else { return nil }
            remaining.removeAll { $0.hasPrefix(prefix) }
            let text = match.dropFirst(prefix.count)
            // Decimal only: Double(_:) would also take "nan", "inf" and hexadecimal floats.
            guard text.allSatisfy({ "0123456789.-+eE".contains($0) }), let value = Double(text), value.isFinite else {
                throw .badNumber(option: name, text: String(text))
            }
            return value
        }

        func finish() throws(ActionMapError.Problem) {
            if let first = remaining.first { throw .unknownOption(String(first)) }
        }
    }
}

extension ActionMap where Action: RawRepresentable, Action.RawValue == String {
    /// The map's bindings as a binding file (see ``ActionMapFile``), in the
    /// order of ``actions`` and, within an action, of binding.
    public var bindingsText: String {
        var lines = ["\(ActionMapFile.header) \(ActionMapFile.version)"]
        for entry in entries {
            lines.append("\(entry.action.rawValue) \(ActionMapFile.text(of: entry.binding))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Replaces every binding with those of a binding file's text.
    ///
    /// - Throws: ``ActionMapError`` naming the line, the binding and the
    ///   problem; the map then keeps its bindings.
    public func loadBindings(from text: String) throws(ActionMapError) {
        var newEntries: [Entry] = []
        var sawHeader = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let fields = ActionMapFile.fields(of: rawLine)
            let written = fields.joined(separator: " ")
            if !sawHeader {
                guard fields.count == 2, fields[0] == ActionMapFile.header else {
                    throw ActionMapError(line: line, binding: written.isEmpty ? nil : written, problem: .missingHeader)
                }
                guard Int(fields[1]) == ActionMapFile.version else {
                    throw ActionMapError(line: line, binding: written, problem: .unsupportedVersion(String(fields[1])))
                }
                sawHeader = true
                continue
            }
            guard let name = fields.first else { continue }
            guard let action = Action(rawValue: String(name)), actions.contains(action) else {
                throw ActionMapError(line: line, binding: written, problem: .unknownAction(String(name)))
            }
            let binding: ActionBinding
            switch ActionMapFile.binding(from: fields.dropFirst()) {
            case .success(let parsed): binding = parsed
            case .failure(let problem): throw ActionMapError(line: line, binding: written, problem: problem)
            }
            let entry = Entry(action, binding)
            if let problem = problem(with: entry) {
                throw ActionMapError(line: line, binding: written, problem: problem)
            }
            newEntries.append(entry)
        }
        guard sawHeader else { throw ActionMapError(line: 1, binding: nil, problem: .missingHeader) }
        try setEntries(newEntries)
    }

    /// Reads a binding file and replaces every binding with its own.
    ///
    /// - Throws: the file system's error when the file cannot be read, or an
    ///   ``ActionMapError`` when its text is not a valid binding file.
    public func loadBindings(contentsOfFile path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try loadBindings(from: String(decoding: data, as: UTF8.self))
    }

    /// Writes ``bindingsText`` to a file, whole, replacing any file at `path`.
    public func saveBindings(toFile path: String) throws {
        try Data(bindingsText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
