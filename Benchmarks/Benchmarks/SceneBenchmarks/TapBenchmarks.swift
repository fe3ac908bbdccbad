import Benchmark
import BenchmarkFixtures
import Tactile

// MARK: - Touch-down, touch-up and a whole tap (issue 14)

// The slow path nobody measured: a tap on a layer carrying the seven
// built-in recognizers (a tap, a double tap, a long press, a pan, a swipe,
// a pinch, a rotation). The bar: no allocation in steady state and
// a whole tap (down, up, the recognition, its action) at most 1 µs per event.
//
// | benchmark | measures |
// |---|---|
// | Touch-down, 7 built-ins | `scene.send` of the down alone (one event per sample): hit-test, gather of the 7, each one's `touchesBegan`; and the double tap's deadline from the tap before, which falls due on this event |
// | Touch-up, 7 built-ins | `scene.send` of the up alone: each one's `touchesEnded`, the tap recognizing and its action, the sweep that fails the rest, the resets, the layer's ended |
// | Whole tap, 7 built-ins | down and up, 500 taps per 1000 events: the two above together, per event |
// | Ten touches landing, 7 built-ins | ten fingers' downs on one multitouch layer carrying the seven, one round per sample (a tenth of it per touch): hit-tests, gathers, each recognizer's `touchesBegan` and what it decides (the tap fails on its second touch, and so on); the fingers lift between samples (`LandingFixture`) |
// | Ten touches landing, a tap | the same with a single tap on the layer |
// | Ten touches landing and lifting, 7 built-ins | the whole round per sample, the ten downs and then the ten ups (a twentieth of it per event): what the rows above leave out, the lifts, whose ends the pan, pinch and rotation hold back from the layer until they fail, and the ended touches made spares for the next round. Its malloc count is the round's: 0 in steady state |
//
// Taps are a second apart, longer than the double-tap window, so each is a
// single tap: the double tap sees one tap and fails when its window closes.
// Times only go forward across runs (the fixture keeps the clock), so the
// recognizers' deadlines fall due as they would in a game.

/// Registers the touch-down, touch-up and whole-tap benchmarks.
func tapBenchmarks() {
    // One event per sample: the other event of the tap is sent between
    // samples, outside the measurement. Each figure includes reading the
    // clock twice (tens of nanoseconds).
    let perEvent = Benchmark.Configuration(scalingFactor: .one)

    Benchmark("Touch-down, 7 built-ins", configuration: perEvent) { @MainActor (benchmark, fixture: TapFixture) async in
        let (down, up) = fixture.nextTap()
        let before = fixture.taps.count
        benchmark.startMeasurement()
        fixture.scene.send(down)
        benchmark.stopMeasurement()
        fixture.scene.send(up)
        if let problem = fixture.problem(taps: fixture.taps.count - before, expected: 1) { benchmark.error(problem) }
    } setup: { @MainActor in
        TapFixture()
    }

    Benchmark("Touch-up, 7 built-ins", configuration: perEvent) { @MainActor (benchmark, fixture: TapFixture) async in
        let (down, up) = fixture.nextTap()
        let before = fixture.taps.count
        fixture.scene.send(down)
        benchmark.startMeasurement()
        fixture.scene.send(up)
        benchmark.stopMeasurement()
        if let problem = fixture.problem(taps: fixture.taps.count - before, expected: 1) { benchmark.error(problem) }
    } setup: { @MainActor in
        TapFixture()
    }

    // Ten touches landing together (issue 14, item 6): the ten downs of
    // one round per sample, the lift outside the measurement. Per event:
    // divide by ten. The layer takes several touches, so every touch is
    // hit-tested, gathered for the layer's recognizers and handed to them.
    for (name, recognizers) in [("7 built-ins", LandingFixture.Recognizers.builtIns), ("a tap", .tap)] {
        Benchmark("Ten touches landing, \(name)", configuration: perEvent) { @MainActor (benchmark, fixture: LandingFixture) async in
            fixture.nextRound()
            benchmark.startMeasurement()
            for index in fixture.downs.indices { fixture.scene.send(fixture.downs[index]) }
            benchmark.stopMeasurement()
            for index in fixture.ups.indices { fixture.scene.send(fixture.ups[index]) }
            if let problem = fixture.problem() { benchmark.error(problem) }
        } setup: { @MainActor in
            LandingFixture(recognizers)
        }
    }

    // The whole round, lifts included (the rows above send them outside
    // the measurement), so that its allocation count covers everything a
    // round does: new touches and their lists, the gate's records.
    Benchmark("Ten touches landing and lifting, 7 built-ins", configuration: perEvent) { @MainActor (benchmark, fixture: LandingFixture) async in
        fixture.nextRound()
        benchmark.startMeasurement()
        for index in fixture.downs.indices { fixture.scene.send(fixture.downs[index]) }
        for index in fixture.ups.indices { fixture.scene.send(fixture.ups[index]) }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        LandingFixture(.builtIns)
    }

    Benchmark("Whole tap, 7 built-ins") { @MainActor (benchmark, fixture: TapFixture) async in
        let count = benchmark.scaledIterations.count
        let events = fixture.nextTaps(count / 2)
        let before = fixture.taps.count
        benchmark.startMeasurement()
        for index in 0..<events.count {
            fixture.scene.send(events[index])
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem(taps: fixture.taps.count - before, expected: count / 2) { benchmark.error(problem) }
    } setup: { @MainActor in
        TapFixture()
    }
}

/// A one-layer scene whose layer carries the seven built-in recognizers,
/// already through a few taps (so that every buffer has grown to its
/// working size), and a finger that taps at the same place once a second.
@MainActor
final class TapFixture {
    typealias Counter = DiscreteRecognizerFixture.Counter

    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    /// The single tap's actions: one per tap.
    let taps = Counter()
    /// Every other recognizer's actions: none, since none recognizes.
    let others = Counter()
    private let finger = PointerID(kind: .finger, device: 1, index: 0)
    private let location = Point(x: 200, y: 200)
    /// When the next tap touches down, in seconds; only ever increases.
    private var time = 0.0
    /// Reused for the whole-tap benchmark's events, so that building them
    /// allocates only the first time.
    private var events: [InputEvent] = []

    init() {
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        scene.root.addChild(layer)
        let recognizers = sevenBuiltInRecognizers()
        let tap = recognizers[0]
        let (taps, others) = (taps, others)
        for recognizer in recognizers {
            let counter = recognizer === tap ? taps : others
            recognizer.addAction { _ in counter.count += 1 }
            layer.addGestureRecognizer(recognizer)
        }
        for event in nextTaps(20) { scene.send(event) }
        precondition(taps.count == 20 && others.count == 0, "warm-up: \(taps.count) taps and \(others.count) other actions, not 20 and 0")
    }

    /// The next tap's down and up: 50 ms apart, a second after the last tap.
    func nextTap() -> (down: InputEvent, up: InputEvent) {
        let down = InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: finger, location: location)))
        let up = InputEvent(timestamp: time + 0.05, .pointer(PointerEvent(.up, id: finger, location: location)))
        time += 1
        return (down, up)
    }

    /// The next `count` taps, down and up in turn.
    func nextTaps(_ count: Int) -> [InputEvent] {
        events.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            let (down, up) = nextTap()
            events.append(down)
            events.append(up)
        }
        return events
    }

    /// What went wrong in a run that should have made `expected` taps.
    func problem(taps: Int, expected: Int) -> String? {
        guard taps == expected, others.count == 0, layer.moves == 0 else {
            return "\(taps) taps, not \(expected); \(others.count) actions of other recognizers"
        }
        return nil
    }
}
