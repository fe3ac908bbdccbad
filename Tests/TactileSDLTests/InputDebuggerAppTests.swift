import Tactile
import Testing
@testable import TactileDebugDrawing
import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// The input debugger run the way a game runs it, through
    /// `SDLApp.runWithInputDebugger`: a window resized through SDL's event
    /// queue while it is on, and a controller connected before it came on.
    @Suite @MainActor struct InputDebuggerApp {
        /// A canvas game that clears each frame and lets the test act
        /// after each of its frames is drawn (before the overlay's).
        final class Probe: CanvasGame {
            var frame = 0
            var afterFrame: (Int) -> Void = { _ in }
            var resizes: [Size] = []
            func handle(_ event: InputEvent) {}
            func update(step: Double, now: Double) {}
            func render(on canvas: Canvas) {
                canvas.clear(.black)
                frame += 1
                afterFrame(frame)
            }
            func windowResized(to size: Size) { resizes.append(size) }
        }

        /// Counts the touches that begin and end (or are cancelled) for it.
        final class Pad: Layer {
            var began = 0
            var finished = 0
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { began += touches.count }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { finished += touches.count }
            override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { finished += touches.count }
        }

        func app(width: Int32, height: Int32, frames: Int) throws -> SDLApp {
            var configuration = SDLApp.Configuration(title: "debugger-app-test")
            configuration.headless = true
            configuration.isResizable = true
            configuration.width = width
            configuration.height = height
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            app.pump.diagnostics = { _ in }
            return app
        }

        @Test func aResizeThroughSDLMovesTheOverlayAndTheGameKeepsItsTouch() throws {
            let app = try app(width: 400, height: 300, frames: 6)
            let scene = Scene(size: Size(width: 400, height: 300))
            let pad = Pad(frame: Rect(x: 150, y: 100, width: 100, height: 100), name: "pad")
            pad.handlesTouches = true
            pad.addGestureRecognizer(PanGestureRecognizer())
            scene.root.addChild(pad)
            app.loop.scene = scene
            let game = Probe()
            let window = app.window
            func finger(_ type: SDL_EventType, _ x: Float, _ y: Float) {
                var event = SDL_Event()
                event.tfinger = SDL_TouchFingerEvent(
                    type: type.rawValue, timestamp: 0, touchId: 3, fingerId: 1, x: x, y: y, dx: 0, dy: 0,
                    pressure: 1, windowID: SDL_GetWindowID(window))
                SDL_PushEvent(&event)
            }
            // A finger down at the window's centre, (200, 150) in points,
            // moved a little, then the window resized through SDL (its
            // SDL_WINDOWEVENT_SIZE_CHANGED comes through the queue), the
            // finger still down.
            game.afterFrame = { frame in
                switch frame {
                case 1: finger(SDL_FINGERDOWN, 0.5, 0.5)
                case 2: finger(SDL_FINGERMOTION, 0.505, 0.5)
                case 3: SDL_SetWindowSize(window, 640, 480)
                default: break
                }
            }
            var image: Image?
            app.lastFrameRendered = { context in
                image = try Canvas(renderer: try #require(context.renderer)).readPixels()
            }
            try app.runWithInputDebugger(game) { $0.isRecording = true }

            let pixels = try #require(image)
            #expect(game.resizes == [Size(width: 640, height: 480)])
            #expect((pixels.width, pixels.height) == (640, 480))
            // The game kept its touch: down once, not ended or cancelled.
            #expect(scene.event.allTouches.count == 1)
            #expect(pad.began == 1 && pad.finished == 0)
            let touch = try #require(scene.event.allTouches.first)
            // The overlay's ring around it, where it is in points.
            var ring = 0
            for y in 120..<182 { for x in 170..<232 where pixels.pixel(x: x, y: y) == InputDebugOverlay.ring { ring += 1 } }
            #expect(ring > 100, "ring around \(touch.location)")
            // The timeline along the bottom of the new size, none where the
            // old size's bottom was (the game clears every frame).
            let timelineTop = 480 - Int(12 * InputDebugOverlay.lineHeight) - 8
            func timeline(_ rows: Range<Int>) -> Int {
                var count = 0
                for y in rows { for x in 0..<640 where pixels.pixel(x: x, y: y) == InputDebugOverlay.timelineText { count += 1 } }
                return count
            }
            #expect(timeline(timelineTop..<480) > 200)
            #expect(timeline(205..<timelineTop) == 0)
        }

        @Test func aPadConnectedBeforeTheDebuggerCameOnShowsWhoItIs() throws {
            let app = try app(width: 640, height: 480, frames: 5)
            app.loop.scene = Scene(size: Size(width: 640, height: 480))
            // Connected before the run: its "added" is drained in the first
            // frame, while the debugger is off and not listening.
            let pad = try VirtualController(name: "Tactile Probe Pad")
            let game = Probe()
            var debugger: InputDebugger?
            var readings: [[ControllerReading]] = []
            game.afterFrame = { frame in
                readings.append(debugger?.controllers ?? [])
                switch frame {
                case 2: debugger?.isRecording = true
                case 3: pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
                default: break
                }
            }
            var image: Image?
            app.lastFrameRendered = { context in
                image = try Canvas(renderer: try #require(context.renderer)).readPixels()
            }
            try app.runWithInputDebugger(game) { debugger = $0 }

            let identity = try #require(app.pump.controller(pad.instanceID)?.identity)
            // Off: nothing. On (frame 3): the pad, with who it is, before it
            // sent anything. Then its button.
            #expect(readings[0].isEmpty && readings[1].isEmpty)
            #expect(readings[2].map(\.controller) == [pad.instanceID])
            #expect(readings[2].first?.identity == identity)
            #expect(readings[4].first?.identity == identity)
            #expect(readings[4].first?.pressedButtons == [.south])
            // The overlay's right column names it.
            let pixels = try #require(image)
            var device = 0
            for y in 0..<12 { for x in 320..<640 where pixels.pixel(x: x, y: y) == InputDebugOverlay.device { device += 1 } }
            #expect(device > 100)
        }

        /// A button and a stick held on a pad through SDL's queue while the
        /// debugger is off (their events are drained and missed): switched
        /// on, it shows them held at once, read from the pump, before the
        /// pad sends anything more; released, they show released.
        @Test func buttonsHeldBeforeTheDebuggerCameOnShowHeld() throws {
            let app = try app(width: 640, height: 480, frames: 6)
            app.loop.scene = Scene(size: Size(width: 640, height: 480))
            let pad = try VirtualController(name: "Tactile Held Pad")
            let game = Probe()
            var debugger: InputDebugger?
            var onAtOnce: [ControllerReading] = []
            var readings: [[ControllerReading]] = []
            game.afterFrame = { frame in
                readings.append(debugger?.controllers ?? [])
                switch frame {
                case 1:
                    pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
                    pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
                case 3:
                    debugger?.isRecording = true
                    onAtOnce = debugger?.controllers ?? []
                case 4:
                    pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
                default: break
                }
            }
            try app.runWithInputDebugger(game) { debugger = $0 }

            let identity = try #require(app.pump.controller(pad.instanceID)?.identity)
            #expect(readings[2].isEmpty)
            #expect(onAtOnce.map(\.controller) == [pad.instanceID])
            #expect(onAtOnce.first?.identity == identity)
            #expect(onAtOnce.first?.pressedButtons == [.south])
            #expect(onAtOnce.first?.value(of: .leftX) == 1)
            #expect(onAtOnce.first?.value(of: .leftY) == 0)
            // The release reaches it as an event; the stick stays.
            #expect(readings[5].first?.pressedButtons == [])
            #expect(readings[5].first?.value(of: .leftX) == 1)
        }

        /// SDL_RENDER_DEVICE_RESET through SDL's queue (the renderer's
        /// textures lost their contents): `SDLApp.run` has the canvas
        /// release the overlay's kept lines before the next frame, which
        /// draws them again, the same pixels as before the reset.
        @Test func aRenderDeviceResetReleasesTheCanvasTexturesAndTheOverlayDrawsAgain() throws {
            let app = try app(width: 400, height: 300, frames: 4)
            let scene = Scene(size: Size(width: 400, height: 300))
            app.loop.scene = scene
            let game = Probe()
            var kept: [Int] = []
            final class Watcher: CanvasGame {
                let probe: Probe
                var before: (Canvas) -> Void = { _ in }
                init(_ probe: Probe) { self.probe = probe }
                func handle(_ event: InputEvent) {}
                func update(step: Double, now: Double) {}
                func render(on canvas: Canvas) {
                    before(canvas)
                    probe.render(on: canvas)
                }
                func windowResized(to size: Size) {}
            }
            let watcher = Watcher(game)
            // How many lines the canvas keeps as each frame starts.
            watcher.before = { canvas in kept.append(canvas.lineImages.entries.count) }
            game.afterFrame = { frame in
                if frame == 2 {
                    var event = SDL_Event()
                    event.type = SDL_RENDER_DEVICE_RESET.rawValue
                    SDL_PushEvent(&event)
                }
            }
            var images: [Image] = []
            app.lastFrameRendered = { context in
                images.append(try Canvas(renderer: try #require(context.renderer)).readPixels())
            }
            try app.runWithInputDebugger(watcher) { $0.isRecording = true }
            // Frame 1 keeps the overlay's lines, frame 2 finds them kept;
            // the reset comes before frame 3, which starts with none.
            #expect(kept.count == 4, "\(kept)")
            #expect(kept[0] == 0 && kept[1] > 0 && kept[2] == 0 && kept[3] > 0, "\(kept)")
            #expect(app.pump.renderDeviceResets == 1)
            let image = try #require(images.last)
            #expect(SoftwareCanvas.count(of: InputDebugOverlay.text, in: image) > 100)
        }
    }
}
