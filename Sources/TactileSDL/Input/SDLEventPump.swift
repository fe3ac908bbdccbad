import CSDL2
import Foundation
import Tactile

/// Drains SDL's event queue and translates each SDL event into Tactile's
/// platform-neutral `InputEvent`s.
///
/// The pump is the one place where SDL's units, ids and quirks meet Tactile.
/// Everything downstream sees window points, seconds, and pointer ids that
/// are unique across devices.
///
/// ```swift
/// let pump = SDLEventPump(window: window, clock: SDLClock())
/// var events: [InputEvent] = []
/// pump.drain(into: &events)       // once per frame
/// if pump.quitRequested { ... }
/// ```
///
/// A game that runs its own `SDL_PollEvent` loop calls ``translate(_:into:)``
/// for each event instead of ``drain(into:)``, and frees an
/// `SDL_TEXTEDITING_EXT` event's text itself, as SDL asks.
///
/// ## What each SDL event becomes
///
/// | SDL | InputEvent |
/// |---|---|
/// | `SDL_FINGERDOWN/MOTION/UP` | `.pointer`, kind `finger`, id (touch device, finger), location = normalised × ``windowSize`` in points |
/// | `SDL_MOUSEBUTTONDOWN/UP` left, `SDL_MOUSEMOTION` while held | `.pointer`, kind `mouse`, or two `simulated` contacts (see `MouseTouchSimulator`) |
/// | `SDL_MOUSEMOTION` with the left button up | `.mouseHover` |
/// | other mouse buttons, `SDL_MOUSEWHEEL` | `.mouseButton`, `.mouseWheel` |
/// | `SDL_KEYDOWN/UP` | `.key`, or `.remote` for media keys |
/// | `SDL_TEXTINPUT`, `SDL_TEXTEDITING`, `SDL_TEXTEDITING_EXT` | `.text`: committed text, or a composition (see ``startTextInput(imeRect:)``) |
/// | `SDL_CONTROLLERDEVICEADDED/REMAPPED/REMOVED`, `…BUTTON…`, `…AXISMOTION`, `…TOUCHPAD…` | `.controller` (the pump opens and closes the controllers); with ``touchpadPointers`` set, each touchpad event is also a `.pointer` of kind `controllerTouchpad` |
/// | `SDL_SENSORUPDATE`, `SDL_CONTROLLERSENSORUPDATE` | `.sensor` |
/// | window focus lost, hidden, minimised | a `.pointer` cancel for every contact down, then `.interrupted` |
/// | window size changed | nothing: ``windowSize`` follows it, and controller cursors move inside it |
/// | `SDL_QUIT` | sets ``quitRequested`` |
/// | `SDL_RENDER_DEVICE_RESET` | counts in ``renderDeviceResets`` |
///
/// ## Bad input
///
/// Nothing crashes. Unknown SDL event types are ignored. Events for another
/// window, NaN or infinite coordinates, moves and ups of pointers that are not
/// down, and events of controllers or sensors that are not open are dropped
/// with a `Diagnostic`. Finger coordinates outside 0…1 are clamped into the
/// window (touch screens report slightly out-of-range values at their edges).
/// A second down for a pointer that is down cancels the first.
///
/// ## Time
///
/// With an ``SDLClock`` each event keeps SDL's own timestamp (when SDL queued
/// it, to the millisecond), on the same time base as the clock. With any
/// other clock, such as a `ManualClock` in a test or a headless replay, SDL's
/// timestamps mean nothing on that clock, so events are stamped with the
/// clock's reading when they are translated.
///
/// The mouse's one- and two-contact modes are Tactile's `MouseTouchSimulator`.
///
/// ## See Also
/// - ``SDLApp``
public final class SDLEventPump {
    /// The window whose events are ours. Its size converts finger coordinates.
    public let window: OpaquePointer?
    public let clock: any Clock

    /// Called for every piece of bad input, with what was done about it.
    /// By default diagnostics are written to standard error.
    public var diagnostics: (Diagnostic) -> Void = Diagnostic.writeToStandardError

