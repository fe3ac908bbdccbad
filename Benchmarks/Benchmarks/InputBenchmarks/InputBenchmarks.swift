import Benchmark
import BenchmarkSupport
import Tactile
import TactileSDL

// What it costs to get one SDL event into Tactile, per event.
//
// Each benchmark iteration handles 1000 events (`scalingFactor: .kilo`), so
// the table reads per event (the rows marked `*`; `--scale` shows the
// figures per iteration instead). Everything that is not the event path
// (SDL start-up, the window, putting a finger or the mouse down) happens in
// a fixture before `startMeasurement()`.
//
// | benchmark | measures |
// |---|---|
// | SDL push+poll (floor) | `SDL_PushEvent` + `SDL_PollEvent`: SDL's own cost, the floor |
// | Pump translate finger move | `translate` of an `SDL_FINGERMOTION`: Tactile's cost alone |
// | Pump translate mouse move (simulated pair) | `translate` of an `SDL_MOUSEMOTION` in the Alt two-contact mode: two events out |
// | Push+poll+translate (drain) | push one finger motion, `drain(into:)` it: the whole path a game pays |
//
// The drain polls twice per event here, once for the event and once to find
// the queue empty, and every `SDL_PollEvent` runs `SDL_PumpEvents` (most of
// the floor's cost): so drain ≈ 2 × floor + translate.
//
// The translate benchmarks must show 0 mallocs: the buffer keeps its
// capacity, and nothing on a move's path may allocate.
//
// SDL runs here on a thread of the benchmark runner, not the main thread.
// With the dummy video driver nothing minds: SDL's event queue has its own
// lock, and neither SDL nor the pump checks the thread.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // No `.cpuTotal`: on Linux it is read from /proc/self/stat in
        // scheduler ticks (10 ms), so an iteration of a few microseconds reads
        // 0 or 10 ms, and reading it costs 16 mallocs per iteration that
        // `.mallocCountTotal` then counts as the pump's.
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    registerSDLFloorBenchmark()

    Benchmark("Pump translate finger move") { (benchmark, fixture: PumpFixture) in
        let motion = fixture.fingerMotion()
        var buffer = PumpFixture.frameBuffer()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            fixture.pump.translate(motion, into: &buffer)
            blackHole(buffer)
        }
        benchmark.stopMeasurement()
        fixture.expect(buffer, pointers: 1, of: .finger, in: benchmark)
    } setup: {
        let fixture = try PumpFixture()
        fixture.putFingerDown()
        return fixture
    }

    Benchmark("Pump translate mouse move (simulated pair)") { (benchmark, fixture: PumpFixture) in
        let motion = fixture.mouseMotion()
        var buffer = PumpFixture.frameBuffer()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            fixture.pump.translate(motion, into: &buffer)
            blackHole(buffer)
        }
        benchmark.stopMeasurement()
        fixture.expect(buffer, pointers: 2, of: .simulated, in: benchmark)
    } setup: {
        let fixture = try PumpFixture()
        fixture.pressMouseWithAlt()
        return fixture
    }

    Benchmark("Push+poll+translate (drain)") { (benchmark, fixture: PumpFixture) in
        var motion = fixture.fingerMotion()
        var buffer = PumpFixture.frameBuffer()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            SDL_PushEvent(&motion)
            fixture.pump.drain(into: &buffer)
            blackHole(buffer)
        }
        benchmark.stopMeasurement()
        fixture.expect(buffer, pointers: 1, of: .finger, in: benchmark)
    } setup: {
        let fixture = try PumpFixture()
        fixture.putFingerDown()
        return fixture
    }
}

/// A hidden window on SDL's dummy video driver with a pump over it, as a game
/// has them, and helpers that make the SDL events the benchmarks feed it.
///
/// The pump reads a `ManualClock`, so no event's cost includes reading the
/// wall clock. A diagnostic would mean a benchmark measures the path for bad
/// input instead of the one it names, so any diagnostic stops the run.
final class PumpFixture {
    let window: OpaquePointer
    let windowID: UInt32
    let pump: SDLEventPump

