import Testing
@testable import Tactile

/// The action map fed by hand-made events: edges within a frame, how
/// bindings combine, dead zones, composites, devices going away, rebinding.
@MainActor
struct ActionMapTests {
    enum Action: String, CaseIterable { case jump, fire, move, steer, turn }

    static let space: Int32 = 44
    static let w: Int32 = 0x1A, a: Int32 = 0x04, s: Int32 = 0x16, d: Int32 = 0x07

    func key(_ scancode: Int32, _ isDown: Bool, repeat isRepeat: Bool = false) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0, isRepeat: isRepeat)))
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

    @Test func aPressAndReleaseInsideOneFrameReportsBothEdges() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        frame(map, [key(Self.space, true), key(Self.space, false)])
        #expect(map[.jump] == ActionSnapshot(isPressed: false, pressCount: 1, releaseCount: 1, value: 0))
        #expect(map[.jump].justPressed && map[.jump].justReleased)
        frame(map, [])
        #expect(map[.jump] == .idle)
    }

    @Test func pressReleasePressInOneFrameEndsPressedWithTwoPresses() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        frame(map, [key(Self.space, true), key(Self.space, false), key(Self.space, true)])
        #expect(map[.jump] == ActionSnapshot(isPressed: true, pressCount: 2, releaseCount: 1, value: 1))
        // Held into the next frame, with repeats: no new edge.
        frame(map, [key(Self.space, true, repeat: true)])
        #expect(map[.jump] == ActionSnapshot(isPressed: true, value: 1))
        frame(map, [key(Self.space, false)])
        #expect(map[.jump] == ActionSnapshot(isPressed: false, releaseCount: 1))
    }

    @Test func aKeyAndAButtonOnOneActionActAsOne() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        try map.bind(.jump, to: .button(.south))
        frame(map, [key(Self.space, true), button(.south, true), key(Self.space, false)])
        #expect(map[.jump] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        frame(map, [button(.south, false)])
        #expect(map[.jump] == ActionSnapshot(isPressed: false, releaseCount: 1))
    }

    @Test func anAxisHasADeadZoneInversionAndScale() throws {
        let map = ActionMap<Action>()
        try map.bind(.steer, to: .axis(.leftX, AxisResponse(deadZone: 0.2, isInverted: true, scale: 2)))
        frame(map, [axis(.leftX, 0.15)])
        #expect(map[.steer] == .idle)
        // 0.6 is halfway from the dead zone to full; inverted, doubled.
        frame(map, [axis(.leftX, 0.6)])
        #expect(map[.steer].isPressed && map[.steer].justPressed)
        #expect(abs(map[.steer].value - -1) < 1e-12)
        frame(map, [axis(.leftX, -1.0)])
        #expect(map[.steer].value == 2)
        frame(map, [axis(.leftX, 0.1)])
        #expect(map[.steer] == ActionSnapshot(isPressed: false, releaseCount: 1))
    }

    @Test func theStandardDeadZonesAreXInputs() {
        #expect(AxisResponse.standard(for: .leftY).deadZone == 0.24)
        #expect(AxisResponse.standard(for: .rightTrigger).deadZone == 0.12)
        #expect(AxisResponse(deadZone: 0.2).value(for: .nan) == 0)
        #expect(AxisResponse(deadZone: 0.2).value(for: 3) == 1)
    }

    @Test func aSticksDeadZoneIsRadialAndKeepsTheDirection() throws {
        let map = ActionMap<Action>()
        try map.bind(.move, to: .composite(.stick(.left, StickResponse(deadZone: 0.2))))
        // Each axis alone is inside a per-axis dead zone of 0.2, but the
        // stick is 0.25 from the centre: it counts, along the diagonal.
        frame(map, [axis(.leftX, 0.25 / 2.0.squareRoot()), axis(.leftY, 0.25 / 2.0.squareRoot())])
        let vector = map[.move].vector
        #expect(map[.move].isPressed)
        #expect(abs(vector.x - vector.y) < 1e-12)
        #expect(abs((vector.x * vector.x + vector.y * vector.y).squareRoot() - 0.0625) < 1e-12)
        #expect(abs(map[.move].value - 0.0625) < 1e-12)
        // Inside the circle: nothing, and released.
        frame(map, [axis(.leftX, 0.1), axis(.leftY, 0.1)])
        #expect(map[.move] == ActionSnapshot(isPressed: false, releaseCount: 1))
        // A square gate's corner (1, 1) is capped at length 1.
        frame(map, [axis(.leftX, 1), axis(.leftY, 1)])
        #expect(abs(map[.move].vector.x - 0.5.squareRoot()) < 1e-12)
        #expect(abs(map[.move].vector.y - 0.5.squareRoot()) < 1e-12)
    }

    @Test func fourKeysMakeAUnitVectorDiagonalsIncluded() throws {
        let map = ActionMap<Action>()
        try map.bind(.move, to: .composite(.wasd))
        frame(map, [key(Self.w, true)])
        #expect(map[.move] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1, vector: Point(x: 0, y: -1)))
        frame(map, [key(Self.d, true)])
        #expect(map[.move].vector == Point(x: 0.5.squareRoot(), y: -(0.5.squareRoot())))
        #expect(!map[.move].justPressed)
        // Opposite keys cancel, but the action is still held.
        frame(map, [key(Self.d, false), key(Self.s, true)])
        #expect(map[.move] == ActionSnapshot(isPressed: true, value: 0, vector: .zero))
        frame(map, [key(Self.w, false), key(Self.s, false)])
        #expect(map[.move] == ActionSnapshot(isPressed: false, releaseCount: 1))
    }

    @Test func twoInputsMakeAnAxisAndTheDpadIsAVector() throws {
        let map = ActionMap<Action>()
        try map.bind(.turn, to: .composite(.axis(negative: .key(Self.a), positive: .button(.east))))
        try map.bind(.move, to: .composite(.dpad))
        frame(map, [key(Self.a, true), button(.dpadDown, true), button(.dpadLeft, true)])
        #expect(map[.turn] == ActionSnapshot(isPressed: true, pressCount: 1, value: -1))
        #expect(map[.move].vector == Point(x: -(0.5.squareRoot()), y: 0.5.squareRoot()))
        frame(map, [button(.east, true)])
        #expect(map[.turn].value == 0 && map[.turn].isPressed)
        frame(map, [key(Self.a, false)])
        #expect(map[.turn].value == 1)
    }

    @Test func theStrongestBindingGivesTheValueAndTheLongestTheVector() throws {
        let map = ActionMap<Action>()
        try map.bind(.move, to: .composite(.wasd))
        try map.bind(.move, to: .composite(.stick(.left, StickResponse(deadZone: 0))))
        frame(map, [axis(.leftX, 0.5)])
        #expect(map[.move].vector == Point(x: 0.5, y: 0))
        frame(map, [key(Self.a, true)])
        #expect(map[.move].vector == Point(x: -1, y: 0))
        #expect(map[.move].value == 1)
    }

    @Test func aRemovedControllerLetsGoAndOnlyTheChosenControllerCounts() throws {
        let map = ActionMap<Action>()
        try map.bind(.fire, to: .button(.rightShoulder))
        try map.bind(.steer, to: .axis(.leftX, AxisResponse(deadZone: 0)))
        frame(map, [button(.rightShoulder, true), axis(.leftX, 0.5)])
        frame(map, [InputEvent(timestamp: 0, .controller(.removed(controller: 1)))])
        #expect(map[.fire] == ActionSnapshot(isPressed: false, releaseCount: 1))
        #expect(map[.steer] == ActionSnapshot(isPressed: false, releaseCount: 1))

        map.controller = 2
        frame(map, [button(.rightShoulder, true, pad: 1)])
        #expect(map[.fire] == .idle)
        frame(map, [button(.rightShoulder, true, pad: 2)])
        #expect(map[.fire].justPressed)
    }

    @Test func anInterruptionLetsGoOfTheKeys() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        frame(map, [key(Self.space, true)])
        frame(map, [InputEvent(timestamp: 0, .interrupted(.focusLost))])
        #expect(map[.jump] == ActionSnapshot(isPressed: false, releaseCount: 1))
    }

    @Test func bindingsChangedAtRunTimeTakeEffectAtOnceWithEdges() throws {
        let map = ActionMap<Action>()
        try map.bind(.jump, to: .key(Self.space))
        frame(map, [button(.north, true)])
        #expect(map[.jump] == .idle)
        // Binding a button that is already held presses the action now.
        try map.bind(.jump, to: .button(.north))
        frame(map, [])
        #expect(map[.jump] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        // Removing its only held binding releases it.
        map.unbind(.jump, from: .button(.north))
        frame(map, [])
        #expect(map[.jump] == ActionSnapshot(isPressed: false, releaseCount: 1))
        #expect(map.bindings(of: .jump) == [.key(Self.space)])
        map.removeBindings(of: .jump)
        #expect(map.entries.isEmpty)
    }

    @Test func badBindingsAreRefusedAndLeaveTheMapAlone() throws {
        let map = ActionMap<Action>(actions: [.jump])
        try map.bind(.jump, to: .key(Self.space))
        #expect(throws: ActionMapError(line: nil, binding: "fire key(44)", problem: .unknownAction("fire"))) {
            try map.bind(.fire, to: .key(Self.space))
        }
        #expect(throws: ActionMapError.self) { try map.bind(.jump, to: .axis(.leftX, AxisResponse(deadZone: 1))) }
        #expect(throws: ActionMapError.self) { try map.bind(.jump, to: .key(600)) }
        #expect(throws: ActionMapError.self) { try map.bind(.jump, to: .gesture("nothing", .trigger)) }
        #expect(map.entries == [ActionMap<Action>.Entry(.jump, .key(Self.space))])
    }
}

@Test func ordinalsFollowAllCases() {
    #expect(ControllerButton.allCases.map(\.ordinal) == Array(0..<ControllerButton.allCases.count))
    #expect(ControllerAxis.allCases.map(\.ordinal) == Array(0..<ControllerAxis.allCases.count))
}
