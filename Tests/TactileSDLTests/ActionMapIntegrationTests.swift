import Foundation
@testable import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Action maps fed by SDL's real queue and a virtual game controller,
    /// frame by frame through the game loop, on the test clock.
    @Suite @MainActor struct ActionMapsFromSDL {
        enum Action: String, CaseIterable { case jump, move, steer, brake, pan, zoom, turn, tap, hold }

        /// Lets the pinch and the rotation recognize together, as a map view does.
        @MainActor final class Simultaneous: GestureRecognizerDelegate {
            static let shared = Simultaneous()
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }

        @Test func aPressAndReleaseInOneFrameAreBothReportedInThatFrame() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.jump, to: .key(KeyName.scancode(of: "Space")!))
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_SPACE)
            rig.sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_SPACE)
            rig.frame()
            #expect(rig.actions[.jump] == ActionSnapshot(isPressed: false, pressCount: 1, releaseCount: 1))
            rig.frame()
            #expect(rig.actions[.jump] == .idle)
        }

        @Test func pressReleasePressInOneFrameStaysPressedWithBothEdges() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.jump, to: .key(KeyName.scancode(of: "Space")!))
            let pad = try VirtualController()
            try rig.actions.bind(.jump, to: .button(.south))
            rig.frame()
            // A key and a button on one action, through the real queue.
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_SPACE)
            rig.sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_SPACE)
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            rig.frame()
            #expect(rig.actions[.jump] == ActionSnapshot(isPressed: true, pressCount: 2, releaseCount: 1, value: 1))
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            rig.frame()
            #expect(rig.actions[.jump] == ActionSnapshot(isPressed: false, releaseCount: 1))
            pad.detach()
            rig.frame()
        }

        @Test func deadZonesAndCompositesReadTheVirtualPad() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>())
            try rig.actions.bind(.move, to: .composite(.stick(.left, StickResponse(deadZone: 0.2))))
            try rig.actions.bind(.move, to: .composite(.dpad))
            try rig.actions.bind(.steer, to: .axis(.rightX, AxisResponse(deadZone: 0.2, isInverted: true)))
            try rig.actions.bind(.brake, to: .axis(.leftTrigger, .standard(for: .leftTrigger)))
            try rig.actions.bind(.turn, to: .composite(.axis(negative: .key(KeyName.scancode(of: "Left")!), positive: .button(.east))))
            let pad = try VirtualController()
            // SDL maps a virtual joystick's whole −32768…32767 range onto a
            // trigger's 0…1: a trigger at rest is −32768, 0.09 is −26870.
            pad.set(SDL_CONTROLLER_AXIS_TRIGGERLEFT, -32768)
            rig.frame()

            // Inside the dead zones: nothing at all.
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 6000)     // 0.18
            pad.set(SDL_CONTROLLER_AXIS_RIGHTX, -6000)
            pad.set(SDL_CONTROLLER_AXIS_TRIGGERLEFT, -26870)
            rig.frame()
            #expect([rig.actions[.move], rig.actions[.steer], rig.actions[.brake]] == [.idle, .idle, .idle])

            // Beyond them: rescaled from the edge of the dead zone.
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            pad.set(SDL_CONTROLLER_AXIS_RIGHTX, -19660)  // −0.6: halfway past 0.2, inverted
            pad.set(SDL_CONTROLLER_AXIS_TRIGGERLEFT, 32767)
            rig.frame()
            #expect(rig.actions[.move] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1, vector: Point(x: 1, y: 0)))
            #expect(abs(rig.actions[.steer].value - 0.5) < 1e-4)
            #expect(rig.actions[.brake] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))

            // The d-pad held, then the stick centred: the d-pad takes over
            // without the action ever letting go, up-left, normalised.
            pad.set(SDL_CONTROLLER_BUTTON_DPAD_UP, down: true)
            pad.set(SDL_CONTROLLER_BUTTON_DPAD_LEFT, down: true)
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 0)
            rig.frame()
            let half = 0.5.squareRoot()
            #expect(rig.actions[.move] == ActionSnapshot(isPressed: true, value: 1, vector: Point(x: -half, y: -half)))

            // Two inputs as an axis: a key against a button.
            rig.sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LEFT)
            rig.frame()
            #expect(rig.actions[.turn] == ActionSnapshot(isPressed: true, pressCount: 1, value: -1))
            pad.set(SDL_CONTROLLER_BUTTON_B, down: true)
            rig.frame()
            #expect(rig.actions[.turn] == ActionSnapshot(isPressed: true, value: 0))

            // Unplugged: SDL releases and centres everything; every pad action lets go.
            pad.detach()
            rig.frame()
            #expect(!rig.actions[.move].isPressed && rig.actions[.move].justReleased)
            #expect(!rig.actions[.brake].isPressed && !rig.actions[.steer].isPressed)
            #expect(rig.actions[.turn] == ActionSnapshot(isPressed: true, value: -1))
        }

        @Test func aPansPerFrameTranslationsAddUpToItsTotal() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 400, height: 400)
            let pan = PanGestureRecognizer()
            var total = Point.zero
            pan.addAction { recognizer in
                if recognizer.state == .ended { total = recognizer.translation(in: nil) }
            }
            rig.scene.root.addGestureRecognizer(pan)
            rig.actions.register(pan, as: "pan")
            try rig.actions.bind(.pan, to: .gesture("pan", .translation))

            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.1, y: 0.1)
            rig.frame()
            var vectors: [Point] = []
            var pressed: [Bool] = []
            // Two moves in some frames, one in others, none in one.
            let path: [[Float]] = [[0.12], [0.16, 0.2], [], [0.25], [0.3, 0.31, 0.35]]
            for moves in path {
                for x in moves { rig.sdl.pushFinger(SDL_FINGERMOTION, x: x, y: x / 2) }
                rig.frame()
                vectors.append(rig.actions[.pan].vector)
                pressed.append(rig.actions[.pan].isPressed)
            }
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.4, y: 0.2)
            rig.frame()
            vectors.append(rig.actions[.pan].vector)
            #expect(rig.actions[.pan].justReleased && !rig.actions[.pan].isPressed)

            let sum = vectors.reduce(Point.zero, +)
            #expect(total != .zero)
            #expect(abs(sum.x - total.x) < 1e-9 && abs(sum.y - total.y) < 1e-9)
            #expect(abs(total.x - 120) < 1e-3 && abs(total.y - 40) < 1e-3)   // (40, 40) → (160, 80)
            // Held from the frame it began (past its slop) to the lift; the empty frame moved nothing.
            #expect(pressed == [false, true, true, true, true])
            #expect(vectors[2] == .zero)
            rig.frame()
            #expect(rig.actions[.pan] == .idle)
        }

        @Test func aPinchsPerFrameScalesMultiplyToItsScaleAndARotationsAddUp() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 400, height: 400)
            let pinch = PinchGestureRecognizer()
            let rotation = RotationGestureRecognizer()
            var finalScale = 0.0
            var finalRotation = 0.0
            pinch.addAction { if $0.state == .ended { finalScale = $0.scale } }
            rotation.addAction { if $0.state == .ended { finalRotation = $0.rotation } }
            rig.scene.root.isMultipleTouchEnabled = true
            rig.scene.root.addGestureRecognizer(pinch)
            rig.scene.root.addGestureRecognizer(rotation)
            pinch.delegate = Simultaneous.shared
            rotation.delegate = Simultaneous.shared
            rig.actions.register(pinch, as: "pinch")
            rig.actions.register(rotation, as: "rotation")
            try rig.actions.bind(.zoom, to: .gesture("pinch", .scale))
            try rig.actions.bind(.turn, to: .gesture("rotation", .rotation))

            rig.sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.4, y: 0.5)
            rig.sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.6, y: 0.5)
            rig.frame()
            var scales: [Double] = []
            var turns: [Double] = []
            // The fingers spread and turn about the centre over six frames.
            for step in 1...6 {
                let radius = Float(0.1 + 0.03 * Double(step))
                let angle = Float(0.08 * Double(step))
                rig.sdl.pushFinger(SDL_FINGERMOTION, finger: 1, x: 0.5 - radius * cos(angle), y: 0.5 - radius * sin(angle))
                rig.sdl.pushFinger(SDL_FINGERMOTION, finger: 2, x: 0.5 + radius * cos(angle), y: 0.5 + radius * sin(angle))
                rig.frame()
                scales.append(rig.actions[.zoom].scale)
                turns.append(rig.actions[.turn].value)
            }
            rig.sdl.pushFinger(SDL_FINGERUP, finger: 1, x: 0.5 - 0.28 * cos(0.48), y: 0.5 - 0.28 * sin(0.48))
            rig.sdl.pushFinger(SDL_FINGERUP, finger: 2, x: 0.5 + 0.28 * cos(0.48), y: 0.5 + 0.28 * sin(0.48))
            rig.frame()
            scales.append(rig.actions[.zoom].scale)
            turns.append(rig.actions[.turn].value)

            #expect(finalScale > 1.8)
            #expect(abs(scales.reduce(1, *) - finalScale) < 1e-9)
            #expect(finalRotation > 0.3)
            #expect(abs(turns.reduce(0, +) - finalRotation) < 1e-9)
            #expect(scales.contains { $0 != 1 } && turns.contains { $0 != 0 })
        }

        @Test func aTapTriggersInItsFrameAndALongPressIsHeld() throws {
            let rig = try GameLoopRig(actions: ActionMap<Action>(), width: 400, height: 400)
            let tap = TapGestureRecognizer()
            let hold = LongPressGestureRecognizer()
            rig.scene.root.addGestureRecognizer(tap)
            rig.scene.root.addGestureRecognizer(hold)
            rig.actions.register(tap, as: "tap")
            rig.actions.register(hold, as: "hold")
            try rig.actions.bind(.tap, to: .gesture("tap", .trigger))
            try rig.actions.bind(.hold, to: .gesture("hold", .held))

            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            rig.frame()
            #expect(rig.actions[.tap] == ActionSnapshot(isPressed: false, pressCount: 1, releaseCount: 1))
            rig.frames(30)
            #expect(rig.actions[.tap] == .idle)

            rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            var heldFrom: Int?
            for frame in 0..<40 {
                rig.frame()
                if heldFrom == nil, rig.actions[.hold].justPressed { heldFrom = frame }
            }
            // 0.5 s at 64 frames a second: the deadline fires in frame 32, whose time is 0.5 s after the down.
            #expect(heldFrom == 32)
            #expect(rig.actions[.hold].isPressed)
            rig.sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            rig.frame()
            #expect(rig.actions[.hold] == ActionSnapshot(isPressed: false, releaseCount: 1))
            #expect(rig.actions[.tap] == .idle)
        }

        @Test func everyNamedKeyIsSDLsNameWithoutSpaces() {
            for (scancode, name) in KeyName.table {
                let sdlName = String(cString: SDL_GetScancodeName(SDL_Scancode(UInt32(scancode)))).replacingOccurrences(of: " ", with: "")
                #expect(sdlName == name, "scancode \(scancode)")
            }
        }

        /// SDL's own spelling of every key, spaces and all, reads as that key
        /// (158, which SDL also calls "Return", reads as the main Return, 40).
        @Test func everySDLKeyNameWithItsSpacesReadsAsItsKey() {
            for scancode in Int32(4)...231 {
                let sdlName = String(cString: SDL_GetScancodeName(SDL_Scancode(UInt32(scancode))))
                guard !sdlName.isEmpty else { continue }
                #expect(KeyName.scancode(of: sdlName) == (scancode == 158 ? 40 : scancode), "\(sdlName)")
            }
            #expect(KeyName.scancode(of: "Left Shift") == PhysicalKey.leftShift.scancode)
            #expect(KeyName.scancode(of: "keypad enter") == PhysicalKey.keypadEnter.scancode)
        }

        /// Every constant is the key SDL names that way, and the layout's
        /// name for a key comes from SDL (the dummy driver's US layout).
        @Test func physicalKeysAreSDLsScancodesAndHaveTheLayoutsNames() {
            let keys: [(PhysicalKey, SDL_Scancode, String)] = [
                (.a, SDL_SCANCODE_A, "A"), (.w, SDL_SCANCODE_W, "W"), (.digit1, SDL_SCANCODE_1, "1"),
                (.digit0, SDL_SCANCODE_0, "0"), (.space, SDL_SCANCODE_SPACE, "Space"),
                (.returnKey, SDL_SCANCODE_RETURN, "Return"), (.leftShift, SDL_SCANCODE_LSHIFT, "Left Shift"),
                (.rightGUI, SDL_SCANCODE_RGUI, "Right GUI"), (.semicolon, SDL_SCANCODE_SEMICOLON, ";"),
                (.grave, SDL_SCANCODE_GRAVE, "`"), (.f12, SDL_SCANCODE_F12, "F12"), (.up, SDL_SCANCODE_UP, "Up"),
                (.keypad0, SDL_SCANCODE_KP_0, "Keypad 0"), (.keypadEnter, SDL_SCANCODE_KP_ENTER, "Keypad Enter"),
                (.numLock, SDL_SCANCODE_NUMLOCKCLEAR, "Numlock"), (.application, SDL_SCANCODE_APPLICATION, "Application"),
            ]
            for (key, scancode, name) in keys {
                #expect(key.scancode == Int32(scancode.rawValue), "\(name)")
                #expect(key.displayName == name)
            }
        }
    }
}