    /// Whether SDL asked the application to quit (window closed, Ctrl-C).
    public private(set) var quitRequested = false

    /// How many times SDL reported `SDL_RENDER_DEVICE_RESET`: the renderer's
    /// textures lost their contents, so whatever keeps textures (a debug
    /// drawing canvas) makes them again when this changes.
    public private(set) var renderDeviceResets = 0

    /// The mouse's left button as one or two contacts.
    public var mouse = MouseTouchSimulator()

    /// Whether each controller drives a `ControllerCursor` (its left stick
    /// moves a pointer and a button is the contact), and how. `nil`, the
    /// default, leaves controllers to the game's own bindings.
    public var controllerCursors: ControllerCursor.Settings?

    /// Where a controller's touchpad fingers land as pointers of kind
    /// `controllerTouchpad`, which the scene hit-tests and recognizers see
    /// like fingers (two fingers on the pad pinch); `nil`, the default,
    /// leaves them touchpad events only. See `TouchpadArea`.
    public var touchpadPointers: TouchpadArea?
    /// Touchpad fingers that are down as pointers, where each last was.
    var touchpadFingers: [PointerEvent] = []

    /// The cursors of the connected controllers, while ``controllerCursors`` is on.
    public internal(set) var cursors: [Int32: ControllerCursor] = [:]
    /// When the cursors last moved.
    var cursorsAdvancedAt: Double?

    /// Whether the pump turns on the accelerometer and gyroscope of each
    /// controller that has them when it is connected. SDL sends
    /// `SDL_CONTROLLERSENSORUPDATE` only for sensors that were enabled.
    public var enablesControllerSensors = true

    private let windowID: UInt32
    private let usesSDLTimestamps: Bool
    /// Modifier keys as the last key event reported them. SDL's own
    /// `SDL_GetModState` is not used: events pushed with `SDL_PushEvent` (tests,
    /// injected input) do not update it, and the pump must treat them exactly
    /// like real ones.
    private var modifiers: KeyModifiers = []
    /// Fingers that are down, with where each last was, so that they can be
    /// cancelled where they are. A handful at most: a linear scan beats hashing.
    private var fingers: [PointerEvent] = []
    /// Open controllers by instance id.
    var controllers: [Int32: OpaquePointer] = [:]
    /// Events from controllers and sensors that are not open: reported at
    /// the 1st, 2nd, 4th, 8th… of each kind (see `DiagnosticThrottle`).
    var unknownControllerReports = DiagnosticThrottle()
    var unknownSensorReports = DiagnosticThrottle()
    /// Open device sensors by instance id, with SDL's handle (`nil` for one
    /// registered by a test, where Linux has no sensor backend to open).
    var sensors: [Int32: (kind: SensorKind, handle: OpaquePointer?)] = [:]

    /// Makes a pump for `window`'s events.
    ///
    /// SDL must already be initialised (see ``SDLSetup``). Controllers that
    /// are already connected arrive as `SDL_CONTROLLERDEVICEADDED` events on
    /// the first drain, as SDL queues one for each at start-up. The machine's
    /// own motion sensors, if any, are opened now.
    public init(window: OpaquePointer?, clock: any Clock) {
        self.window = window
        self.clock = clock
        self.windowID = window.map { SDL_GetWindowID($0) } ?? 0
        self.usesSDLTimestamps = clock is SDLClock
        self.windowSize = window.map(Self.pointSize(of:)) ?? Size(width: 0, height: 0)
        fingers.reserveCapacity(16)
        openDeviceSensors()
    }

    deinit {
        for controller in controllers.values { SDL_GameControllerClose(controller) }
        for sensor in sensors.values { if let handle = sensor.handle { SDL_SensorClose(handle) } }
    }

