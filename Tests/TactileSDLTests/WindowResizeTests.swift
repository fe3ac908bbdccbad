import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// A window resized through SDL (`SDL_SetWindowSize` on the dummy
    /// driver): fingers land where they are, in points, before and after;
    /// cursors stay inside; the app's scene and game hear of it.
    @Suite @MainActor struct WindowResize {
        /// Logs where each touch it gets began, in window points.
        final class Landings: Layer {
            var landings: [Point] = []
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
                landings += touches.map { $0.location(in: nil) }
            }
        }

        /// A scene covering `size` with one layer over all of it (and beyond,
        /// so that a grown window's fingers land on it too).
        func scene(_ size: Size) -> (Scene, Landings) {
            let scene = Scene(size: size)
            let layer = Landings(frame: Rect(x: 0, y: 0, width: 4000, height: 4000))
            scene.root.addChild(layer)
            return (scene, layer)
        }

        @Test func aFingerQueuedBeforeAResizeScalesByTheOldSizeAndOneAfterByTheNew() throws {
            let sdl = try SDLHarness(width: 640, height: 480)
            let (scene, layer) = scene(Size(width: 640, height: 480))
            sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5)
            sdl.pushFinger(SDL_FINGERUP, finger: 1, x: 0.5, y: 0.5)
            SDL_SetWindowSize(sdl.window, 800, 300)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.5, y: 0.5)
            sdl.pushFinger(SDL_FINGERUP, finger: 2, x: 0.5, y: 0.5)
            // One drain, as a frame would: SDL_GetWindowSize already says
            // 800×300 for the first finger, which was normalised to 640×480.
            for event in sdl.drain() { scene.send(event) }
            #expect(layer.landings == [Point(x: 320, y: 240), Point(x: 400, y: 150)])
            #expect(sdl.pump.windowSize == Size(width: 800, height: 300))

            // Mouse coordinates are points already: unchanged by the resize.
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 700, y: 250)
            #expect(sdl.drainPointers().map(\.location) == [Point(x: 700, y: 250)])
            #expect(sdl.diagnostics.isEmpty)
        }

        @Test func aCursorOutsideTheShrunkWindowMovesToItsEdgeWithItsContact() throws {
            let sdl = try SDLHarness(width: 800, height: 600)
            sdl.pump.controllerCursors = ControllerCursor.Settings()
            let pad = try VirtualController()
            let id = PointerID(kind: .controllerCursor, device: Int64(pad.instanceID), index: 0)
            _ = sdl.drain()
            #expect(sdl.pump.cursors[pad.instanceID]?.location == Point(x: 400, y: 300))
            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            #expect(sdl.drainPointers() == [PointerEvent(.down, id: id, location: Point(x: 400, y: 300))])

            SDL_SetWindowSize(sdl.window, 300, 200)
            #expect(sdl.drainPointers() == [PointerEvent(.move, id: id, location: Point(x: 300, y: 200))])
            #expect(sdl.pump.cursors[pad.instanceID]?.location == Point(x: 300, y: 200))
            // Growing again moves nothing.
            SDL_SetWindowSize(sdl.window, 1000, 700)
            #expect(sdl.drainPointers().isEmpty)
        }

        /// SDL refuses a 0×0 size itself; a pushed event claiming one (or a
        /// negative one) is reported and the last real size kept. A huge
        /// size is a size: locations stay finite.
        @Test func anEmptyOrHugeSizeHasADefinedOutcome() throws {
            let sdl = try SDLHarness(width: 640, height: 480)
            SDL_SetWindowSize(sdl.window, 0, 0)
            _ = sdl.drain()
            #expect(sdl.pump.windowSize == Size(width: 640, height: 480))

            for (width, height) in [(0, 0), (-5, 100)] as [(Int32, Int32)] {
                var event = SDL_Event()
                event.window = SDL_WindowEvent(
                    type: SDL_WINDOWEVENT.rawValue, timestamp: 0, windowID: sdl.windowID,
                    event: UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue), padding1: 0, padding2: 0, padding3: 0,
                    data1: width, data2: height)
                sdl.push(event)
            }
            sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.25, y: 0.5)
            #expect(sdl.drainPointers().map(\.location) == [Point(x: 160, y: 240)])
            #expect(sdl.diagnostics.map(\.problem) == [.absurdValue, .absurdValue])

            SDL_SetWindowSize(sdl.window, 1_000_000, 1_000_000)
            sdl.pushFinger(SDL_FINGERMOTION, finger: 1, x: 1, y: 0.5)
            let moved = try #require(sdl.drainPointers().first)
            #expect(moved.location.isFinite)
            #expect(moved.location == Point(x: 1_000_000, y: 500_000))
        }

        /// Records the sizes it is told of and where its scene's touches land.
        final class ResizingGame: Game {
            let layer: Landings
            var sizes: [Size] = []
            var sceneSizeWhenTold: [Size] = []
            var contexts: [(points: Size, pixels: Size, density: Double)] = []
            let scene: Scene
            var frame = 0
            /// Run each frame before the app drains: the test's hand on the window.
            var beforeFrame: (Int) -> Void = { _ in }
            /// The game's own drawing.
            var draw: () -> Void = {}

            init(scene: Scene, layer: Landings) {
                self.scene = scene
                self.layer = layer
            }
            func handle(_ event: InputEvent) {}
            func update(step: Double, now: Double) {}
            func render(in context: RenderContext) {
                draw()
                contexts.append((context.pointSize, context.pixelSize, context.pixelsPerPoint))
                frame += 1
                beforeFrame(frame)
            }
            func windowResized(to size: Size) {
                sizes.append(size)
                sceneSizeWhenTold.append(scene.size)
            }
        }

        @Test func theAppResizesItsSceneAndTellsTheGameBeforeTheFramesEvents() throws {
            var configuration = SDLApp.Configuration(title: "resize-test")
            configuration.headless = true
            configuration.isResizable = true
            configuration.allowsHighDPI = true
            configuration.width = 400
            configuration.height = 300
            configuration.frameLimit = 4
            let app = try SDLApp(configuration)
            app.pump.diagnostics = { _ in }
            let layer = Landings(frame: Rect(x: 0, y: 0, width: 4000, height: 4000))
            let scene = Scene(size: Size(width: 400, height: 300))
            scene.root.addChild(layer)
            app.loop.scene = scene
            let game = ResizingGame(scene: scene, layer: layer)
            let window = app.window
            let touchID = SDL_TouchID(7)
            func finger(_ type: SDL_EventType, _ index: Int64, _ x: Float, _ y: Float) {
                var event = SDL_Event()
                event.tfinger = SDL_TouchFingerEvent(
                    type: type.rawValue, timestamp: 0, touchId: touchID, fingerId: index, x: x, y: y, dx: 0, dy: 0,
                    pressure: 1, windowID: SDL_GetWindowID(window))
                SDL_PushEvent(&event)
            }
            // After frame 1: a finger at the centre, then a resize, then a
            // finger at the centre again; both reach frame 2.
            game.beforeFrame = { frame in
                guard frame == 1 else { return }
                finger(SDL_FINGERDOWN, 1, 0.5, 0.5)
                finger(SDL_FINGERUP, 1, 0.5, 0.5)
                SDL_SetWindowSize(window, 1000, 200)
                finger(SDL_FINGERDOWN, 2, 0.5, 0.5)
                finger(SDL_FINGERUP, 2, 0.5, 0.5)
            }
            try app.run(game)

            #expect(game.sizes == [Size(width: 1000, height: 200)])
            #expect(game.sceneSizeWhenTold == [Size(width: 1000, height: 200)])
            #expect(scene.size == Size(width: 1000, height: 200))
            #expect(layer.landings == [Point(x: 200, y: 150), Point(x: 500, y: 100)])
            // The dummy driver has one pixel per point; the context follows
            // the window's size from the frame of the resize on.
            #expect(game.contexts.map(\.points) == [
                Size(width: 400, height: 300), Size(width: 1000, height: 200),
                Size(width: 1000, height: 200), Size(width: 1000, height: 200),
            ])
            #expect(game.contexts.allSatisfy { $0.pixels == $0.points && $0.density == 1 })
        }

        /// A window made huge under the app's software renderer: SDL cannot
        /// make a surface that size, the frames still run, drawing fails
        /// quietly, and the game and scene get the size.
        @Test func aHugeWindowUnderTheAppsRendererIsNotACrash() throws {
            var configuration = SDLApp.Configuration(title: "resize-test")
            configuration.headless = true
            configuration.isResizable = true
            configuration.frameLimit = 3
            let app = try SDLApp(configuration)
            let scene = Scene(size: Size(width: 800, height: 600))
            app.loop.scene = scene
            let game = ResizingGame(scene: scene, layer: Landings(frame: Rect(x: 0, y: 0, width: 1, height: 1)))
            let window = app.window
            let renderer = try #require(app.renderer)
            game.beforeFrame = { frame in
                if frame == 1 { SDL_SetWindowSize(window, 1_000_000, 1_000_000) }
            }
            game.draw = {
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
                SDL_RenderClear(renderer)
                var box = SDL_FRect(x: 10, y: 10, w: 20, h: 20)
                SDL_RenderFillRectF(renderer, &box)
            }
            try app.run(game)
            #expect(game.sizes == [Size(width: 1_000_000, height: 1_000_000)])
            #expect(scene.size == Size(width: 1_000_000, height: 1_000_000))
            #expect(game.contexts.allSatisfy { $0.density.isFinite && $0.density > 0 })
        }

        /// A density the dummy driver cannot produce: the context's ratio,
        /// and the value it falls back to for an empty window.
        @Test func pixelsPerPointIsPixelsOverPoints() throws {
            let sdl = try SDLHarness(width: 100, height: 100)
            let retina = RenderContext(
                window: sdl.window, renderer: nil, frameIndex: 0,
                pointSize: Size(width: 400, height: 300), pixelSize: Size(width: 800, height: 600))
            #expect(retina.pixelsPerPoint == 2)
            let empty = RenderContext(
                window: sdl.window, renderer: nil, frameIndex: 0,
                pointSize: Size(width: 0, height: 0), pixelSize: Size(width: 0, height: 0))
            #expect(empty.pixelsPerPoint == 1)
            let current = RenderContext(window: sdl.window, renderer: nil, frameIndex: 0)
            #expect(current.pointSize == Size(width: 100, height: 100))
            #expect(current.pixelSize == Size(width: 100, height: 100))
        }
    }
}
