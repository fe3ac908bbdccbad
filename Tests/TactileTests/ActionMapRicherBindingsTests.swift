import Testing
@testable import Tactile

/// Mouse buttons, the wheel, chords and half axes, fed by hand-made events
/// (the same through SDL's queue: `ActionMapRicherBindingsFromSDL`).
@MainActor
struct ActionMapRicherBindingsTests {
    enum Action: String, CaseIterable { case fire, aim, zoom, next, previous, save, saveAs, move, crouch, special, jump, up, down }

    func key(_ key: PhysicalKey, _ isDown: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: key.scancode, keycode: 0)))
    }

    func mouse(_ button: MouseButton, _ isDown: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .mouseButton(MouseButtonEvent(button: button, isDown: isDown, location: .zero)))
    }

    func contact(_ phase: PointerEvent.Phase, kind: PointerKind = .mouse, index: Int64 = 0) -> InputEvent {
        InputEvent(timestamp: 0, .pointer(PointerEvent(phase, id: PointerID(kind: kind, device: 0, index: index), location: .zero)))
    }

    func wheel(dx: Double = 0, dy: Double = 0) -> InputEvent {
        InputEvent(timestamp: 0, .mouseWheel(MouseWheelEvent(dx: dx, dy: dy)))
    }

    func button(_ button: ControllerButton, _ isDown: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .controller(.button(controller: 1, button: button, isDown: isDown)))
    }

    func axis(_ axis: ControllerAxis, _ value: Double) -> InputEvent {
        InputEvent(timestamp: 0, .controller(.axis(controller: 1, axis: axis, value: value)))
    }

    func frame(_ map: ActionMap<Action>, _ events: [InputEvent]) {
        for event in events { map.handle(event) }
        map.endFrame()
    }

    static let save = ActionChord(holding: .modifier(.control), press: .key(.s))

    @Test func mouseButtonsAreHeldLikeKeysAndTheLeftOneIsTheMousesContact() throws {
        let map = ActionMap<Action>()
        try map.bind(.aim, to: .mouseButton(.right))
        try map.bind(.fire, to: .mouseButton(.left))
        frame(map, [mouse(.right, true)])
        #expect(map[.aim] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        // The left button arrives as a pointer; the simulated pair is one press.
        frame(map, [contact(.down, kind: .simulated, index: 0), contact(.down, kind: .simulated, index: 1), contact(.up, kind: .simulated, index: 0)])
        #expect(map[.fire] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        frame(map, [contact(.cancel, kind: .simulated, index: 1), mouse(.right, false)])
        #expect(map[.fire] == ActionSnapshot(releaseCount: 1))
        #expect(map[.aim] == ActionSnapshot(releaseCount: 1))
        // A finger is not the mouse; an up of nothing is ignored.
        frame(map, [contact(.down, kind: .finger), contact(.up), contact(.up)])
        #expect(map[.fire] == .idle)
        frame(map, [contact(.down), contact(.move), contact(.up)])
        #expect(map[.fire] == ActionSnapshot(pressCount: 1, releaseCount: 1))
        // Focus lost: held mouse buttons let go.
        frame(map, [mouse(.right, true), InputEvent(timestamp: 0, .interrupted(.focusLost))])
        #expect(map[.aim] == ActionSnapshot(pressCount: 1, releaseCount: 1))
    }

    @Test func theWheelAsAnAxisAddsTheFramesTurnAndNeverHolds() throws {
        let map = ActionMap<Action>()
        try map.bind(.zoom, to: .wheel(.vertical, scale: 0.5))
        try map.bind(.move, to: .wheel(.horizontal, scale: 1))
        frame(map, [wheel(dy: 1), wheel(dx: -0.25, dy: 2)])
        #expect(map[.zoom] == ActionSnapshot(value: 1.5))
        #expect(map[.move] == ActionSnapshot(value: -0.25))
        frame(map, [])
        #expect(map[.zoom] == .idle)
        // Bad input: an infinite turn is ignored.
        frame(map, [wheel(dy: .infinity), wheel(dy: .nan)])
        #expect(map[.zoom] == .idle)
    }

    @Test func wheelStepsPressOncePerWholeNotchOneWay() throws {
        let map = ActionMap<Action>()
        try map.bind(.next, to: .wheelStep(.up))
        try map.bind(.previous, to: .wheelStep(.down))
        frame(map, [wheel(dy: 1), wheel(dy: 2)])
        #expect(map[.next] == ActionSnapshot(pressCount: 3, releaseCount: 3))
        // Fractions add up: 0.4 + 0.4 is no notch, + 0.4 is one.
        frame(map, [wheel(dy: 0.4), wheel(dy: 0.4)])
        #expect(map[.next] == .idle)
        frame(map, [wheel(dy: 0.4)])
        #expect(map[.next] == ActionSnapshot(pressCount: 1, releaseCount: 1))
        // Turning back starts over: 0.2 left up is dropped, -0.9 is no notch down.
        frame(map, [wheel(dy: -0.9)])
        #expect(map[.previous] == .idle && map[.next] == .idle)
        frame(map, [wheel(dy: -0.1)])
        #expect(map[.previous] == ActionSnapshot(pressCount: 1, releaseCount: 1))
        // Absurd travel is capped, not looped over for ever.
        frame(map, [wheel(dy: 1e300)])
        #expect(map[.next].pressCount == ActionMap<Action>.maximumStepsPerEvent)
    }

    @Test func aChordTakesThePressFromThePlainKey() throws {
        let map = ActionMap<Action>()
        try map.bind(.save, to: .chord(Self.save))
        try map.bind(.move, to: .composite(.wasd))
        try map.bind(.crouch, to: .key(.leftControl))
        // Ctrl, then S: save, and the move (WASD's S) does not see it; Ctrl still crouches.
        frame(map, [key(.leftControl, true), key(.s, true)])
        #expect(map[.save] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        #expect(map[.move] == .idle)
        #expect(map[.crouch].isPressed)
        // Ctrl let go with S still down: the chord ends, and S stays the chord's until let go.
        frame(map, [key(.leftControl, false)])
        #expect(map[.save] == ActionSnapshot(releaseCount: 1))
        #expect(map[.move] == .idle)
        // Ctrl again while S is still down does not bring the chord back.
        frame(map, [key(.leftControl, true)])
        #expect(map[.save] == .idle)
        frame(map, [key(.s, false), key(.leftControl, false)])
        // S alone moves; S first and Ctrl after is no chord (Unity's "Ordered").
        frame(map, [key(.s, true)])
        #expect(map[.move] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1, vector: Point(x: 0, y: 1)))
        frame(map, [key(.rightControl, true)])
        #expect(map[.save] == .idle && map[.move].isPressed)
        frame(map, [key(.s, false), key(.rightControl, false)])
        // Either Ctrl makes the chord.
        frame(map, [key(.rightControl, true), key(.s, true)])
        #expect(map[.save].justPressed && map[.move] == .idle)
    }

    @Test func theChordWithTheMostModifiersWins() throws {
        let map = ActionMap<Action>()
        try map.bind(.save, to: .chord(Self.save))
        try map.bind(.saveAs, to: .chord(ActionChord(holding: .modifier(.control), .modifier(.shift), press: .key(.s))))
        frame(map, [key(.leftShift, true), key(.leftControl, true), key(.s, true)])
        #expect(map[.saveAs].justPressed && map[.saveAs].isPressed)
        #expect(map[.save] == .idle)
        frame(map, [key(.s, false), key(.leftShift, false), key(.s, true)])
        #expect(map[.save].justPressed && map[.saveAs].justReleased)
    }

    @Test func aChordOnAPadHoldsLBThenA() throws {
        let map = ActionMap<Action>()
        try map.bind(.special, to: .chord(ActionChord(holding: .button(.leftShoulder), press: .button(.south))))
        try map.bind(.jump, to: .button(.south))
        frame(map, [button(.south, true), button(.south, false)])
        #expect(map[.jump] == ActionSnapshot(pressCount: 1, releaseCount: 1))
        #expect(map[.special] == .idle)
        frame(map, [button(.leftShoulder, true), button(.south, true)])
        #expect(map[.special] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
        #expect(map[.jump] == .idle)
        // Unplugged: the chord lets go with everything else.
        frame(map, [InputEvent(timestamp: 0, .controller(.removed(controller: 1)))])
        #expect(map[.special] == ActionSnapshot(releaseCount: 1))
    }

    @Test func badChordsAreRefusedWhenBound() {
        let map = ActionMap<Action>()
        #expect(throws: ActionMapError.self) { try map.bind(.save, to: .chord(ActionChord(holding: [], press: .key(.s)))) }
        #expect(throws: ActionMapError.self) {
            try map.bind(.save, to: .chord(ActionChord(holding: .key(.a), .key(.b), .key(.c), .key(.d), .key(.e), press: .key(.s))))
        }
        #expect(throws: ActionMapError.self) { try map.bind(.save, to: .chord(ActionChord(holding: .key(.s), press: .key(.s)))) }
        #expect(throws: ActionMapError.self) { try map.bind(.save, to: .chord(ActionChord(holding: .key(9999), press: .key(.s)))) }
        #expect(throws: ActionMapError.self) { try map.bind(.zoom, to: .wheel(.vertical, scale: .nan)) }
        #expect(map.entries.isEmpty)
    }

    @Test func halfAxesAreStickDirections() throws {
        let map = ActionMap<Action>()
        try map.bind(.down, to: .axis(.leftY, AxisResponse(deadZone: 0.5, half: .positive)))
        try map.bind(.up, to: .axis(.leftY, AxisResponse(deadZone: 0.5, half: .negative)))
        frame(map, [axis(.leftY, 0.75)])
        #expect(map[.down] == ActionSnapshot(isPressed: true, pressCount: 1, value: 0.5))
        #expect(map[.up] == .idle)
        frame(map, [axis(.leftY, -1)])
        #expect(map[.down] == ActionSnapshot(releaseCount: 1))
        #expect(map[.up] == ActionSnapshot(isPressed: true, pressCount: 1, value: 1))
    }
}
