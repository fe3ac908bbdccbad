import CSDL2
import Foundation

/// Starts SDL the way Tactile needs it: the right hints, then the video,
/// game-controller and sensor subsystems.
///
/// Call ``start(videoDriver:)`` once before making a window or a pump.
/// ``SDLApp`` does it for you.
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

    /// Sets Tactile's hints and initialises SDL. Calling it again is harmless.
    public static func start(videoDriver: VideoDriver = .automatic) throws {
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0 { return }
        if videoDriver == .dummy {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
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
        let subsystems = SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_SENSOR
        guard SDL_Init(UInt32(subsystems)) == 0 else {
            throw SDLError("SDL_Init")
        }
    }

    /// Whether a display server is reachable; without one only the dummy
    /// video driver works.
    public static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"].map { !$0.isEmpty } == true
            || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true
    }
}