    /// Translates every event waiting in SDL's queue, in order, appending the
    /// results to `events`.
    public func drain(into events: inout [InputEvent]) {
        // SDL_PollEvent pumps the platform's events (and updates every
        // joystick) on each call, about 0.6 µs here, even to find the queue
        // empty. Pumping once and then taking the queued events with
        // SDL_PeepEvents gets the same events in the same order for a
        // fraction of the cost.
        SDL_PumpEvents()
        var event = SDL_Event()
        while SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1 {
            translate(event, into: &events)
            // The one SDL event that owns memory: taken from the queue, its
            // text is ours to free (SDL_events.h).
            if event.type == SDL_TEXTEDITING_EXT.rawValue { SDL_free(event.editExt.text) }
        }
        advanceControllerCursors(into: &events)
    }

    /// Translates one SDL event, appending zero or more input events.
    public func translate(_ event: SDL_Event, into events: inout [InputEvent]) {
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            translateFinger(event.tfinger, into: &events)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            translateMouseButton(event.button, into: &events)
        case SDL_MOUSEMOTION:
            translateMouseMotion(event.motion, into: &events)
        case SDL_MOUSEWHEEL:
            translateMouseWheel(event.wheel, into: &events)
        case SDL_KEYDOWN, SDL_KEYUP:
            translateKey(event.key, into: &events)
        case SDL_TEXTINPUT:
            translateTextInput(event.text, into: &events)
        case SDL_TEXTEDITING:
            translateTextEditing(event.edit, into: &events)
        case SDL_TEXTEDITING_EXT:
            translateTextEditingExtended(event.editExt, into: &events)
        case SDL_CONTROLLERDEVICEADDED:
            addController(deviceIndex: event.cdevice.which, timestamp: timestamp(event.common.timestamp), into: &events)
        case SDL_CONTROLLERDEVICEREMAPPED:
            remapController(instanceID: event.cdevice.which, timestamp: timestamp(event.common.timestamp), into: &events)
        case SDL_CONTROLLERDEVICEREMOVED:
            removeController(instanceID: event.cdevice.which, timestamp: timestamp(event.common.timestamp), into: &events)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            translateControllerButton(event.cbutton, into: &events)
        case SDL_CONTROLLERAXISMOTION:
            translateControllerAxis(event.caxis, into: &events)
        case SDL_CONTROLLERTOUCHPADDOWN, SDL_CONTROLLERTOUCHPADMOTION, SDL_CONTROLLERTOUCHPADUP:
            translateControllerTouchpad(event.ctouchpad, into: &events)
        case SDL_CONTROLLERSENSORUPDATE:
            translateControllerSensor(event.csensor, into: &events)
        case SDL_SENSORUPDATE:
            translateSensor(event.sensor, into: &events)
        case SDL_WINDOWEVENT:
            translateWindowEvent(event.window, into: &events)
        case SDL_QUIT:
            quitRequested = true
        case SDL_RENDER_DEVICE_RESET:
            renderDeviceResets += 1
        default:
            // Joystick-level events duplicate the controller events for
            // controllers; drop and audio events are not input in
            // Tactile's sense. Unknown types are ignored, as SDL documents
            // new types may appear.
            break
        }
    }

    /// Cancels every contact that is down and reports the interruption, as
    /// focus loss does. Games call this when they pause on their own account.
    public func interrupt(_ reason: Interruption, into events: inout [InputEvent]) {
        let now = clock.now
        cancelAllPointers(timestamp: now, into: &events)
        events.append(InputEvent(timestamp: now, .interrupted(reason)))
    }

    // MARK: Time and space

    /// The time of an event SDL stamped `milliseconds` after `SDL_Init`.
    func timestamp(_ milliseconds: UInt32) -> Double {
        usesSDLTimestamps ? Double(milliseconds) / 1000 : clock.now
    }

    /// The window's size in points (SDL's screen coordinates, not pixels):
    /// the space of mouse coordinates and the scale of SDL's normalised
    /// finger coordinates.
    ///
    /// Read from the window when the pump is made, then followed through the
    /// `SDL_WINDOWEVENT_SIZE_CHANGED` events the pump translates, rather than
    /// asked of SDL for each event: a finger event queued before a resize was
    /// normalised to the old size and must be scaled by it, even when it is
    /// translated after `SDL_SetWindowSize` has returned. A size that is not
    /// positive (a window minimised to nothing, a bogus pushed event) is
    /// reported and kept out: fingers then keep mapping onto the last real size.
    public private(set) var windowSize: Size

    /// `window`'s size in points as SDL has it now.
    static func pointSize(of window: OpaquePointer) -> Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// Whether an event that names `eventWindowID` is ours. SDL leaves the id 0
    /// when no window had focus (always so with the dummy video driver), and
    /// a pump without a window accepts everything.
    func isOurs(_ eventWindowID: UInt32) -> Bool {
        eventWindowID == 0 || windowID == 0 || eventWindowID == windowID
    }

    func dropForeignWindow(_ eventWindowID: UInt32, _ what: StaticString) {
        diagnostics(Diagnostic(.otherWindow, "\(what) for window \(eventWindowID), not \(windowID)"))
    }

    // MARK: Fingers

    private func translateFinger(_ finger: SDL_TouchFingerEvent, into events: inout [InputEvent]) {
        // SDL turns mouse input into finger events with this reserved touch id
        // when SDL_HINT_MOUSE_TOUCH_EVENTS is on. The mouse is already a
        // pointer of its own, so these would be a second pointer for one
        // physical contact.
        if finger.touchId == tactile_mouse_touch_id() { return }
        guard isOurs(finger.windowID) else { return dropForeignWindow(finger.windowID, "finger event") }
        guard finger.x.isFinite, finger.y.isFinite, finger.pressure.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "finger \(finger.fingerId) at (\(finger.x), \(finger.y)) pressure \(finger.pressure)"))
        }
        let size = windowSize
        let location = Point(x: Double(clamp01(finger.x)) * size.width, y: Double(clamp01(finger.y)) * size.height)
        let id = PointerID(kind: .finger, device: finger.touchId, index: finger.fingerId)
        let time = timestamp(finger.timestamp)
        let index = fingers.firstIndex { $0.id == id }
        let pressure = Double(clamp01(finger.pressure))

        switch SDL_EventType(finger.type) {
        case SDL_FINGERDOWN:
            if let index {
                // This finger is already down: its up was lost (SDL's own
                // touch code makes the same assumption). Cancel the old
                // contact so that it still ends exactly once.
                diagnostics(Diagnostic(.repeatedDown, "finger \(id) went down again; cancelling the earlier contact"))
                var lost = fingers.remove(at: index)
                lost.phase = .cancel
                events.append(InputEvent(timestamp: time, .pointer(lost)))
            }
            let down = PointerEvent(.down, id: id, location: location, pressure: pressure)
            fingers.append(down)
            events.append(InputEvent(timestamp: time, .pointer(down)))
        case SDL_FINGERMOTION:
            guard let index else {
                return diagnostics(Diagnostic(.unknownPointer, "finger \(id) moved but is not down"))
            }
            fingers[index].location = location
            fingers[index].pressure = pressure
            events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: id, location: location, pressure: pressure))))
        default:
            guard let index else {
                return diagnostics(Diagnostic(.unknownPointer, "finger \(id) lifted but is not down"))
            }
            fingers.remove(at: index)
            // SDL reports pressure 0 on lift on some drivers; the contact's
            // last pressure is more useful to a game than that artefact.
            events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.up, id: id, location: location, pressure: pressure))))
        }
    }

    func cancelAllPointers(timestamp: Double, into events: inout [InputEvent]) {
        for var finger in fingers {
            finger.phase = .cancel
            events.append(InputEvent(timestamp: timestamp, .pointer(finger)))
        }
        fingers.removeAll(keepingCapacity: true)
        cancelTouchpadPointers(timestamp: timestamp, into: &events)
        mouse.cancel(timestamp: timestamp, into: &events)
        forEachCursorInControllerOrder { $0.cancel(timestamp: timestamp, into: &events) }
    }

    // MARK: Mouse

    private func translateMouseButton(_ button: SDL_MouseButtonEvent, into events: inout [InputEvent]) {
        // SDL turns touches into mouse events with this reserved mouse id
        // (SDL_HINT_TOUCH_MOUSE_EVENTS, on by default). The touch is already a
        // finger pointer.
        if button.which == tactile_touch_mouse_id() { return }
        guard isOurs(button.windowID) else { return dropForeignWindow(button.windowID, "mouse button") }
        let location = Point(x: Double(button.x), y: Double(button.y))
        let time = timestamp(button.timestamp)
        let isDown = SDL_EventType(button.type) == SDL_MOUSEBUTTONDOWN
        guard Int32(button.button) == SDL_BUTTON_LEFT else {
            guard let which = MouseButton(sdlButton: button.button) else { return }
            events.append(InputEvent(timestamp: time, .mouseButton(MouseButtonEvent(button: which, isDown: isDown, location: location))))
            return
        }
        if isDown {
            if mouse.isPressed {
                diagnostics(Diagnostic(.repeatedDown, "left mouse button went down again; cancelling the earlier contact"))
            }
            mouse.press(at: location, modifiers: modifiers, mouse: Int64(button.which), windowSize: windowSize, timestamp: time, into: &events)
        } else if mouse.isPressed {
            mouse.release(at: location, windowSize: windowSize, timestamp: time, into: &events)
        } else {
            diagnostics(Diagnostic(.unknownPointer, "left mouse button went up but is not down"))
        }
    }

    private func translateMouseMotion(_ motion: SDL_MouseMotionEvent, into events: inout [InputEvent]) {
        if motion.which == tactile_touch_mouse_id() { return }
        guard isOurs(motion.windowID) else { return dropForeignWindow(motion.windowID, "mouse motion") }
        let location = Point(x: Double(motion.x), y: Double(motion.y))
        let time = timestamp(motion.timestamp)
        if mouse.isPressed {
            mouse.move(to: location, windowSize: windowSize, timestamp: time, into: &events)
        } else {
            events.append(InputEvent(timestamp: time, .mouseHover(location)))
        }
    }

    private func translateMouseWheel(_ wheel: SDL_MouseWheelEvent, into events: inout [InputEvent]) {
        if wheel.which == tactile_touch_mouse_id() { return }
        guard isOurs(wheel.windowID) else { return dropForeignWindow(wheel.windowID, "mouse wheel") }
        guard wheel.preciseX.isFinite, wheel.preciseY.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "mouse wheel (\(wheel.preciseX), \(wheel.preciseY))"))
        }
        // With "natural scrolling" SDL reports the wheel's physical direction
        // flipped and says so in `direction`; undo it so +dy is always away
        // from the user.
        let sign: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
        let time = timestamp(wheel.timestamp)
        events.append(InputEvent(timestamp: time, .mouseWheel(MouseWheelEvent(dx: sign * Double(wheel.preciseX), dy: sign * Double(wheel.preciseY)))))
    }

    // MARK: Keys

    private func translateKey(_ key: SDL_KeyboardEvent, into events: inout [InputEvent]) {
        guard isOurs(key.windowID) else { return dropForeignWindow(key.windowID, "key event") }
        modifiers = KeyModifiers(rawValue: key.keysym.mod)
        let time = timestamp(key.timestamp)
        let isDown = SDL_EventType(key.type) == SDL_KEYDOWN
        let scancode = key.keysym.scancode.rawValue
        if let mediaKey = MediaKey(scancode: scancode) {
            // Media keys are remote-control commands, not keys, so a game
            // never sees them twice. Key repeat would turn one press of
            // play/pause into a toggle storm: only real presses count.
            if key.repeat == 0, let command = mediaKey.command(isDown: isDown) {
                events.append(InputEvent(timestamp: time, .remote(command)))
            }
            return
        }
        let event = KeyEvent(
            isDown: isDown, scancode: Int32(bitPattern: scancode), keycode: key.keysym.sym,
            modifiers: modifiers, isRepeat: key.repeat != 0)
        events.append(InputEvent(timestamp: time, .key(event)))
    }

    // MARK: Window

    private func translateWindowEvent(_ window: SDL_WindowEvent, into events: inout [InputEvent]) {
        guard isOurs(window.windowID) else { return }
        let reason: Interruption
        switch SDL_WindowEventID(UInt32(window.event)) {
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            // SIZE_CHANGED, not RESIZED: SDL sends it for every change
            // (SDL_SetWindowSize, the user's drag, a display change; SDL 2.26
            // SDL_OnWindowResized), RESIZED only for changes from outside the
            // program, and always followed by SIZE_CHANGED.
            return resize(to: window.data1, window.data2, into: &events)
        case SDL_WINDOWEVENT_FOCUS_LOST: reason = .focusLost
        case SDL_WINDOWEVENT_HIDDEN: reason = .windowHidden
        case SDL_WINDOWEVENT_MINIMIZED: reason = .windowMinimized
        default: return
        }
        let time = timestamp(window.timestamp)
        cancelAllPointers(timestamp: time, into: &events)
        // Keys held when focus went do not send their ups to us.
        modifiers = []
        events.append(InputEvent(timestamp: time, .interrupted(reason)))
    }
}

