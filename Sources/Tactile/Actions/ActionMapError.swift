/// Why a binding could not be made or a binding file could not be read:
/// which line, which binding, and what is wrong with it.
///
/// ``description`` says it all in one line for the person fixing the file:
///
/// ```
/// line 4, "jump key Spcae": unknown key 'Spcae' (an SDL scancode name without spaces, such as Space or LeftShift, or a USB HID usage number)
/// ```
///
/// A file is checked whole before any of it is applied, so a map that
/// throws keeps the bindings it had.
///
/// ## See Also
/// - ``ActionMapFile``
public struct ActionMapError: Error, Hashable, Sendable {
    /// The 1-based line of the file, or `nil` for a binding made in code.
    public var line: Int?
    /// The binding as written (the line's text, trimmed), or as bound in code.
    public var binding: String?
    public var problem: Problem

    public init(line: Int?, binding: String?, problem: Problem) {
        self.line = line
        self.binding = binding
        self.problem = problem
    }

    /// What is wrong. Also an `Error` of its own, for code that checks one
    /// binding and leaves the line to its caller.
    public enum Problem: Error, Hashable, Sendable {
        /// The first line is not `tactile-bindings <version>`.
        case missingHeader
        /// The header names a version this build cannot read.
        case unsupportedVersion(String)
        /// The action is not one of the map's (or not a value of its type).
        case unknownAction(String)
        /// The word after the action is not a kind of binding.
        case unknownKind(String)
        /// The binding has too few or too many fields for its kind.
        case wrongFieldCount(kind: String, expected: Int, found: Int)
        /// Not a key name or a scancode in 0..<512.
        case unknownKey(String)
        /// Not a ``ControllerButton`` raw value.
        case unknownButton(String)
        /// Not a ``ControllerAxis`` raw value.
        case unknownAxis(String)
        /// Not a ``ControllerStick`` raw value.
        case unknownStick(String)
        /// A composite's part is not `key:NAME` or `button:NAME`.
        case unknownInput(String)
        /// An option the kind does not take, or one given twice.
        case unknownOption(String)
        /// An option's number is not a finite decimal number.
        case badNumber(option: String, text: String)
        /// A dead zone outside 0..<1.
        case deadZoneOutOfRange(Double)
        /// No recognizer is registered under the name.
        case unknownRecognizer(String)
        /// Not a ``GestureReading`` raw value.
        case unknownReading(String)
        /// The recognizer was registered without the value the reading needs.
        case unsupportedReading(recognizer: String, reading: String)
        /// A line is longer than `limit` bytes; no binding line is, so the
        /// file is damaged or is not a binding file.
        case lineTooLong(limit: Int)
        /// A line has more fields than any binding takes.
        case tooManyFields(found: Int, limit: Int)
        /// An action's raw value or a gesture's name is not a single word
        /// (see ``ActionMapFile``), so a file could not hold it.
        case notAWord(String)
        /// Not a ``MouseButton`` raw value.
        case unknownMouseButton(String)
        /// Not a ``WheelAxis`` raw value.
        case unknownWheelAxis(String)
        /// Not a ``WheelDirection`` raw value.
        case unknownWheelDirection(String)
        /// Not a ``ModifierKey`` raw value.
        case unknownModifier(String)
        /// A chord has fewer than 2 or more than 5 parts (1 to 4 held, 1 pressed).
        case chordLength(found: Int)
        /// A chord names this input twice.
        case chordRepeats(String)
        /// An axis binding asks for both its `positive` and `negative` half.
        case bothHalves
    }
}

extension ActionMapError: CustomStringConvertible {
    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let binding { place.append("\"\(binding)\"") }
        let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return prefix + problem.description
    }
}

extension ActionMapError.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingHeader:
            "not a binding file: the first line must be 'tactile-bindings 1'"
        case .unsupportedVersion(let version):
            "version \(version) of the binding format is not supported (this build reads version \(ActionMapFile.version))"
        case .unknownAction(let name):
            "unknown action '\(name)'"
        case .unknownKind(let word):
            "unknown kind of binding '\(word)' (one of \(ActionMapFile.kinds.joined(separator: ", ")))"
        case .wrongFieldCount(let kind, let expected, let found):
            "a \(kind) binding takes \(expected) field\(expected == 1 ? "" : "s") (then its options, if it has any), found \(found)"
        case .unknownKey(let text):
            "unknown key '\(text)' (an SDL scancode name without spaces, such as Space or LeftShift, or a USB HID usage number)"
        case .unknownButton(let text):
            "unknown controller button '\(text)' (one of \(ControllerButton.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownAxis(let text):
            "unknown controller axis '\(text)' (one of \(ControllerAxis.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownStick(let text):
            "unknown stick '\(text)' (left or right)"
        case .unknownInput(let text):
            "'\(text)' is not key:NAME, button:NAME, mouse:NAME or mod:NAME"
        case .unknownOption(let text):
            "unknown or repeated option '\(text)'"
        case .badNumber(let option, let text):
            "bad number '\(text)' for \(option)"
        case .deadZoneOutOfRange(let value):
            "dead zone \(value) is out of range (0 up to but not including 1)"
        case .unknownRecognizer(let name):
            "no gesture recognizer is registered as '\(name)'"
        case .unknownReading(let text):
            "unknown gesture reading '\(text)' (one of \(GestureReading.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unsupportedReading(let recognizer, let reading):
            "the recognizer '\(recognizer)' was registered without a \(reading) value"
        case .lineTooLong(let limit):
            "line too long: a binding line is at most \(limit) bytes"
        case .tooManyFields(let found, let limit):
            "too many fields: \(found), where no binding takes more than \(limit)"
        case .unknownMouseButton(let text):
            "unknown mouse button '\(text)' (one of \(MouseButton.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownWheelAxis(let text):
            "unknown wheel axis '\(text)' (vertical or horizontal)"
        case .unknownWheelDirection(let text):
            "unknown wheel direction '\(text)' (one of \(WheelDirection.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownModifier(let text):
            "unknown modifier '\(text)' (one of \(ModifierKey.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .chordLength(let found):
            "a chord takes 2 to \(ActionChord.maximumModifiers + 1) parts (the held ones, then the pressed one), found \(found)"
        case .chordRepeats(let part):
            "a chord names \(part) twice"
        case .bothHalves:
            "an axis binding takes one half, positive or negative, not both"
        case .notAWord(let name):
            "'\(name.prefix(40))' is not a single word (not empty, at most \(ActionMapFile.maximumNameLength) bytes, no spaces, tabs or line ends, not starting with #)"
        }
    }
}