    private let touchID: Int64 = 7
    private let fingerID: Int64 = 1

    init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        guard let window = SDL_CreateWindow("tactile-bench", 0, 0, 640, 480, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        windowID = SDL_GetWindowID(window)
        pump = SDLEventPump(window: window, clock: ManualClock(now: 100))
        pump.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        // Creating a window queues window events, and an earlier benchmark
        // may have left events behind: none of them is this benchmark's.
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    /// An empty event buffer with room for a frame's events, as a game keeps
    /// one. Made fresh for each iteration: a copy shared with the fixture
    /// would be copied on its first write, an allocation that is not the pump's.
    static func frameBuffer() -> [InputEvent] {
        var buffer: [InputEvent] = []
        buffer.reserveCapacity(64)
        return buffer
    }

    func fingerMotion() -> SDL_Event {
        finger(SDL_FINGERMOTION, x: 0.5, y: 0.5)
    }

    func mouseMotion() -> SDL_Event {
        var event = SDL_Event()
        event.motion = SDL_MouseMotionEvent(
            type: SDL_MOUSEMOTION.rawValue, timestamp: 0, windowID: windowID, which: 0,
            state: UInt32(tactile_button_mask(UInt32(SDL_BUTTON_LEFT))), x: 400, y: 300, xrel: 0, yrel: 0)
        return event
    }

    /// Puts the finger of ``fingerMotion()`` down, so that its moves are moves
    /// of a known contact.
    func putFingerDown() {
        var events: [InputEvent] = []
        pump.translate(finger(SDL_FINGERDOWN, x: 0.4, y: 0.4), into: &events)
        precondition(events.count == 1, "the finger did not go down: \(events)")
    }

    /// Presses the left button with left Alt held: the mirrored two-contact mode.
    func pressMouseWithAlt() {
        var events: [InputEvent] = []
        var key = SDL_Event()
        key.key = SDL_KeyboardEvent(
            type: SDL_KEYDOWN.rawValue, timestamp: 0, windowID: windowID,
            state: UInt8(SDL_PRESSED), repeat: 0, padding2: 0, padding3: 0,
            keysym: SDL_Keysym(
                scancode: SDL_SCANCODE_LALT, sym: Int32(bitPattern: SDLK_LALT.rawValue),
                mod: KeyModifiers.leftAlt.rawValue, unused: 0))
        pump.translate(key, into: &events)
        var button = SDL_Event()
        button.button = SDL_MouseButtonEvent(
            type: SDL_MOUSEBUTTONDOWN.rawValue, timestamp: 0, windowID: windowID, which: 0,
            button: UInt8(SDL_BUTTON_LEFT), state: UInt8(SDL_PRESSED), clicks: 1, padding1: 0, x: 300, y: 200)
        pump.translate(button, into: &events)
        precondition(pump.mouse.mode == .mirrored, "the mouse is not in the mirrored mode: \(events)")
    }

    /// Fails `benchmark` unless `buffer` holds exactly `count` moves of `kind`,
    /// the output of the last event measured.
    func expect(_ buffer: [InputEvent], pointers count: Int, of kind: PointerKind, in benchmark: Benchmark) {
        let moves = buffer.filter {
            if case .pointer(let pointer) = $0.kind { pointer.phase == .move && pointer.id.kind == kind } else { false }
        }
        if moves.count != count || buffer.count != count {
            benchmark.error("expected \(count) \(kind) move(s) per event, got \(buffer)")
        }
    }

    private func finger(_ type: SDL_EventType, x: Float, y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.tfinger = SDL_TouchFingerEvent(
            type: type.rawValue, timestamp: 0, touchId: touchID, fingerId: fingerID, x: x, y: y, dx: 0, dy: 0,
            pressure: 1, windowID: windowID)
        return event
    }
}
