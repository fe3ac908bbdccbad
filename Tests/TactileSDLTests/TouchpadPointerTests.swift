import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// A PlayStation pad's touchpad fingers as pointers on the scene. SDL
    /// 2.26's virtual pads have no touchpad, so the touchpad events are
    /// pushed for a virtual pad that SDL takes for a DualSense, through the
    /// real queue and the real pump.
    @Suite(.serialized) @MainActor struct TouchpadPointerTests {
        func pushTouchpad(_ type: SDL_EventType, pad: Int32, finger: Int32, x: Float, y: Float, touchpad: Int32 = 0, sdl: SDLHarness) {
            var event = SDL_Event()
            event.ctouchpad = SDL_ControllerTouchpadEvent(
                type: type.rawValue, timestamp: 0, which: pad, touchpad: touchpad, finger: finger, x: x, y: y, pressure: 1)
            sdl.push(event)
        }

        func pointers(_ events: [InputEvent]) -> [PointerEvent] {
            events.compactMap { if case .pointer(let pointer) = $0.kind { pointer } else { nil } }
        }

        @Test func offByDefaultThenFingersArePointersOnTheirArea() throws {
            let sdl = try SDLHarness(width: 640, height: 480)
            let pad = try VirtualController(name: "DualSense (touchpad test)", vendor: 0x054C, product: 0x0CE6)
            _ = sdl.drain()
            let id = pad.instanceID
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 0, x: 0.5, y: 0.5, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADUP, pad: id, finger: 0, x: 0.5, y: 0.5, sdl: sdl)
            let raw = sdl.drain()
            #expect(raw.count == 2 && pointers(raw).isEmpty)

            sdl.pump.touchpadPointers = .window
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 0, x: 0.25, y: 0.5, sdl: sdl)
            sdl.pump.touchpadPointers = .rect(Rect(x: 100, y: 50, width: 200, height: 100))
            // The rectangle is read when SDL's event is translated, not when pushed.
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 1, x: 1.5, y: 0, touchpad: 1, sdl: sdl)
            let events = sdl.drain()
            let first = SDLEventPump.touchpadPointerID(controller: id, touchpad: 0, finger: 0)
            let second = SDLEventPump.touchpadPointerID(controller: id, touchpad: 1, finger: 1)
            #expect(first != second && first.kind == .controllerTouchpad)
            // Each raw touchpad event is followed by its pointer.
            #expect(events.map(\.kind) == [
                .controller(.touchpad(controller: id, touchpad: 0, finger: 0, phase: .down, location: Point(x: 0.25, y: 0.5), pressure: 1)),
                .pointer(PointerEvent(.down, id: first, location: Point(x: 150, y: 100))),
                .controller(.touchpad(controller: id, touchpad: 1, finger: 1, phase: .down, location: Point(x: 1, y: 0), pressure: 1)),
                .pointer(PointerEvent(.down, id: second, location: Point(x: 300, y: 50))),
            ])

            // Turned off, new fingers make no pointer, but those down still end.
            sdl.pump.touchpadPointers = nil
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 2, x: 0, y: 0, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADUP, pad: id, finger: 0, x: 0.5, y: 0.5, sdl: sdl)
            #expect(pointers(sdl.drain()) == [PointerEvent(.up, id: first, location: Point(x: 320, y: 240))])

            // Unplugged with a finger down: cancelled, before the removal.
            pad.detach()
            let removal = sdl.drain().map(\.kind)
            #expect(removal == [
                .pointer(PointerEvent(.cancel, id: second, location: Point(x: 300, y: 50))),
                .controller(.removed(controller: id)),
            ])
            #expect(sdl.diagnostics.isEmpty)
        }

        @Test func badTouchpadInputHasADefinedOutcome() throws {
            let sdl = try SDLHarness(width: 640, height: 480)
            let pad = try VirtualController(name: "DualSense (touchpad test)", vendor: 0x054C, product: 0x0CE6)
            _ = sdl.drain()
            let id = pad.instanceID
            let finger = SDLEventPump.touchpadPointerID(controller: id, touchpad: 0, finger: 3)
            sdl.pump.touchpadPointers = .window
            // A move and a lift of a finger that is not down: no pointer.
            pushTouchpad(SDL_CONTROLLERTOUCHPADMOTION, pad: id, finger: 3, x: 0.5, y: 0.5, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADUP, pad: id, finger: 3, x: 0.5, y: 0.5, sdl: sdl)
            // Down twice: the first contact is cancelled, then the second begins.
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 3, x: 0, y: 0, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 3, x: 1, y: 1, sdl: sdl)
            #expect(pointers(sdl.drain()) == [
                PointerEvent(.down, id: finger, location: Point(x: 0, y: 0)),
                PointerEvent(.cancel, id: finger, location: Point(x: 0, y: 0)),
                PointerEvent(.down, id: finger, location: Point(x: 640, y: 480)),
            ])
            #expect(sdl.diagnostics.map(\.problem) == [.unknownPointer, .unknownPointer, .repeatedDown])

            // Focus lost: cancelled where it was, as every pointer is.
            sdl.pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
            #expect(pointers(sdl.drain()) == [PointerEvent(.cancel, id: finger, location: Point(x: 640, y: 480))])

            // An area that is not finite maps nothing, and says so.
            sdl.pump.touchpadPointers = .rect(Rect(x: .nan, y: 0, width: 10, height: 10))
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 4, x: 0.5, y: 0.5, sdl: sdl)
            #expect(pointers(sdl.drain()).isEmpty)
            #expect(sdl.diagnostics.last?.problem == .nonFiniteValue)
            pad.detach()
            _ = sdl.drain()
        }

        /// Two fingers spreading on the pad pinch a recognizer on the layer
        /// the pad is mapped onto, through the scene like fingers on a screen.
        @Test func twoFingersOnThePadPinchALayer() throws {
            let sdl = try SDLHarness(width: 640, height: 480)
            let pad = try VirtualController(name: "DualSense (touchpad test)", vendor: 0x054C, product: 0x0CE6)
            let scene = Scene(size: Size(width: 640, height: 480))
            let map = Layer(frame: Rect(x: 120, y: 90, width: 400, height: 200))
            map.isMultipleTouchEnabled = true
            scene.root.addChild(map)
            let pinch = PinchGestureRecognizer()
            var scales: [String] = []
            pinch.addAction { scales.append("\($0.state.rawValue) \(($0.scale * 100).rounded() / 100)") }
            map.addGestureRecognizer(pinch)
            _ = sdl.drain()
            sdl.pump.touchpadPointers = .rect(TouchpadArea.frame(of: map))
            #expect(TouchpadArea.frame(of: map) == Rect(x: 120, y: 90, width: 400, height: 200))

            let id = pad.instanceID
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 0, x: 0.4, y: 0.5, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADDOWN, pad: id, finger: 1, x: 0.6, y: 0.5, sdl: sdl)
            for step in 1...4 {
                let spread = 0.1 + 0.05 * Float(step)
                sdl.clock.advance(by: 0.016)
                pushTouchpad(SDL_CONTROLLERTOUCHPADMOTION, pad: id, finger: 0, x: 0.5 - spread, y: 0.5, sdl: sdl)
                pushTouchpad(SDL_CONTROLLERTOUCHPADMOTION, pad: id, finger: 1, x: 0.5 + spread, y: 0.5, sdl: sdl)
                for event in sdl.drain() { scene.send(event) }
            }
            pushTouchpad(SDL_CONTROLLERTOUCHPADUP, pad: id, finger: 0, x: 0.2, y: 0.5, sdl: sdl)
            pushTouchpad(SDL_CONTROLLERTOUCHPADUP, pad: id, finger: 1, x: 0.8, y: 0.5, sdl: sdl)
            for event in sdl.drain() { scene.send(event) }
            // 80 points apart on the layer (0.2 of 400) spread to 240: three times.
            #expect(scales.first?.hasPrefix("began") == true)
            #expect(scales.last == "ended 3.0")
            pad.detach()
            _ = sdl.drain()
        }
    }
}
