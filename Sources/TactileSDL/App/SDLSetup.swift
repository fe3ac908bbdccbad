import CSDL2
import Foundation

/// Starts SDL the way Tactile needs it: the right hints, then the video,
/// game-controller and sensor subsystems, whether or not the game started
/// SDL first.
///
/// Call ``start(videoDriver:)`` before making the pump (``SDLApp`` does it
/// for you). A game that initialises SDL itself can call it before or after
/// its own `SDL_Init`:
///
/// ```swift
/// SDL_Init(UInt32(SDL_INIT_VIDEO))          // the game's own setup
/// try SDLSetup.start()                      // adds controllers and sensors, sets the hints
/// let window = SDL_CreateWindow(…)
/// let pump = SDLEventPump(window: window!, clock: SDLClock())
/// ```
///
/// ## Which hints must come before SDL_Init
///
/// Checked against SDL 2.26's sources; each hint is read at a different time:
///
/// | hint | read | set after the subsystem started |
/// |---|---|---|
/// | `SDL_HINT_VIDEODRIVER` (only with ``VideoDriver/dummy``) | once, by `SDL_Init(SDL_INIT_VIDEO)` | too late: video keeps the driver it has, and `start` throws ``SDLError`` rather than run on a driver nobody asked for |
/// | `SDL_HINT_MOUSE_TOUCH_EVENTS` | by a hint callback, whenever it changes | works: SDL registers its mouse touch device at once |
/// | `SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS` | by a hint callback, whenever it changes | works, from the next joystick update |
/// | `SDL_HINT_POLL_SENTINEL` | on every `SDL_PollEvent` | works |
/// | `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT` (`"1"`: long compositions whole) | each time SDL sends a composition | works |
/// | `SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS` (`"0"`: face buttons by position) | each time a mapping is added: SDL's built-in mappings once, by `SDL_Init(SDL_INIT_GAMECONTROLLER)`, then each `SDL_GameControllerAddMapping`; SDL's HIDAPI Nintendo drivers also watch it | too late for the built-in mappings (checked on SDL 2.26.5: the Switch Pro pad's label mapping stays chosen), so `start` throws ``SDLError`` if the controller subsystem was started with any other value |
///
/// So the two things a game that starts SDL itself must get right are the
/// video driver and, if it starts the game-controller subsystem itself, the
/// button-labels hint; everything else `start` fixes up afterwards.
///
/// ## Calling it again, and after SDL_Quit
///
/// `start` initialises only the subsystems that are not running (checked
/// with `SDL_WasInit`), so calling it twice changes nothing and adds no
/// reference counts that a later `SDL_QuitSubSystem` would have to undo.
/// `SDL_Quit` shuts every subsystem down and clears every hint; calling
/// `start` after it starts SDL again from scratch with the hints set anew,
/// and the game makes new windows and a new pump (the old ones are gone).
public enum SDLSetup {
    /// Whether to pick the video driver or leave it to SDL.
    public enum VideoDriver: Equatable, Sendable {
        /// SDL's choice: X11 or Wayland on a desktop.
        case automatic
        /// No display at all: windows exist only in memory, which is what
        /// tests and headless demo runs (CI) need. Rendering still works
        /// through the software renderer.
        case dummy
    }

    /// The subsystems Tactile needs: windows and their input, game
    /// controllers (which bring joysticks and their events), and sensors.
    static let subsystems = [SDL_INIT_VIDEO, SDL_INIT_GAMECONTROLLER, SDL_INIT_SENSOR].map { UInt32($0) }

