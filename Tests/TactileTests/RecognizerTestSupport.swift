@testable import Tactile

/// A recognizer whose decisions the test makes: it logs every sub-event it
/// sees (`name began 1`), every reset and every action, and runs the test's
/// closure for each, where the test sets its state.
@MainActor
final class Probe: GestureRecognizer {
    let log: EventLog
    var onBegan: (Probe) -> Void = { _ in }
    var onMoved: (Probe) -> Void = { _ in }
    var onEnded: (Probe) -> Void = { _ in }
    var onCancelled: (Probe) -> Void = { _ in }
    var onDeadline: (Probe) -> Void = { _ in }

    init(_ name: String, log: EventLog) {
        self.log = log
        super.init()
        self.name = name
        addAction { [log] recognizer in log.append("\(name) action \(recognizer.state.rawValue)") }
    }

    private func record(_ phase: String, _ touches: [Touch]) {
        log.append("\(name!) \(phase) \(touches.map { String($0.pointer.index) }.joined(separator: ","))")
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { record("began", touches); onBegan(self) }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { record("moved", touches); onMoved(self) }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { record("ended", touches); onEnded(self) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { record("cancelled", touches); onCancelled(self) }
    override func deadlineReached() { log.append("\(name!) deadline"); onDeadline(self) }
    override func reset() { log.append("\(name!) reset") }
}

/// A tap of `taps` taps, as the seeds' worked examples define one: down,
/// an optional delay, lift, and for a multi-tap another down within
/// `interval` of the lift. Moving more than `slop` fails it. Like UIKit's tap
/// recognizer, it cannot be stopped by a tap that needs fewer taps, which is
/// what lets a single and a double tap stack.
@MainActor
final class TestTap: GestureRecognizer {
    let taps: Int
    var interval = 0.3
    var slop = 10.0
    private var count = 0
    private var start = Point.zero

    init(_ name: String, taps: Int = 1, log: EventLog? = nil) {
        self.taps = taps
        super.init()
        self.name = name
        if let log { addAction { _ in log.append("\(name) fires") } }
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches == 1 else { state = .failed; return }
        cancelDeadline()
        start = touches[0].location
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if touches[0].location.distance(to: start) > slop { state = .failed }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        count += 1
        if count == taps {
            state = .recognized
        } else {
            setDeadline(after: interval)
        }
    }

    override func deadlineReached() { state = .failed }

    override func reset() { count = 0 }

    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let tap = other as? TestTap else { return true }
        return tap.taps >= taps
    }
}

/// A scroll: begins once the touch has moved more than `slop`, changes as it
/// moves, ends on lift; a lift before moving fails it.
@MainActor
final class TestScroll: GestureRecognizer {
    var slop = 10.0
    private var start = Point.zero

    init(_ name: String, log: EventLog? = nil) {
        super.init()
        self.name = name
        if let log { addAction { recognizer in log.append("\(name) \(recognizer.state.rawValue)") } }
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { start = touches[0].location }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible {
            if touches[0].location.distance(to: start) > slop { state = .began }
        } else {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        state = state == .possible ? .failed : .ended
    }
}

/// Builds a pointer event for mouse pointer `index` (a second kind, for
/// allowed-pointer-kind tests).
func mouse(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double = 0) -> InputEvent {
    InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .mouse, device: 0, index: 0), location: Point(x: x, y: y))))
}
