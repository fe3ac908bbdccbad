import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Trace fuzzing")
struct TraceFuzzTests {
    @Test("thousands of mutated traces either parse, and keep the rules, or throw a TraceError")
    func mutatedTexts() {
        var rng = SplitMix64(seed: 0x7AC7_11E5)
        let seeds = [
            Array(TraceSamples.everyKindTrace.text.utf8),
            Array("tactile-trace 1\n# comment\n0 pointer down finger 3 0 120.5 80 1\n0.5 key down 4 97 lshift+lalt 0".utf8),
        ]
        var parsed = 0
        var failed = 0
        for round in 0..<4000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0...rng.below(4) {
                mutate(&bytes, using: &rng)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let lineCount = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count

            do {
                let trace = try Trace(parsing: text)
                parsed += 1
                checkRules(of: trace, from: text)
            } catch {
                failed += 1
                #expect((1...lineCount).contains(error.line), "\(error) in a text of \(lineCount) lines")
                #expect(error.description.hasPrefix("line \(error.line): "))
            }
        }
        // Both outcomes must be common, or the mutations are too timid or too wild.
        #expect(parsed > 100)
        #expect(failed > 100)
    }

    @Test("random bytes, with and without a header, never trap")
    func binaryGarbage() {
        var rng = SplitMix64(seed: 0xBAD_B17E5)
        for round in 0..<2000 {
            var bytes = round % 2 == 0 ? Array("tactile-trace 1\n".utf8) : []
            for _ in 0..<rng.below(300) {
                // Mostly separators and ASCII, so that some lines get far.
                let byte: UInt8 =
                    switch rng.below(4) {
                    case 0: [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")][rng.below(4)]
                    case 1: UInt8(ascii: "0") + UInt8(rng.below(10))
                    default: UInt8(truncatingIfNeeded: rng.next())
                    }
                bytes.append(byte)
            }
            do {
                let trace = try Trace(parsing: String(decoding: bytes, as: UTF8.self))
                checkRules(of: trace, from: String(decoding: bytes, as: UTF8.self))
            } catch {
                #expect(error.line >= 1)
            }
        }
    }

    @Test("random events with random bit patterns round-trip exactly")
    func randomEvents() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var recorder = TraceRecorder(start: 0)
            var time = 0.0
            for _ in 0..<20 {
                time += rng.below(3) == 0 ? 0 : rng.finiteDouble().magnitude.truncatingRemainder(dividingBy: 10)
                recorder.record(InputEvent(timestamp: time, randomKind(using: &rng)))
            }
            #expect(recorder.skippedEventCount == 0)
            let parsed = try Trace(parsing: recorder.text)
            #expect(parsed == recorder.trace)
            #expect(parsed.text == recorder.text)
        }
    }

    /// What every parsed trace promises: times in order, numbers finite, and
    /// text that reads back as the same trace.
    private func checkRules(of trace: Trace, from text: String) {
        var previous = -Double.infinity
        for event in trace.events {
            #expect(event.timestamp.isFinite && event.timestamp >= previous)
            previous = event.timestamp
        }
        do {
            #expect(try Trace(parsing: trace.text) == trace, "re-reading the text of a trace parsed from \(text.debugDescription)")
        } catch {
            Issue.record("a parsed trace wrote text that does not parse: \(error)")
        }
    }

    /// Pieces that sit on the format's edges: numbers that are not finite or
    /// not in range, separators, comment marks, words of the wrong field.
    private static let nasties: [String] = [
        "nan", "inf", "-inf", "1e999", "-1e999", "99999999999999999999", "-", "+", "e", ".", "0x1p3",
        "#", "\n", "\r\n", "\r", "\t", " ", "  ", "\u{0}", "\u{FEFF}", "\u{301}", "5e-324",
        "1.7976931348623157e308", "2147483648", "-2147483649", "9223372036854775808",
        "pointer", "controller-touchpad", "sensor", "down", "up", "-0.0", "lshift+", "0x", "0xffff",
        "tactile-trace 1", "tactile-trace 2",
    ]

    private func mutate(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
        let position = rng.below(bytes.count + 1)
        switch rng.below(8) {
        case 0 where position < bytes.count:
            bytes[position] = UInt8(truncatingIfNeeded: rng.next())
        case 1:
            bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
        case 2 where position < bytes.count:
            let end = min(bytes.count, position + 1 + rng.below(8))
            bytes.removeSubrange(position..<end)
        case 3:
            bytes.insert(contentsOf: Self.nasties[rng.below(Self.nasties.count)].utf8, at: position)
        case 4:
            // Duplicate a line somewhere else.
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let line = lines[rng.below(lines.count)]
            lines.insert(line, at: rng.below(lines.count + 1))
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case 5:
            // Swap two lines, which often puts time out of order.
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lines.swapAt(rng.below(lines.count), rng.below(lines.count))
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case 6:
            bytes.removeSubrange(position...)
        default:
            // Replace a field with a field from anywhere in the text.
            let fields = bytes.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
            guard let target = fields.randomElement(using: &rng),
                  let source = fields.randomElement(using: &rng)
            else { return }
            bytes.replaceSubrange(target.indices, with: Array(source))
        }
    }

    private func randomKind(using rng: inout SplitMix64) -> InputEvent.Kind {
        let point = Point(x: rng.finiteDouble(), y: rng.finiteDouble())
        switch rng.below(10) {
        case 0:
            let id = PointerID(
                kind: PointerKind.allCases.randomElement(using: &rng)!,
                device: Int64(bitPattern: rng.next()), index: Int64(bitPattern: rng.next()))
            return .pointer(PointerEvent(
                PointerEvent.Phase.allCases.randomElement(using: &rng)!, id: id,
                location: point, pressure: rng.finiteDouble()))
        case 1:
            return .mouseHover(point)
        case 2:
            return .mouseButton(MouseButtonEvent(
                button: MouseButton.allCases.randomElement(using: &rng)!, isDown: rng.below(2) == 0, location: point))
        case 3:
            return .mouseWheel(MouseWheelEvent(dx: rng.finiteDouble(), dy: rng.finiteDouble()))
        case 4:
            return .key(KeyEvent(
                isDown: rng.below(2) == 0, scancode: Int32(truncatingIfNeeded: rng.next()),
                keycode: Int32(truncatingIfNeeded: rng.next()),
                modifiers: KeyModifiers(rawValue: UInt16(truncatingIfNeeded: rng.next())), isRepeat: rng.below(2) == 0))
        case 5:
            let controller = Int32(truncatingIfNeeded: rng.next())
            switch rng.below(6) {
            case 5:
                let identities = TraceSamples.identities
                return .controller(.remapped(controller: controller, identity: identities[rng.below(identities.count)]))
            case 0:
                let identities = TraceSamples.identities
                return .controller(.added(
                    controller: controller, identity: rng.below(3) == 0 ? nil : identities[rng.below(identities.count)]))
            case 1: return .controller(.removed(controller: controller))
            case 2:
                return .controller(.button(
                    controller: controller, button: ControllerButton.allCases.randomElement(using: &rng)!,
                    isDown: rng.below(2) == 0))
            case 3:
                return .controller(.axis(
                    controller: controller, axis: ControllerAxis.allCases.randomElement(using: &rng)!,
                    value: rng.finiteDouble()))
            default:
                return .controller(.touchpad(
                    controller: controller, touchpad: Int32(truncatingIfNeeded: rng.next()),
                    finger: Int32(truncatingIfNeeded: rng.next()),
                    phase: PointerEvent.Phase.allCases.randomElement(using: &rng)!,
                    location: point, pressure: rng.finiteDouble()))
            }
        case 6, 7:
            let id = Int32(truncatingIfNeeded: rng.next())
            return .sensor(SensorSample(
                kind: SensorKind.allCases.randomElement(using: &rng)!,
                source: rng.below(2) == 0 ? .device(id) : .controller(id),
                value: Vector3(x: rng.finiteDouble(), y: rng.finiteDouble(), z: rng.finiteDouble()),
                sensorTime: rng.below(2) == 0 ? nil : rng.finiteDouble()))
        case 8:
            return .remote(RemoteCommand.allCases.randomElement(using: &rng)!)
        default:
            return .interrupted(Interruption.allCases.randomElement(using: &rng)!)
        }
    }
}
