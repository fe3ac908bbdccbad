@testable import Tactile

/// Events for the trace tests: every kind of event, every word of every enum a
/// trace writes, and the awkward numbers (extremes, negative zero, values with
/// no short decimal form) that an exact round trip has to survive.
enum TraceSamples {
    /// Identities with text that has to be escaped (spaces, `#`, `%`, a
    /// lone `-`, empty text, non-ASCII) and every type and feature.
    static let identities: [ControllerIdentity] = {
        var identities = [
            ControllerIdentity(
                name: "DualSense Wireless Controller", type: .ps5, vendor: 0x054C, product: 0x0CE6,
                guid: "050000004c050000e60c000000810000", serial: "a0:b1:c2:d3:e4:f5", playerIndex: 0,
                features: [.rumble, .triggerRumble, .accelerometer, .gyroscope, .touchpad, .led]),
            ControllerIdentity(name: "", type: .unknown, guid: "", serial: nil, playerIndex: nil),
            ControllerIdentity(name: "-", type: .virtual, guid: "-", serial: "-", playerIndex: -1, features: ControllerFeatures(rawValue: 0xC1)),
            ControllerIdentity(
                name: "Pad #2 100% \t\u{7F}\nmanette « Jöy »", type: .joyConPair, vendor: .max, product: 0,
                guid: "%zz", serial: " ", playerIndex: .max),
        ]
        for type in ControllerType.allCases {
            identities.append(ControllerIdentity(name: type.rawValue, type: type, guid: "00", playerIndex: .min))
        }
        return identities
    }()

    /// One of everything, at times that start at 0 and never decrease, so that
    /// a recorder started at 0 keeps every timestamp as it is.
    static let everyKind: [InputEvent] = {
        var kinds: [InputEvent.Kind] = []

        var index: Int64 = 0
        for pointerKind in PointerKind.allCases {
            for phase in PointerEvent.Phase.allCases {
                let id = PointerID(kind: pointerKind, device: 7, index: index)
                kinds.append(.pointer(PointerEvent(phase, id: id, location: Point(x: 120.5, y: 80), pressure: 0.75)))
                index += 1
            }
        }
        kinds.append(.pointer(PointerEvent(
            .down, id: PointerID(kind: .finger, device: .min, index: .max),
            location: Point(x: -0.0, y: 0.1 + 0.2), pressure: .leastNonzeroMagnitude)))
        kinds.append(.pointer(PointerEvent(
            .cancel, id: PointerID(kind: .finger, device: .max, index: .min),
            location: Point(x: 1.7976931348623157e308, y: -1.7976931348623157e308), pressure: 1)))

        kinds.append(.mouseHover(Point(x: 300, y: 41.5)))
        kinds.append(.mouseHover(Point(x: 1e-300, y: 123456789.123456789)))
        for button in MouseButton.allCases {
            kinds.append(.mouseButton(MouseButtonEvent(button: button, isDown: true, location: Point(x: 1, y: 2))))
            kinds.append(.mouseButton(MouseButtonEvent(button: button, isDown: false, location: Point(x: 3, y: 4))))
        }
        kinds.append(.mouseWheel(MouseWheelEvent(dx: 0, dy: -1)))
        kinds.append(.mouseWheel(MouseWheelEvent(dx: 0.5, dy: 1e21)))

        kinds.append(.key(KeyEvent(isDown: true, scancode: 4, keycode: 97, modifiers: [.leftShift, .leftAlt], isRepeat: false)))
        kinds.append(.key(KeyEvent(isDown: true, scancode: 4, keycode: 97, modifiers: [], isRepeat: true)))
        kinds.append(.key(KeyEvent(isDown: false, scancode: .min, keycode: .max, modifiers: KeyModifiers(rawValue: .max))))
        // Bits SDL leaves unused, with no name in a trace.
        kinds.append(.key(KeyEvent(isDown: false, scancode: 0, keycode: -1, modifiers: KeyModifiers(rawValue: 0x003C | 0x0001))))
        for (modifier, _) in KeyModifiers.names {
            kinds.append(.key(KeyEvent(isDown: true, scancode: 225, keycode: 1_073_742_049, modifiers: modifier)))
        }

        kinds.append(.controller(.added(controller: 0)))
        for button in ControllerButton.allCases {
            kinds.append(.controller(.button(controller: 0, button: button, isDown: true)))
            kinds.append(.controller(.button(controller: 0, button: button, isDown: false)))
        }
        for axis in ControllerAxis.allCases {
            kinds.append(.controller(.axis(controller: 0, axis: axis, value: axis.isTrigger ? 0.999 : -0.25)))
        }
        for phase in PointerEvent.Phase.allCases {
            kinds.append(.controller(.touchpad(
                controller: 0, touchpad: 1, finger: 2, phase: phase,
                location: Point(x: 0.5, y: 0.25), pressure: 1)))
        }
        for identity in identities {
            kinds.append(.controller(.added(controller: 1, identity: identity)))
            kinds.append(.controller(.remapped(controller: 1, identity: identity)))
        }
        kinds.append(.controller(.removed(controller: .max)))
        kinds.append(.controller(.added(controller: .min)))

        for kind in SensorKind.allCases {
            for source in [SensorSource.device(3), .controller(-2)] {
                kinds.append(.sensor(SensorSample(kind: kind, source: source, value: Vector3(x: 0.01, y: -9.81, z: 0), sensorTime: 12.5)))
                kinds.append(.sensor(SensorSample(kind: kind, source: source, value: Vector3(x: 1, y: 2, z: 3), sensorTime: nil)))
            }
        }

        for command in RemoteCommand.allCases {
            kinds.append(.remote(command))
        }
        for reason in Interruption.allCases {
            kinds.append(.interrupted(reason))
        }
        // Text that has to be escaped, every script width, and compositions
        // with a cursor at each end and a selection.
        for text in ["a", "-", "", "#100% é", "日本語 🎮\t\n", String(repeating: "%", count: TextInputEvent.maximumUTF8Count)] {
            kinds.append(.text(.committed(text)))
            kinds.append(.text(.composition(TextComposition(text: text, cursor: text.unicodeScalars.count, selectionLength: 0))))
        }
        kinds.append(.text(.composition(TextComposition(text: "にほんご", cursor: 1, selectionLength: 2))))

        // Times that exercise the number format too: repeated times, a time
        // with no short decimal form, and a large one.
        var events: [InputEvent] = []
        var time = 0.0
        for (offset, kind) in kinds.enumerated() {
            events.append(InputEvent(timestamp: time, kind))
            if offset % 3 != 0 { time += 1.0 / 60 }
        }
        events.append(InputEvent(timestamp: 86_400.000_001, .remote(.stop)))
        return events
    }()

    /// ``everyKind`` recorded from time 0, so its relative times are its timestamps.
    static var everyKindTrace: Trace {
        var recorder = TraceRecorder(start: 0)
        recorder.record(contentsOf: everyKind)
        return recorder.trace
    }
}
