import Foundation
import Testing
@testable import Tactile

/// Command inputs recorded as a trace and replayed: two players (a pad and
/// the keyboard), played live into one scene while recording, then the
/// trace file played back frame by frame on a manual clock into another.
/// The same commands fire on the same frames, including those at the edges
/// of their windows, and the one lost to an unplugged pad stays lost.
@MainActor
struct CommandTraceReplayTests {
    /// A stage of two players' commands; logs "<frame> <player> <command>".
    @MainActor final class Stage {
        let scene = Scene(size: Size(width: 400, height: 300))
        var log: [String] = []

        init() throws {
            scene.diagnostics = nil
            let fighter = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            scene.root.addChild(fighter)
            let pad = PlayerInput(controller: 1)
            let keys = PlayerInput(keyboard: PlayerInput.keyboardLayout)
            keys.facing = .left
            for (name, player) in [("pad", pad), ("keys", keys)] {
                for command in [try Command("623", .west), try Command("236", .west), try Command("[4]6", .west),
                                try Command("66"), try Command("", .west), try Command.mash(.south, count: 3)] {
                    fighter.addGestureRecognizer(CommandInputRecognizer(command, input: player) { [unowned self] recognizer in
                        log.append("\(Int((recognizer.currentTime * 60).rounded())) \(name) \(recognizer.name ?? "?")")
                    })
                }
            }
        }
    }

    static func frame(_ frame: Int) -> Double { Double(frame) / 60 }

    /// The session: a fireball on the pad's stick, one frame inside the
    /// input buffer; the keyboard player (facing left) dashes and charges;
    /// the pad mashes; the pad's dragon punch is cut off by its unplugging.
    static func session() -> [InputEvent] {
        var events: [InputEvent] = []
        func at(_ frame: Int, _ kind: InputEvent.Kind) { events.append(InputEvent(timestamp: Self.frame(frame), kind)) }
        func axis(_ frame: Int, _ axis: ControllerAxis, _ value: Double) { at(frame, .controller(.axis(controller: 1, axis: axis, value: value))) }
        func button(_ frame: Int, _ button: ControllerButton, _ isDown: Bool) { at(frame, .controller(.button(controller: 1, button: button, isDown: isDown))) }
        func key(_ frame: Int, _ scancode: Int32, _ isDown: Bool) { at(frame, .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0))) }
        at(0, .controller(.added(controller: 1, identity: nil)))
        // Pad: 2, 3, 6, then west 8 frames later (the buffer's last frame).
        axis(1, .leftY, 1); axis(3, .leftX, 1); axis(5, .leftY, 0)
        button(13, .west, true); button(14, .west, false); axis(15, .leftX, 0)
        // Keyboard, facing left: A, let go, A (a dash toward the way it faces).
        key(16, 4, true); key(17, 4, false); key(22, 4, true); key(23, 4, false)
        // Keyboard: D held 50 frames (back, facing left), then A and J.
        key(25, 7, true); key(75, 7, false); key(75, 4, true); key(76, 13, true); key(77, 13, false); key(78, 4, false)
        // Pad: south three times within the mash window.
        for frame in [80, 84, 88] { button(frame, .south, true); button(frame + 1, .south, false) }
        // Pad: 6, 2, 3 and unplugged before the button.
        axis(100, .leftX, 1); axis(102, .leftX, 0); axis(102, .leftY, 1); axis(104, .leftX, 1)
        at(105, .controller(.removed(controller: 1)))
        return events
    }

    @Test func aRecordedSessionReplaysTheSameCommandsOnTheSameFrames() throws {
        let live = try Stage()
        var recorder = TraceRecorder(start: 0)
        for event in Self.session() {
            live.scene.send(event)
            let recorded = recorder.record(event)
            #expect(recorded)
        }
        #expect(live.log == ["13 pad 236+west", "22 keys 66", "76 keys [4]6+west", "88 pad south×3"], "\(live.log)")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("commands-\(UUID()).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try recorder.write(toFile: path)

        let replayed = try Stage()
        let clock = ManualClock()
        var player = try TracePlayer(contentsOfFile: path, start: clock.now)
        var events: [InputEvent] = []
        var frames = 0
        while !player.isFinished, frames < 200 {
            events.removeAll(keepingCapacity: true)
            player.events(dueBy: clock.now, into: &events)
            for event in events { replayed.scene.send(event) }
            clock.advance(by: 1.0 / 60)
            frames += 1
        }
        let finished = player.isFinished
        #expect(finished && player.streamingError == nil)
        #expect(replayed.log == live.log)
        #expect(replayed.scene.arena.recognizers.allSatisfy { $0.state == .possible })
    }
}
