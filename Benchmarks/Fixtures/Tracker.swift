// The layer and the one-layer scene that the move benchmarks
// (SceneBenchmarks) and the path profiles (PathProfile) share: a bare
// move's figure in the README is the same scene in both.
import Tactile

/// A layer that follows the touches on it, as a draggable piece does: the
/// little work a real `touchesMoved` does, so that delivery is measured
/// with a handler that reads the touch. Its other handlers do nothing (a
/// layer's default passes them up the responder chain).
@MainActor
public final class Tracker: Layer {
    // Exclusivity: public stored properties of a public class keep their
    // runtime checks (about 110 instructions a move, callgrind); the
    // handler's plain writes need none. The benchmarks' private copy of
    // this class, before it was shared, had the checks optimised away.
    @exclusivity(unchecked) public private(set) var moves = 0
    /// Where the last move was, in the tracker's own coordinates.
    @exclusivity(unchecked) public private(set) var lastLocation = Point.zero

    public override init(frame: Rect, name: String? = nil) {
        super.init(frame: frame, name: name)
        handlesTouches = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        lastLocation = touches[0].location(in: self)
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
}

/// An 800 × 600 scene whose one layer, a ``Tracker``, covers it, and the
/// finger that moves on it: issue 14's "a finger move through one layer
/// with no recognizer".
@MainActor
public final class OneLayerScene {
    public let scene = Scene(size: Size(width: 800, height: 600))
    public let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    public let finger = PointerID(kind: .finger, device: 1, index: 0)

    public init() {
        scene.root.addChild(layer)
    }

    /// The finger touching down at (200, 200) at `time`.
    @inlinable
    public func down(at time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: finger, location: Point(x: 200, y: 200))))
    }

    /// The finger's move number `step` at `time`: to x = 201, 200, 201…, so
    /// that the first differs from where it landed and every move is a
    /// real one, within a tap's slop.
    // Inlinable: PathProfile builds each move in its counted loop, and a
    // call into this module cost it about 190 instructions a move.
    @inlinable
    public func move(_ step: Int, at time: Double) -> InputEvent {
        InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: finger, location: Point(x: 200 + Double((step + 1) % 2), y: 200))))
    }
}

/// Puts `layer` under `scene`'s root as a layer that takes several touches,
/// and makes any diagnostic stop the benchmark (a fixture that causes one
/// measures a path it did not mean to): how the ten-finger fixtures
/// (``LandingFixture``, ``CirclingFixture``) start.
@MainActor
func addMultiTouchLayer(_ layer: Tracker, to scene: Scene) {
    scene.diagnostics = { diagnostic in
        fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
    }
    layer.isMultipleTouchEnabled = true
    scene.root.addChild(layer)
}
