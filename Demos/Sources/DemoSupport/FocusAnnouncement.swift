import Foundation
import TactileSDL

/// Prints a line when SDL gives the demo's window the keyboard focus, if
/// the environment asks for it: for a test that drives the window from
/// outside (the X11 tests' `XvfbSession`), which must not send input before
/// the demo has read its focus.
///
/// Input sent earlier is read in the same pump as the focus, and SDL's X11
/// driver then changes it: it drops the first button press read within
/// 10 ms of the focus (a click that focused the window), and it takes the
/// modifiers held *when it reads the focus* as pressed before everything
/// still queued, so a click made before the drive pressed Alt arrives with
/// Alt held (the Touches test's click became a simulated pair). No wait
/// from outside sees when the demo reads an event; the demo says so.
public enum FocusAnnouncement {
    /// The environment variable that asks for the line: set to "1".
    public static let variable = "TACTILE_DEMO_ANNOUNCE_FOCUS"
    /// The line printed (once) to standard output.
    public static let line = "tactile-demo: the window has the keyboard focus"

    /// Printed already: the focus can come and go.
    nonisolated(unsafe) private static var announced = false

    /// Arranges the line for the demo's window (call once SDL has made it).
    /// An SDL event watch, so that it is printed while SDL reads the focus,
    /// whichever loop pumps the events (`SDLApp`'s or a game's own).
    @MainActor
    public static func arrangeIfAsked() {
        guard ProcessInfo.processInfo.environment[variable] == "1" else { return }
        if SDL_GetKeyboardFocus() != nil { return announce() }
        SDL_AddEventWatch({ _, event in
            if let event, event.pointee.type == SDL_WINDOWEVENT.rawValue,
               event.pointee.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue) {
                FocusAnnouncement.announce()
            }
            return 0
        }, nil)
    }

    private static func announce() {
        guard !announced else { return }
        announced = true
        print(line)
        // Standard output is a file in the tests, so it is buffered: all
        // streams flushed (`nil`), since `stdout` itself is not
        // concurrency-safe to name.
        fflush(nil)
    }
}
