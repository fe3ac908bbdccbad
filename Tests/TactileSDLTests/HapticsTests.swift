import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Rumble through SDL's virtual game controllers: one without motors,
    /// and one whose rumble callback records what SDL asked of it.
    @Suite @MainActor struct HapticsThroughSDL {
        /// What SDL asked the virtual controller's motors to do, in order.
        final class Motors {
            var requests: [String] = []
        }

        /// A virtual game controller with a rumble callback.
        final class RumblingController {
            let instanceID: Int32
            let motors = Motors()

            init() throws {
                var description = SDL_VirtualJoystickDesc()
                description.version = tactile_virtual_joystick_desc_version()
                description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
                description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
                description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
                description.userdata = Unmanaged.passUnretained(motors).toOpaque()
                description.Rumble = { userdata, low, high in
                    guard let userdata else { return -1 }
                    Unmanaged<Motors>.fromOpaque(userdata).takeUnretainedValue().requests.append("\(low) \(high)")
                    return 0
                }
                let index = SDL_JoystickAttachVirtualEx(&description)
                guard index >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
                instanceID = SDL_JoystickGetDeviceInstanceID(index)
            }

            func detach() {
                for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == instanceID {
                    SDL_JoystickDetachVirtual(index)
                    return
                }
            }
        }

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
            let pad = try RumblingController()
            defer { pad.detach(); _ = sdl.drain() }
            _ = sdl.drain()
            let haptics = Haptics(pump: sdl.pump)
            #expect(haptics.hasRumble(controller: pad.instanceID))
            #expect(haptics.rumble(controller: pad.instanceID, low: 0.5, high: 2, duration: 0))
            #expect(!haptics.rumble(controller: pad.instanceID, low: .nan, high: 0, duration: 1))
            #expect(haptics.stopRumble(controller: pad.instanceID))
            #expect(pad.motors.requests == ["32768 65535", "0 0"])
            #expect(sdl.diagnostics == [Diagnostic(.nonFiniteValue, "rumble of controller \(pad.instanceID): low nan, high 0.0, duration 1.0")])
        }
    }
}
