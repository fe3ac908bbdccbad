/// One thing the user did, as the platform reported it: the seeds'
/// "sub-event", the unit that everything downstream consumes.
///
/// An input event is a plain value with no reference to SDL or any window
/// system. TactileSDL's event pump makes them from SDL events; a
/// ``TracePlayer`` makes them from a recorded trace; tests make them by hand.
/// Everything later in the pipeline (the scene, recognizers, motion, action
/// maps) sees only these.
///
/// ```swift
/// for event in events {
///     switch event.kind {
///     case .pointer(let pointer) where pointer.phase == .down:
///         print("\(pointer.id) went down at \(pointer.location)")
///     case .remote(.togglePlayPause):
///         player.toggle()
///     default:
///         break
///     }
/// }
/// ```
///
/// ## Ordering and time
///
/// Events arrive in the order the user produced them. `timestamp` is in
/// seconds on the clock the producer was given (see ``Clock``), so it can be
/// compared with that clock's `now` and with deadlines set on it.
///
/// ## See Also
/// - ``PointerEvent``
/// - ``TraceRecorder``
/// - ``TracePlayer``
public struct InputEvent: Hashable, Sendable {
    /// When the event happened, in seconds on the producer's clock.
    public var timestamp: Double
    /// What happened.
    public var kind: Kind

    @inlinable
    public init(timestamp: Double, _ kind: Kind) {
        self.timestamp = timestamp
        self.kind = kind
    }

    /// The kinds of input event.
    // Every event is copied into the frame's list and destroyed when the
    // list is emptied, and a few callers (the input debugger's ring, a
    // trace recorder) keep copies, so the payloads are laid out for that:
    // the kinds a game gets by the hundred a second (pointers, keys,
    // buttons, axes, sensor samples) are plain values held inline, and the
    // rare ones that hold strings (text, a controller's identity) are
    // `indirect`, boxed with one allocation as they are made. Inline, a
    // controller's identity made every event 83 bytes (88 in an array)
    // instead of 65 (72), all of them loaded and stored again by each copy
    // or destroy, which go through the enum's outlined value operations
    // (callgrind, the demos: a copy about 96 instructions, a destroy about
    // 52; boxed, 75 and 38). They cannot be plain bytes (no copy or destroy
    // at all) while text and identities are strings in the public API.
    // With `PointerEvent`'s phase stored last, an event is 58 bytes, 64 in
    // an array: one cache line (InputEventLayoutTests).
    public enum Kind: Hashable, Sendable {
        /// A contact went down, moved, lifted or was cancelled.
        case pointer(PointerEvent)
        /// The mouse moved with no button held: the cursor hovering.
        case mouseHover(Point)
        /// A mouse button other than the contact button.
        case mouseButton(MouseButtonEvent)
        case mouseWheel(MouseWheelEvent)
        case key(KeyEvent)
        case controller(ControllerEvent)
        case sensor(SensorSample)
        case remote(RemoteCommand)
        /// Typed text or an input method's composition, while the game has
        /// text input on (TactileSDL's `startTextInput`).
        indirect case text(TextInputEvent)
        /// The window stopped receiving input. Every pointer that was down
        /// has already been cancelled by the time this arrives; the event
        /// exists so that what is not a pointer (held keys, a shake in
        /// progress, a game's own state) can be cancelled too.
        case interrupted(Interruption)
    }
}

/// Why the window stopped receiving input.
public enum Interruption: String, Hashable, Sendable, CaseIterable {
    case focusLost = "focus-lost"
    case windowHidden = "window-hidden"
    case windowMinimized = "window-minimized"
}
