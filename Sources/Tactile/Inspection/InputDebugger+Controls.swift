// The debugger's own keys and buttons: one chord to switch it on in every
// game, and, while it is on, keys to pause, step and save.

extension InputDebugger {
    /// The keys and buttons that drive an input debugger, the same in every
    /// game: **Ctrl+Shift+D** or **both stick clicks** on any controller
    /// switch it on and off (``InputDebugger/isRecording``); while it is on,
    /// Ctrl+Shift+P pauses and resumes, Ctrl+Shift+N steps a frame,
    /// Ctrl+Shift+E steps a sub-event and Ctrl+Shift+S saves the capture; on
    /// a controller, Back held with Start pauses and resumes, with the right
    /// shoulder steps a frame and with the left shoulder a sub-event.
    ///
    /// The debugger takes these presses out of the frame before the game
    /// sees them, and their releases with them (and their key repeats),
    /// so the game never gets half a press. The modifiers, Back and the
    /// first stick click do reach the game: they are only half a chord. While
    /// the debugger is off only the switch is taken. Either side's Ctrl or
    /// Shift will do. Set ``InputDebugger/controls`` to `nil` for a game
    /// that offers its own way to call ``InputDebugger/isRecording``.
    public struct Controls: Hashable, Sendable {
        /// Held with every key below: Ctrl+Shift, rare in games' bindings.
        public var modifiers: KeyModifiers = [.leftControl, .leftShift]
        /// Switches the debugger on and off, in every game ("debugger").
        public var toggle = PhysicalKey.d
        /// Pauses the game or resumes it, while the debugger is on.
        public var pause = PhysicalKey.p
        /// Step one frame ("next").
        public var stepFrame = PhysicalKey.n
        /// Step one sub-event ("event"); its key repeat steps on.
        public var stepEvent = PhysicalKey.e
        /// Saves the capture to ``InputDebugger/captureFolder``, while the
        /// debugger is on; the outcome is ``InputDebugger/lastSave``.
        public var save = PhysicalKey.s
        /// Held together on one controller, they switch the debugger: both
        /// stick clicks, which no game asks for at once.
        public var toggleButtons: Set<ControllerButton> = [.leftStick, .rightStick]
        /// Held on a controller while the debugger is on, it makes the
        /// buttons below its pause and steps, as Ctrl+Shift does the keys:
        /// Back (Select, View, Share, Minus), which few games use in play.
        /// `nil` for no pad pause and steps.
        public var padModifier: ControllerButton? = .back
        /// With ``padModifier`` held: pause or resume.
        public var padPause = ControllerButton.start
        /// With ``padModifier`` held: step one frame.
        public var padStepFrame = ControllerButton.rightShoulder
        /// With ``padModifier`` held: step one sub-event.
        public var padStepEvent = ControllerButton.leftShoulder

        /// The controls above: Ctrl+Shift+D, P, N, E, S, both stick clicks,
        /// and Back with Start, the right or the left shoulder.
        public init() {}

        enum Command {
            case toggle, pause, stepFrame, stepEvent, save
            /// The release or repeat of a press the debugger took.
            case swallow
        }

        /// Whether `event` could be a control at all: the one check each
        /// event costs while the debugger is off.
        static func mightMatch(_ event: InputEvent) -> Bool {
            switch event.kind {
            case .key, .controller(.button), .controller(.removed): true
            default: false
            }
        }

        /// Whether `held` has a key of each modifier this chord asks for
        /// (left or right).
        func hasModifiers(_ held: KeyModifiers) -> Bool {
            for group in [KeyModifiers.shift, .control, .alt, .gui] where !modifiers.isDisjoint(with: group) {
                if held.isDisjoint(with: group) { return false }
            }
            return true
        }
    }

    /// A controller button the debugger took, whose release it takes too.
    struct TakenButton: Hashable {
        var controller: Int32
        var button: ControllerButton
    }

    /// What `event` asks of the debugger, if anything; tracks the stick
    /// clicks held and the presses taken.
    func command(for event: InputEvent, controls: Controls) -> Controls.Command? {
        switch event.kind {
        case .key(let key):
            let scancode = key.scancode
            if takenKeys.contains(scancode) {
                if !key.isDown {
                    takenKeys.remove(scancode)
                } else if key.isRepeat && isRecording {
                    if scancode == controls.stepEvent.scancode { return .stepEvent }
                    if scancode == controls.stepFrame.scancode { return .stepFrame }
                }
                return .swallow
            }
            guard key.isDown, !key.isRepeat, controls.hasModifiers(key.modifiers) else { return nil }
            let command: Controls.Command
            switch scancode {
            case controls.toggle.scancode: command = .toggle
            case controls.pause.scancode where isRecording: command = .pause
            case controls.stepFrame.scancode where isRecording: command = .stepFrame
            case controls.stepEvent.scancode where isRecording: command = .stepEvent
            case controls.save.scancode where isRecording: command = .save
            default: return nil
            }
            takenKeys.insert(scancode)
            return command
        case .controller(.button(let controller, let button, let isDown)):
            let taken = TakenButton(controller: controller, button: button)
            if !isDown {
                heldButtons[controller]?.remove(button)
                return takenButtons.remove(taken) != nil ? .swallow : nil
            }
            if controls.toggleButtons.contains(button) {
                heldButtons[controller, default: []].insert(button)
                guard heldButtons[controller, default: []].isSuperset(of: controls.toggleButtons) else { return nil }
                takenButtons.insert(taken)
                return .toggle
            }
            guard let modifier = controls.padModifier else { return nil }
            if button == modifier {
                heldButtons[controller, default: []].insert(button)
                return nil
            }
            // The pad's pause and steps: the modifier held on the same pad.
            guard isRecording, heldButtons[controller]?.contains(modifier) == true else { return nil }
            let command: Controls.Command
            switch button {
            case controls.padPause: command = .pause
            case controls.padStepFrame: command = .stepFrame
            case controls.padStepEvent: command = .stepEvent
            default: return nil
            }
            takenButtons.insert(taken)
            return command
        case .controller(.removed(let controller)):
            heldButtons[controller] = nil
            takenButtons = takenButtons.filter { $0.controller != controller }
            return nil
        default:
            return nil
        }
    }
}
