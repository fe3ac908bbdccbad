// The recognizer the scene benchmarks, the overlay fixture and the debugger
// profile put on a touch's path: one that keeps deciding.
import Tactile

/// A recognizer still deciding: it measures how far its touch has gone
/// against a distance it never reaches, as a pan below its slop does.
@MainActor
public final class UndecidedRecognizer: GestureRecognizer {
    // Exclusivity: as `Tracker`'s counters (Tracker.swift), a public stored
    // property of a public class keeps its runtime check, about 90
    // instructions a recognizer a move (callgrind, a move through 20 of
    // these: 4,797 with the check, 2,998 without); the built-ins keep
    // their per-event state the same way. The README's figures for that
    // row give both.
    @exclusivity(unchecked) public private(set) var moves = 0
    private var travelled = 0.0

    public override init() { super.init() }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        travelled += touches[0].location.distance(to: touches[0].previousLocation)
        if travelled > .greatestFiniteMagnitude { state = .began }
    }
}
