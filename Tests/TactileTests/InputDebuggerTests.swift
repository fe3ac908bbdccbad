import Foundation
import Tactile
import TactileTestSupport
import Testing

/// The input debugger's headless core: what it records, reads back, writes
/// as JSON lines and captures as a trace.
@MainActor
struct InputDebuggerTests {
    /// A board with a pan, a double tap that a single tap requires to fail,
    /// and a long press: every kind of decision a game's scene makes.
    @MainActor
    final class Board {
        let scene = Scene(size: Size(width: 400, height: 300))
        let board = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "board")
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()

        init() {
            pan.name = "pan"
            tap.name = "tap"
            doubleTap.name = "double tap"
            doubleTap.numberOfTapsRequired = 2
            press.name = "press"
            _ = tap.require(toFail: doubleTap)
            for recognizer in [pan, tap, doubleTap, press] { board.addGestureRecognizer(recognizer) }
            scene.root.addChild(board)
        }
    }

    /// Several gestures, a second or so apart.
    func gestures() -> InputScript {
        var script = InputScript()
        script.tap(at: Point(x: 50, y: 50))
        script.wait(0.6)
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 200, y: 150))
        script.wait(0.6)
        script.doubleTap(at: Point(x: 300, y: 200))
        script.wait(0.6)
        script.longPress(at: Point(x: 80, y: 250))
        script.wait(0.6)
        script.tap(at: Point(x: 60, y: 60))
        return script
    }

    /// Runs `script` on a fresh board with a recording debugger, and
    /// returns them with the typed decisions the scene's own handler saw.
    func record(_ script: InputScript, limits: InputDebugger.Limits = .init()) -> (Board, GameHarness, InputDebugger, [RecordedDecision], [String]) {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        var typed: [RecordedDecision] = []
        var lines: [String] = []
        board.scene.arenaDecisions = { decision in
            typed.append(RecordedDecision(decision, frame: harness.loop.frameCount, time: board.scene.arena.now))
            lines.append(decision.description)
        }
        let debugger = InputDebugger(loop: harness.loop, limits: limits)
        debugger.isRecording = true
        harness.run(script)
        return (board, harness, debugger, typed, lines)
    }

    @Test func itRecordsTheTypedStreamAsItIsMade() {
        let (_, _, debugger, typed, lines) = record(gestures())
        #expect(typed.count > 50)
        #expect(debugger.decisions == typed)
        #expect(debugger.decisions.map(\.description) == lines)
        #expect(Set(typed.map(\.kind)).isSuperset(of: [.gathered, .entered, .waiting, .released, .failed, .took, .sentToLayer, .deadline, .reset]))
    }

    @Test func itsJSONLinesParseAndMatchTheTypedStream() throws {
        let (_, _, debugger, typed, _) = record(gestures())
        let objects = try debugger.jsonLines().split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let decisions = objects.filter { $0["type"] as? String == "decision" }
        let frames = objects.filter { $0["type"] as? String == "frame" }
        try #require(decisions.count == typed.count)
        for (object, decision) in zip(decisions, typed) {
            #expect(object["frame"] as? Int == decision.frame)
            // Foundation's parser can be an ulp off Swift's shortest text.
            #expect(abs((object["time"] as? Double ?? .nan) - decision.time) <= 4 * decision.time.ulp)
            #expect(object["kind"] as? String == decision.kind.rawValue)
            let recognizer = object["recognizer"] as? [String: Any]
            #expect(recognizer?["kind"] as? String == decision.recognizer?.kindName)
            #expect(recognizer?["name"] as? String == decision.recognizer?.name)
            #expect(object["state"] as? String == decision.state?.rawValue)
            #expect(object["previous"] as? String == decision.previous?.rawValue)
            #expect(object["phase"] as? String == decision.phase?.rawValue)
            #expect(object["layer"] as? String == decision.layer?.name)
            #expect(object["failure"] as? String == decision.failure.map { "\($0)" })
            #expect(abs((object["deadline"] as? Double ?? 0) - (decision.deadline ?? 0)) <= 4 * (decision.deadline ?? 0).ulp)
            let pointers = (object["pointers"] as? [[String: Any]] ?? []).map { pointer in
                "\(pointer["kind"] as? String ?? "?"):\(pointer["device"] as? Int ?? -1):\(pointer["index"] as? Int ?? -1)"
            }
            #expect(pointers == decision.pointers.map(\.description))
            let waitingFor = (object["waitingFor"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
            #expect(waitingFor == decision.waitingFor.map(\.name))
        }
        // One frame line per frame the loop ended input for, in order, with
        // the frame's touches where the script put them.
        #expect(frames.count == debugger.frames.count)
        #expect(frames.map { $0["frame"] as? Int } == debugger.frames.map(\.frame))
        let withTouches = try #require(zip(frames, debugger.frames).first { !$1.touches.isEmpty })
        let touch = try #require((withTouches.0["touches"] as? [[String: Any]])?.first)
        #expect(abs((touch["x"] as? Double ?? .nan) - withTouches.1.touches[0].location.x) <= 4 * withTouches.1.touches[0].location.x.ulp)
        #expect(touch["phase"] as? String == withTouches.1.touches[0].phase.rawValue)
        // Decisions come before the frame line of the frame they were made in.
        let order = objects.map { ($0["frame"] as? Int ?? -1) * 2 + ($0["type"] as? String == "frame" ? 1 : 0) }
        #expect(order == order.sorted())
    }

    @Test func theCapturedTraceReplaysToTheSameDecisions() throws {
        var limits = InputDebugger.Limits()
        limits.window = 2
        let (_, _, live, _, _) = record(gestures(), limits: limits)
        let capture = try #require(live.capture())
        // The window cut the first gestures off: the trace starts at a
        // later gesture, on its first touch.
        #expect(capture.start > 1)
        #expect(capture.trace.events.first?.timestamp == 0)
        guard case .pointer(let first) = capture.trace.events.first?.kind else {
            Issue.record("the capture starts with \(String(describing: capture.trace.events.first))")
            return
        }
        #expect(first.phase == .down)

        var script = InputScript()
        for event in capture.trace.events {
            script.wait(event.timestamp - script.time)
            script.append(event.kind)
        }
        let (_, _, replay, _, _) = record(script, limits: limits)
        #expect(!capture.decisions.isEmpty)
        #expect(replay.decisions.map { $0.rebased(by: 0) } == capture.decisions.map { $0.rebased(by: capture.start) })
    }

    @Test func savingWritesTheTraceAndItsDecisionsOrSaysWhyNot() throws {
        let (board, harness, debugger, _, _) = record(gestures())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-debugger-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let path = folder + "/capture.trace"
        let saved = try debugger.saveCapture(toFile: path)
        #expect(try Trace(contentsOfFile: path) == saved.trace)
        let text = try String(contentsOfFile: path + ".decisions.txt", encoding: .utf8)
        #expect(text.split(separator: "\n").count == saved.decisions.count + 1)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))

        // A folder that does not exist: a clear error, and the game and
        // the recording go on.
        let missing = folder + "/no such folder/capture.trace"
        #expect {
            try debugger.saveCapture(toFile: missing)
        } throws: { error in
            guard let error = error as? CaptureError, case .cannotWrite(let failedPath, let reason) = error.problem else { return false }
            return failedPath.hasPrefix(missing) && reason.contains("No such file or directory")
        }
        let before = debugger.decisionCount
        var more = InputScript()
        more.tap(at: Point(x: 20, y: 20))
        harness.run(more)
        #expect(harness.states(of: board.tap).last == .ended)
        #expect(debugger.decisionCount > before)
        #expect(throws: Never.self) { try debugger.saveCapture(toFile: path) }
    }

    @Test func aCaptureNeedsAMomentWithNoTouchDown() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        let debugger = InputDebugger(loop: harness.loop)
        #expect(debugger.capture() == nil)
        var script = InputScript()
        var finger = script.touchDown(at: Point(x: 10, y: 10))
        script.move(&finger, to: Point(x: 100, y: 10), over: 0.2)
        harness.run(script, settle: 0)
        // Switched on with a finger down: nothing held starts cleanly.
        debugger.isRecording = true
        var rest = InputScript(start: harness.clock.now)
        rest.move(&finger, to: Point(x: 150, y: 10), over: 0.1)
        harness.run(rest, settle: 0)
        #expect(debugger.capture() == nil)
        #expect {
            try debugger.saveCapture(toFile: "/tmp/unused.trace")
        } throws: { ($0 as? CaptureError)?.problem == .nothingToReplayFrom }
        // Once the finger lifts and a new gesture starts, there is.
        var after = InputScript(start: harness.clock.now)
        after.lift(finger)
        after.wait(0.6)
        after.tap(at: Point(x: 40, y: 40))
        harness.run(after)
        #expect(debugger.capture()?.trace.events.count == 2)
    }

    @Test func offItLeavesTheLoopAndTheScenesHandlerAsTheyWere() {
        let board = Board()
        let harness = GameHarness(scene: board.scene)
        var seen = 0
        board.scene.arenaDecisions = { _ in seen += 1 }
        let debugger = InputDebugger(loop: harness.loop)
        debugger.isRecording = true
        #expect(harness.loop.inputs.contains { $0 === debugger })
        debugger.isRecording = false
        #expect(!harness.loop.inputs.contains { $0 === debugger })
        var script = InputScript()
        script.tap(at: Point(x: 50, y: 50))
        harness.run(script)
        #expect(seen > 0)
        #expect(debugger.decisionCount == 0 && debugger.frames.isEmpty)
    }

    @Test func togglingDuringAGestureLosesOrDuplicatesNoTouch() {
        func deliveries(toggling: Bool) -> [GameHarness.Delivery] {
            let board = Board()
            let harness = GameHarness(scene: board.scene)
            let debugger = InputDebugger(loop: harness.loop)
            var script = InputScript()
            var fingers = script.touchDown(at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
            harness.run(script, settle: 0)
            for step in 1...6 {
                if toggling { debugger.isRecording.toggle() }
                var more = InputScript(start: harness.clock.now)
                more.move(&fingers, to: [Point(x: 100 + Double(step) * 10, y: 100), Point(x: 200, y: 100 + Double(step) * 10)], over: 0.05)
                harness.run(more, settle: 0)
            }
            var end = InputScript(start: harness.clock.now)
            end.lift(fingers)
            harness.run(end)
            return harness.received(by: board.board)
        }
        let plain = deliveries(toggling: false)
        #expect(!plain.isEmpty)
        #expect(deliveries(toggling: true) == plain)
    }

    @Test func fullRingsKeepTheLatestAndCountWhatTheyLeaveOut() {
        var limits = InputDebugger.Limits()
        limits.decisions = 16
        limits.frames = 4
        limits.touchesPerFrame = 1
        limits.recognizersPerFrame = 2
        let board = Board()
        // A pad whose recognizers never decide: they stay in play while
        // the touches last.
        let pad = Layer(frame: Rect(x: 50, y: 50, width: 300, height: 200), name: "pad")
        pad.isMultipleTouchEnabled = true
        for _ in 0..<4 { pad.addGestureRecognizer(GestureRecognizer()) }
        board.scene.root.addChild(pad)
        let harness = GameHarness(scene: board.scene)
        var typed: [RecordedDecision] = []
        board.scene.arenaDecisions = { typed.append(RecordedDecision($0, frame: harness.loop.frameCount, time: board.scene.arena.now)) }
        let debugger = InputDebugger(loop: harness.loop, limits: limits)
        debugger.isRecording = true
        var script = InputScript()
        var fingers = script.touchDown(at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        script.move(&fingers, to: [Point(x: 150, y: 100), Point(x: 250, y: 100)], over: 0.2)
        harness.run(script, settle: 0)
        #expect(debugger.decisions == Array(typed.suffix(16)))
        #expect(debugger.lastDecisions(3) == Array(typed.suffix(3)))
        #expect(debugger.frames.count == 4)
        let frame = debugger.latestFrame
        #expect(frame?.touches.count == 1 && frame?.omittedTouches == 1)
        let inPlay = board.scene.arena.recognizers.count
        #expect(inPlay >= 4)
        #expect(frame?.recognizers.count == 2 && frame?.omittedRecognizers == inPlay - 2)
    }

    @Test func builtInRecognizersShowTheirValues() {
        let pinch = PinchGestureRecognizer()
        #expect(pinch.inspectedValues.map(\.name) == ["scale", "velocity"])
        let pan = PanGestureRecognizer()
        #expect(pan.inspectedValues.first == InspectedValue("translation", .point(.zero)))
        #expect(InspectedValue("scale", .number(1.256)).description == "scale=1.26")
        #expect(InspectedValue("x", .number(-0.05)).description == "x=-0.05")
    }

    /// A source is worded as `"\(source)"` wrote it before the decision
    /// words it itself (without reflection).
    @Test func aListeningDecisionWordsItsSourceAsInterpolationDid() {
        let knock = KnockGestureRecognizer()
        knock.name = "knock"
        for source in [InputSource.keyboard, .controller(0), .controller(-7), .controller(Int32.max), .motion] {
            let decision = RecordedDecision(.listening(knock, source), frame: 0, time: 0)
            #expect(decision.description == "gather knock for \(source)")
        }
        #expect(RecordedDecision(.listening(knock, .controller(3)), frame: 0, time: 0).description == "gather knock for controller(3)")
    }
}

extension RecordedDecision {
    /// The decision with its times measured from `start`, and its frame
    /// and identities left out: what a replay must reproduce.
    func rebased(by start: Double) -> String {
        let deadline = self.deadline.map { "\(((($0 - start) * 1e6).rounded()) / 1e6)" } ?? "-"
        let time = "\((((self.time - start) * 1e6).rounded()) / 1e6)"
        return "\(time) \(kind) \(recognizer?.displayName ?? "-") \(state?.rawValue ?? "-") \(previous?.rawValue ?? "-") "
            + "\(waitingFor.map(\.displayName)) \(failure.map { "\($0)" } ?? "-") \(pointers) \(phase?.rawValue ?? "-") "
            + "\(layer?.name ?? "-") \(deadline) \(reason ?? "-")"
    }
}
