import TactileTestSupport
import Testing
@testable import Tactile

/// Re-entrancy, cancellation and random streams: nothing is left stuck, and
/// every touch a layer saw begin ends for it once.
@MainActor
struct RecognizerBadInputTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
    }

    func continuous(_ name: String) -> Probe {
        let probe = Probe(name, log: log)
        probe.onMoved = { $0.state = $0.state == .possible ? .began : .changed }
        probe.onEnded = { if $0.numberOfTouches == 0 { $0.state = .ended } }
        return probe
    }

    @Test func focusLossDuringAGestureCancelsOrFailsEveryRecognizerAndTheLayersTouches() {
        let pan = continuous("pan")
        let tap = Probe("tap", log: log)
        let simultaneous = Probe("other", log: log)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        let child = RecordingLayer("child", frame: Rect(x: 300, y: 0, width: 100, height: 100), log: log)
        view.addChild(child)
        child.addGestureRecognizer(simultaneous)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 30, 10))       // the pan begins; the tap is stopped
        scene.send(finger(2, .down, 350, 50))      // another touch, on the child
        _ = log.take()
        scene.send(InputEvent(timestamp: 1, .interrupted(.focusLost)))
        #expect(log.take() == [
            "pan cancelled 1", "pan action cancelled", "pan reset",
            // The view's tap follows the child's touch too: the view is an
            // ancestor. The child never saw that touch: it landed while the
            // view's pan was under way, so the pan took it.
            "other cancelled 2", "tap cancelled 2", "other reset", "tap reset",
        ])
        for recognizer in [pan, tap, simultaneous] { #expect(recognizer.state == .possible) }
        #expect(scene.arena.recognizers.isEmpty)
    }

    @Test func aTouchCancelledMidRecognitionCancelsTheGesture() {
        let pan = continuous("pan")
        view.addGestureRecognizer(pan)
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 30, 10))
        scene.send(finger(1, .cancel, 30, 10))
        #expect(log.take().suffix(3) == ["pan cancelled 1", "pan action cancelled", "pan reset"])
    }

    @Test func anActionThatRemovesItsOwnRecognizerOrLayerIsSafe() {
        let tap = Probe("tap", log: log)
        tap.onEnded = { $0.state = .recognized }
        tap.addAction { recognizer in recognizer.layer?.removeGestureRecognizer(recognizer) }
        view.addGestureRecognizer(tap)
        let panel = RecordingLayer("panel", frame: Rect(x: 0, y: 200, width: 100, height: 100), log: log)
        view.addChild(panel)
        let pan = continuous("pan")
        pan.addAction { recognizer in if recognizer.state == .changed { recognizer.layer?.removeFromParent() } }
        panel.addGestureRecognizer(pan)

        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .up, 10, 10))
        #expect(view.gestureRecognizers.isEmpty && tap.layer == nil && tap.state == .possible)

        scene.send(finger(2, .down, 10, 210))
        scene.send(finger(2, .move, 30, 210))
        scene.send(finger(2, .move, 50, 210))      // the pan's action removes its layer
        scene.send(finger(2, .move, 60, 210))
        scene.send(finger(2, .up, 60, 210))
        #expect(panel.parent == nil)
        #expect(pan.state == .possible)
        #expect(scene.arena.recognizers.isEmpty)
    }

    @Test func anActionThatAddsRecognizersAndLayersAndSendsEventsIsSafe() {
        let tap = Probe("tap", log: log)
        tap.onEnded = { $0.state = .recognized }
        tap.addAction { [scene, log] recognizer in
            let extra = Probe("extra", log: log)
            recognizer.layer?.addGestureRecognizer(extra)
            recognizer.layer?.addChild(Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
            // A nested event from inside an action: another finger.
            scene.send(finger(9, .down, 200, 200))
            scene.send(finger(9, .up, 200, 200))
        }
        view.addGestureRecognizer(tap)
        scene.send(finger(1, .down, 100, 100))
        scene.send(finger(1, .up, 100, 100))
        #expect(view.gestureRecognizers.count == 2)
        #expect(log.take().contains("view began 9"))
        scene.send(finger(2, .down, 100, 100))
        #expect(log.take().contains("extra began 2"))
    }

    @Test func aRecognizerThatKeepsSettingIllegalStatesIsRefusedEachTime() {
        let probe = Probe("confused", log: log)
        probe.onBegan = { $0.state = .cancelled }
        probe.onMoved = { $0.state = .changed }
        probe.onEnded = { $0.state = .possible }
        view.addGestureRecognizer(probe)
        var problems: [Diagnostic.Problem] = []
        scene.diagnostics = { problems.append($0.problem) }
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 20, 10))
        scene.send(finger(1, .up, 20, 10))
        #expect(problems == [.illegalTransition, .illegalTransition])
        // Left in possible with nothing to wait for when its touch ends, it fails and is reset.
        #expect(log.take().suffix(3) == ["confused ended 1", "confused reset", "view ended 1"])
    }

    @Test func aGestureLeftUnderWayWhenItsTouchesEndIsCancelled() {
        let probe = Probe("forgetful", log: log)
        probe.onMoved = { if $0.state == .possible { $0.state = .began } }
        view.addGestureRecognizer(probe)
        var problems: [Diagnostic.Problem] = []
        scene.diagnostics = { problems.append($0.problem) }
        scene.send(finger(1, .down, 10, 10))
        scene.send(finger(1, .move, 30, 10))
        scene.send(finger(1, .up, 30, 10))
        #expect(probe.state == .possible)
        #expect(problems == [.illegalTransition])
        #expect(log.take().suffix(2) == ["forgetful action cancelled", "forgetful reset"])
    }

    /// Random recognizers making random decisions over random streams:
    /// afterwards every recognizer is back in possible, the arena is empty,
    /// and every layer saw each touch it began end once.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func nothingIsLeftStuck(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let left = CountingLayer(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        let right = CountingLayer(frame: Rect(x: 200, y: 0, width: 200, height: 300))
        right.isMultipleTouchEnabled = true
        scene.root.addChild(left)
        scene.root.addChild(right)
        var recognizers: [Probe] = []
        let decisions: [GestureRecognizer.State?] = [nil, nil, nil, .began, .changed, .ended, .failed, .cancelled, .possible]
        for index in 0..<8 {
            let probe = Probe("r\(index)", log: log)
            let decide: (Probe) -> Void = { probe in
                var generator = SplitMix64(seed: seed &+ UInt64(probe.numberOfTouches) &+ UInt64(index))
                if let state = decisions[generator.below(decisions.count)] { probe.state = state }
                if generator.below(6) == 0 { probe.setDeadline(after: 0.2) }
            }
            probe.onBegan = decide
            probe.onMoved = decide
            probe.onEnded = decide
            probe.onDeadline = decide
            probe.delaysTouchesBegan = random.below(3) == 0
            probe.delaysTouchesEnded = random.below(2) == 0
            probe.cancelsTouchesInView = random.below(4) != 0
            probe.isExclusive = random.below(3) != 0
            recognizers.append(probe)
            [left, right, view][random.below(3)].addGestureRecognizer(probe)
        }
        recognizers[1].require(toFail: recognizers[2])
        recognizers[3].require(toFail: recognizers[4])
        var time = 0.0
        for _ in 0..<2000 {
            time += Double(random.below(50)) / 1000
            let index = Int64(random.below(4))
            let phases: [PointerEvent.Phase] = [.down, .move, .move, .move, .up, .cancel]
            switch random.below(60) {
            case 0: scene.send(InputEvent(timestamp: time, .interrupted(.windowHidden)))
            case 1: recognizers[random.below(8)].isEnabled.toggle()
            case 2: scene.advanceTime(to: time)
            default:
                scene.send(finger(index, phases[random.below(phases.count)], Double(random.below(400)), Double(random.below(300)), at: time))
            }
        }
        scene.send(InputEvent(timestamp: time + 1, .interrupted(.focusLost)))
        scene.advanceTime(to: time + 10)
        for recognizer in recognizers { #expect(recognizer.state == .possible) }
        #expect(scene.arena.recognizers.isEmpty)
        for layer in [left, right] {
            #expect(layer.open.isEmpty)
            #expect(layer.violations.isEmpty)
        }
        #expect(log.lines.contains { $0.hasSuffix("action ended") || $0.hasSuffix("action began") })
    }
}
