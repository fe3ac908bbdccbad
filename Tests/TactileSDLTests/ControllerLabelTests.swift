import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Buttons by position on every pad, labels by pad: virtual pads that SDL
    /// takes for an Xbox, a PlayStation and a Switch Pro pad by their USB ids.
    @Suite(.serialized) @MainActor struct ControllerLabelTests {
        struct Pad: Sendable {
            let name: String, vendor: UInt16, product: UInt16
            let type: ControllerType, south: String, east: String
        }

        nonisolated static let pads = [
            Pad(name: "Xbox 360 pad", vendor: 0x045E, product: 0x028E, type: .xbox360, south: "A", east: "B"),
            Pad(name: "Xbox One pad", vendor: 0x045E, product: 0x02EA, type: .xboxOne, south: "A", east: "B"),
            Pad(name: "DualShock 4", vendor: 0x054C, product: 0x09CC, type: .ps4, south: "Cross", east: "Circle"),
            Pad(name: "DualSense", vendor: 0x054C, product: 0x0CE6, type: .ps5, south: "Cross", east: "Circle"),
            Pad(name: "Switch Pro pad", vendor: 0x057E, product: 0x2009, type: .switchPro, south: "B", east: "A"),
        ]

        @Test(arguments: pads)
        func theBottomButtonArrivesAsSouthAndItsLabelIsThePads(pad: Pad) throws {
            let sdl = try SDLHarness()
            let controller = try VirtualController(name: pad.name, vendor: pad.vendor, product: pad.product)
            let id = controller.instanceID
            _ = sdl.drain()
            let type = ControllerType(SDL_GameControllerGetType(SDL_GameControllerFromInstanceID(id)))
            #expect(type == pad.type)

            controller.set(SDL_CONTROLLER_BUTTON_A, down: true)
            controller.set(SDL_CONTROLLER_BUTTON_A, down: false)
            controller.set(SDL_CONTROLLER_BUTTON_B, down: true)
            // SDL 2.26 gives a virtual pad with Xbox ids its generic Xbox
            // mapping (triggers on axes 2 and 5), which reports the trigger
            // axis at rest as half pulled; only the buttons are compared.
            let buttons = sdl.drain().map(\.kind).filter {
                if case .controller(.button) = $0 { true } else { false }
            }
            #expect(buttons == [
                .controller(.button(controller: id, button: .south, isDown: true)),
                .controller(.button(controller: id, button: .south, isDown: false)),
                .controller(.button(controller: id, button: .east, isDown: true)),
            ])
            #expect(type.label(for: .south).text == pad.south)
            #expect(type.label(for: .east).text == pad.east)
            controller.detach()
            _ = sdl.drain()
        }

        /// The community database describes a Nintendo pad twice, once with
        /// its buttons by label and once by position, each line marked with
        /// the value of SDL's button-labels hint it is for; SDL keeps the line
        /// that matches the hint when the line is added. With SDLSetup's hint
        /// the position line is the one kept, and the bottom button (raw
        /// button 0 in these lines) is south; with SDL's default it would be
        /// east, the label A.
        @Test func aNintendoPadDescribedByLabelAndByPositionReportsPositions() throws {
            let sdl = try SDLHarness()
            let controller = try VirtualController(name: "Pro Controller (labels test)", vendor: 0x057E, product: 0x2009)
            let guid = controller.guid
            let byLabel = "\(guid),Pro Controller,a:b1,b:b0,x:b3,y:b2,hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,"
            let byPosition = "\(guid),Pro Controller,a:b0,b:b1,x:b2,y:b3,hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,"
            #expect(SDL_GameControllerAddMapping(byLabel) >= 0)
            #expect(SDL_GameControllerAddMapping(byPosition) >= 0)
            let id = controller.instanceID
            _ = sdl.drain()
            let mapping = SDL_GameControllerMapping(SDL_GameControllerFromInstanceID(id)).map { text in
                defer { SDL_free(text) }
                return String(cString: text)
            }
            #expect(mapping?.contains("hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS") == true)

            controller.set(SDL_CONTROLLER_BUTTON_A, down: true)
            // SDL 2.26 gives a virtual pad with Xbox ids its generic Xbox
            // mapping (triggers on axes 2 and 5), which reports the trigger
            // axis at rest as half pulled; only the buttons are compared.
            let buttons = sdl.drain().map(\.kind).filter {
                if case .controller(.button) = $0 { true } else { false }
            }
            #expect(buttons == [.controller(.button(controller: id, button: .south, isDown: true))])
            #expect(ControllerType.switchPro.label(for: .south) == ControllerButtonLabel(text: "B", glyph: "nintendo.b"))
            controller.detach()
            _ = sdl.drain()
        }
    }
}

extension SDLIntegration.ControllerLabelTests.Pad: CustomTestStringConvertible {
    var testDescription: String { name }
}
