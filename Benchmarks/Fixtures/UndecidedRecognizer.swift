// The recognizer the scene benchmarks, the overlay fixture and the debugger
// profile put on a touch's path: one that keeps deciding.
import Tactile

/// A recognizer still deciding: it measures how far its touch has gone
/// against a distance it never reaches, as a pan below its slop does.
@MainActor
public final class UndecidedRecognizer: GestureRecognizer {
    // Exclusivity: `moves` is public only so the benchmark can read it from
    // another module, and a public stored property of a class keeps its
    // runtime exclusivity check (about 90 instructions a recognizer a move:
    // a move through 20 of these is 4,797 instructions with it, 2,998
    // without). A game's own recognizer is internal to the game's module,
    // where whole-module optimisation drops the check for a property that
    // no access can conflict with (the compiler's AccessEnforcementWMO
    // pass), and the built-ins keep their per-event state unchecked; so the
    // row measures such a recognizer. The README gives the row both ways.
    @exclusivity(unchecked) public private(set) var moves = 0
    private var travelled = 0.0

    public override init() { super.init() }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        travelled += touches[0].location.distance(to: touches[0].previousLocation)
        if travelled > .greatestFiniteMagnitude { state = .began }
    }
}
