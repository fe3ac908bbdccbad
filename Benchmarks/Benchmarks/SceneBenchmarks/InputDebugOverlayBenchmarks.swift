import Benchmark
import Tactile
import TactileDebugDrawing
import TactileSDL

// MARK: - The input debugger's overlay (issue 19)

// The bar: the overlay's drawing for 10 touches and 50 recognizers
// takes at most 1 ms a frame on the software renderer.
//
// | benchmark | measures |
// |---|---|
// | Debugger overlay: 10 touches, 50 recognizers | one frame of `InputDebugOverlay.draw(on:)` on SDL's software renderer into an 800×600 surface, cleared first: 10 touches, each on a layer of its own with 5 undecided recognizers (50 rows), each with a trail of 30 frames; the header and status lines; 12 rows of timeline |
// | Debugger overlay: 10 touches, 50 recognizers, nothing cached | the same, drawn alternately on that surface and one a pixel taller, so that no line's rectangles from the frame before can be used (they are kept for a target of one size): every line laid out afresh, the worst case |
// | Debugger overlay: the clear alone | the same surface cleared and nothing drawn: the game's part of the row above, to subtract from it |
//
// Per frame (scaling factor one): the figure to hold against a 16.7 ms
// frame, and the floor's figure is per event as everywhere else.

/// Registers the overlay's benchmark.
func inputDebugOverlayBenchmarks() {
    Benchmark(
        "Debugger overlay: 10 touches, 50 recognizers",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
    ) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.canvas.clear(.black)
            fixture.overlay.draw(on: fixture.canvas)
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        try OverlayFixture()
    }
    Benchmark(
        "Debugger overlay: 10 touches, 50 recognizers, nothing cached",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
    ) { @MainActor (benchmark, fixture: OverlayFixture) async in
        var taller = false
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let canvas = taller ? fixture.tallerCanvas : fixture.canvas
            canvas.clear(.black)
            fixture.overlay.draw(on: canvas)
            taller.toggle()
        }
        benchmark.stopMeasurement()
        if let problem = fixture.problem() { benchmark.error(problem) }
    } setup: { @MainActor in
        try OverlayFixture()
    }
    Benchmark(
        "Debugger overlay: the clear alone",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
    ) { @MainActor (benchmark, fixture: OverlayFixture) async in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.canvas.clear(.black)
        }
        benchmark.stopMeasurement()
    } setup: { @MainActor in
        try OverlayFixture()
    }
}

/// Ten fingers down, each on a layer with five undecided recognizers, a
/// recording debugger that has seen them move for half a second, and a
/// canvas over a software renderer.
@MainActor
final class OverlayFixture {
    let scene = Scene(size: Size(width: 800, height: 600))
    let clock = ManualClock()
    let loop: GameLoop
    let debugger: InputDebugger
    let overlay: InputDebugOverlay
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let canvas: Canvas
    /// A canvas over a surface one pixel taller, for the row with nothing cached.
    let tallerSurface: UnsafeMutablePointer<SDL_Surface>
    let tallerRenderer: OpaquePointer
    let tallerCanvas: Canvas

    init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 32, tactile_pixelformat_argb8888()) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("SDL_CreateSoftwareRenderer") }
        self.surface = surface
        self.renderer = renderer
        canvas = Canvas(renderer: renderer)
        guard let tallerSurface = SDL_CreateRGBSurfaceWithFormat(0, 800, 601, 32, tactile_pixelformat_argb8888()) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let tallerRenderer = SDL_CreateSoftwareRenderer(tallerSurface) else { throw SDLError("SDL_CreateSoftwareRenderer") }
        self.tallerSurface = tallerSurface
        self.tallerRenderer = tallerRenderer
        tallerCanvas = Canvas(renderer: tallerRenderer)
        scene.diagnostics = nil
        loop = GameLoop(clock: GameClock(base: clock))
        loop.scene = scene
        debugger = InputDebugger(loop: loop)
        debugger.isRecording = true
        overlay = InputDebugOverlay(debugger: debugger)
        for index in 0..<10 {
            let layer = Layer(frame: Rect(x: 40 + Double(index % 5) * 150, y: 80 + Double(index / 5) * 220, width: 120, height: 180), name: "pad \(index)")
            for _ in 0..<5 { layer.addGestureRecognizer(UndecidedRecognizer()) }
            scene.root.addChild(layer)
        }
        var events: [InputEvent] = []
        for frame in 0..<30 {
            events.removeAll(keepingCapacity: true)
            for index in 0..<10 {
                let id = PointerID(kind: .finger, device: 1, index: Int64(index))
                let location = Point(x: 100 + Double(index % 5) * 150 + Double(frame), y: 170 + Double(index / 5) * 220)
                events.append(InputEvent(timestamp: clock.now, .pointer(PointerEvent(frame == 0 ? .down : .move, id: id, location: location))))
            }
            loop.frame(events: &events)
            clock.advance(by: loop.step)
        }
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        SDL_DestroyRenderer(tallerRenderer)
        SDL_FreeSurface(tallerSurface)
    }

    /// What is wrong with the frame drawn, if anything: ten touches down,
    /// and the overlay's cyan rings around them in the pixels.
    func problem() -> String? {
        guard scene.event.allTouches.count == 10 else { return "\(scene.event.allTouches.count) touches down, not 10" }
        guard let image = try? canvas.readPixels() else { return "the pixels could not be read" }
        let ring = Color(r: 0, g: 255, b: 255)
        var rings = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) == ring { rings += 1 }
        }
        return rings > 10 * 100 ? nil : "only \(rings) pixels of the touches' rings"
    }
}
