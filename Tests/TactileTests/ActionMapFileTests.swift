import Testing
@testable import Tactile

/// Binding files: a round trip, and every kind of bad file naming its line,
/// its binding and its problem.
@MainActor
struct ActionMapFileTests {
    enum Action: String, CaseIterable { case jump, move, steer, turn, zoom, fire, aim }

    /// Recognizes nothing: only its registration matters here.
    final class Idle: GestureRecognizer {}

    func map() -> ActionMap<Action> {
        let map = ActionMap<Action>()
        map.register(Idle(), as: "tap")
        map.register(Idle(), as: "pinch", values: GestureValues(scale: { _ in 1 }))
        return map
    }

    static let sample = """
        tactile-bindings 1
        # action  kind             fields                                   options
        jump      key              Space
        jump      button           south
        move      composite-vector key:W key:S key:A key:D
        move      composite-vector button:dpadUp button:dpadDown button:dpadLeft button:dpadRight
        move      stick            left   deadzone=0.2 invert-y
        steer     axis             leftX  deadzone=0.1 invert scale=2.5
        steer     axis             rightTrigger
        turn      composite-axis   key:Left key:0x4F     # the arrows
        zoom      gesture          pinch  scale
        fire      gesture          tap    trigger
        aim       key              LEFTSHIFT
        aim       key              50
        """

