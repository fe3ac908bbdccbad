// The recognizer the scene benchmarks, the overlay fixture and the debugger
// profile put on a touch's path: one that keeps deciding.
import Tactile

/// A recognizer still deciding: it measures how far its touch has gone
/// against a distance it never reaches, as a pan below its slop does.
@MainActor
public final class UndecidedRecognizer: GestureRecognizer {
    // Exclusivity: as `Tracker`'s counters (Tracker.swift), a public stored
    // property of a public class keeps its runtime check, which was a
    // quarter of a move through 20 of these (callgrind: about 75
    // instructions a recognizer, the arena's own share being about 60);
    // the built-ins keep their per-event state the same way.
    @exclusivity(unchecked) public private(set) var moves = 0
    private var travelled = 0.0

    public override init() { super.init() }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        travelled += touches[0].location.distance(to: touches[0].previousLocation)
        if travelled > .greatestFiniteMagnitude { state = .began }
    }
}
