/// What an interactive rebinding listens for ("press the key you want for
/// Jump"), and how it ends.
///
/// A game starts a listen on its map with ``ActionMap/startListening(_:)``
/// and reads ``ActionMap/listenStatus`` each frame. The listen ends at the
/// first of:
///
/// - an accepted input going **down** (a key, a controller button, a mouse
///   button, a notch of the wheel, or an axis crossing ``axisThreshold``
///   away from rest): ``ListenStatus/captured(_:)`` with the binding that
///   reads it (an axis as the half it moved to, ``AxisResponse/half``, so
///   "push the stick down" binds "stick down");
/// - one of ``cancelInputs`` going down (Escape by default):
///   ``ListenCancellation/cancelInput(_:)``;
/// - ``timeout`` seconds passing on the map's clock (game time under a
///   ``GameLoop``, so a paused game clock holds the countdown):
///   ``ListenCancellation/timedOut``;
/// - the controller it listens to being unplugged (the map's
///   ``ActionMap/controller``, or any pad when the map reads every one),
///   when it accepts controller input: ``ListenCancellation/controllerRemoved(_:)``.
///   Whatever that pad held is let go, as always.
///
/// Inputs held when the listen starts are not answers: only a press during
/// the listen is (the Enter that opened the prompt, still down, cannot
/// answer it by being released). Ups, key repeats and axes moving back
/// towards rest are ignored. While the map listens no binding sees a press:
/// every input that goes down (the answer, the cancel, or one the listen
/// does not accept) is held back from the bindings until it is let go, and
/// an axis that answered reads 0 until it comes back to rest, so neither
/// the answer nor Escape also plays. Chords are not listened for; a game
/// binds them in code or in the bindings file.
///
/// ```swift
/// actions.startListening(BindingListener(inputs: [.keyboard, .mouse]))
/// // each frame:
/// if case .captured(let binding) = actions.listenStatus {
///     let clashes = actions.conflicts(with: binding, for: .jump)   // offer to swap, or refuse
///     try actions.replace(old, with: binding, for: .jump)
///     actions.stopListening()
/// }
/// ```
///
/// ## See Also
/// - ``ActionMap/conflicts(with:for:)``
/// - ``ActionDefaults``
public struct BindingListener: Hashable, Sendable {
    /// Kinds of input a listen accepts.
    public struct Inputs: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Keys.
        public static let keyboard = Inputs(rawValue: 1 << 0)
        /// Mouse buttons and the wheel (as steps).
        public static let mouse = Inputs(rawValue: 1 << 1)
        /// Controller buttons and axes.
        public static let controller = Inputs(rawValue: 1 << 2)
        public static let all: Inputs = [.keyboard, .mouse, .controller]
    }

    /// What can answer.
    public var inputs: Inputs
    /// What cancels: Escape by default. A cancel input is never an answer.
    public var cancelInputs: [DigitalInput]
    /// How far from rest, 0…1, an axis must move to answer.
    public var axisThreshold: Double
    /// Seconds on the map's clock before the listen gives up; `nil` waits
    /// for ever, as does a map without a clock.
    public var timeout: Double?

    public init(
        inputs: Inputs = .all, cancelInputs: [DigitalInput] = [.key(PhysicalKey.escape.scancode)],
        axisThreshold: Double = ActionDefaults.listenAxisThreshold, timeout: Double? = ActionDefaults.listenTimeout
    ) {
        self.inputs = inputs
        self.cancelInputs = cancelInputs
        self.axisThreshold = axisThreshold
        self.timeout = timeout
    }

    /// The listen's end when `input` goes down, or `nil` if it is not an answer.
    func answer(toPressOf input: DigitalInput) -> ListenStatus? {
        if cancelInputs.contains(where: { $0 == input || Self.modifier($0, includes: input) }) {
            return .cancelled(.cancelInput(input))
        }
        switch input {
        case .key(let scancode): return inputs.contains(.keyboard) ? .captured(.key(scancode)) : nil
        case .button(let button): return inputs.contains(.controller) ? .captured(.button(button)) : nil
        case .mouseButton(let button): return inputs.contains(.mouse) ? .captured(.mouseButton(button)) : nil
        case .modifier: return nil
        }
    }

    /// The listen's end when an axis moves, or `nil`: an answer when it
    /// crosses the threshold going away from rest, on either side.
    func answer(toAxis axis: ControllerAxis, movingFrom previous: Double, to value: Double) -> ListenStatus? {
        guard inputs.contains(.controller), axisThreshold.isFinite else { return nil }
        let threshold = min(max(axisThreshold, 0), 1)
        for half in AxisHalf.allCases {
            let sign: Double = half == .positive ? 1 : -1
            if previous * sign < threshold, value * sign >= threshold, value * sign > 0 {
                var response = AxisResponse.standard(for: axis)
                response.half = half
                return .captured(.axis(axis, response))
            }
        }
        return nil
    }

    /// The listen's end when the wheel turns a notch, or `nil`.
    func answer(toWheel direction: WheelDirection) -> ListenStatus? {
        inputs.contains(.mouse) ? .captured(.wheelStep(direction)) : nil
    }

    private static func modifier(_ cancel: DigitalInput, includes input: DigitalInput) -> Bool {
        guard case .modifier(let modifier) = cancel, case .key(let scancode) = input else { return false }
        return scancode == modifier.keys.left.scancode || scancode == modifier.keys.right.scancode
    }
}

/// Where an ``ActionMap``'s rebinding listen stands (``ActionMap/listenStatus``).
public enum ListenStatus: Hashable, Sendable {
    /// No listen has started since the last ``ActionMap/stopListening()``.
    case idle
    /// Waiting for an input.
    case listening
    /// The player pressed this: the binding that reads it.
    case captured(ActionBinding)
    /// The listen ended without an answer.
    case cancelled(ListenCancellation)
}

/// Why a listen ended without an answer.
public enum ListenCancellation: Hashable, Sendable {
    /// One of ``BindingListener/cancelInputs`` was pressed (this one).
    case cancelInput(DigitalInput)
    /// ``BindingListener/timeout`` passed.
    case timedOut
    /// The controller the listen was reading was unplugged.
    case controllerRemoved(Int32)
}
