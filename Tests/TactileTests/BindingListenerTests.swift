import Testing
@testable import Tactile

/// Interactive rebinding: what answers a listen, what cancels it, its
/// timeout on game time, a pad unplugged mid-listen, and conflicts.
@MainActor
struct BindingListenerTests {
    enum Action: String, CaseIterable { case jump, move, back, steer, fire }

    func key(_ key: PhysicalKey, _ isDown: Bool, repeat isRepeat: Bool = false) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: key.scancode, keycode: 0, isRepeat: isRepeat)))
    }

    func button(_ button: ControllerButton, _ isDown: Bool, pad: Int32 = 1) -> InputEvent {
        InputEvent(timestamp: 0, .controller(.button(controller: pad, button: button, isDown: isDown)))
    }

    func axis(_ axis: ControllerAxis, _ value: Double, pad: Int32 = 1) -> InputEvent {
        InputEvent(timestamp: 0, .controller(.axis(controller: pad, axis: axis, value: value)))
    }

    func frame(_ map: ActionMap<Action>, _ events: [InputEvent]) {
        for event in events { map.handle(event) }
        map.endFrame()
    }

    @Test func theNextKeyPressAnswersAndPlaysNothing() throws {
        let map = ActionMap<Action>()
        try map.bind(.back, to: .key(.returnKey))
        try map.bind(.move, to: .composite(.wasd))
        // Enter opened the prompt and is still down: its release is no answer.
        frame(map, [key(.returnKey, true)])
        map.startListening()
        #expect(map.listenStatus == .listening)
        frame(map, [key(.returnKey, false), key(.returnKey, true, repeat: true)])
        #expect(map.listenStatus == .listening)
        frame(map, [key(.s, true)])
        #expect(map.listenStatus == .captured(.key(PhysicalKey.s.scancode)))
        // The answer does not also move, now or while it stays down.
        #expect(map[.move] == .idle)
        frame(map, [])
        #expect(map[.move] == .idle)
        // Once let go, S moves again.
        frame(map, [key(.s, false), key(.s, true)])
        #expect(map[.move].justPressed)
        map.stopListening()
        #expect(map.listenStatus == .idle)
    }

    @Test func escapeCancelsAndDoesNotAlsoGoBack() throws {
        let map = ActionMap<Action>()
        try map.bind(.back, to: .key(.escape))
        map.startListening()
        frame(map, [key(.escape, true)])
        #expect(map.listenStatus == .cancelled(.cancelInput(.key(PhysicalKey.escape.scancode))))
        #expect(map[.back] == .idle)
        frame(map, [key(.escape, false)])
        #expect(map[.back] == .idle)
    }

    @Test func buttonsMouseButtonsAndTheWheelAnswer() {
        let map = ActionMap<Action>()
        map.startListening()
        frame(map, [button(.north, true)])
        #expect(map.listenStatus == .captured(.button(.north)))
        map.startListening()
        frame(map, [InputEvent(timestamp: 0, .mouseButton(MouseButtonEvent(button: .x1, isDown: true, location: .zero)))])
        #expect(map.listenStatus == .captured(.mouseButton(.x1)))
        map.startListening()
        frame(map, [InputEvent(timestamp: 0, .mouseWheel(MouseWheelEvent(dx: 0, dy: -0.5)))])
        #expect(map.listenStatus == .listening)
        frame(map, [InputEvent(timestamp: 0, .mouseWheel(MouseWheelEvent(dx: 0, dy: -0.5)))])
        #expect(map.listenStatus == .captured(.wheelStep(.down)))
    }

    @Test func anInputTheListenDoesNotAcceptIsHeldBackButIsNoAnswer() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .button(.south))
        map.startListening(BindingListener(inputs: .keyboard))
        frame(map, [button(.south, true)])
        #expect(map.listenStatus == .listening)
        #expect(map[.jump] == .idle)
        frame(map, [key(.space, true)])
        #expect(map.listenStatus == .captured(.key(PhysicalKey.space.scancode)))
    }

    @Test func anAxisAnswersWhenItCrossesTheThresholdAwayFromRest() throws {
        let map = ActionMap<Action>()
        try map.bind(.steer, to: .axis(.leftX, .standard(for: .leftX)))
        // Pushed before the listen: holding it there is no answer.
        frame(map, [axis(.leftX, 0.9)])
        map.startListening()
        frame(map, [axis(.leftX, 0.95), axis(.leftY, 0.3)])
        #expect(map.listenStatus == .listening)
        frame(map, [axis(.leftY, -0.6)])
        var expected = AxisResponse.standard(for: .leftY)
        expected.half = .negative
        #expect(map.listenStatus == .captured(.axis(.leftY, expected)))
        // A trigger pressed in.
        map.startListening()
        frame(map, [axis(.rightTrigger, 0.7)])
        #expect(map.listenStatus == .captured(.axis(.rightTrigger, AxisResponse(deadZone: AxisResponse.triggerDeadZone, half: .positive))))
    }

    @Test func theTimeoutRunsOnGameTimeAndHoldsWhilePaused() {
        let base = ManualClock()
        let game = GameClock(base: base)
        let map = ActionMap<Action>()
        map.clock = game
        map.startListening(BindingListener(timeout: 2))
        base.advance(by: 1.5)
        game.isPaused = true
        base.advance(by: 100)
        frame(map, [])
        #expect(map.listenStatus == .listening)
        game.isPaused = false
        base.advance(by: 0.25)
        frame(map, [])
        #expect(map.listenStatus == .listening)
        base.advance(by: 0.25)
        frame(map, [])
        #expect(map.listenStatus == .cancelled(.timedOut))
        // A press after the deadline, before the frame ends, comes too late.
        map.startListening(BindingListener(timeout: 1))
        base.advance(by: 1)
        map.handle(key(.space, true))
        #expect(map.listenStatus == .cancelled(.timedOut))
        // Without a timeout, or without a clock, a listen waits.
        map.startListening(BindingListener(timeout: nil))
        base.advance(by: 1000)
        frame(map, [])
        #expect(map.listenStatus == .listening)
    }

    @Test func aPadUnpluggedMidListenCancelsIt() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .button(.south))
        frame(map, [button(.south, true)])
        map.startListening()
        frame(map, [InputEvent(timestamp: 0, .controller(.removed(controller: 1)))])
        #expect(map.listenStatus == .cancelled(.controllerRemoved(1)))
        #expect(map[.jump] == ActionSnapshot(releaseCount: 1))
        // Another player's pad does not matter to a map of one pad, nor does any pad to a keyboard listen.
        map.controller = 2
        map.startListening()
        frame(map, [InputEvent(timestamp: 0, .controller(.removed(controller: 1)))])
        #expect(map.listenStatus == .listening)
        map.controller = nil
        map.startListening(BindingListener(inputs: .keyboard))
        frame(map, [InputEvent(timestamp: 0, .controller(.removed(controller: 1)))])
        #expect(map.listenStatus == .listening)
    }

    @Test func conflictsNameTheOtherActionsThatReadTheInput() throws {
        let map = ActionMap<Action>()
        try map.bind(.move, to: .composite(.wasd))
        try map.bind(.jump, to: .key(.space))
        try map.bind(.steer, to: .axis(.leftX, .standard(for: .leftX)))
        try map.bind(.fire, to: .chord(ActionChord(holding: .modifier(.control), press: .key(.f))))
        try map.bind(.back, to: .key(.leftControl))
        let s = ActionBinding.key(PhysicalKey.s.scancode)
        #expect(map.conflicts(with: s, for: .jump) == [.init(.move, .composite(.wasd))])
        #expect(map.conflicts(with: s, for: .move).isEmpty)
        #expect(map.conflicts(with: .axis(.leftX, AxisResponse(half: .negative)), for: .jump) == [.init(.steer, .axis(.leftX, .standard(for: .leftX)))])
        // A chord and its plain key do not clash; the same chord does, by either Ctrl.
        #expect(map.conflicts(with: .key(PhysicalKey.f.scancode), for: .jump).isEmpty)
        #expect(map.conflicts(with: .chord(ActionChord(holding: .key(.rightControl), press: .key(.f))), for: .jump).count == 1)
        #expect(map.conflicts(with: .chord(ActionChord(holding: .modifier(.control), press: .key(.f))), for: .jump).count == 1)
        #expect(map.conflicts(with: .chord(ActionChord(holding: .modifier(.shift), press: .key(.f))), for: .jump).isEmpty)
        // Replacing keeps the binding's place.
        try map.replace(.key(PhysicalKey.space.scancode), with: .button(.south), for: .jump)
        #expect(map.bindings(of: .jump) == [.button(.south)])
        try map.replace(nil, with: .key(.returnKey), for: .jump)
        #expect(map.bindings(of: .jump) == [.button(.south), .key(.returnKey)])
        #expect(throws: ActionMapError.self) { try map.replace(.key(.returnKey), with: .key(9999), for: .jump) }
        #expect(map.bindings(of: .jump) == [.button(.south), .key(.returnKey)])
    }
}