extension SDLEventPump {
    /// The window is now `width` × `height` points: later finger events scale
    /// by it, and cursors outside it move to its edge (a contact that is down
    /// moves with its cursor).
    private func resize(to width: Int32, _ height: Int32, into events: inout [InputEvent]) {
        guard width > 0, height > 0 else {
            return diagnostics(Diagnostic(.absurdValue, "window size changed to \(width)×\(height) points; keeping \(windowSize)"))
        }
        windowSize = Size(width: Double(width), height: Double(height))
        let now = clock.now
        let bounds = windowSize
        forEachCursorInControllerOrder { $0.keep(within: bounds, timestamp: now, into: &events) }
    }
}

private func clamp01(_ value: Float) -> Float {
    min(max(value, 0), 1)
}

extension MouseButton {
    init?(sdlButton: UInt8) {
        switch Int32(sdlButton) {
        case SDL_BUTTON_LEFT: self = .left
        case SDL_BUTTON_MIDDLE: self = .middle
        case SDL_BUTTON_RIGHT: self = .right
        case SDL_BUTTON_X1: self = .x1
        case SDL_BUTTON_X2: self = .x2
        default: return nil
        }
    }
}

/// The keys SDL2 reports for multimedia transport controls.
private enum MediaKey {
    case play, stop, next, previous, rewind, fastForward

