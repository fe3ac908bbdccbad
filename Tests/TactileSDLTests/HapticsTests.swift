import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Rumble through SDL's virtual game controllers: one without motors,
    /// and one with, which records what SDL asked of them.
    @Suite @MainActor struct HapticsThroughSDL {
        @Test func aControllerWithoutMotorsDeclinesWithADiagnostic() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            _ = sdl.drain()
            let haptics = Haptics(pump: sdl.pump)
            #expect(!haptics.hasRumble(controller: pad.instanceID))
            #expect(!haptics.rumble(controller: pad.instanceID, low: 0.5, high: 0.5, duration: 0.1))
            #expect(!haptics.rumble(controller: 9999, low: 0.5, high: 0.5, duration: 0.1))
            #expect(sdl.diagnostics == [
                Diagnostic(.deviceUnavailable, "controller \(pad.instanceID) has no rumble motors; rumble ignored"),
                Diagnostic(.unknownController, "rumble for controller 9999, which is not open"),
            ])
            pad.detach()
            _ = sdl.drain()
        }

        @Test func aControllerWithMotorsRumblesAndSDLStopsItAfterTheDuration() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController(rumble: true)
            defer { pad.detach(); _ = sdl.drain() }
            _ = sdl.drain()
            let haptics = Haptics(pump: sdl.pump)
            #expect(haptics.hasRumble(controller: pad.instanceID))
            #expect(haptics.rumble(controller: pad.instanceID, low: 0.5, high: 2, duration: 0))
            #expect(!haptics.rumble(controller: pad.instanceID, low: .nan, high: 0, duration: 1))
            #expect(haptics.stopRumble(controller: pad.instanceID))
            #expect(pad.rumbleRequests == [.init(low: 32768, high: 65535), .init(low: 0, high: 0)])
            #expect(sdl.diagnostics == [Diagnostic(.nonFiniteValue, "rumble of controller \(pad.instanceID): low nan, high 0.0, duration 1.0")])
        }
    }
}
