import Testing
@testable import Tactile

/// The bindings file with mouse buttons, the wheel, chords and half axes:
/// a round trip, and every malformed line of the new kinds.
@MainActor
struct ActionMapFileRicherKindsTests {
    enum Action: String, CaseIterable { case fire, zoom, next, save, special, menuDown, move }

    static let sample = """
        tactile-bindings 1
        fire      mouse            right
        fire      mouse            left
        zoom      wheel            vertical
        zoom      wheel            horizontal   scale=-0.25
        next      wheel-step       up
        next      wheel-step       right
        save      chord            mod:control key:S
        save      chord            mod:control mod:shift mod:alt mod:gui key:0x1
        special   chord            button:leftShoulder button:south
        special   chord            key:LeftShift mouse:x2
        menuDown  axis             leftY     deadzone=0.5 positive
        menuDown  axis             rightY    negative scale=2 invert
        move      composite-vector mouse:left mouse:right mod:shift button:dpadRight
        """

    @Test func theNewKindsRoundTripExactly() throws {
        let first = ActionMap<Action>()
        try first.loadBindings(from: Self.sample)
        #expect(first.entries == [
            .init(.fire, .mouseButton(.right)),
            .init(.fire, .mouseButton(.left)),
            .init(.zoom, .wheel(.vertical, scale: 1)),
            .init(.zoom, .wheel(.horizontal, scale: -0.25)),
            .init(.next, .wheelStep(.up)),
            .init(.next, .wheelStep(.right)),
            .init(.save, .chord(ActionChord(holding: .modifier(.control), press: .key(.s)))),
            .init(.save, .chord(ActionChord(holding: .modifier(.control), .modifier(.shift), .modifier(.alt), .modifier(.gui), press: .key(1)))),
            .init(.special, .chord(ActionChord(holding: .button(.leftShoulder), press: .button(.south)))),
            .init(.special, .chord(ActionChord(holding: .key(.leftShift), press: .mouseButton(.x2)))),
            .init(.menuDown, .axis(.leftY, AxisResponse(deadZone: 0.5, half: .positive))),
            .init(.menuDown, .axis(.rightY, AxisResponse(isInverted: true, scale: 2, half: .negative))),
            .init(.move, .composite(.vector(up: .mouseButton(.left), down: .mouseButton(.right), left: .modifier(.shift), right: .button(.dpadRight)))),
        ])
        let text = first.bindingsText
        #expect(text == """
            tactile-bindings 1
            fire mouse right
            fire mouse left
            zoom wheel vertical
            zoom wheel horizontal scale=-0.25
            next wheel-step up
            next wheel-step right
            save chord mod:control key:S
            save chord mod:control mod:shift mod:alt mod:gui key:0x1
            special chord button:leftShoulder button:south
            special chord key:LeftShift mouse:x2
            menuDown axis leftY deadzone=0.5 positive
            menuDown axis rightY invert scale=2.0 negative
            move composite-vector mouse:left mouse:right mod:shift button:dpadRight

            """)
        let second = ActionMap<Action>()
        try second.loadBindings(from: text)
        #expect(second.entries == first.entries)
        #expect(second.bindingsText == text)
    }

    /// Each malformed line of the new kinds, and the problem it gives.
    nonisolated static let badLines: [(String, ActionMapError.Problem)] = [
        ("fire mouse middle-ish", .unknownMouseButton("middle-ish")),
        ("fire mouse", .wrongFieldCount(kind: "mouse", expected: 1, found: 0)),
        ("fire mouse left right", .wrongFieldCount(kind: "mouse", expected: 1, found: 2)),
        ("zoom wheel diagonal", .unknownWheelAxis("diagonal")),
        ("zoom wheel", .wrongFieldCount(kind: "wheel", expected: 1, found: 0)),
        ("zoom wheel vertical scale=fast", .badNumber(option: "scale", text: "fast")),
        ("zoom wheel vertical scale=1e999", .badNumber(option: "scale", text: "1e999")),
        ("zoom wheel vertical deadzone=0.1", .unknownOption("deadzone=0.1")),
        ("zoom wheel vertical scale=1 scale=2", .unknownOption("scale=2")),
        ("next wheel-step forward", .unknownWheelDirection("forward")),
        ("next wheel-step up down", .wrongFieldCount(kind: "wheel-step", expected: 1, found: 2)),
        ("next wheel-step", .wrongFieldCount(kind: "wheel-step", expected: 1, found: 0)),
        ("save chord key:S", .chordLength(found: 1)),
        ("save chord", .chordLength(found: 0)),
        ("save chord key:A key:B key:C key:D key:E key:S", .chordLength(found: 6)),
        ("save chord mod:ctrl key:S", .unknownModifier("ctrl")),
        ("save chord mod:control S", .unknownInput("S")),
        ("save chord mod:control key:Spcae", .unknownKey("Spcae")),
        ("save chord mouse:wheel key:S", .unknownMouseButton("wheel")),
        ("save chord button:l1 button:south", .unknownButton("l1")),
        ("save chord key:S key:S", .chordRepeats("key:S")),
        ("save chord mod:shift key:A mod:shift", .chordRepeats("mod:shift")),
        ("menuDown axis leftY positive negative", .bothHalves),
        ("menuDown axis leftY positive positive", .unknownOption("positive")),
        ("menuDown axis leftY up", .unknownOption("up")),
        ("move composite-axis mod:hyper key:D", .unknownModifier("hyper")),
        ("move composite-axis mouse:left pointer:1", .unknownInput("pointer:1")),
    ]

    @Test(arguments: Self.badLines)
    func badLinesNameTheLineTheBindingAndTheProblem(line: String, problem: ActionMapError.Problem) {
        let map = ActionMap<Action>()
        try? map.loadBindings(from: "tactile-bindings 1\nfire mouse right")
        let text = "tactile-bindings 1\n# a comment\n\(line)   # and one after"
        #expect(throws: ActionMapError(line: 3, binding: line, problem: problem)) { try map.loadBindings(from: text) }
        #expect(map.entries == [.init(.fire, .mouseButton(.right))])
    }

    @Test func theNewProblemsReadAsOneLineForAPerson() {
        #expect(ActionMapError(line: 3, binding: "save chord key:S", problem: .chordLength(found: 1)).description
            == "line 3, \"save chord key:S\": a chord takes 2 to 5 parts (the held ones, then the pressed one), found 1")
        #expect(ActionMapError.Problem.unknownModifier("ctrl").description == "unknown modifier 'ctrl' (one of shift, control, alt, gui)")
        #expect(ActionMapError.Problem.bothHalves.description == "an axis binding takes one half, positive or negative, not both")
    }
}
