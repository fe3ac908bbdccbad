import Testing
@testable import Tactile

/// A recognizer of non-touch sub-events whose decisions the test makes: it
/// logs every sub-event it gets (`name button south down`), every reset and
/// every action, and runs the test's closure for each.
@MainActor
final class SourceProbe: GestureRecognizer {
    let log: EventLog
    var onSubEvent: (SourceProbe, InputSubEvent) -> Void = { _, _ in }

    init(_ name: String, log: EventLog, listeningTo sources: Set<InputSource>) {
        self.log = log
        super.init()
        self.name = name
        inputSources = sources
        addAction { [log] recognizer in log.append("\(name) action \(recognizer.state.rawValue)") }
    }

    override func receive(_ subEvent: InputSubEvent) {
        switch subEvent {
        case .button(let controller, let button, let isDown): log.append("\(name!) \(controller) \(button) \(isDown ? "down" : "up")")
        case .axis(let controller, let axis, let value): log.append("\(name!) \(controller) \(axis) \(value)")
        case .key(let key): log.append("\(name!) key \(key.scancode) \(key.isDown ? "down" : "up")")
        case .sourceLost(let source): log.append("\(name!) lost \(source)")
        case .accelerometer, .gyro, .deviceMotion: log.append("\(name!) motion")
        }
        onSubEvent(self, subEvent)
    }

    override func deadlineReached() { log.append("\(name!) deadline") }
    override func reset() { log.append("\(name!) reset") }
}

@MainActor
private final class Simultaneous: GestureRecognizerDelegate {
    var refuse: Set<String> = []
    var requireFailure: [(String, String)] = []
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive subEvent: InputSubEvent) -> Bool {
        !refuse.contains(recognizer.name ?? "")
    }
}

@MainActor
private final class RequiresFailure: GestureRecognizerDelegate {
    let of: GestureRecognizer
    init(of: GestureRecognizer) { self.of = of }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { other === of }
}

func button(_ controller: Int32, _ button: ControllerButton, _ isDown: Bool, at time: Double = 0) -> InputEvent {
    InputEvent(timestamp: time, .controller(.button(controller: controller, button: button, isDown: isDown)))
}

func axis(_ controller: Int32, _ axis: ControllerAxis, _ value: Double, at time: Double = 0) -> InputEvent {
    InputEvent(timestamp: time, .controller(.axis(controller: controller, axis: axis, value: value)))
}

func key(_ scancode: Int32, _ isDown: Bool, at time: Double = 0, isRepeat: Bool = false) -> InputEvent {
    InputEvent(timestamp: time, .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: scancode, isRepeat: isRepeat)))
}

