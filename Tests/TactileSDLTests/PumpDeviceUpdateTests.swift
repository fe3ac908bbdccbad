import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// The pump updates SDL's joysticks and sensors itself, in place of
    /// SDL_PumpEvents (SDLEventPump+DeviceUpdates.swift): every drain while
    /// it has a controller open, otherwise at most every quarter second.
    @Suite @MainActor struct PumpDeviceUpdates {
        @Test func aDrainTurnsSDLsOwnJoystickAndSensorUpdatesOff() throws {
            let sdl = try SDLHarness()
            _ = sdl.drain()
            #expect(SDL_GetHintBoolean(SDL_HINT_AUTO_UPDATE_JOYSTICKS, SDL_TRUE) == SDL_FALSE)
            #expect(SDL_GetHintBoolean(SDL_HINT_AUTO_UPDATE_SENSORS, SDL_TRUE) == SDL_FALSE)
            #expect(sdl.pump.updatesDevicesItself)
        }

        @Test func anOpenControllersButtonsArriveWithoutAnyoneElseUpdatingJoysticks() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            let id = pad.instanceID
            #expect(sdl.drain().map(\.kind.controllerAdded) == [id])
            // Set the virtual button without SDL_JoystickUpdate (the harness's
            // `set` calls it): only the pump's own update can report it.
            let joystick = SDL_JoystickFromInstanceID(id)
            SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), UInt8(SDL_PRESSED))
            #expect(sdl.drain().map(\.kind) == [.controller(.button(controller: id, button: .south, isDown: true))])
            SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), UInt8(SDL_RELEASED))
            #expect(sdl.drain().map(\.kind) == [.controller(.button(controller: id, button: .south, isDown: false))])
            pad.detach()
            _ = sdl.drain()
        }

        @Test func withNoControllerOpenNewDevicesAreLookedForAtMostEveryQuarterSecond() throws {
            let sdl = try SDLHarness()
            // The harness drained once at its clock's start.
            let start = sdl.clock.now
            #expect(sdl.pump.devicesDetectedAt == start)
            sdl.clock.advance(by: 0.1)
            _ = sdl.drain()
            #expect(sdl.pump.devicesDetectedAt == start)
            sdl.clock.advance(by: SDLEventPump.deviceDetectionInterval)
            _ = sdl.drain()
            #expect(sdl.pump.devicesDetectedAt == start + 0.1 + SDLEventPump.deviceDetectionInterval)
        }
    }
}

/// `TACTILE_FRAME_EXPERIMENT`'s words (FrameExperiment), parsed: nothing
/// here runs a frame.
struct FrameExperimentTests {
    @Test func noWordsIsNoExperiment() {
        let experiment = FrameExperiment(words: "")
        #expect(!experiment.skipsRender && !experiment.addsWork && !experiment.logsFrames)
    }

    @Test func wordsAndSizesAreRead() {
        let experiment = FrameExperiment(words: "no-render,sweep=8M pages=2K,spin=800,log-frames")
        #expect(experiment.skipsRender)
        #expect(experiment.sweepBytes == 8 * 1_048_576)
        #expect(experiment.pageCount == 2_048)
        #expect(experiment.spinMicroseconds == 800)
        #expect(experiment.logsFrames)
        #expect(experiment.addsWork)
    }

    @Test func unknownWordsAndBadSizesChangeNothing() {
        let experiment = FrameExperiment(words: "render-twice,sweep=lots,pages=")
        #expect(!experiment.skipsRender && experiment.sweepBytes == 0 && experiment.pageCount == 0)
        #expect(!experiment.addsWork)
    }
}