    @Test func aFileRoundTripsExactly() throws {
        let first = map()
        try first.loadBindings(from: Self.sample)
        #expect(first.entries == [
            .init(.jump, .key(44)),
            .init(.jump, .button(.south)),
            .init(.move, .composite(.wasd)),
            .init(.move, .composite(.dpad)),
            .init(.move, .composite(.stick(.left, StickResponse(deadZone: 0.2, invertsY: true)))),
            .init(.steer, .axis(.leftX, AxisResponse(deadZone: 0.1, isInverted: true, scale: 2.5))),
            .init(.steer, .axis(.rightTrigger, AxisResponse(deadZone: 0.12))),
            .init(.turn, .composite(.axis(negative: .key(0x50), positive: .key(0x4F)))),
            .init(.zoom, .gesture("pinch", .scale)),
            .init(.fire, .gesture("tap", .trigger)),
            .init(.aim, .key(225)),
            .init(.aim, .key(50)),
        ])
        let text = first.bindingsText
        #expect(text == """
            tactile-bindings 1
            jump key Space
            jump button south
            move composite-vector key:W key:S key:A key:D
            move composite-vector button:dpadUp button:dpadDown button:dpadLeft button:dpadRight
            move stick left deadzone=0.2 invert-y
            steer axis leftX deadzone=0.1 invert scale=2.5
            steer axis rightTrigger
            turn composite-axis key:Left key:Right
            zoom gesture pinch scale
            fire gesture tap trigger
            aim key LeftShift
            aim key 50

            """)
        let second = map()
        try second.loadBindings(from: text)
        #expect(second.entries == first.entries)
        #expect(second.bindingsText == text)
    }

    @Test func keysAreSDLNamesWithoutSpacesOrHIDUsages() {
        #expect(KeyName.scancode(of: "space") == 44)
        #expect(KeyName.scancode(of: "KeypadEnter") == 88)
        #expect(KeyName.scancode(of: "1") == 30)
        #expect(KeyName.scancode(of: "0x2c") == 44)
        #expect(KeyName.scancode(of: "44") == 44)
        #expect(KeyName.scancode(of: "512") == nil)
        #expect(KeyName.scancode(of: "Spcae") == nil)
        #expect(KeyName.name(of: 229) == "RightShift")
        #expect(KeyName.name(of: 300) == "300")
    }

    /// SDL's spelling, spaces and all, on a `key` line; the same line with a
    /// name that is not a key keeps its old, precise error.
    @Test func aKeyLineTakesSDLsSpacedNames() throws {
        let actions = map()
        try actions.loadBindings(from: "tactile-bindings 1\njump key Left Shift\njump key keypad   enter\nmove composite-vector key:W key:S key:A key:D\n")
        #expect(actions.bindings(of: .jump) == [.key(.leftShift), .key(.keypadEnter)])
        #expect(actions.bindings(of: .move) == [.composite(.wasd)])
        #expect(actions.bindingsText.contains("jump key LeftShift\n"))
        #expect(throws: ActionMapError(line: 2, binding: "jump key Left Shoe", problem: .wrongFieldCount(kind: "key", expected: 1, found: 2))) {
            try actions.loadBindings(from: "tactile-bindings 1\njump key Left Shoe\n")
        }
    }

    /// Every constant's name reads back as the constant, and the composites
    /// are the keys they say.
    @Test func physicalKeysHaveNamesThatReadBack() {
        let keys: [PhysicalKey] = [.a, .z, .digit1, .digit0, .space, .returnKey, .leftShift, .rightGUI, .keypadEnter, .f12, .grave]
        for key in keys {
            #expect(KeyName.scancode(of: key.name) == key.scancode, "\(key.name)")
        }
        #expect(ActionComposite.wasd == .vector(up: .key(26), down: .key(22), left: .key(4), right: .key(7)))
        #expect(ActionComposite.arrows == .vector(up: .key(82), down: .key(81), left: .key(80), right: .key(79)))
    }

    /// Each bad file, and the error it gives.
    @Test(arguments: [
        ("", ActionMapError(line: 1, binding: nil, problem: .missingHeader)),
        ("jump key Space", ActionMapError(line: 1, binding: "jump key Space", problem: .missingHeader)),
        ("tactile-bindings 2\njump key Space", ActionMapError(line: 1, binding: "tactile-bindings 2", problem: .unsupportedVersion("2"))),
        ("tactile-bindings 1\n\nleap key Space", ActionMapError(line: 3, binding: "leap key Space", problem: .unknownAction("leap"))),
        ("tactile-bindings 1\njump press Space", ActionMapError(line: 2, binding: "jump press Space", problem: .unknownKind("press"))),
        ("tactile-bindings 1\njump", ActionMapError(line: 2, binding: "jump", problem: .unknownKind(""))),
        ("tactile-bindings 1\njump key Spcae", ActionMapError(line: 2, binding: "jump key Spcae", problem: .unknownKey("Spcae"))),
        ("tactile-bindings 1\njump key", ActionMapError(line: 2, binding: "jump key", problem: .wrongFieldCount(kind: "key", expected: 1, found: 0))),
        ("tactile-bindings 1\njump key A B", ActionMapError(line: 2, binding: "jump key A B", problem: .wrongFieldCount(kind: "key", expected: 1, found: 2))),
        ("tactile-bindings 1\njump button cross", ActionMapError(line: 2, binding: "jump button cross", problem: .unknownButton("cross"))),
        ("tactile-bindings 1\nsteer axis leftZ", ActionMapError(line: 2, binding: "steer axis leftZ", problem: .unknownAxis("leftZ"))),
        ("tactile-bindings 1\nmove stick middle", ActionMapError(line: 2, binding: "move stick middle", problem: .unknownStick("middle"))),
        ("tactile-bindings 1\nsteer axis leftX deadzone=abc", ActionMapError(line: 2, binding: "steer axis leftX deadzone=abc", problem: .badNumber(option: "deadzone", text: "abc"))),
        ("tactile-bindings 1\nsteer axis leftX scale=nan", ActionMapError(line: 2, binding: "steer axis leftX scale=nan", problem: .badNumber(option: "scale", text: "nan"))),
        ("tactile-bindings 1\nsteer axis leftX deadzone=1.5", ActionMapError(line: 2, binding: "steer axis leftX deadzone=1.5", problem: .deadZoneOutOfRange(1.5))),
        ("tactile-bindings 1\nmove stick left deadzone=-0.1", ActionMapError(line: 2, binding: "move stick left deadzone=-0.1", problem: .deadZoneOutOfRange(-0.1))),
        ("tactile-bindings 1\nsteer axis leftX wobble", ActionMapError(line: 2, binding: "steer axis leftX wobble", problem: .unknownOption("wobble"))),
        ("tactile-bindings 1\nsteer axis leftX invert invert", ActionMapError(line: 2, binding: "steer axis leftX invert invert", problem: .unknownOption("invert"))),
        ("tactile-bindings 1\nturn composite-axis Left key:Right", ActionMapError(line: 2, binding: "turn composite-axis Left key:Right", problem: .unknownInput("Left"))),
        ("tactile-bindings 1\nzoom gesture spread scale", ActionMapError(line: 2, binding: "zoom gesture spread scale", problem: .unknownRecognizer("spread"))),
        ("tactile-bindings 1\nzoom gesture pinch squash", ActionMapError(line: 2, binding: "zoom gesture pinch squash", problem: .unknownReading("squash"))),
        ("tactile-bindings 1\nzoom gesture tap scale", ActionMapError(line: 2, binding: "zoom gesture tap scale", problem: .unsupportedReading(recognizer: "tap", reading: "scale"))),
    ])
    func badFilesNameTheLineTheBindingAndTheProblem(text: String, expected: ActionMapError) {
        let map = map()
        try? map.loadBindings(from: "tactile-bindings 1\njump key Space")
        #expect(throws: expected) { try map.loadBindings(from: text) }
        // Nothing of a bad file is applied.
        #expect(map.entries == [.init(.jump, .key(44))])
    }

    @Test func anErrorReadsAsOneLineForAPerson() {
        let error = ActionMapError(line: 4, binding: "jump key Spcae", problem: .unknownKey("Spcae"))
        #expect(error.description == "line 4, \"jump key Spcae\": unknown key 'Spcae' (an SDL scancode name without spaces, such as Space or LeftShift, or a USB HID usage number)")
    }

    @Test func filesAreWrittenAndReadBack() throws {
        let path = "/tmp/tactile-bindings-\(UInt32.random(in: 0...UInt32.max)).txt"
        let first = map()
        try first.loadBindings(from: Self.sample)
        try first.saveBindings(toFile: path)
        let second = map()
        try second.loadBindings(contentsOfFile: path)
        #expect(second.entries == first.entries)
    }
}
