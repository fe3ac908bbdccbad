import Testing
@testable import Tactile

/// Many recognizers in play at once: each sub-event costs time linear in
/// the recognizers on the touch's path, not quadratic.
///
/// No timing (time in tests is not measured): the size makes a quadratic
/// arena impossible within the suite's budget. Finding a member was a linear
/// search, once per recognizer per decision: with 10,000 recognizers on a
/// tap, 10^8 steps a sub-event, minutes in a debug build; 50,000 would be
/// 25 times that (the previous referee did not finish within 150 s). A
/// linear arena handles them in a few seconds. The time limit is generous
/// because it counts from the test's start, and in the whole suite a
/// main-actor test can wait more than a minute for its turn.
@MainActor
struct ArenaScaleTests {
    static let count = 50_000

    /// Recognizes on the lift, or fails then when told to.
    final class Lift: GestureRecognizer {
        var failsOnLift = false
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            state = failsOnLift ? .failed : .ended
        }
    }

    let scene = Scene(size: Size(width: 100, height: 100))
    let layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))

    init() {
        scene.root.addChild(layer)
    }

    private func addRecognizers(failingOnLift: Bool) -> [Lift] {
        var recognizers: [Lift] = []
        recognizers.reserveCapacity(Self.count)
        for _ in 0..<Self.count {
            let recognizer = Lift()
            recognizer.failsOnLift = failingOnLift
            layer.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
        return recognizers
    }

    @Test(.timeLimit(.minutes(5)))
    func aTapWithFiftyThousandRecognizersRecognizesOnceAndLeavesNoneInPlay() {
        let recognizers = addRecognizers(failingOnLift: false)
        var recognized: [ObjectIdentifier] = []
        for recognizer in recognizers {
            _ = recognizer.addAction { recognized.append(ObjectIdentifier($0)) }
        }
        scene.send(finger(1, .down, 50, 50, at: 0))
        #expect(scene.arena.recognizers.count == Self.count)
        scene.send(finger(1, .move, 51, 50, at: 0.01))
        scene.send(finger(1, .up, 51, 50, at: 0.02))
        // Gathered most recently added first: the last one added lifts
        // first, recognizes, and prevents every other.
        #expect(recognized == [ObjectIdentifier(recognizers[Self.count - 1])])
        #expect(scene.arena.recognizers.isEmpty)
        #expect(recognizers.allSatisfy { $0.state == .possible })
        #expect(recognizers.dropLast().allSatisfy { $0.lastFailure == .preventedBy(recognizers[Self.count - 1].displayName) })

        // The arena works as before for the next tap.
        recognized.removeAll()
        scene.send(finger(1, .down, 50, 50, at: 1))
        scene.send(finger(1, .up, 50, 50, at: 1.01))
        #expect(recognized == [ObjectIdentifier(recognizers[Self.count - 1])])
        #expect(scene.arena.recognizers.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func fiftyThousandRecognizersFailingOnOneLiftAreEachResetOnce() {
        let recognizers = addRecognizers(failingOnLift: true)
        scene.send(finger(1, .down, 50, 50, at: 0))
        scene.send(finger(1, .up, 50, 50, at: 0.01))
        #expect(scene.arena.recognizers.isEmpty)
        #expect(recognizers.allSatisfy { $0.state == .possible && $0.lastFailure == .notItsGesture })
    }
}
