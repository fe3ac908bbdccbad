/// Turns the mouse's left button into one contact, or into two, the way
/// phone simulators let a desktop developer pinch, rotate and two-finger pan.
///
/// The mode is chosen when the button goes down, from the modifiers held then,
/// and kept until it goes up:
///
/// | held at press | contacts | kind | second contact |
/// |---|---|---|---|
/// | nothing | one | ``PointerKind/mouse`` | none |
/// | Alt | two | ``PointerKind/simulated`` | mirrored about the window centre: moving the mouse away from the centre spreads the pair (pinch), circling it rotates them |
/// | Alt+Shift | two | ``PointerKind/simulated`` | ``parallelSpacing`` points to the right (to the left near the right edge), and moves with the first: a two-finger pan |
///
/// Pointer ids are `(kind, mouse id, 0)` for the contact under the cursor
/// and `(kind, mouse id, 1)` for the second one.
///
/// The simulator is a value with no knowledge of SDL: TactileSDL's event pump
/// feeds it the mouse, and tests feed it directly.
public struct MouseTouchSimulator: Sendable {
    /// How the button's contacts are being made.
    public enum Mode: Hashable, Sendable {
        case single
        case mirrored
        case parallel
    }

    /// The distance between the two contacts of the Alt+Shift mode, in points.
    ///
    /// 80 points is about the gap between two fingertips laid side by side on
    /// a phone (two ~40-point fingertips), so pan recognizers see a natural pair.
    public var parallelSpacing: Double = 80

    /// The current mode, or `nil` while the button is up.
    public private(set) var mode: Mode?
    private var device: Int64 = 0
    private var parallelOffset = Point.zero
    private var lastLocation = Point.zero
    private var windowCenter = Point.zero

    public init() {}

    /// Whether the button is down, making one or two contacts.
    public var isPressed: Bool { mode != nil }

    /// The mode that pressing with `modifiers` held starts.
    public static func mode(for modifiers: KeyModifiers) -> Mode {
        guard modifiers.hasAlt else { return .single }
        return modifiers.hasShift ? .parallel : .mirrored
    }

    /// Starts the contacts for a button press at `location`.
    ///
    /// A press while already pressed means the previous release was lost:
    /// the old contacts are cancelled first, so none is left hanging.
    package mutating func press(
        at location: Point, modifiers: KeyModifiers, mouse: Int64, windowSize: Size,
        timestamp: Double, into events: inout [InputEvent]
    ) {
        if mode != nil { cancel(timestamp: timestamp, into: &events) }
        let newMode = Self.mode(for: modifiers)
        mode = newMode
        device = mouse
        if newMode == .parallel {
            let fitsToTheRight = location.x + parallelSpacing <= windowSize.width
            parallelOffset = Point(x: fitsToTheRight ? parallelSpacing : -parallelSpacing, y: 0)
        }
        emit(.down, at: location, windowSize: windowSize, timestamp: timestamp, into: &events)
    }

    /// Moves the contacts with the cursor. Does nothing while the button is up.
    package mutating func move(to location: Point, windowSize: Size, timestamp: Double, into events: inout [InputEvent]) {
        emit(.move, at: location, windowSize: windowSize, timestamp: timestamp, into: &events)
    }

    /// Lifts the contacts. Does nothing while the button is up.
    package mutating func release(at location: Point, windowSize: Size, timestamp: Double, into events: inout [InputEvent]) {
        emit(.up, at: location, windowSize: windowSize, timestamp: timestamp, into: &events)
        mode = nil
    }

    /// Cancels the contacts where they last were. Does nothing while the button is up.
    package mutating func cancel(timestamp: Double, into events: inout [InputEvent]) {
        emit(.cancel, at: lastLocation, windowSize: nil, timestamp: timestamp, into: &events)
        mode = nil
    }

    /// Appends the event of each contact. `windowSize` is `nil` when the
    /// window centre should stay where it was (a cancel has no new geometry).
    private mutating func emit(
        _ phase: PointerEvent.Phase, at location: Point, windowSize: Size?, timestamp: Double,
        into events: inout [InputEvent]
    ) {
        guard let mode else { return }
        lastLocation = location
        if let windowSize { windowCenter = windowSize.center }
        let kind: PointerKind = mode == .single ? .mouse : .simulated
        let first = PointerEvent(phase, id: PointerID(kind: kind, device: device, index: 0), location: location)
        events.append(InputEvent(timestamp: timestamp, .pointer(first)))
        let second: Point
        switch mode {
        case .single: return
        case .mirrored: second = Point(x: 2 * windowCenter.x - location.x, y: 2 * windowCenter.y - location.y)
        case .parallel: second = location + parallelOffset
        }
        let other = PointerEvent(phase, id: PointerID(kind: kind, device: device, index: 1), location: second)
        events.append(InputEvent(timestamp: timestamp, .pointer(other)))
    }
}
