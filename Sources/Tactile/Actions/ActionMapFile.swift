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
/// fire      mouse            right
/// zoom      wheel            vertical                                  scale=0.1
/// next      wheel-step       up
/// save      chord            mod:control key:S
/// special   chord            button:leftShoulder button:south
/// menuDown  axis             leftY                                     deadzone=0.5 positive
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
///   see ``KeyName``. A `key` line may also spell the name as SDL does,
///   spaces and all (`jump key Left Shift`); a composite's parts are one
///   field each (`key:LeftShift`). Writers use the name, or the number for keys without
///   one (and for `#`, which would start a comment). A single digit is the
///   number key's name (`1` is scancode 30), so the unnamed scancodes 0 to 3
///   are written in hexadecimal (`0x1`).
/// - Buttons, axes, sticks, readings, mouse buttons, wheel axes and
///   directions and modifiers are the raw values of ``ControllerButton``,
///   ``ControllerAxis``, ``ControllerStick``, ``GestureReading``,
///   ``MouseButton``, ``WheelAxis``, ``WheelDirection`` and ``ModifierKey``.
///   The parts of a composite or a chord are `key:NAME`, `button:NAME`,
///   `mouse:NAME` or `mod:NAME` (a modifier on either side). A chord's last
///   part is the one pressed; the 1 to 4 before it are held.
/// - Numbers are decimal (`0.2`, `-1.5`, `1e-3`); writers use Swift's
///   shortest exact form (`-0.0` and subnormals such as `5e-324` included),
///   so a file round-trips number for number. NaN, infinities, hexadecimal
///   floats and numbers out of range, above (`1e999`) or below (`1e-400`,
///   which would otherwise read as 0), are refused.
/// - Action names and gesture names are single words: no spaces, tabs,
///   carriage returns or newlines, not empty, not starting with `#`. A
///   gesture binding with any other name is refused when it is bound, and
///   ``ActionMap/saveBindings(toFile:)`` refuses an action whose raw value
///   is not a word, so that everything written reads back name for name.
/// - A line is at most 4,096 bytes, comment included, and fields after its
///   16th are counted but not kept: loading holds one line and the bindings
///   read so far, whatever the file holds.
///
/// | kind | fields | options |
/// |---|---|---|
/// | `key` | key | |
/// | `button` | button | |
/// | `axis` | axis | `deadzone=` (default: ``AxisResponse/standard(for:)``), `invert`, `scale=`, `positive` or `negative` (one half, ``AxisResponse/half``) |
/// | `stick` | stick | `deadzone=` (default 0.24), `invert-x`, `invert-y`, `scale=` |
/// | `composite-axis` | negative part, positive part | |
/// | `composite-vector` | up, down, left, right parts | |
/// | `gesture` | registered name, reading | |
/// | `mouse` | mouse button | |
/// | `wheel` | wheel axis | `scale=` (default 1) |
/// | `wheel-step` | wheel direction | |
/// | `chord` | 2 to 5 parts: held…, pressed | |
/// | `command` | registered name (read as a trigger) | |
///
/// Gesture bindings name recognizers the game registered with the map
/// (``ActionMap/register(_:as:values:)``) before loading, so a file can only
/// bind gestures the game offers.
///
/// ## Errors
///
/// A file is read a line at a time and checked whole before any of it is
/// applied. The first
/// problem throws an ``ActionMapError`` with the line, the binding as written
/// and what is wrong: no header, another version, a line too long, an unknown action, kind,
/// key, button, axis, stick, part, option, reading, mouse button, wheel axis
/// or direction or modifier, a bad number, a dead zone outside 0..<1, a
/// wrong number of fields or of chord parts, a chord naming an input twice,
/// both halves of an axis, a recognizer that is not registered or cannot be
/// read that way.
///
/// ```swift
/// try actions.loadBindings(contentsOfFile: "bindings.txt")
/// try actions.saveBindings(toFile: "bindings.txt")
/// ```
///
/// ## See Also
/// - ``ActionMap``
/// - ``Trace``
public enum ActionMapFile {
    /// The version this build reads and writes.
    public static let version = 1
    static let header = "tactile-bindings"
    static let kinds = ["key", "button", "axis", "stick", "composite-axis", "composite-vector", "gesture", "mouse", "wheel", "wheel-step", "chord", "command"]

    /// The longest action or gesture name a file holds, in UTF-8 bytes:
    /// 1,024, so that a line of two names and a binding's fields stays
    /// within the 4,096-byte line limit.
    static let maximumNameLength = 1024

