import TactileTestSupport
import Testing
@testable import Tactile

/// Property tests of issue 17's promise that every value a writer produces
/// reads back identical: random values, half of them drawn from the edges
/// (scancode 0, the largest and smallest ids, negative zero, the smallest
/// and largest finite doubles, subnormals). Identity is checked on the text
/// as well as with `==`, because `==` cannot tell `-0.0` from `0.0` and the
/// shortest decimal text of a `Double` names its bits exactly.
@Suite("Formats: exact round trips")
@MainActor
struct FormatRoundTripPropertyTests {
    nonisolated static let edgeDoubles: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
        .leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 1, -1,
        1.0.nextUp, 1.0.nextDown, 0.1, 1e-5, 1e21, 123_456_789.012_345_68,
    ]

    /// A random generator that prefers the edges half of the time.
    struct Values {
        var random: SplitMix64

        mutating func double() -> Double {
            random.below(2) == 0 ? edgeDoubles[random.below(edgeDoubles.count)] : random.finiteDouble()
        }

        mutating func int32() -> Int32 {
            let edges: [Int32] = [0, 1, 2, 3, -1, .max, .min, 511, 512]
            return random.below(2) == 0 ? edges[random.below(edges.count)] : Int32(truncatingIfNeeded: random.next())
        }

        mutating func int64() -> Int64 {
            let edges: [Int64] = [0, 1, -1, .max, .min, Int64(Int32.max) + 1]
            return random.below(2) == 0 ? edges[random.below(edges.count)] : Int64(bitPattern: random.next())
        }

        mutating func element<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }

        mutating func kind() -> InputEvent.Kind {
            let point = Point(x: double(), y: double())
            switch random.below(9) {
            case 0:
                return .pointer(PointerEvent(
                    element(PointerEvent.Phase.allCases), id: PointerID(kind: element(PointerKind.allCases), device: int64(), index: int64()),
                    location: point, pressure: double()))
            case 1: return .mouseHover(point)
            case 2: return .mouseWheel(MouseWheelEvent(dx: double(), dy: double()))
            case 3:
                return .key(KeyEvent(
                    isDown: random.below(2) == 0, scancode: int32(), keycode: int32(),
                    modifiers: KeyModifiers(rawValue: UInt16(truncatingIfNeeded: random.next())), isRepeat: random.below(2) == 0))
            case 4: return .controller(.axis(controller: int32(), axis: element(ControllerAxis.allCases), value: double()))
            case 5:
                return .controller(.touchpad(
                    controller: int32(), touchpad: int32(), finger: int32(), phase: element(PointerEvent.Phase.allCases),
                    location: point, pressure: double()))
            case 6:
                return .sensor(SensorSample(
                    kind: element(SensorKind.allCases), source: random.below(2) == 0 ? .device(int32()) : .controller(int32()),
                    value: Vector3(x: double(), y: double(), z: double()), sensorTime: random.below(3) == 0 ? nil : double()))
            case 7:
                return .controller(.added(
                    controller: int32(), identity: random.below(3) == 0 ? nil : element(TraceSamples.identities)))
            default: return .mouseButton(MouseButtonEvent(button: element(MouseButton.allCases), isDown: random.below(2) == 0, location: point))
            }
        }

        mutating func input() -> DigitalInput {
            switch random.below(4) {
            case 0: .key(Int32(random.below(Int(KeyName.scancodeLimit))))
            case 1: .button(element(ControllerButton.allCases))
            case 2: .mouseButton(element(MouseButton.allCases))
            default: .modifier(element(ModifierKey.allCases))
            }
        }

        /// A dead zone in 0..<1: edges included (0, negative zero, the smallest subnormal, just below 1).
        mutating func deadZone() -> Double {
            let edges: [Double] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1.0.nextDown, 0.5]
            return random.below(2) == 0 ? element(edges) : Double(random.next() >> 11) / Double(1 << 53)
        }

        mutating func binding() -> ActionBinding {
            switch random.below(11) {
            case 0: return .key(Int32(random.below(Int(KeyName.scancodeLimit))))
            case 1: return .button(element(ControllerButton.allCases))
            case 2:
                return .axis(
                    element(ControllerAxis.allCases),
                    AxisResponse(deadZone: deadZone(), isInverted: random.below(2) == 0, scale: double(), half: element([nil, AxisHalf.positive, .negative])))
            case 7: return .mouseButton(element(MouseButton.allCases))
            case 8: return .wheel(element(WheelAxis.allCases), scale: double())
            case 9: return .wheelStep(element(WheelDirection.allCases))
            case 10: return .chord(ActionChord(holding: (0...random.below(4)).map { _ in input() }, press: input()))
            case 3:
                return .composite(.stick(
                    element(ControllerStick.allCases),
                    StickResponse(deadZone: deadZone(), invertsX: random.below(2) == 0, invertsY: random.below(2) == 0, scale: double())))
            case 4: return .composite(.axis(negative: input(), positive: input()))
            case 5: return .composite(.vector(up: input(), down: input(), left: input(), right: input()))
            default: return .gesture(element(["tap", "pinch"]), element([GestureReading.trigger, .held, .scale]))
            }
        }
    }

    @Test("random traces with edge values read back identical, number for number")
    func traces() throws {
        var values = Values(random: SplitMix64(seed: 0x17_0001))
        for _ in 0..<300 {
            var recorder = TraceRecorder(start: 0)
            var time = values.random.below(2) == 0 ? -Double.greatestFiniteMagnitude : 0
            for _ in 0..<12 {
                // Times never decrease; edge steps included.
                let step = values.double().magnitude
                if (time + step).isFinite { time += step }
                recorder.record(InputEvent(timestamp: time, values.kind()))
            }
            #expect(recorder.skippedEventCount == 0)
            let text = recorder.text
            let parsed = try Trace(parsing: text)
            #expect(parsed == recorder.trace)
            #expect(parsed.text == text)
        }
    }

    @Test("every edge double, and its negation, reads back with the same bits in a trace")
    func edgeDoublesKeepTheirBits() throws {
        for value in Self.edgeDoubles + Self.edgeDoubles.map(-) {
            let text = "tactile-trace 1\n0 mouse-wheel \(value) 0"
            guard case .mouseWheel(let wheel)? = try Trace(parsing: text).events.first?.kind else {
                Issue.record("\(value) did not parse")
                continue
            }
            #expect(wheel.dx.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test("random binding files with edge values read back identical, number for number and name for name")
    func bindings() throws {
        enum Action: String, CaseIterable { case jump, move, steer, fire }
        var values = Values(random: SplitMix64(seed: 0x17_0002))
        func map() -> ActionMap<Action> {
            let map = ActionMap<Action>()
            map.register(TapGestureRecognizer(), as: "tap")
            map.register(PinchGestureRecognizer(), as: "pinch")
            return map
        }
        for _ in 0..<300 {
            let original = map()
            var entries: [ActionMap<Action>.Entry] = []
            for _ in 0..<8 {
                entries.append(.init(values.element(Action.allCases), values.binding()))
            }
            do {
                try original.setEntries(entries)
            } catch {
                // Only values out of the binding's range may be refused, and clearly.
                #expect(error.line == nil && error.binding != nil)
                continue
            }
            let text = original.bindingsText
            let again = map()
            try again.loadBindings(from: text)
            #expect(again.entries == original.entries, "\(text)")
            #expect(again.bindingsText == text)
        }
    }

    @Test("every scancode's name reads back as that scancode")
    func keyNames() {
        for scancode in Int32(0)..<KeyName.scancodeLimit {
            #expect(KeyName.scancode(of: KeyName.name(of: scancode)) == scancode, "\(scancode) is named '\(KeyName.name(of: scancode))'")
        }
    }
}
