// The input debugger overlay's workload (issue 19), shared by its benchmark
// rows (SceneBenchmarks/InputDebugOverlayBenchmarks.swift) and the callgrind
// workloads (Evaluation/DebuggerProfile), so that both measure one scene.
import Tactile
import TactileDebugDrawing
import TactileSDL

/// Ten fingers down, each on a layer of its own with five undecided
/// recognizers (50 recognizer rows), a recording debugger that has seen
/// them move for half a second (30 frames of trail each), and a canvas over
/// SDL's software renderer drawing into an 800×600 ARGB8888 surface.
@MainActor
public final class OverlayFixture {
    /// A software renderer over a surface of its own, and a canvas over it.
    public final class Target {
        public let surface: UnsafeMutablePointer<SDL_Surface>
        public let renderer: OpaquePointer
        public let canvas: Canvas

        public init(width: Int32, height: Int32) throws {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, tactile_pixelformat_argb8888()) else {
                throw SDLError("SDL_CreateRGBSurfaceWithFormat")
            }
            guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
                SDL_FreeSurface(surface)
                throw SDLError("SDL_CreateSoftwareRenderer")
            }
            self.surface = surface
            self.renderer = renderer
            canvas = Canvas(renderer: renderer)
        }

        deinit {
            // The canvas's textures belong to the renderer: gone first.
            canvas.releaseTextures()
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    public let scene = Scene(size: Size(width: 800, height: 600))
    public let clock = ManualClock()
    public let loop: GameLoop
    public let debugger: InputDebugger
    public let overlay: InputDebugOverlay
    public let target: Target
    public var canvas: Canvas { target.canvas }
    private var events: [InputEvent] = []
    /// Frames the fingers have moved since they went down.
    public private(set) var frame = 0

    public init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        target = try Target(width: 800, height: 600)
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
        events.reserveCapacity(16)
        for _ in 0..<30 { moveFingers() }
    }

    /// Runs one loop frame in which every finger moves a point, right for
    /// 30 frames and back for 30 (the first frame puts them down): new
    /// trails, rings, header and recorded frames for the next drawing.
    public func moveFingers() {
        events.removeAll(keepingCapacity: true)
        let offset = Double(frame % 60 < 30 ? frame % 60 : 60 - frame % 60)
        for index in 0..<10 {
            let id = PointerID(kind: .finger, device: 1, index: Int64(index))
            let location = Point(x: 100 + Double(index % 5) * 150 + offset, y: 170 + Double(index / 5) * 220)
            events.append(InputEvent(timestamp: clock.now, .pointer(PointerEvent(frame == 0 ? .down : .move, id: id, location: location))))
        }
        loop.frame(events: &events)
        clock.advance(by: loop.step)
        frame += 1
    }

    /// What is wrong with the frame last drawn on `canvas` (the fixture's
    /// own by default), if anything: ten touches down, and the overlay's
    /// cyan rings and white text in the pixels.
    public func problem(on canvas: Canvas? = nil) -> String? {
        guard scene.event.allTouches.count == 10 else { return "\(scene.event.allTouches.count) touches down, not 10" }
        guard let image = try? (canvas ?? self.canvas).readPixels() else { return "the pixels could not be read" }
        let ring = Color(r: 0, g: 255, b: 255)
        var rings = 0
        var text = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel == ring { rings += 1 } else if pixel == .white { text += 1 }
            }
        }
        guard rings > 10 * 100 else { return "only \(rings) pixels of the touches' rings" }
        return text > 50 * 60 ? nil : "only \(text) pixels of white text for 50 recognizer rows"
    }
}
