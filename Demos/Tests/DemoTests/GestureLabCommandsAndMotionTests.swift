import Foundation
import Tactile
import Testing
@testable import GestureLab

/// The Gesture Lab's second page: command inputs and motion gestures with
/// their live states, driven through the lab's scene as its loop would.
@Suite @MainActor struct GestureLabCommandsAndMotion {
    let game: GestureLabGame

    init() throws {
        game = try GestureLabGame()
        game.scene.diagnostics = nil
    }

    func send(_ kind: InputEvent.Kind, at frame: Int) {
        let event = InputEvent(timestamp: Double(frame) / 60, kind)
        game.scene.send(event)
        game.handle(event)
    }

    func key(_ scancode: Int32, _ isDown: Bool, at frame: Int) {
        send(.key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0)), at: frame)
    }

    func panel(_ prefix: String) throws -> GestureLabGame.Panel {
        try #require(game.panels.first { $0.title.hasPrefix(prefix) })
    }

    @Test func tabShowsTheCommandsAndMotionAndBack() throws {
        let commands = try panel("COMMANDS")
        let tap = try panel("TAP")
        #expect(!game.showsCommandsAndMotion && commands.layer.isHidden && !tap.layer.isHidden)
        key(GestureLabGame.tabScancode, true, at: 0)
        key(GestureLabGame.tabScancode, false, at: 1)
        #expect(game.showsCommandsAndMotion && !commands.layer.isHidden && tap.layer.isHidden)
        // A hidden page takes no touches: a tap where the TAP panel was
        // lands on the commands panel, which has no touch recognizer.
        let finger = PointerID(kind: .finger, device: 1, index: 1)
        send(.pointer(PointerEvent(.down, id: finger, location: Point(x: 200, y: 100))), at: 2)
        send(.pointer(PointerEvent(.up, id: finger, location: Point(x: 200, y: 100))), at: 3)
        #expect(game.readout(game.tap).fired == 0)
        key(GestureLabGame.tabScancode, true, at: 4)
        #expect(!game.showsCommandsAndMotion && !tap.layer.isHidden)
    }

    @Test func aFireballOnTheKeyboardBeatsThePunchAndShowsOnItsBadge() throws {
        let commands = try panel("COMMANDS")
        let names = commands.recognizers.map { $0.name ?? "" }
        #expect(names == ["623+west", "236+west", "[4]6+west", "66", "west"])
        let fireball = commands.recognizers[1], punch = commands.recognizers[4]
        key(22, true, at: 2)    // S: down
        key(7, true, at: 4)     // D: down-forward
        key(22, false, at: 6)   // forward
        key(13, true, at: 7)    // J
        #expect(game.readout(fireball).states == [.ended])
        #expect(game.badge(of: fireball) == .state(.ended))
        #expect(game.readout(punch).states.isEmpty && game.badge(of: punch) == .state(.failed))
        #expect(GestureLabGame.values(of: fireball).first?.hasSuffix("last at 0.12 s") == true, "\(GestureLabGame.values(of: fireball))")
        #expect(game.arenaLines.contains { $0.hasPrefix("fail west") }, "\(game.arenaLines.suffix(6))")
    }

    @Test func theMotionPanelShowsATiltAndTheScenesOwnShake() throws {
        let motion = try panel("MOTION")
        let shake = game.scene.shakeGestureRecognizer
        #expect(motion.recognizers.first === shake && shake.layer === motion.layer)
        let tilt = try #require(motion.recognizers.first { $0 is TiltGestureRecognizer })
        // Tipped 30° about x: the tilt begins and keeps changing.
        for index in 0...60 {
            let angle = index >= 10 ? 30 * Double.pi / 180 : 0
            let reading = AccelerometerData(acceleration: Vector3(x: 0, y: -sin(angle), z: -cos(angle)), timestamp: Double(index) / 100)
            game.scene.send(.accelerometer(reading), timestamp: reading.timestamp)
        }
        #expect(game.badge(of: tilt) == .state(.changed))
        #expect(GestureLabGame.values(of: tilt).first?.hasPrefix("tilt 2") == true, "\(GestureLabGame.values(of: tilt))")
        #expect(game.badge(of: shake) == .state(.possible))
    }
}