    init?(scancode: UInt32) {
        switch SDL_Scancode(scancode) {
        case SDL_SCANCODE_AUDIOPLAY: self = .play
        case SDL_SCANCODE_AUDIOSTOP: self = .stop
        case SDL_SCANCODE_AUDIONEXT: self = .next
        case SDL_SCANCODE_AUDIOPREV: self = .previous
        case SDL_SCANCODE_AUDIOREWIND: self = .rewind
        case SDL_SCANCODE_AUDIOFASTFORWARD: self = .fastForward
        default: return nil
        }
    }

    /// The command the key sends when it goes down or up, if any.
    ///
    /// SDL2 has one play key (X11's XF86AudioPlay, which keyboards label
    /// play/pause) and no separate pause key, so it toggles. The seek keys
    /// begin seeking when pressed and end it when released, as the guide's
    /// begin/end seeking subtypes expect; the others act on press.
    func command(isDown: Bool) -> RemoteCommand? {
        switch self {
        case .play: isDown ? .togglePlayPause : nil
        case .stop: isDown ? .stop : nil
        case .next: isDown ? .nextTrack : nil
        case .previous: isDown ? .previousTrack : nil
        case .rewind: isDown ? .beginSeekingBackward : .endSeekingBackward
        case .fastForward: isDown ? .beginSeekingForward : .endSeekingForward
        }
    }
}
