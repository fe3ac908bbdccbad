@testable import Tactile

/// A shared, ordered log of every handler call, so that a test can compare
/// whole sequences across layers, the scene and the application.
@MainActor
final class EventLog {
    var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// A layer that logs each touch handler call as `name began 1,2` (pointer
/// indices) and, unless told to pass them on, handles them.
@MainActor
final class RecordingLayer: Layer {
    let log: EventLog
    var passesTouchesOn = false
    var passesOtherEventsOn = true
    var acceptsFirstResponder = false

    init(_ name: String, frame: Rect, log: EventLog) {
        self.log = log
        super.init(frame: frame, name: name)
        handlesTouches = true
    }

    private func record(_ phase: String, _ touches: [Touch]) {
        log.append("\(name!) \(phase) \(touches.map { String($0.pointer.index) }.joined(separator: ","))")
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        record("began", touches)
        if passesTouchesOn { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        record("moved", touches)
        if passesTouchesOn { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        record("ended", touches)
        if passesTouchesOn { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        record("cancelled", touches)
        if passesTouchesOn { super.touchesCancelled(touches, with: event) }
    }

    override func pressesBegan(_ presses: [Press]) {
        log.append("\(name!) pressesBegan \(presses.map(\.kind))")
        if passesOtherEventsOn { super.pressesBegan(presses) }
    }

    override func remoteControlReceived(_ command: RemoteCommand, timestamp: Double) {
        log.append("\(name!) remote \(command.rawValue)")
        if passesOtherEventsOn { super.remoteControlReceived(command, timestamp: timestamp) }
    }

    override func motionBegan(_ motion: Motion, timestamp: Double) {
        log.append("\(name!) motionBegan \(motion.rawValue)")
        if passesOtherEventsOn { super.motionBegan(motion, timestamp: timestamp) }
    }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
}

/// The end of the responder chain: logs what nothing else handled.
@MainActor
final class RecordingApplication: Responder {
    let log: EventLog
    init(log: EventLog) { self.log = log }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { log.append("app began \(touches.count)") }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { log.append("app ended \(touches.count)") }
    override func pressesBegan(_ presses: [Press]) { log.append("app pressesBegan \(presses.map(\.kind))") }
    override func pressesEnded(_ presses: [Press]) { log.append("app pressesEnded \(presses.map(\.kind))") }
    override func remoteControlReceived(_ command: RemoteCommand, timestamp: Double) { log.append("app remote \(command.rawValue)") }
    override func motionBegan(_ motion: Motion, timestamp: Double) { log.append("app motionBegan \(motion.rawValue)") }
    override func motionEnded(_ motion: Motion, timestamp: Double) { log.append("app motionEnded \(motion.rawValue)") }
}

/// Builds pointer events for finger `index` of touch device 1.
func finger(_ index: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double = 0) -> InputEvent {
    InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: index), location: Point(x: x, y: y))))
}
