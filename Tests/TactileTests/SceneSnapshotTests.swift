import Tactile
import Testing

/// What a scene snapshot is, and what a restore refuses (and that a refused
/// restore changes nothing).
@MainActor
struct SceneSnapshotTests {
    let scene = Scene(size: Size(width: 400, height: 300))
    let board = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "board")
    let pan = PanGestureRecognizer()
    let tap = TapGestureRecognizer()

    init() {
        scene.diagnostics = nil
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
        board.addGestureRecognizer(pan)
        board.addGestureRecognizer(tap)
    }

    func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double, finger: Int64 = 1) {
        scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: finger),
                                                                     location: Point(x: x, y: y)))))
    }

    @Test func aSnapshotIsAValueThatComparesEqualWhileNothingHappens() throws {
        send(.down, 10, 10, at: 0.1)
        let first = try scene.snapshot()
        let second = try scene.snapshot()
        #expect(first == second)
        #expect(first.isComplete)
        send(.move, 40, 10, at: 0.2)
        #expect(try scene.snapshot() != first)
        try scene.restore(first)
        #expect(try scene.snapshot() == first)
    }

    @Test func aCopyIsItsOwnValue() throws {
        send(.down, 10, 10, at: 0.1)
        var snapshot = try scene.snapshot()
        let kept = snapshot   // shares the contents until one is captured into
        send(.move, 60, 10, at: 0.2)
        try scene.capture(into: &snapshot)
        #expect(snapshot != kept)
        try scene.restore(kept)
        #expect(try scene.snapshot() == kept)
        try scene.restore(snapshot)
        #expect(try scene.snapshot() == snapshot)
    }

    @Test func whyARecognizerLastFailedComesBackWithIt() throws {
        send(.down, 10, 10, at: 0.1)
        let before = try scene.snapshot()
        #expect(tap.lastFailure == nil)
        send(.move, 90, 10, at: 0.2)
        let failure = try #require(tap.lastFailure)
        let after = try scene.snapshot()
        try scene.restore(before)
        #expect(tap.lastFailure == nil)
        try scene.restore(after)
        #expect(tap.lastFailure == failure)
        #expect(try scene.snapshot() == after)
    }

    @Test func restoringPutsTheGestureBackWhereItWas() throws {
        var log: [String] = []
        pan.addAction { pan in log.append("\(pan.state) \(pan.translation(in: nil).x)") }
        send(.down, 10, 10, at: 0.1)
        send(.move, 40, 10, at: 0.15)
        let midway = try scene.snapshot()
        send(.move, 80, 10, at: 0.2)
        send(.up, 80, 10, at: 0.25)
        let straight = log
        try scene.restore(midway)
        log = Array(log.prefix(1))
        send(.move, 80, 10, at: 0.2)
        send(.up, 80, 10, at: 0.25)
        #expect(log == straight)
        #expect(pan.state == .possible)
        #expect(scene.event.allTouches.allSatisfy { $0.hasEnded })
    }

    @Test func aRecognizerThatDidNotOptInIsReportedAndTheSnapshotIsNotRestored() throws {
        final class Plain: GestureRecognizer {}
        final class MyTap: TapGestureRecognizer { var extra = 0 }
        let plain = Plain()
        plain.name = "plain"
        let mine = MyTap()
        board.addGestureRecognizer(plain)
        board.addGestureRecognizer(mine)
        var snapshot = SceneSnapshot()
        let notSaved = try scene.capture(into: &snapshot)
        #expect(notSaved.count == 2)
        #expect(notSaved.contains { $0 === plain } && notSaved.contains { $0 === mine })
        #expect(!snapshot.isComplete)
        #expect(throws: RollbackError.recognizersNotSaved(["plain", "MyTap"])) { try scene.restore(snapshot) }
    }

    @Test func aSnapshotOfAnotherSceneIsRefused() throws {
        let other = Scene(size: Size(width: 10, height: 10))
        let snapshot = try other.snapshot()
        #expect(throws: RollbackError.otherScene) { try scene.restore(snapshot) }
    }

    @Test func aChangedSceneIsRefusedAndLeftAsItWas() throws {
        send(.down, 10, 10, at: 0.1)
        let before = try scene.snapshot()
        send(.move, 60, 10, at: 0.2)
        let extra = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "extra")
        board.addChild(extra)
        let now = try scene.snapshot()
        #expect(throws: RollbackError.self) { try scene.restore(before) }
        do {
            try scene.restore(before)
        } catch {
            guard case .structureChanged(let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.contains("extra"))
        }
        #expect(try scene.snapshot() == now)   // nothing was half restored
        // The game puts its scene back as it was: the restore goes through.
        extra.removeFromParent()
        try scene.restore(before)
        #expect(try scene.snapshot() == before)
    }

    @Test func aRemovedRecognizerIsAChangeToo() throws {
        let before = try scene.snapshot()
        board.removeGestureRecognizer(tap)
        #expect(throws: RollbackError.self) { try scene.restore(before) }
        board.addGestureRecognizer(tap)
        try scene.restore(before)
    }

    @Test func restoringFromAnActionOrALayerHandlerIsRefused() throws {
        final class Handler: Layer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan() }
        }
        let snapshot = try scene.snapshot()
        var fromAction: RollbackError?
        tap.addAction { [scene] _ in
            do { try scene.restore(snapshot) } catch { fromAction = error as? RollbackError }
        }
        send(.down, 10, 10, at: 0.1)
        send(.up, 10, 10, at: 0.15)
        #expect(fromAction == .duringDelivery)

        let handler = Handler(frame: Rect(x: 300, y: 200, width: 50, height: 50), name: "handler")
        board.addChild(handler)
        let withHandler = try scene.snapshot()
        var fromHandler: RollbackError?
        var captureFromHandler: RollbackError?
        handler.onBegan = { [scene] in
            do { try scene.restore(withHandler) } catch { fromHandler = error as? RollbackError }
            var scratch = SceneSnapshot()
            do { try scene.capture(into: &scratch) } catch { captureFromHandler = error as? RollbackError }
        }
        send(.down, 310, 210, at: 1)
        #expect(fromHandler == .duringDelivery)
        #expect(captureFromHandler == .duringDelivery)
        send(.up, 310, 210, at: 1.05)
        // Between events, the same restore goes through.
        try scene.restore(withHandler)
    }

    @Test func aTouchDownAfterTheSnapshotIsUndone() throws {
        let empty = try scene.snapshot()
        send(.down, 10, 10, at: 0.1)
        #expect(scene.event.allTouches.count == 1)
        try scene.restore(empty)
        #expect(scene.event.allTouches.isEmpty)
        #expect(scene.arena.recognizers.isEmpty)
        // The same finger can touch down again: nothing of it is left.
        var began = 0
        tap.addAction { _ in began += 1 }
        send(.down, 10, 10, at: 0.1)
        send(.up, 10, 10, at: 0.15)
        scene.advanceTime(to: 1)
        #expect(began == 1)
    }
}