    /// Whether `name` can stand as one field of a line and read back as
    /// itself: not empty, not too long, no separator or line end, and not
    /// the start of a comment.
    static func isWord(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "#"), name.utf8.count <= maximumNameLength else {
            return false
        }
        return !name.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
            && !name.hasPrefix("\u{FEFF}")
    }

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
            if let half = response.half { words.append(half.rawValue) }
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
        case .mouseButton(let button):
            return "mouse \(button.rawValue)"
        case .wheel(let axis, let scale):
            return scale == 1 ? "wheel \(axis.rawValue)" : "wheel \(axis.rawValue) scale=\(scale)"
        case .wheelStep(let direction):
            return "wheel-step \(direction.rawValue)"
        case .chord(let chord):
            return "chord \((chord.modifiers + [chord.input]).map(text(of:)).joined(separator: " "))"
        case .command(let name):
            return "command \(name)"
        }
    }

    /// A part of a composite or chord as a file writes it.
    static func text(of input: DigitalInput) -> String {
        switch input {
        case .key(let scancode): "key:\(keyText(scancode))"
        case .button(let button): "button:\(button.rawValue)"
        case .mouseButton(let button): "mouse:\(button.rawValue)"
        case .modifier(let modifier): "mod:\(modifier.rawValue)"
        }
    }

    /// A key as a file writes it: its name, or its number for a key with
    /// none or whose name would start a comment (`#`, scancode 50). Either
    /// reads back as the same scancode (see ``KeyName/name(of:)``).
    private static func keyText(_ scancode: Int32) -> String {
        let name = KeyName.name(of: scancode)
        return name.hasPrefix("#") ? String(scancode) : name
    }

    // MARK: Reading

    /// Parses one binding's fields (after the action). `problem` is thrown
    /// by the caller with the line.
    static func binding(from fields: ArraySlice<String>) -> Result<ActionBinding, ActionMapError.Problem> {
        guard let kindField = fields.first else { return .failure(.unknownKind("")) }
        let kind = kindField
        let rest = fields.dropFirst()
        // The fields come first, then the options; a kind without options
        // takes exactly its fields.
        func split(_ count: Int) -> Result<(fields: [String], options: [String]), ActionMapError.Problem> {
            guard rest.count >= count else { return .failure(.wrongFieldCount(kind: kind, expected: count, found: rest.count)) }
            return .success((Array(rest.prefix(count)), Array(rest.dropFirst(count))))
        }
        func noOptions(_ options: [String], _ count: Int) -> ActionMapError.Problem? {
            options.isEmpty ? nil : .wrongFieldCount(kind: kind, expected: count, found: rest.count)
        }
        do {
            switch kind {
            case "key":
                // SDL's spaced names (`Left Shift`) take the rest of the line.
                if rest.count > 1, let scancode = KeyName.scancode(of: rest.joined(separator: " ")) {
                    return .success(.key(scancode))
                }
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
                switch (try parsed.flag("positive"), try parsed.flag("negative")) {
                case (true, true): throw ActionMapError.Problem.bothHalves
                case (true, false): response.half = .positive
                case (false, true): response.half = .negative
                case (false, false): break
                }
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
            case "mouse":
                let (fields, options) = try split(1).get()
                if let problem = noOptions(options, 1) { throw problem }
                return .success(.mouseButton(try mouseButton(fields[0])))
            case "wheel":
                let (fields, options) = try split(1).get()
                guard let axis = WheelAxis(rawValue: fields[0]) else { throw ActionMapError.Problem.unknownWheelAxis(fields[0]) }
                var parsed = Options(options)
                let scale = try parsed.number("scale") ?? 1
                try parsed.finish()
                return .success(.wheel(axis, scale: scale))
            case "wheel-step":
                let (fields, options) = try split(1).get()
                if let problem = noOptions(options, 1) { throw problem }
                guard let direction = WheelDirection(rawValue: fields[0]) else { throw ActionMapError.Problem.unknownWheelDirection(fields[0]) }
                return .success(.wheelStep(direction))
            case "chord":
                guard (2...ActionChord.maximumModifiers + 1).contains(rest.count) else { throw ActionMapError.Problem.chordLength(found: rest.count) }
                let parts = try rest.map { field throws(ActionMapError.Problem) in try input(field) }
                let chord = ActionChord(holding: Array(parts.dropLast()), press: parts[parts.count - 1])
                if let problem = chord.invalidity { throw problem }
                return .success(.chord(chord))
            case "command":
                let (fields, options) = try split(1).get()
                if let problem = noOptions(options, 1) { throw problem }
                return .success(.command(String(fields[0])))
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

    private static func key(_ field: String) throws(ActionMapError.Problem) -> Int32 {
        guard let scancode = KeyName.scancode(of: field) else { throw .unknownKey(field) }
        return scancode
    }

    private static func button(_ field: String) throws(ActionMapError.Problem) -> ControllerButton {
        guard let button = ControllerButton(rawValue: field) else { throw .unknownButton(field) }
        return button
    }

    private static func mouseButton(_ field: String) throws(ActionMapError.Problem) -> MouseButton {
        guard let button = MouseButton(rawValue: field) else { throw .unknownMouseButton(field) }
        return button
    }

    private static func input(_ field: String) throws(ActionMapError.Problem) -> DigitalInput {
        if field.hasPrefix("key:") { return .key(try key(String(field.dropFirst(4)))) }
        if field.hasPrefix("button:") { return .button(try button(String(field.dropFirst(7)))) }
        if field.hasPrefix("mouse:") { return .mouseButton(try mouseButton(String(field.dropFirst(6)))) }
        if field.hasPrefix("mod:") {
            let name = String(field.dropFirst(4))
            guard let modifier = ModifierKey(rawValue: name) else { throw .unknownModifier(name) }
            return .modifier(modifier)
        }
        throw .unknownInput(String(field))
    }

    /// The options of a line, taken one by one; what is left over is unknown.
    private struct Options {
        var remaining: [String]

        init(_ options: [String]) { remaining = options }

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
            let text = String(match.dropFirst(prefix.count))
            guard let value = DecimalNumber.parse(text) else { throw .badNumber(option: name, text: text) }
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
    /// - Complexity: O(*n*) in the length of the text.
    public func loadBindings(from text: String) throws(ActionMapError) {
        var lines = TextLineReader(TextBytes(text))
        try setEntries(readEntries(from: &lines).get())
    }

    /// Reads a binding file a line at a time and replaces every binding
    /// with its own.
    ///
    /// - Throws: an error naming the file and the system's reason when it
    ///   cannot be opened or read, or an ``ActionMapError`` when its text is
    ///   not a valid binding file; the map then keeps its bindings.
    /// - Complexity: O(*n*) in the size of the file.
    public func loadBindings(contentsOfFile path: String) throws {
        var lines = TextLineReader(try FileBytes(path: path))
        try setEntries(readEntries(from: &lines).get())
    }

    /// Reads every binding of a file, checking each against the map, and
    /// applies none of them. A format error comes back as the value; a
    /// failure of the source itself is thrown.
    private func readEntries<Source: ByteSource>(
        from lines: inout TextLineReader<Source>
    ) throws(Source.Failure) -> Result<[Entry], ActionMapError> {
        var entries: [Entry] = []
        var sawHeader = false
        while let next = try lines.next() {
            let line: Int
            let fields: [String]
            switch next {
            case .tooLong(let number):
                return .failure(ActionMapError(
                    line: number, binding: nil, problem: .lineTooLong(limit: TextLineReader<Source>.maximumLineLength)))
            case .fields(let number, let kept, let count):
                guard count <= kept.count else {
                    return .failure(ActionMapError(
                        line: number, binding: kept.prefix(3).joined(separator: " ") + " …",
                        problem: .tooManyFields(found: count, limit: TextLineReader<Source>.maximumFieldCount)))
                }
                line = number
                fields = kept
            }
            // The binding as written, for an error: joined only when one is thrown.
            var written: String { fields.joined(separator: " ") }
            if !sawHeader {
                guard fields.count == 2, fields[0] == ActionMapFile.header else {
                    return .failure(ActionMapError(line: line, binding: fields.isEmpty ? nil : written, problem: .missingHeader))
                }
                guard Int(fields[1]) == ActionMapFile.version else {
                    return .failure(ActionMapError(line: line, binding: written, problem: .unsupportedVersion(fields[1])))
                }
                sawHeader = true
                continue
            }
            guard let name = fields.first else { continue }
            guard let action = Action(rawValue: name), actions.contains(action) else {
                return .failure(ActionMapError(line: line, binding: written, problem: .unknownAction(name)))
            }
            let binding: ActionBinding
            switch ActionMapFile.binding(from: fields.dropFirst()) {
            case .success(let parsed): binding = parsed
            case .failure(let problem): return .failure(ActionMapError(line: line, binding: written, problem: problem))
            }
            let entry = Entry(action, binding)
            if let problem = problem(with: entry) {
                return .failure(ActionMapError(line: line, binding: written, problem: problem))
            }
            entries.append(entry)
        }
        // The line reader yields one line even for empty text, so the header
        // has been checked; this only covers the impossible.
        guard sawHeader else { return .failure(ActionMapError(line: 1, binding: nil, problem: .missingHeader)) }
        return .success(entries)
    }

    /// Writes ``bindingsText`` to a file, whole, replacing any file at `path`.
    ///
    /// - Throws: an ``ActionMapError`` when a bound action's raw value is
    ///   not a single word (see ``ActionMapFile``), which would not read
    ///   back, before anything is written; or the file system's error.
    public func saveBindings(toFile path: String) throws {
        for entry in entries where !ActionMapFile.isWord(entry.action.rawValue) {
            throw ActionMapError(line: nil, binding: entry.action.rawValue, problem: .notAWord(entry.action.rawValue))
        }
        try Data(bindingsText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
