// What the debugger shows beside touches: the controllers it has seen, the
// loop's motion, and the action maps' values for the frame with what
// bound them.

/// A controller as the input debugger last saw it: who it is, and which
/// buttons and axes are where.
public struct ControllerReading: Hashable, Sendable {
    /// SDL's instance id, as in ``ControllerEvent``.
    public var controller: Int32
    /// Who it is; `nil` for a pad that was connected before the debugger
    /// came on, when nothing told it who that pad is
    /// (``InputDebugger/connectedControllers``, which `SDLApp` sets).
    public var identity: ControllerIdentity?
    /// Down or not, in `ControllerButton.allCases` order.
    var buttonsDown = Array(repeating: false, count: ControllerButton.allCases.count)
    /// In `ControllerAxis.allCases` order.
    var axisValues = Array(repeating: 0.0, count: ControllerAxis.allCases.count)

    /// A reading of `controller` with `pressedButtons` down and `axes` where
    /// they are (the others at rest): what a game on its own loop returns
    /// from ``InputDebugger/connectedControllers`` for a pad read from SDL.
    public init(controller: Int32, identity: ControllerIdentity?, pressedButtons: Set<ControllerButton> = [], axes: [ControllerAxis: Double] = [:]) {
        self.controller = controller
        self.identity = identity
        buttonsDown = ControllerButton.allCases.map(pressedButtons.contains)
        axisValues = ControllerAxis.allCases.map { axes[$0] ?? 0 }
    }

    /// The buttons down, in `ControllerButton.allCases` order.
    public var pressedButtons: [ControllerButton] {
        zip(ControllerButton.allCases, buttonsDown).filter(\.1).map(\.0)
    }

    /// Where `axis` is: −1…1 for sticks, 0…1 for triggers, as the last event had it.
    public func value(of axis: ControllerAxis) -> Double {
        axisValues[ControllerAxis.allCases.firstIndex(of: axis) ?? 0]
    }
}

/// One action of an action map as the frame ended.
public struct ActionReading: Hashable, Sendable {
    /// The action, as the game's type prints it.
    public var action: String
    /// What a game's update reads this frame.
    public var snapshot: ActionSnapshot
    /// The bindings holding it or giving it a value now, as a binding file
    /// writes them (`key Space`, `axis leftX`).
    public var boundBy: [String]
}

/// The loop's motion as the debugger reads it: the fused device motion,
/// the shake and the orientation.
public struct MotionReading: Hashable, Sendable {
    /// Roll, pitch and yaw in radians; `nil` before the first device-motion update.
    public var attitude: Attitude?
    /// In g, device axes.
    public var gravity: Vector3?
    /// In radians per second, bias removed.
    public var rotationRate: Vector3?
    /// Whether the scene's own ``Scene/shakeGestureRecognizer`` has a shake under way.
    public var isShaking: Bool
    public var orientation: DeviceOrientation
    /// Where the readings come from; `nil` when no source is active.
    public var source: MotionSource?
}

/// What the debugger reads from an action map, whatever its action type.
@MainActor
protocol ActionMapReading: AnyObject {
    func appendReadings(to readings: inout [ActionReading])
}

extension InputDebugger {
    /// The controllers seen since the debugger came on, by id: their
    /// identity and the buttons and axes as their last events left them.
    public var controllers: [ControllerReading] {
        controllerReadings.values.sorted { $0.controller < $1.controller }
    }

    /// The loop's motion now; `nil` when the loop has no motion manager.
    public var motion: MotionReading? {
        guard let motion = loop?.motion else { return nil }
        let device = motion.deviceMotion
        return MotionReading(
            attitude: device?.attitude, gravity: device?.gravity, rotationRate: device?.rotationRate,
            isShaking: loop?.scene?.shakeGestureRecognizer.isShaking ?? false, orientation: motion.orientation, source: motion.activeSource)
    }

    /// Every action of the loop's action maps as the last frame left them,
    /// map by map in the loop's order, with the bindings that hold each.
    /// Allocates: read it once per drawn frame at most.
    public func actionReadings() -> [ActionReading] {
        var readings: [ActionReading] = []
        for input in loop?.inputs ?? [] {
            (input as? any ActionMapReading)?.appendReadings(to: &readings)
        }
        return readings
    }

    /// A reading of a controller first met by one of its buttons or axes,
    /// with who it is and what it holds if ``connectedControllers`` knows.
    private func firstReading(of id: Int32) -> ControllerReading {
        connectedControllers?().first { $0.controller == id } ?? ControllerReading(controller: id, identity: nil)
    }

    /// Takes the controllers connected now (``connectedControllers``) as
    /// they are now: a button held since before the debugger came on shows
    /// held, and a pad unplugged while it was off is dropped. Events missed
    /// while off left the readings stale, so the current ones replace them
    /// (keeping a name the debugger heard when the current one has none).
    func noteConnectedControllers() {
        guard let connected = connectedControllers?() else { return }
        let before = controllerReadings
        controllerReadings = [:]
        for var reading in connected {
            if reading.identity == nil { reading.identity = before[reading.controller]?.identity }
            controllerReadings[reading.controller] = reading
        }
    }

    /// Follows a controller's identity, buttons and axes (while recording;
    /// allocates only when a controller is first seen).
    func note(_ event: ControllerEvent) {
        switch event {
        case .added(let id, let identity):
            controllerReadings[id] = ControllerReading(controller: id, identity: identity)
        case .remapped(let id, let identity):
            controllerReadings[id, default: ControllerReading(controller: id, identity: nil)].identity = identity
        case .removed(let id):
            controllerReadings[id] = nil
        case .button(let id, let button, let isDown):
            guard let index = ControllerButton.allCases.firstIndex(of: button) else { return }
            if controllerReadings[id] == nil { controllerReadings[id] = firstReading(of: id) }
            controllerReadings[id]?.buttonsDown[index] = isDown
        case .axis(let id, let axis, let value):
            guard let index = ControllerAxis.allCases.firstIndex(of: axis) else { return }
            if controllerReadings[id] == nil { controllerReadings[id] = firstReading(of: id) }
            controllerReadings[id]?.axisValues[index] = value
        case .touchpad:
            break
        }
    }
}