/// The arena with recognizers fed by keys, buttons, axes and motion (seed
/// 000's "sub-events from keys, buttons and joysticks"): who gets them, in
/// what order, and the same conflict rules as for touches, between them and
/// against touch recognizers.
@MainActor
struct SourceArenaTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let fighter: RecordingLayer
    let arm: RecordingLayer

    init() {
        fighter = RecordingLayer("fighter", frame: Rect(x: 0, y: 0, width: 200, height: 300), log: log)
        arm = RecordingLayer("arm", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        scene.root.addChild(fighter)
        fighter.addChild(arm)
        scene.diagnostics = nil
    }

    func probe(_ name: String, on layer: Layer, _ sources: Set<InputSource>) -> SourceProbe {
        let probe = SourceProbe(name, log: log, listeningTo: sources)
        layer.addGestureRecognizer(probe)
        return probe
    }

    // MARK: Who gets what, in which order

    @Test func listenersGetTheirSourcesSubEventsInGatherOrderBeforeTheResponderChain() {
        _ = probe("outer", on: fighter, [.controller(1)])
        _ = probe("inner", on: arm, [.controller(1)])
        _ = probe("innerLater", on: arm, [.controller(1), .keyboard])
        _ = probe("other", on: arm, [.controller(2)])
        arm.acceptsFirstResponder = true
        arm.passesOtherEventsOn = false
        arm.becomeFirstResponder()
        scene.send(button(1, .south, true))
        scene.send(axis(1, .leftX, 0.5))
        scene.send(key(4, true))
        scene.send(key(4, true, isRepeat: true))
        // Deepest first, most recently added first; the press then goes up
        // the responder chain; a key repeat is no new sub-event.
        #expect(log.take() == [
            "innerLater 1 south down", "inner 1 south down", "outer 1 south down",
            "arm pressesBegan [Tactile.Press.Kind.controllerButton(controller: 1, button: Tactile.ControllerButton.south)]",
            "innerLater 1 leftX 0.5", "inner 1 leftX 0.5", "outer 1 leftX 0.5",
            "innerLater key 4 down",
            "arm pressesBegan [Tactile.Press.Kind.key(scancode: 4, keycode: 4, modifiers: Tactile.KeyModifiers(rawValue: 0))]",
        ])
    }

    @Test func inputPriorityComesBeforeDepthAndRecency() {
        let general = probe("general", on: arm, [.controller(1)])
        let specific = probe("specific", on: fighter, [.controller(1)])
        specific.inputPriority = 2
        general.onSubEvent = { probe, _ in probe.state = .recognized }
        specific.onSubEvent = { probe, _ in probe.state = .recognized }
        scene.send(button(1, .west, true))
        // The general one gets the press too, but the specific one has
        // recognized on it first, and prevents it.
        #expect(log.take() == ["specific 1 west down", "general 1 west down", "specific action ended", "specific reset", "general reset"])
        #expect(specific.lastFailure == nil)
        #expect(general.lastFailure == .preventedBy("specific"))
    }

    @Test func recognizersOutsideTheSceneDisabledOrRemovedGetNothing() {
        let loose = Layer()
        _ = probe("loose", on: loose, [.controller(1)])
        let disabled = probe("disabled", on: arm, [.controller(1)])
        disabled.isEnabled = false
        let removed = probe("removed", on: arm, [.controller(1)])
        arm.removeGestureRecognizer(removed)
        let leaving = RecordingLayer("leaving", frame: .zero, log: log)
        fighter.addChild(leaving)
        _ = probe("leaving", on: leaving, [.controller(1)])
        scene.send(button(1, .south, true))
        #expect(log.take() == ["leaving 1 south down"])
        leaving.removeFromParent()
        #expect(log.take() == ["leaving reset"], "it leaves the arena without a word")
        scene.send(button(1, .south, false, at: 0.1))
        #expect(log.take().isEmpty)
        // Joining the scene, and a change of sources, take effect at once.
        scene.root.addChild(loose)
        disabled.isEnabled = true
        disabled.inputSources = [.keyboard]
        scene.send(button(1, .east, true, at: 0.2))
        scene.send(key(7, true, at: 0.3))
        #expect(log.take() == ["loose 1 east down", "disabled key 7 down"])
    }

    /// The arena walks the listing of a source without retaining it; a
    /// listener's handler that changes who listens and sends a sub-event of
    /// its own has the listing rebuilt under the walk. The walk goes on over
    /// the listing it began with (kept until it ends), less those that left.
    @Test func aHandlerThatChangesWhoListensAndSendsAgainLeavesTheDeliveryWhole() {
        let c = probe("c", on: arm, [.motion])
        let b = probe("b", on: arm, [.motion])
        let a = probe("a", on: arm, [.motion])
        var d: SourceProbe?
        weak var walked: ArenaListeners.Listening?
        a.onSubEvent = { [self] _, _ in
            guard d == nil else { return }
            walked = scene.arena.listeners.listening(to: .motion, in: scene.root)
            arm.removeGestureRecognizer(c)
            d = probe("d", on: arm, [.motion])
            scene.send(.gyro(GyroData(rotationRate: .zero, timestamp: 0)), timestamp: 0)
            // Rebuilt, and replaced, but kept for the walk under way.
            #expect(walked != nil)
            #expect(walked !== scene.arena.listeners.listening(to: .motion, in: scene.root))
        }
        scene.send(.accelerometer(AccelerometerData(acceleration: Vector3(x: 0, y: 0, z: -1), timestamp: 0)), timestamp: 0)
        #expect(log.take() == ["a motion", "d motion", "a motion", "b motion", "b motion"])
        #expect(walked == nil, "let go when the delivery ended")
        // Quiet followers from then on, each handed each reading once.
        for step in 1...3 {
            let time = Double(step) / 100
            scene.send(.accelerometer(AccelerometerData(acceleration: Vector3(x: 0, y: 0, z: -1), timestamp: time)), timestamp: time)
        }
        #expect(log.take() == Array(repeating: ["d motion", "a motion", "b motion"], count: 3).flatMap { $0 })
        _ = b
    }

    @Test func aListenerIsGatheredOncePerAttemptAndTheLogSaysSo() {
        let special = probe("special", on: arm, [.controller(3)])
        var decisions: [String] = []
        scene.arenaLog = { decisions.append($0) }
        scene.send(button(3, .south, true))
        scene.send(button(3, .south, false, at: 0.1))
        special.onSubEvent = { probe, _ in probe.state = .recognized }
        scene.send(button(3, .east, true, at: 0.2))
        scene.send(button(3, .east, false, at: 0.3))
        #expect(decisions == [
            "gather special for controller(3)",
            "special possible → ended", "reset special",
            "gather special for controller(3)",
            "special possible → ended", "reset special",
        ])
    }

    // MARK: The rules between them

    @Test func firstToRecognizeWinsAmongListenersOfOneSourceAndNotAcrossSources() {
        let jab = probe("jab", on: arm, [.controller(1)])
        let fireball = probe("fireball", on: fighter, [.controller(1)])
        let playerTwo = probe("playerTwo", on: fighter, [.controller(2)])
        scene.send(axis(1, .leftY, 1))        // both now follow controller 1
        scene.send(axis(2, .leftY, 1))
        jab.onSubEvent = { probe, event in if case .button = event { probe.state = .recognized } }
        playerTwo.onSubEvent = { probe, event in if case .button = event { probe.state = .recognized } }
        scene.send(button(1, .west, true, at: 0.1))
        scene.send(button(2, .west, true, at: 0.1))
        #expect(jab.lastFailure == nil)
        #expect(fireball.lastFailure == .preventedBy("jab"))
        #expect(playerTwo.lastFailure == nil)
        #expect(log.lines.contains("playerTwo action ended"))
        #expect([jab, fireball, playerTwo].allSatisfy { $0.state == .possible })
    }

    @Test func simultaneityAndTheReceiveDelegate() {
        let delegate = Simultaneous()
        let a = probe("a", on: arm, [.keyboard])
        let b = probe("b", on: arm, [.keyboard])
        let refused = probe("refused", on: arm, [.keyboard])
        for recognizer in [a, b, refused] { recognizer.delegate = delegate }
        delegate.refuse = ["refused"]
        a.onSubEvent = { probe, _ in probe.state = .recognized }
        b.onSubEvent = { probe, _ in probe.state = .recognized }
        scene.send(key(9, true))
        #expect(log.lines.contains("a action ended") && log.lines.contains("b action ended"))
        #expect(!log.lines.contains { $0.hasPrefix("refused") })
    }

    @Test func aTouchRecognizerCanRequireACommandToFailAndWaitsForIt() {
        let fireball = probe("fireball", on: fighter, [.controller(1)])
        let tap = TestTap("tap")
        tap.addAction { [log] _ in log.append("tap action") }
        arm.addGestureRecognizer(tap)
        tap.require(toFail: fireball)
        scene.send(axis(1, .leftX, 1))          // the command is under way
        scene.send(finger(1, .down, 10, 10, at: 0.05))
        scene.send(finger(1, .up, 10, 10, at: 0.1))
        #expect(tap.isWaitingForRequirements)
        #expect(!log.lines.contains("tap action"))
        fireball.onSubEvent = { probe, _ in probe.state = .failed }
        scene.send(axis(1, .leftX, 0, at: 0.2))
        #expect(log.lines.contains("tap action"))
        #expect(tap.state == .possible && fireball.state == .possible)
    }

    @Test func aCommandThatRecognizesFailsATouchRecognizerWaitingForIt() {
        let fireball = probe("fireball", on: fighter, [.controller(1)])
        let tap = TestTap("tap")
        tap.addAction { [log] _ in log.append("tap action") }
        arm.addGestureRecognizer(tap)
        fireball.delegate = RetainedDelegates.keep(RequiresFailure(of: tap))
        scene.send(button(1, .south, true))
        scene.send(finger(1, .down, 10, 10, at: 0.05))
        scene.send(finger(1, .up, 10, 10, at: 0.1))
        #expect(tap.isWaitingForRequirements)
        fireball.onSubEvent = { probe, _ in probe.state = .recognized }
        scene.send(button(1, .south, false, at: 0.2))
        #expect(log.lines.contains("fireball action ended"))
        #expect(!log.lines.contains("tap action"))
        #expect(tap.lastFailure == .requirementRecognized("fireball"))
    }

    @Test func aGestureUnderWayIsNotStoppedByALaterOneButIsCancelledWhenItsControllerGoes() {
        let tilt = probe("tilt", on: arm, [.controller(1)])
        let jab = probe("jab", on: arm, [.controller(1)])
        tilt.onSubEvent = { probe, event in
            if case .axis = event, probe.state == .possible { probe.state = .began }
        }
        jab.onSubEvent = { probe, event in if case .button = event { probe.state = .recognized } }
        scene.send(axis(1, .leftX, 0.9))
        #expect(tilt.state == .began)
        scene.send(button(1, .west, true, at: 0.1))
        #expect(jab.lastFailure == .preventedBy("tilt"))
        #expect(tilt.state == .began)
        _ = log.take()
        scene.send(InputEvent(timestamp: 0.2, .controller(.removed(controller: 1))))
        // Every listener hears of the loss (jab, the most recently added,
        // first); then those following the controller are stopped.
        #expect(log.take() == ["jab lost controller(1)", "tilt lost controller(1)", "jab reset", "tilt action cancelled", "tilt reset"])
        #expect(jab.lastFailure == .sourceLost)
        #expect(tilt.state == .possible && jab.state == .possible)
    }

    @Test func disablingAListenerCancelsItsGestureUnderWay() {
        let tilt = probe("tilt", on: arm, [.motion])
        tilt.onSubEvent = { probe, _ in if probe.state == .possible { probe.state = .began } }
        scene.send(.accelerometer(AccelerometerData(acceleration: Vector3(x: 0, y: 0, z: -1), timestamp: 0)), timestamp: 0)
        #expect(tilt.state == .began)
        tilt.isEnabled = false
        #expect(log.lines.suffix(2) == ["tilt action cancelled", "tilt reset"])
        #expect(tilt.state == .possible)
    }

    @Test func aListenersDeadlineDoesNotFailItForWantOfTouches() {
        let mash = probe("mash", on: arm, [.controller(1)])
        mash.onSubEvent = { probe, _ in probe.setDeadline(after: 0.5) }
        scene.send(button(1, .south, true))
        scene.advanceTime(to: 1)
        #expect(log.lines.contains("mash deadline"))
        #expect(mash.lastFailure == nil && mash.state == .possible)
    }
}

/// Keeps delegates alive for a test (recognizers hold theirs weakly).
@MainActor
enum RetainedDelegates {
    private static var kept: [AnyObject] = []
    static func keep<Delegate: GestureRecognizerDelegate>(_ delegate: Delegate) -> Delegate {
        kept.append(delegate)
        return delegate
    }
}
