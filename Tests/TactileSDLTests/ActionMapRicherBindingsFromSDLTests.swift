import Foundation
@testable import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Mouse buttons, the wheel, chords, repeats and rebinding through SDL's
    /// real queue and a virtual pad, frame by frame through the game loop.
    @Suite @MainActor struct ActionMapRicherBindingsFromSDL {
        enum Action: String, CaseIterable { case fire, aim, zoom, next, save, move, menuDown, jump }

        func pushWheel(_ sdl: SDLHarness, dy: Float) {
            var event = SDL_Event()
            event.wheel = SDL_MouseWheelEvent(
                type: SDL_MOUSEWHEEL.rawValue, timestamp: 0, windowID: sdl.windowID, which: 0,
                x: 0, y: Int32(dy), direction: SDL_MOUSEWHEEL_NORMAL.rawValue,
                preciseX: 0, preciseY: dy, mouseX: 0, mouseY: 0)
            sdl.push(event)
        }

        @Test func mouseButtonsAndTheWheelDriveActions() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.fire, to: .mouseButton(.left))
            try rig.actions.bind(.aim, to: .mouseButton(.right))
            try rig.actions.bind(.zoom, to: .wheel(.vertical, scale: 0.5))
            try rig.actions.bind(.next, to: .wheelStep(.up))
            rig.sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 10, y: 10)
            rig.sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 10)
            rig.frame()
            #expect(rig.actions[.aim] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
            #expect(rig.actions[.fire] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
            rig.sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 12, y: 10)
            rig.sdl.pushMouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_RIGHT, x: 12, y: 10)
            pushWheel(rig.sdl, dy: 1)
            pushWheel(rig.sdl, dy: 2)
            rig.frame()
            #expect(rig.actions[.fire] == ActionSnapshot(releaseCount: 1))
            #expect(rig.actions[.aim] == ActionSnapshot(releaseCount: 1))
            #expect(rig.actions[.zoom] == ActionSnapshot(value: 1.5))
            #expect(rig.actions[.next] == ActionSnapshot(pressCount: 3, releaseCount: 3))
            rig.frame()
            #expect(rig.actions[.zoom] == .idle && rig.actions[.next] == .idle)
        }

        @Test func ctrlSSavesAndSAloneMoves() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.save, to: .chord(ActionChord(holding: .modifier(.control), press: .key(.s))))
            try rig.actions.bind(.move, to: .composite(.wasd))
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LCTRL, modifiers: .leftControl)
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_S, modifiers: .leftControl)
            rig.frame()
            #expect(rig.actions[.save] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
            #expect(rig.actions[.move] == .idle)
            rig.sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_S, modifiers: .leftControl)
            rig.sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_LCTRL)
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_S)
            rig.frame()
            #expect(rig.actions[.save] == ActionSnapshot(releaseCount: 1))
            #expect(rig.actions[.move] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1, vector: Point(x: 0, y: 1)))
            // Focus lost: the held key and the chord's state go.
            rig.sdl.pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
            rig.frame()
            #expect(rig.actions[.move] == ActionSnapshot(releaseCount: 1))
        }

        @Test func aHeldDPadRepeatsOnGameTimeAndNotWhilePaused() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.menuDown, to: .button(.dpadDown))
            try rig.actions.bind(.menuDown, to: .key(.down))
            try rig.actions.setRepeat(ActionRepeat(initialDelay: 0.25, rate: 8), for: .menuDown)
            let pad = try VirtualController()
            rig.frame()
            pad.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            var moves = 0
            func count(_ frames: Int) {
                for _ in 0..<frames {
                    rig.frame()
                    if rig.actions[.menuDown].justPressedOrRepeated { moves += 1 }
                }
            }
            count(1)
            #expect(moves == 1)
            count(16)   // 0.25 s: the first repeat
            #expect(moves == 2)
            rig.game.isPaused = true
            count(320)  // 5 s paused
            #expect(moves == 2)
            rig.game.isPaused = false
            count(8)    // one interval of game time: one repeat, no burst
            #expect(moves == 3)
            // The key joins the held pad: the action is already down, nothing new.
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_DOWN)
            pad.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: false)
            count(8)
            #expect(moves == 4)
            pad.detach()
            rig.frame()
        }

        @Test func aPadUnpluggedWhileListeningCancelsTheListen() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.jump, to: .button(.south))
            let pad = try VirtualController()
            rig.frame()
            rig.actions.startListening()
            pad.set(SDL_CONTROLLER_BUTTON_Y, down: true)
            rig.frame()
            #expect(rig.actions.listenStatus == .captured(.button(.north)))
            pad.set(SDL_CONTROLLER_BUTTON_Y, down: false)
            rig.actions.startListening()
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            pad.detach()
            rig.frame()
            // The press answered first; then the pad went, and it lets go without playing.
            #expect(rig.actions.listenStatus == .captured(.button(.south)))
            #expect(rig.actions[.jump] == .idle)
            let second = try VirtualController()
            rig.frame()
            rig.actions.startListening()
            second.detach()
            rig.frame()
            #expect(rig.actions.listenStatus == .cancelled(.controllerRemoved(second.instanceID)))
            // The timeout runs on game time: 5 s by default.
            rig.actions.startListening()
            rig.frames(319)
            #expect(rig.actions.listenStatus == .listening)
            rig.frames(2)
            #expect(rig.actions.listenStatus == .cancelled(.timedOut))
        }
    }
}
