import Testing
@testable import Tactile

/// A continuous gesture's move (changed to changed) with nothing queued
/// before it is kept aside, not queued, and the drain runs it first
/// (`ArenaReferee.changeDue`). The order must be the queue's: the same
/// script, in a scene that decides every change the long way (a decision
/// observer that hears repeated changes makes `ArenaReferee.change` decline,
/// so that each move is a `request` and a queue entry), gives the same
/// actions, resets and layer deliveries in the same order, with actions
/// that re-enter the arena: one that sends a touch-down, disables a
/// recognizer, moves another gesture, removes a recognizer, and cancels
/// every touch.
@MainActor
struct ChangedMoveOrderTests {
    /// Begins on its first move, then changes only when told (`nudge()`):
    /// a continuous gesture an action moves, so that the move is kept aside
    /// from inside the drain.
    final class Drifter: GestureRecognizer {
        let log: EventLog
        init(log: EventLog) {
            self.log = log
            super.init()
        }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            if state == .possible { state = .began }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            if numberOfTouches == 0 { state = state.isActive ? .ended : .failed }
        }
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
            state = state.isActive ? .cancelled : .failed
        }
        func nudge() {
            if state.isActive { state = .changed }
        }
        override func reset() { log.append("drifter reset") }
    }

    /// Fails on its tenth move, with the pinch and the pan changing: a
    /// reset queued on a move, behind what the gestures under way queued
    /// before it.
    final class Quitter: GestureRecognizer {
        let log: EventLog
        var moves = 0
        init(log: EventLog) {
            self.log = log
            super.init()
        }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            moves += 1
            if moves == 10 { state = .failed }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            if numberOfTouches == 0 { state = .failed }
        }
        override func reset() {
            moves = 0
            log.append("quitter reset")
        }
    }

    /// Logs its touch handlers as `RecordingLayer` does, and calls
    /// `onMoved` with the count of its moved calls: a layer handler that
    /// sends events, from wherever the gate delivers (inside a step, or
    /// at the end of the outermost one).
    final class Pad: Layer {
        let log: EventLog
        var moves = 0
        var onMoved: ((Int) -> Void)?
        init(log: EventLog) {
            self.log = log
            super.init(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "pad")
            handlesTouches = true
            isMultipleTouchEnabled = true
        }
        private func record(_ phase: String, _ touches: [Touch]) {
            log.append("pad \(phase) \(touches.map { String($0.pointer.index) }.joined(separator: ","))")
        }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { record("began", touches) }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            record("moved", touches)
            moves += 1
            onMoved?(moves)
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { record("ended", touches) }
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { record("cancelled", touches) }
    }

    /// The script's log: every action, reset and layer handler call, in order.
    func run(longWay: Bool) -> [String] {
        let log = EventLog()
        let scene = Scene(size: Size(width: 800, height: 600))
        let pad = Pad(log: log)
        scene.root.addChild(pad)
        // The layer, hearing a move, sends another: nested in the step
        // that delivers it, or after the outermost one's actions.
        pad.onMoved = { moves in
            switch moves {
            case 5: scene.send(finger(2, .move, 420, 305, at: scene.arena.now))
            case 11: scene.send(finger(1, .move, 270, 300, at: scene.arena.now))
            default: break
            }
        }
        let pinch = PinchGestureRecognizer()
        let pan = PanGestureRecognizer()
        let drifter = Drifter(log: log)
        let quitter = Quitter(log: log)
        // None stops another, and the layer keeps its touches: its moves
        // are delivered around the actions. Gathered most recently added
        // first: the pinch, the quitter, the pan, the drifter. So on the
        // quitter's failing move its reset is queued after the pinch's move
        // kept aside and before the pan's change (the kept move must go
        // into the queue first).
        for recognizer in [drifter, pan, quitter, pinch] as [GestureRecognizer] {
            recognizer.isExclusive = false
            recognizer.cancelsTouchesInView = false
            pad.addGestureRecognizer(recognizer)
        }
        pan.addAction { pan in log.append("pan \(pan.state.rawValue)") }
        drifter.addAction { drifter in log.append("drifter \(drifter.state.rawValue)") }
        var pinchActions = 0
        pinch.addAction { pinch in
            pinchActions += 1
            log.append("pinch \(pinch.state.rawValue) \(pinchActions)")
            switch pinchActions {
            case 4: scene.send(finger(3, .down, 600, 200, at: pinch.currentTime))
            // Queued behind the pan's change.
            case 9: drifter.nudge()
            case 12: pan.isEnabled = false
            // With the pan gone the pinch's move is kept aside, and the
            // drifter's, kept aside from inside the drain, must run in it.
            case 14, 15: drifter.nudge()
            case 17: pad.removeGestureRecognizer(quitter)
            case 20: scene.cancelAllTouches(at: pinch.currentTime)
            default: break
            }
        }
        if longWay { _ = scene.addDecisionObserver { _ in } }
        var time = 0.0
        scene.send(finger(1, .down, 300, 300, at: time))
        scene.send(finger(2, .down, 400, 300, at: time))
        for step in 1...14 {
            time += 0.01
            // Apart, and both to the right: the pinch and the pan change on
            // each move (the pan's change goes after the pinch's kept aside).
            let spread = Double(step) * 6
            let drift = Double(step) * 5
            scene.send(finger(1, .move, 300 - spread + drift, 300, at: time))
            scene.send(finger(2, .move, 400 + spread + drift, 300 + Double(step), at: time))
            if step == 8 { scene.send(finger(3, .move, 610, 210, at: time)) }
        }
        // A second gesture after the cancellation.
        time += 0.1
        scene.send(finger(4, .down, 300, 300, at: time))
        scene.send(finger(5, .down, 400, 300, at: time))
        for step in 1...6 {
            time += 0.01
            scene.send(finger(4, .move, 300 - Double(step) * 8, 300, at: time))
            scene.send(finger(5, .move, 400 + Double(step) * 8, 300, at: time))
        }
        scene.send(finger(4, .up, 250, 300, at: time + 0.01))
        scene.send(finger(5, .up, 450, 300, at: time + 0.01))
        return log.take()
    }

    @Test func movesKeptAsideRunInTheQueuesOrderWithActionsThatReEnter() {
        let short = run(longWay: false)
        let long = run(longWay: true)
        #expect(short == long)
        // The script reaches what it is for: the pinch changing on moves,
        // interleaved with the layer's moves and the others' work.
        #expect(short.filter { $0.hasPrefix("pinch changed") }.count >= 10)
        #expect(short.contains("pad moved 1"))
        #expect(short.contains("quitter reset"))
        #expect(short.contains("pan cancelled"))
        #expect(short.contains("pan changed"))
        #expect(short.contains("pad cancelled 1,2,3") || short.contains("pad cancelled 1,2") )
        // The quitter's reset, queued after the pinch's move kept aside and
        // before the pan's change, runs between them.
        if let reset = short.firstIndex(of: "quitter reset"), reset > 0, reset + 1 < short.count {
            #expect(short[reset - 1].hasPrefix("pinch changed") && short[reset + 1] == "pan changed")
        } else {
            Issue.record("the quitter did not fail amid the moves: \(short)")
        }
        // The drifter moved by the pinch's action runs right after it, in
        // the same drain, before the layer hears of the move.
        if let nudged = short.firstIndex(of: "pinch changed 14") {
            #expect(short[nudged + 1] == "drifter changed")
        } else {
            Issue.record("the pinch's 14th action did not run as changed: \(short)")
        }
    }
}
