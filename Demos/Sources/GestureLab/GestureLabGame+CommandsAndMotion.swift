import DemoSupport
import Foundation
import Tactile

// The Gesture Lab's second page (Tab): the keyboard player's command
// inputs and the device's motion gestures, each with its live state badge,
// values and action count like the touch recognizers on the first page.
// Same arena, same rules: the commands that a motion also completes are
// decided specific over general on the button press (623+J over 236+J over
// J), and the motion gestures never stop each other.
//
// ┌──────┬───────────────────────────┬──────────┐
// │ EDGE │ COMMANDS (WASD + J)       │  ARENA   │
// │ PAN  │  623+J  236+J  [4]6+J     │  LOG     │
// │      │  66  J                    │          │
// │      ├───────────────────────────┤          │
// │      │ MOTION (arrows, Ctrl+Z)   │          │
// │      │  shake tilt flick twist   │          │
// │      │  knock                    │          │
// └──────┴───────────────────────────┴──────────┘

extension GestureLabGame {
    /// Tab's USB HID usage (SDL_SCANCODE_TAB): turns the page.
    static let tabScancode: Int32 = 43

    /// The second page's two panels, hidden until Tab: the keyboard
    /// player's commands, and the motion gestures with the scene's own
    /// shake (the one the responder chain hears; on this panel rather than
    /// the root, so its badge shows it).
    static func commandAndMotionPanels(shake: ShakeGestureRecognizer) throws -> [Panel] {
        let player = PlayerInput(keyboard: PlayerInput.keyboardLayout)
        let commands = [
            CommandInputRecognizer(try Command("623", .west), input: player),
            CommandInputRecognizer(try Command("236", .west), input: player),
            CommandInputRecognizer(try Command("[4]6", .west), input: player),
            CommandInputRecognizer(try Command("66"), input: player),
            CommandInputRecognizer(try Command("", .west), input: player),
        ]
        let motion: [GestureRecognizer] = [shake, TiltGestureRecognizer(), FlickGestureRecognizer(), TwistGestureRecognizer(), KnockGestureRecognizer()]
        for (recognizer, name) in zip(motion, ["shake", "tilt", "flick", "twist", "knock"]) { recognizer.name = name }
        let panels = [
            Panel(title: "COMMANDS (keyboard: WASD + J, facing right)", layer: Layer(frame: Rect(x: 120, y: 40, width: 440, height: 262)), recognizers: commands),
            Panel(title: "MOTION (arrows tilt, Ctrl+Z shakes; or a pad's sensors)", layer: Layer(frame: Rect(x: 120, y: 306, width: 440, height: 274)), recognizers: motion),
        ]
        for panel in panels { panel.layer.isHidden = true }
        return panels
    }

    /// Whether the second page (commands and motion) is showing.
    var showsCommandsAndMotion: Bool {
        panels.contains { $0.recognizers.first is CommandInputRecognizer && !$0.layer.isHidden }
    }

    /// Turns the page: the panels shown are hidden and the hidden shown, so
    /// that a hidden page takes no touches. Command and motion recognizers
    /// listen wherever their layer is, shown or not.
    func turnPage() {
        for panel in panels { panel.layer.isHidden.toggle() }
    }

    /// What a command or motion recognizer's panel prints under its name,
    /// read at its action as numbers and formatted when drawn (``lines``),
    /// as the first page's ``Values``.
    enum CommandOrMotionValues {
        case command(priority: Int, lastCompletion: Double?)
        case shake(isShaking: Bool)
        case tilt(angle: Double, direction: Vector3)
        case flick(FlickDirection)
        case twist(isClockwise: Bool)
        case knock(strength: Double)
        /// A recognizer of neither kind: nothing printed.
        case none

        /// The panel's lines.
        var lines: [String] {
            switch self {
            case .command(let priority, let lastCompletion):
                let last = lastCompletion.map { "last at \(fixedDecimal($0, decimals: 2)) s" } ?? "not yet"
                return ["priority \(priority), \(last)"]
            case .shake(let isShaking):
                return [isShaking ? "shaking" : "still"]
            case .tilt(let angle, let direction):
                return ["tilt \(fixedDecimal(angle * 180 / .pi, decimals: 0)) deg toward "
                    + "\(fixedDecimal(direction.x, decimals: 1, sign: true)), \(fixedDecimal(direction.y, decimals: 1, sign: true))"]
            case .flick(let direction):
                return ["last direction \(direction)"]
            case .twist(let isClockwise):
                return ["last " + (isClockwise ? "clockwise" : "anticlockwise")]
            case .knock(let strength):
                return ["strength \(fixedDecimal(strength, decimals: 1)) g"]
            case .none:
                return []
            }
        }
    }

    /// What a command or motion recognizer's panel prints, as it is now.
    static func commandAndMotionValues(of recognizer: GestureRecognizer) -> CommandOrMotionValues {
        switch recognizer {
        case let command as CommandInputRecognizer:
            return .command(priority: command.inputPriority, lastCompletion: command.lastCompletion)
        case let shake as ShakeGestureRecognizer:
            return .shake(isShaking: shake.isShaking)
        case let tilt as TiltGestureRecognizer:
            return .tilt(angle: tilt.tilt, direction: tilt.direction)
        case let flick as FlickGestureRecognizer:
            return .flick(flick.direction)
        case let twist as TwistGestureRecognizer:
            return .twist(isClockwise: twist.isClockwise)
        case let knock as KnockGestureRecognizer:
            return .knock(strength: knock.strength)
        default:
            return .none
        }
    }
}
