import Testing
@testable import Tactile
import TactileTestSupport

/// The short ways on a recognizer's path (issue 14): a recognizer with one
/// action calls it without copying its list, and the pair and spread
/// helpers read in one walk what the walks they replace read, to the bit.
@MainActor
struct RecognizerActionPathTests {
    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "pad")

    init() {
        layer.isMultipleTouchEnabled = true
        scene.root.addChild(layer)
    }

    func tapOnce(_ index: Int64, at time: Double) {
        scene.send(finger(index, .down, 100, 100, at: time))
        scene.send(finger(index, .up, 100, 100, at: time + 0.05))
    }

    // MARK: One action

    @Test func aSoleTargetActionWhoseTargetHasGoneIsNotCalledAndIsDropped() {
        final class Counter { var count = 0 }
        let tap = TapGestureRecognizer()
        var counter: Counter? = Counter()
        weak let weakCounter = counter
        tap.addTarget(counter!) { counter, _ in counter.count += 1 }
        layer.addGestureRecognizer(tap)
        tapOnce(1, at: 0)
        #expect(weakCounter?.count == 1)
        counter = nil
        #expect(weakCounter == nil)
        tapOnce(1, at: 1)
        // Dropped: an action added now is the only one, and runs once.
        var later = 0
        tap.addAction { _ in later += 1 }
        tapOnce(1, at: 2)
        #expect(later == 1)
    }

    /// The sole action is called borrowed from the list, not retained: one
    /// that removes itself must still be alive, with what it captured,
    /// until it returns (its removal is held until `sendActions` ends).
    @Test func aSoleActionThatRemovesItselfIsFreedOnlyOnceItHasReturned() {
        final class Log { var lines: [String] = [] }
        final class Probe {
            let log: Log
            init(_ log: Log) { self.log = log }
            deinit { log.lines.append("freed") }
        }
        final class Slot { var id: GestureRecognizer.ActionID? }
        let log = Log()
        let slot = Slot()
        let tap = TapGestureRecognizer()
        do {
            // Held by the action's closure alone.
            let probe = Probe(log)
            slot.id = tap.addAction { [probe] tap in
                tap.removeAction(slot.id!)
                probe.log.lines.append("returns")
            }
        }
        layer.addGestureRecognizer(tap)
        tapOnce(1, at: 0)
        #expect(log.lines == ["returns", "freed"])
        tapOnce(1, at: 1)
        #expect(log.lines == ["returns", "freed"])
    }

    @Test func aSoleActionThatRemovesItselfAndAddsAnotherRunsOnceAndTheNewOneNextTime() {
        let tap = TapGestureRecognizer()
        final class Record {
            var calls: [String] = []
            var first: GestureRecognizer.ActionID?
        }
        let record = Record()
        record.first = tap.addAction { tap in
            record.calls.append("first")
            tap.removeAction(record.first!)
            tap.addAction { _ in record.calls.append("second") }
        }
        layer.addGestureRecognizer(tap)
        tapOnce(1, at: 0)
        #expect(record.calls == ["first"])
        tapOnce(1, at: 1)
        #expect(record.calls == ["first", "second"])
    }

    // MARK: Geometry read in place

    /// Checks the helpers against the walks they stand for on every
    /// sub-event of ten fingers landing, wandering and lifting one by one.
    final class GeometryProbe: GestureRecognizer {
        var checks = 0
        var mismatches: [String] = []

        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            comparePair(including: nil)
            compareSlop()
            // Every touch down: `touchSpread`'s second walk without phase tests.
            compareSpread()
        }

        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            // Down to no touch down at the last lift.
            compareSlop()
            // The lifting touch followed but not down: the walk that tests phases.
            compareSpread()
            for touch in touches {
                comparePair(including: touch)
                let spreads = touchSpreads(lifting: touch)
                let with = touchCentroid(including: touch)
                let without = touchCentroid()
                let expected = (including: (touchSpan(around: with.center, including: touch), with.count),
                                excluding: (touchSpan(around: without.center), without.count))
                checks += 1
                // Bit for bit: the pinch's scale must not move by an ulp.
                if spreads.including.span.bitPattern != expected.including.0.bitPattern
                    || spreads.including.count != expected.including.1
                    || spreads.excluding.span.bitPattern != expected.excluding.0.bitPattern
                    || spreads.excluding.count != expected.excluding.1 {
                    mismatches.append("lift \(touch.pointer.index): \(spreads) vs \(expected)")
                }
            }
        }

        /// `touchSpread()` against the span about the centroid, bit for bit.
        private func compareSpread() {
            let spread = touchSpread()
            let centroid = touchCentroid()
            let span = touchSpan(around: centroid.center)
            checks += 1
            if spread.span.bitPattern != span.bitPattern || spread.count != centroid.count {
                mismatches.append("spread \(spread) vs \((span, centroid.count))")
            }
        }

        /// `isBeyondSlop` against the test it stands for, with odd slops and
        /// distances too (NaN, which `slopDistance`'s `max` passes over,
        /// negative, infinite, either zero).
        private func compareSlop() {
            let values: [Double] = [.nan, -.infinity, -1, -0.0, 0, 0.5, 17.999, 18, 18.001, 100, .infinity]
            for touchSlop in values {
                for precise in [1.0, .nan] {
                    let slop = GestureSlop(touch: touchSlop, precisePointer: precise)
                    for distance in values {
                        checks += 1
                        if isBeyondSlop(distance, slop) != (distance > slopDistance(slop)) {
                            mismatches.append("slop \(touchSlop) at \(distance)")
                        }
                    }
                }
            }
        }

        private func comparePair(including lifting: Touch?) {
            let pair = firstTwoTouchLocations(including: lifting)
            let touches = firstTwoTouches(including: lifting)
            checks += 1
            switch (pair, touches) {
            case (nil, nil):
                break
            case let (pair?, touches?):
                if pair.first != touches.first.location || pair.second != touches.second.location
                    || pair.firstTouch != ObjectIdentifier(touches.first) || pair.secondTouch != ObjectIdentifier(touches.second) {
                    mismatches.append("pair \(pair) vs \(touches.first.pointer.index),\(touches.second.pointer.index)")
                }
            default:
                mismatches.append("pair \(String(describing: pair)) vs \(String(describing: touches))")
            }
        }
    }

    /// Also `isBeyondSlop(_:_:)` against `slopDistance(_:)`, and `touchSpread()`
    /// against `touchSpan(around: touchCentroid())`, on each of those sub-events.
    @Test func thePairAndTheSpreadsReadInPlaceAreTheWalksValues() {
        let probe = GeometryProbe()
        layer.addGestureRecognizer(probe)
        var random = SplitMix64(seed: 14)
        var time = 0.0
        var spot: [Point] = []
        for index in 0..<10 {
            let point = Point(x: 50 + random.unit() * 700, y: 50 + random.unit() * 500)
            spot.append(point)
            time += 0.004
            scene.send(finger(Int64(index), .down, point.x, point.y, at: time))
        }
        for step in 0..<200 {
            let index = step % 10
            spot[index] = spot[index] + Point(x: random.unit() * 30 - 15, y: random.unit() * 30 - 15)
            time += 0.004
            scene.send(finger(Int64(index), .move, spot[index].x, spot[index].y, at: time))
        }
        // Each lifts where it moves to, so the lift carries a move.
        for index in [3, 0, 9, 1, 5, 2, 8, 4, 7, 6] {
            time += 0.004
            scene.send(finger(Int64(index), .up, spot[index].x + 3, spot[index].y - 2, at: time))
        }
        #expect(probe.checks > 200)
        #expect(probe.mismatches.isEmpty)
    }
}

extension SplitMix64 {
    /// A double in [0, 1).
    fileprivate mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
