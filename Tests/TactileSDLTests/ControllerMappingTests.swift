import Foundation
import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Mapping files through SDL: a connected pad remapped by a new line
    /// keeps its id and player, and reports its new identity.
    @Suite(.serialized) @MainActor struct ControllerMappingTests {
        @Test func aMappingFileRemapsAConnectedPadWhichKeepsItsIdAndPlayer() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController(name: "Mystery Pad (mapping test)", vendor: 0x1234, product: 0x5678)
            let id = pad.instanceID
            _ = sdl.drain()
            #expect(sdl.pump.setPlayerIndex(2, of: id))

            // The pad's raw button 1 is its bottom button, as this file says.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mappings-\(getpid()).txt").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try """
                # mappings for the test
                \(pad.guid),Renamed Pad,a:b1,b:b0,x:b2,y:b3,platform:Linux,
                \(pad.guid),Renamed Pad,a:b1,b:b0,x:b2,y:b3,platform:Windows,
                not a mapping
                """.write(toFile: path, atomically: true, encoding: .utf8)
            let file = try SDLControllerMappings.add(contentsOfFile: path)
            #expect(file.mappings.count == 1 && file.otherPlatformCount == 1)
            #expect(file.errors.map(\.description) == ["line 4: bad GUID 'not a mapping': expected 32 hexadecimal digits"])

            let events = sdl.drain()
            guard events.count == 1, case .controller(.remapped(id, let identity)) = events[0].kind else {
                Issue.record("expected one remapped event for \(id), got \(events)")
                return
            }
            #expect(identity.name == "Renamed Pad")
            #expect(identity.playerIndex == 2)
            #expect(sdl.pump.controller(id)?.identity == identity)

            pad.set(SDL_CONTROLLER_BUTTON_B, down: true)   // raw button 1
            #expect(sdl.drain().map(\.kind) == [.controller(.button(controller: id, button: .south, isDown: true))])
            pad.detach()
            _ = sdl.drain()
        }

        @Test func aBadSingleLineIsRefusedBeforeSDLSeesIt() {
            #expect(throws: ControllerMappingError(line: 1, problem: .unknownTarget("jump"))) {
                try SDLControllerMappings.add("030000005e0400008e02000010010000,Pad,jump:b0")
            }
            #expect(SDLControllerMappings.platform == "Linux")
        }

        /// A remap for a controller the pump never opened is dropped with a
        /// diagnostic, like every other stale controller event.
        @Test func aRemapOfAnUnknownControllerIsReported() throws {
            let sdl = try SDLHarness()
            var event = SDL_Event()
            event.cdevice = SDL_ControllerDeviceEvent(type: SDL_CONTROLLERDEVICEREMAPPED.rawValue, timestamp: 0, which: 9999)
            sdl.push(event)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.unknownController])
        }
    }
}
