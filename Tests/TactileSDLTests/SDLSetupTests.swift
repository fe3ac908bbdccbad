import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// `SDLSetup.start` in a game that starts SDL itself, twice, and after
    /// `SDL_Quit`. Each test leaves SDL started the way the other SDL tests
    /// expect it (dummy video, every subsystem, Tactile's hints).
    @Suite(.serialized) @MainActor struct SetupTests {
        /// Shuts SDL down completely, as a game's own teardown would; SDL
        /// also forgets every hint.
        func quitSDL() {
            SDL_Quit()
            #expect(SDL_WasInit(0) == 0)
        }

        /// A game that ran `SDL_Init(SDL_INIT_VIDEO)` itself, then
        /// `SDLSetup.start()`: the controller subsystem comes up and the
        /// background-events hint takes effect late, so a virtual pad's
        /// buttons reach the pump of a window without focus.
        @Test func afterTheGamesOwnSDLInitControllerButtonsStillArrive() throws {
            quitSDL()
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            #expect(SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0)
            #expect(SDL_WasInit(UInt32(SDL_INIT_GAMECONTROLLER)) == 0)

            try SDLSetup.start(videoDriver: .dummy)
            for subsystem in SDLSetup.subsystems { #expect(SDL_WasInit(subsystem) == subsystem) }

            let sdl = try SDLHarness()
            let pad = try VirtualController()
            let id = pad.instanceID
            #expect(sdl.drain().map(\.kind.controllerAdded) == [id])
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            #expect(sdl.drain().map(\.kind) == [
                .controller(.button(controller: id, button: .south, isDown: true)),
                .controller(.button(controller: id, button: .south, isDown: false)),
            ])
            // And a pushed finger makes a contact: the mouse-touch hint, set
            // after video started, registered SDL's touch device anyway.
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            #expect(sdl.drainPointers().map(\.phase) == [.down])
            sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            _ = sdl.drain()
            pad.detach()
            _ = sdl.drain()
        }

        /// Twice changes nothing: no subsystem is initialised again, so one
        /// `SDL_QuitSubSystem` still shuts one down.
        @Test func startingTwiceAddsNoReferences() throws {
            try SDLSetup.start(videoDriver: .dummy)
            try SDLSetup.start(videoDriver: .dummy)
            SDL_QuitSubSystem(UInt32(SDL_INIT_SENSOR))
            #expect(SDL_WasInit(UInt32(SDL_INIT_SENSOR)) == 0)
            try SDLSetup.start(videoDriver: .dummy)
            #expect(SDL_WasInit(UInt32(SDL_INIT_SENSOR)) != 0)
        }

        /// After `SDL_Quit` (which also clears every hint), `start` starts
        /// SDL again from scratch with Tactile's hints, and a new window and
        /// pump work.
        @Test func afterSDLQuitItStartsSDLAgainWithItsHints() throws {
            try SDLSetup.start(videoDriver: .dummy)
            quitSDL()
            #expect(SDL_GetHint(SDL_HINT_MOUSE_TOUCH_EVENTS) == nil)
            try SDLSetup.start(videoDriver: .dummy)
            for subsystem in SDLSetup.subsystems { #expect(SDL_WasInit(subsystem) == subsystem) }
            #expect(SDL_GetHint(SDL_HINT_MOUSE_TOUCH_EVENTS).map { String(cString: $0) } == "1")
            #expect(SDL_GetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS).map { String(cString: $0) } == "1")
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.25, y: 0.5)
            sdl.pushFinger(SDL_FINGERUP, x: 0.25, y: 0.5)
            #expect(sdl.drainPointers().map(\.phase) == [.down, .up])
        }

        /// Controllers started by the game with SDL's default hint already
        /// chose their mappings by label (Nintendo's A on south): an error that
        /// names the hint. Started with the hint at "0", they are fine.
        @Test func controllersStartedWithButtonLabelsAreAnError() throws {
            quitSDL()
            defer {
                SDL_Quit()
                #expect(throws: Never.self) { try SDLSetup.start(videoDriver: .dummy) }
            }
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            #expect(SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER)) == 0)
            #expect {
                try SDLSetup.start(videoDriver: .dummy)
            } throws: { error in
                String(describing: error).contains("SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS unset")
            }
            quitSDL()
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "0")
            #expect(SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER)) == 0)
            #expect(throws: Never.self) { try SDLSetup.start(videoDriver: .dummy) }
        }

        /// The dummy driver asked for after the game started video on another
        /// driver cannot be had any more: an error that says so, not a run
        /// on a driver nobody asked for.
        @Test func theDummyDriverAfterVideoStartedElsewhereIsAnError() throws {
            quitSDL()
            defer {
                SDL_Quit()
                #expect(throws: Never.self) { try SDLSetup.start(videoDriver: .dummy) }
            }
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
            // Debian's SDL 2.26 has the offscreen driver; a build without it
            // has nothing to test here.
            guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { return }
            #expect {
                try SDLSetup.start(videoDriver: .dummy)
            } throws: { error in
                String(describing: error).contains("'offscreen' driver")
            }
        }
    }
}
