import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Command inputs of two players on two of SDL's virtual controllers,
    /// through SDL's real event queue and the pump into one scene.
    @Suite @MainActor struct CommandInputs {
        @Test func twoPlayersOnTwoControllersEachGetTheirOwnSpecials() throws {
            let sdl = try SDLHarness()
            let pad1 = try VirtualController()
            let pad2 = try VirtualController()
            let scene = Scene(size: Size(width: 640, height: 480))
            scene.diagnostics = nil
            func pump(advancing frames: Int = 1) {
                sdl.clock.advance(by: Double(frames) / 60)
                for event in sdl.drain() { scene.send(event) }
            }
            pump()
            let player1 = PlayerInput(controller: pad1.instanceID)
            let player2 = PlayerInput(controller: pad2.instanceID)
            player2.facing = .left
            var fired: [String] = []
            let stage = Layer(frame: Rect(x: 0, y: 0, width: 640, height: 480))
            scene.root.addChild(stage)
            for (name, player) in [("p1", player1), ("p2", player2)] {
                stage.addGestureRecognizer(CommandInputRecognizer(try Command("236", .west), input: player) { _ in fired.append("\(name) fireball") })
                stage.addGestureRecognizer(CommandInputRecognizer(try Command("", .west), input: player) { _ in fired.append("\(name) punch") })
            }

            // Player 1 rolls the stick down, down-forward, forward; player 2,
            // facing left, does the same motion toward the right, which is
            // backward for them.
            for pad in [pad1, pad2] { pad.set(SDL_CONTROLLER_AXIS_LEFTY, 32767) }
            pump(advancing: 2)
            for pad in [pad1, pad2] { pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767) }
            pump(advancing: 2)
            for pad in [pad1, pad2] { pad.set(SDL_CONTROLLER_AXIS_LEFTY, 0) }
            pump(advancing: 2)
            pad2.set(SDL_CONTROLLER_BUTTON_X, down: true)
            pad1.set(SDL_CONTROLLER_BUTTON_X, down: true)
            pump()
            #expect(fired == ["p2 punch", "p1 fireball"])

            // Player 2's quarter circle toward their own forward (left) on the d-pad.
            pad2.set(SDL_CONTROLLER_BUTTON_X, down: false)
            pad2.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            pump()
            pad2.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            pump(advancing: 2)
            pad2.set(SDL_CONTROLLER_BUTTON_DPAD_LEFT, down: true)
            pump(advancing: 2)
            pad2.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: false)
            pump(advancing: 2)
            pad2.set(SDL_CONTROLLER_BUTTON_X, down: true)
            pump()
            #expect(fired == ["p2 punch", "p1 fireball", "p2 fireball"])

            // Player 1 unplugs halfway through a motion: the motion is lost.
            pad1.set(SDL_CONTROLLER_BUTTON_X, down: false)
            pad1.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            pad1.set(SDL_CONTROLLER_AXIS_LEFTY, 32767)
            pump(advancing: 2)
            pad1.detach()
            pump()
            #expect(scene.arena.recognizers.allSatisfy { $0.state == .possible })
            #expect(fired.count == 3)
            pad2.detach()
            pump()
        }
    }
}
