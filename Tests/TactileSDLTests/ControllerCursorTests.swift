import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// A controller driving a pointer, through SDL's virtual game controller.
    @Suite @MainActor struct ControllerCursors {
        @Test func theStickMovesTheCursorAndTheButtonIsTheContactUntilUnplugged() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            sdl.pump.controllerCursors = ControllerCursor.Settings()
            let pad = try VirtualController()
            let id = PointerID(kind: .controllerCursor, device: Int64(pad.instanceID), index: 0)
            _ = sdl.drain()
            #expect(sdl.pump.cursors[pad.instanceID]?.location == Point(x: 400, y: 300))

            // Full right for a quarter second: 900 points/s × 0.25 s.
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            _ = sdl.drain()
            sdl.clock.advance(by: 0.25)
            _ = sdl.drain()
            #expect(sdl.pump.cursors[pad.instanceID]?.location == Point(x: 625, y: 300))

            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            sdl.clock.advance(by: 0.125)
            let pressed = sdl.drainPointers()
            #expect(pressed == [
                PointerEvent(.down, id: id, location: Point(x: 625, y: 300)),
                PointerEvent(.move, id: id, location: Point(x: 737.5, y: 300)),
            ])

            // Beyond the right edge the cursor stops at the edge.
            sdl.clock.advance(by: 1)
            #expect(sdl.drainPointers() == [PointerEvent(.move, id: id, location: Point(x: 800, y: 300))])

            // Unplugging mid-press: SDL releases the held button and centres
            // the stick before reporting the removal; the contact is cancelled,
            // not lifted.
            pad.detach()
            let unplugged = sdl.drain().map(\.kind)
            #expect(unplugged == [
                .controller(.axis(controller: pad.instanceID, axis: .leftX, value: 0)),
                .controller(.button(controller: pad.instanceID, button: .south, isDown: false)),
                .pointer(PointerEvent(.cancel, id: id, location: Point(x: 800, y: 300))),
                .controller(.removed(controller: pad.instanceID)),
            ])
            #expect(sdl.pump.cursors.isEmpty)
        }

        @Test func cursorsMovingInOneDrainComeInTheOrderOfTheirControllers() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            sdl.pump.controllerCursors = ControllerCursor.Settings()
            // Four pads: the dictionary holding their cursors would visit
            // them in its own, per-process order 23 times in 24.
            let pads = try (0..<4).map { _ in try VirtualController() }
            _ = sdl.drain()
            // Each cursor's contact down (a cursor moves silently without one).
            for pad in pads.reversed() {
                pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
                pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            }
            _ = sdl.drain()
            sdl.clock.advance(by: 0.25)
            let moved = sdl.drainPointers()
            #expect(moved.allSatisfy { $0.phase == .move })
            #expect(moved.map(\.id.device) == pads.map { Int64($0.instanceID) }.sorted())
            for pad in pads { pad.detach() }
            _ = sdl.drain()
        }

        @Test func withoutCursorsControllersMakeNoPointers() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            _ = sdl.drain()
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            #expect(sdl.drainPointers().isEmpty)
            #expect(sdl.pump.cursors.isEmpty)
            pad.detach()
            _ = sdl.drain()
        }
    }
}
