import Benchmark
import Tactile

/// A scene with a ring of 8 snapshots whose state does not change between
/// captures: the stroke fixture, measured capturing round the ring or
/// restoring round it.
@MainActor
protocol SnapshotRingFixture: AnyObject {
    var scene: Scene { get }
    var ring: [SceneSnapshot] { get set }
    var problem: String? { get }
}

extension SnapshotRingFixture {
    /// A 400 × 400 layer under `scene`'s root carrying `recognizer`.
    static func canvas(in scene: Scene, carrying recognizer: GestureRecognizer) {
        scene.diagnostics = nil
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "canvas")
        scene.root.addChild(layer)
        layer.addGestureRecognizer(recognizer)
    }

    /// Captures round the ring once, so that every snapshot has its
    /// buffers, then once an iteration, measured.
    func measureCaptures(_ benchmark: Benchmark) {
        for slot in 0..<ring.count { _ = try? scene.capture(into: &ring[slot]) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            _ = try? scene.capture(into: &ring[index & 7])
        }
        benchmark.stopMeasurement()
        if let problem { benchmark.error(problem) }
    }

    /// Captures round the ring once, then restores round it once an
    /// iteration, measured.
    func measureRestores(_ benchmark: Benchmark) {
        for slot in 0..<ring.count { _ = try? scene.capture(into: &ring[slot]) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            try? scene.restore(ring[index & 7])
        }
        benchmark.stopMeasurement()
        if let problem { benchmark.error(problem) }
    }
}
