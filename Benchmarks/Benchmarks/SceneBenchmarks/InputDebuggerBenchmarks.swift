import Benchmark
import BenchmarkFixtures
import Tactile

// MARK: - The input debugger (issue 19)

// The bar: switched off, the debugger costs the per-event path
// nothing beyond one branch (the move through 20 recognizers, with the
// debugger made for the loop but off, against the same without one, in one
// run: no measurable difference, zero allocations); switched on, recording
// allocates nothing per event once its rings are made.
//
// | benchmark | measures |
// |---|---|
// | Debugger: 20 recognizers, none | `GameLoop.frame(events:)` of a frame with one finger move, seen by 20 undecided recognizers on 5 nested layers (the fixture of "Move through 20 recognizers"), then the frame's time and snapshots |
// | Debugger: 20 recognizers, off | the same, with an `InputDebugger` made for the loop and never switched on (the loop checks each event for its chord) |
// | Debugger: 20 recognizers, recording | the same, recording: the event into the input ring (with the check for a moment to start a replay), the layer's `sentToLayer` decision into the decision ring, the frame's touch and 20 recognizers into the frame rings |
//
// One frame per move, so each figure is per event and per frame; the rows
// differ only in the debugger. The rings fill up in the first run and wrap
// from then on, as in a long game.

/// Registers the input debugger's benchmarks.
func inputDebuggerBenchmarks() {
    // None and off twice each, alternating, so that a change in the
    // machine's load during the run shows as a difference between the two
    // rows of one mode rather than passing for the debugger's cost.
    // (package-benchmark runs them in the order of their names.)
    let rows: [(DebuggerFixture.Mode, String)] = [(.none, "run 1: "), (.off, "run 1: "), (.none, "run 2: "), (.off, "run 2: "), (.recording, "")]
    for (mode, run) in rows {
        Benchmark("Debugger: 20 recognizers, \(run)\(mode.rawValue)") { @MainActor (benchmark, fixture: DebuggerFixture) async in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                fixture.frame()
            }
            benchmark.stopMeasurement()
            if let problem = fixture.problem() { benchmark.error(problem) }
        } setup: { @MainActor in
            DebuggerFixture(mode)
        }
    }
}

/// The 20-recognizer scene on a game loop, with or without a debugger.
@MainActor
final class DebuggerFixture {
    enum Mode: String, CaseIterable {
        case none, off, recording
    }

    let mode: Mode
    let recognizers: RecognizerFixture<UndecidedRecognizer>
    let clock = ManualClock()
    let loop: GameLoop
    let debugger: InputDebugger?
    private let id = PointerID(kind: .finger, device: 1, index: 0)
    private var step = 0
    private var events: [InputEvent] = []

    init(_ mode: Mode) {
        self.mode = mode
        recognizers = RecognizerFixture { UndecidedRecognizer() }
        loop = GameLoop(clock: GameClock(base: clock))
        loop.scene = recognizers.scene
        debugger = mode == .none ? nil : InputDebugger(loop: loop)
        debugger?.isRecording = mode == .recording
        events.reserveCapacity(1)
    }

    /// One frame of 1 ms with one move of the finger that is down.
    func frame() {
        step += 1
        clock.advance(by: 0.001)
        events.removeAll(keepingCapacity: true)
        events.append(InputEvent(timestamp: clock.now, .pointer(PointerEvent(.move, id: id, location: Point(x: 200 + Double(step % 20), y: 200)))))
        loop.frame(events: &events)
    }

    /// What went wrong, if anything: every recognizer saw every move, and
    /// the debugger recorded exactly when it should.
    func problem() -> String? {
        let seen = Set(recognizers.recognizers.map(\.moves))
        if seen.count != 1 || seen.first! < step { return "the recognizers saw \(seen) moves, not \(step)" }
        let recorded = debugger?.decisionCount ?? 0
        switch mode {
        case .none: return nil
        case .off: return recorded == 0 ? nil : "a debugger that is off recorded \(recorded) decisions"
        case .recording: return recorded >= step ? nil : "the debugger recorded \(recorded) decisions for \(step) moves"
        }
    }
}
