/// A recorded stream of input events, saved as text that people can read and
/// write, and replayed exactly.
///
/// A trace is what ``TraceRecorder`` produces and ``TracePlayer`` plays: every
/// ``InputEvent`` as it happened, its `timestamp` in seconds since the trace
/// started rather than on any clock. Tests keep traces as fixtures, bug reports
/// attach them, and a demo run headless from a trace behaves the same on every
/// machine.
///
/// Every trace keeps two rules, which its text format also enforces: times
/// never decrease, and every number is finite. Traces come only from a
/// recorder or from parsing, so a trace always encodes to ``text`` that parses
/// back to an equal trace, number for number.
///
/// ```swift
/// let trace = try Trace(contentsOfFile: "Fixtures/two-finger-pan.trace")
/// var player = TracePlayer(trace, start: clock.now)
/// ```
///
/// Text costs about three times the space of a packed binary encoding. A minute
/// of two fingers at 120 Hz is still well under a megabyte, and a trace that a
/// person can read, diff and fix by hand is worth more than the bytes.
///
/// ## The text format, version 1
///
/// A trace is UTF-8 text with one event per line:
///
/// ```
/// tactile-trace 1
/// # One finger taps, then the space bar goes down and up.
/// 0.0 pointer down finger 3 0 120.5 80.0 1.0
/// 0.016 pointer move finger 3 0 121.0 80.5 1.0
/// 0.09 pointer up finger 3 0 121.0 80.5 1.0
/// 0.5 key down 44 32 - 0
/// 0.62 key up 44 32 - 0   # the space bar has scancode 44, keycode 32
/// ```
///
/// - The first line is the header `tactile-trace 1`: the format's name and
///   its version. A reader refuses a version it does not know rather than
///   misread it.
/// - Every other line is blank, a comment, or one event. A field that starts
///   with `#` starts a comment: the rest of its line is ignored, so a comment
///   can fill a line or follow an event's fields.
/// - Fields are separated by spaces or tabs, as many as you like. A carriage
///   return before the newline is ignored, and the last line needs no newline.
/// - An event line is `time kind field…`. The time is in seconds since the
///   trace started (the first event is usually at 0). It may equal the time of
///   the line before but never be less: events play in file order.
/// - Numbers are decimal: `80`, `80.0`, `-0.25`, `1e-05`. Writers use Swift's
///   `Double.description`, the shortest text that reads back as the same
///   `Double` (`-0.0` and subnormals such as `5e-324` included), so a trace
///   written and read again is exactly equal. NaN, infinities, hexadecimal
///   floats and numbers out of range, above (`1e999`) or below (`1e-400`,
///   which would otherwise read as 0), are refused. Integer fields take no
///   fraction.
/// - A line is at most 4,096 bytes, comment included; no event line comes
///   near it. Fields after a line's 16th are counted, for the error, but not
///   kept. Reading therefore holds one line at a time, however the text is
///   damaged: 10 MB of newlines or of one-character fields cost no more
///   memory than a short trace.
/// - Words are the raw values of Tactile's enums, listed below.
///
/// ### Event lines
///
/// | Kind | Fields after the kind | Example |
/// |---|---|---|
/// | `pointer` | phase, pointer kind, device, index, x, y, pressure | `0.016 pointer down finger 3 0 120.5 80.0 1.0` |
/// | `mouse-hover` | x, y | `0.2 mouse-hover 300.0 41.5` |
/// | `mouse-button` | button, state, x, y | `0.3 mouse-button right down 300.0 41.5` |
/// | `mouse-wheel` | dx, dy | `0.4 mouse-wheel 0.0 -1.0` |
/// | `key` | state, scancode, keycode, modifiers, repeat | `0.5 key down 4 97 lshift+lalt 0` |
/// | `controller-added` | controller, then optionally its identity: type, vendor, product, GUID, player index, features, serial, name | `0.6 controller-added 0 ps5 054c 0ce6 050000004c050000e60c000000810000 0 rumble+accelerometer+gyroscope+touchpad+led - DualSense%20Wireless%20Controller` |
/// | `controller-remapped` | controller, identity | `5.0 controller-remapped 0 unknown 1234 5678 03000000341200007856000000000000 - - - My%20Pad` |
/// | `controller-removed` | controller | `9.5 controller-removed 0` |
/// | `controller-button` | controller, button, state | `0.7 controller-button 0 south down` |
/// | `controller-axis` | controller, axis, value | `0.8 controller-axis 0 leftX -0.25` |
/// | `controller-touchpad` | controller, touchpad, finger, phase, x, y, pressure | `0.9 controller-touchpad 0 0 1 down 0.5 0.25 1.0` |
/// | `sensor` | source, id, sensor, x, y, z, sensor time | `1.0 sensor controller 0 gyroscope 0.01 -0.02 0.0 12.5` |
/// | `remote` | command | `1.1 remote toggle-play-pause` |
/// | `interrupted` | reason | `1.2 interrupted focus-lost` |
/// | `text` | text | `1.3 text héllo%20!` |
/// | `text-composition` | cursor, selection length, text | `1.4 text-composition 1 1 にほ` |
///
/// ### Fields
///
/// - **phase**: `down`, `move`, `up` or `cancel` (``PointerEvent/Phase``).
/// - **pointer kind**: `finger`, `mouse`, `controller-cursor`, `simulated`
///   or `controller-touchpad` (``PointerKind``).
/// - **device**, **index**: 64-bit integers, the other two parts of the
///   ``PointerID``: SDL's touch device, mouse or controller id, and the finger
///   within it.
/// - **x**, **y** of `pointer`, `mouse-hover` and `mouse-button`: window
///   points, from the top-left corner, y growing down (``Point``).
/// - **pressure**: 0…1; devices without pressure report 1 while in contact.
/// - **button** of `mouse-button`: `left`, `middle`, `right`, `x1` or `x2`
///   (``MouseButton``).
/// - **state**: `down` or `up`.
/// - **dx**, **dy**: wheel notches; positive dx is to the right, positive dy
///   away from the user (``MouseWheelEvent``).
/// - **scancode**: the physical key, a USB HID usage (SDL's `SDL_Scancode`);
///   **keycode**: the key's meaning in the layout (SDL's `SDL_Keycode`). Both
///   are 32-bit integers.
/// - **modifiers**: the modifier keys held, `-` for none or names joined by
///   `+` in any order: `lshift`, `rshift`, `lctrl`, `rctrl`, `lalt`, `ralt`,
///   `lgui`, `rgui`, `num`, `caps`, `mode`, `scroll`. Bits with no name are
///   written in hexadecimal, as in `lshift+0x4` (``KeyModifiers``).
/// - **repeat**: `1` for a key-repeat, `0` for a real press or a release.
/// - **controller**: the controller's SDL joystick instance id, a 32-bit
///   integer.
/// - The **identity** of `controller-added` (``ControllerIdentity``) is
///   written whenever the event has one; a line with the controller id alone
///   (what traces held before identities were recorded) reads as an event
///   without one. **type** is a ``ControllerType`` raw value (`xboxOne`,
///   `ps5`, `switchPro`, `unknown`…); **vendor** and **product** are USB ids
///   as four hexadecimal digits; **player index** is an integer or `-`;
///   **features** are `-` or names joined by `+`: `rumble`,
///   `trigger-rumble`, `accelerometer`, `gyroscope`, `touchpad`, `led`
///   (``ControllerFeatures``). **GUID**, **serial** (`-` for none) and
///   **name** are text: UTF-8, with space, tab, other control characters,
///   `#` and `%` written as `%XX` (`%20`, `%23`, `%25`); empty text is `-`,
///   and the text `-` is `%2D`.
/// - **button** of `controller-button`: a ``ControllerButton`` raw value:
///   `south`, `east`, `west`, `north`, `back`, `guide`, `start`, `leftStick`,
///   `rightStick`, `leftShoulder`, `rightShoulder`, `dpadUp`, `dpadDown`,
///   `dpadLeft`, `dpadRight`, `misc1`, `paddle1` to `paddle4`, `touchpad`.
/// - **axis**: `leftX`, `leftY`, `rightX`, `rightY`, `leftTrigger` or
///   `rightTrigger` (``ControllerAxis``); **value**: −1…1 for sticks, +y
///   down, and 0…1 for triggers.
/// - **touchpad**, **finger**: 32-bit integers numbering the controller's
///   touchpads and the fingers on one; x and y of `controller-touchpad` are
///   the pad's own 0…1 coordinates.
/// - **source**: `device` for a sensor of the machine itself, whose **id** is
///   SDL's sensor instance id, or `controller` for one inside a controller,
///   whose id is the controller's instance id (``SensorSource``).
/// - **sensor**: `accelerometer`, with x, y, z in m/s², gravity included, or
///   `gyroscope`, in rad/s; SDL's axes (``SensorKind``).
/// - **sensor time**: seconds on the sensor's own clock, or `-` when the
///   hardware gives none (``SensorSample/sensorTime``).
/// - **command**: a ``RemoteCommand`` raw value: `play`, `pause`, `stop`,
///   `toggle-play-pause`, `next-track`, `previous-track`,
///   `begin-seeking-backward`, `end-seeking-backward`,
///   `begin-seeking-forward`, `end-seeking-forward`.
/// - **reason**: `focus-lost`, `window-hidden` or `window-minimized`
///   (``Interruption``).
/// - **text** of `text` and `text-composition`: free text, escaped as a
///   controller's name is (``TextInputEvent``); **cursor** and **selection
///   length** count Unicode scalars and are clamped into the text when read
///   (``TextComposition``).
///
/// Reading stops at the first line that breaks these rules, with a
/// ``TraceError`` that names the line and the problem.
///
/// ## Memory
///
/// A ``Trace`` holds its events (72 bytes each on 64-bit machines). Reading, from text or
/// a file, holds one 64 KiB buffer and one line besides. A trace too large
/// to hold plays from its file a line at a time through
/// ``TracePlayer/init(contentsOfFile:start:)``.
///
/// ## See Also
/// - ``TraceRecorder``
/// - ``TracePlayer``
/// - ``TraceError``
public struct Trace: Hashable, Sendable {
    /// The version of the text format that this build reads and writes.
    public static let currentVersion = 1

    /// The version of the text format the trace was read from. Writing always
    /// uses ``currentVersion``.
    public let version: Int

    /// The events in the order they happened, each `timestamp` in seconds
    /// since the trace started. Times never decrease and every number is finite.
    public let events: [InputEvent]

    /// Wraps events that already keep a trace's rules; only the recorder and
    /// the parser call this, which is how every trace stays encodable.
    init(version: Int = Trace.currentVersion, events: [InputEvent]) {
        self.version = version
        self.events = events
    }
}