    /// Sets Tactile's hints and initialises whichever of the video,
    /// game-controller and sensor subsystems are not running yet.
    ///
    /// - Throws: ``SDLError`` when SDL cannot start a subsystem (no display
    ///   for the automatic driver, for instance), or when ``VideoDriver/dummy``
    ///   is asked for after the game started video with another driver.
    public static func start(videoDriver: VideoDriver = .automatic) throws {
        let videoWasRunning = SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0
        if SDL_WasInit(UInt32(SDL_INIT_GAMECONTROLLER)) != 0 {
            let labels = SDL_GetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS).map { String(cString: $0) }
            guard labels == buttonPositions else {
                throw SDLError("SDLSetup.start", message: "SDL's game controllers were started with "
                    + "SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS \(labels.map { "'\($0)'" } ?? "unset (SDL's default, 1)"); "
                    + "Nintendo pads would report their buttons by label. Set it to \"0\" (or call SDLSetup.start) "
                    + "before SDL_Init(SDL_INIT_GAMECONTROLLER)")
            }
        }
        if videoDriver == .dummy {
            if videoWasRunning {
                let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
                guard current == "dummy" else {
                    throw SDLError("SDLSetup.start", message: "SDL video is already running on the '\(current)' driver; "
                        + "the dummy driver has to be chosen before SDL_Init(SDL_INIT_VIDEO)")
                }
            } else {
                SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            }
        }
        // Without this, SDL's gesture code only knows touch devices that a
        // driver registered, and finger events pushed into the queue (tests,
        // injected input) name none. With it, SDL registers its mouse touch
        // device (id -1); the finger events it then makes from the mouse are
        // filtered out by the pump, which makes its own mouse contacts.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "1")
        // A window without keyboard focus (every window of the dummy driver,
        // and a game window behind another) would otherwise get no
        // controller events at all.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        // SDL 2.26 appends an SDL_POLLSENTINEL event to each drain; it means
        // nothing to Tactile and would only cost a wasted poll.
        SDL_SetHint(SDL_HINT_POLL_SENTINEL, "0")
        // ControllerButton names positions (south is the bottom face button).
        // SDL 2.26 defaults this hint to "1", which reports Nintendo pads'
        // face buttons by the letter printed on them: a Switch Pro pad's A,
        // on the east, would arrive as SDL_CONTROLLER_BUTTON_A, our south,
        // and a "jump = bottom button" binding would jump on the wrong
        // button. SDL applies the hint when it adds a mapping (the community
        // database holds one line per choice, marked
        // `hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1` or `hint:!…`), so
        // it must be set before SDL_Init(SDL_INIT_GAMECONTROLLER) loads them.
        SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, buttonPositions)
        // An IME composition longer than 31 bytes comes whole, as an
        // SDL_TEXTEDITING_EXT, instead of cut short (read at each send).
        SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
        // Each subsystem on its own: SDL_InitSubSystem counts references, so
        // initialising one that is already running would need one more
        // SDL_QuitSubSystem from the game to shut it down.
        for subsystem in subsystems where SDL_WasInit(subsystem) == 0 {
            guard SDL_InitSubSystem(subsystem) == 0 else {
                throw SDLError("SDL_InitSubSystem(\(name(of: subsystem)))")
            }
            // SDL 2.26 turns text input on when video starts (SDL_VideoInit,
            // on platforms without a screen keyboard); an IME would then take
            // game keys for compositions. Off until a text field asks
            // (SDLEventPump.startTextInput).
            if subsystem == UInt32(SDL_INIT_VIDEO) { SDL_StopTextInput() }
        }
    }

    /// The value of `SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS` that makes
    /// SDL report face buttons by position.
    static let buttonPositions = "0"

    /// Whether a display server is reachable; without one only the dummy
    /// video driver works.
    public static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"].map { !$0.isEmpty } == true
            || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true
    }

    private static func name(of subsystem: UInt32) -> String {
        switch subsystem {
        case UInt32(SDL_INIT_VIDEO): "SDL_INIT_VIDEO"
        case UInt32(SDL_INIT_GAMECONTROLLER): "SDL_INIT_GAMECONTROLLER"
        case UInt32(SDL_INIT_SENSOR): "SDL_INIT_SENSOR"
        default: "0x\(String(subsystem, radix: 16))"
        }
    }
}
