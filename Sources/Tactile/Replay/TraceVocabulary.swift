/// The word that names each kind of trace line, and how many fields follow it.
///
/// Writing and reading both take the words and the field counts from here, so
/// the two cannot disagree. The words are the ones ``Trace``'s documentation
/// lists; changing one changes the format and needs a new version.
enum TraceEventWord: String, CaseIterable, Sendable {
    case pointer
    case mouseHover = "mouse-hover"
    case mouseButton = "mouse-button"
    case mouseWheel = "mouse-wheel"
    case key
    case controllerAdded = "controller-added"
    case controllerRemapped = "controller-remapped"
    case controllerRemoved = "controller-removed"
    case controllerButton = "controller-button"
    case controllerAxis = "controller-axis"
    case controllerTouchpad = "controller-touchpad"
    case sensor
    case remote
    case interrupted
    case text
    case textComposition = "text-composition"

    /// The word for an event of this kind.
    init(_ kind: InputEvent.Kind) {
        switch kind {
        case .pointer: self = .pointer
        case .mouseHover: self = .mouseHover
        case .mouseButton: self = .mouseButton
        case .mouseWheel: self = .mouseWheel
        case .key: self = .key
        case .controller(.added): self = .controllerAdded
        case .controller(.remapped): self = .controllerRemapped
        case .controller(.removed): self = .controllerRemoved
        case .controller(.button): self = .controllerButton
        case .controller(.axis): self = .controllerAxis
        case .controller(.touchpad): self = .controllerTouchpad
        case .sensor: self = .sensor
        case .remote: self = .remote
        case .interrupted: self = .interrupted
        case .text(.committed): self = .text
        case .text(.composition): self = .textComposition
        }
    }

    /// How many fields follow the word on a line of this kind.
    var fieldCount: Int {
        switch self {
        case .pointer: 7
        case .mouseHover: 2
        case .mouseButton: 4
        case .mouseWheel: 2
        case .key: 5
        case .controllerAdded, .controllerRemapped: 1 + ControllerIdentity.traceFieldCount
        case .controllerRemoved: 1
        case .controllerButton: 3
        case .controllerAxis: 3
        case .controllerTouchpad: 7
        case .sensor: 7
        case .remote: 1
        case .interrupted: 1
        case .text: 1
        case .textComposition: 3
        }
    }
}

extension TraceEventWord {
    /// The field count of a line written without its optional fields: a
    /// `controller-added` line from before identities were recorded has the
    /// controller id alone.
    var shortFieldCount: Int? {
        self == .controllerAdded ? 1 : nil
    }
}

/// How a trace writes whether a key or button is pressed: `down` or `up`.
enum TraceButtonState: String, Sendable, CaseIterable {
    case down, up

    init(isDown: Bool) { self = isDown ? .down : .up }

    var isDown: Bool { self == .down }
}

/// How a trace writes a yes-or-no field such as a key's repeat flag: `1` or `0`.
enum TraceFlag: String, Sendable, CaseIterable {
    case yes = "1"
    case no = "0"

    init(_ value: Bool) { self = value ? .yes : .no }

    var value: Bool { self == .yes }
}

/// How a trace writes which kind of device a sensor belongs to; the id follows
/// in its own field.
enum TraceSensorSourceWord: String, Sendable, CaseIterable {
    case device, controller
}
