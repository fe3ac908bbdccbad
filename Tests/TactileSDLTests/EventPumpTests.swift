import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// The pump, fed through SDL's real queue: every test pushes SDL events
    /// with `SDL_PushEvent` and checks what the pump makes of them.
    @Suite @MainActor struct EventPump {
        // MARK: Fingers

        @Test(arguments: [(640, 480), (1024, 768), (333, 201)])
        func fingerCoordinatesBecomeWindowPoints(width: Int32, height: Int32) throws {
            let sdl = try SDLHarness(width: width, height: height)
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.25, y: 0.5, pressure: 0.75)
            sdl.pushFinger(SDL_FINGERMOTION, x: 1, y: 0)
            sdl.pushFinger(SDL_FINGERUP, x: 0, y: 1)
            let id = PointerID(kind: .finger, device: 7, index: 1)
            #expect(sdl.drainPointers() == [
                PointerEvent(.down, id: id, location: Point(x: 0.25 * Double(width), y: 0.5 * Double(height)), pressure: 0.75),
                PointerEvent(.move, id: id, location: Point(x: Double(width), y: 0), pressure: 1),
                PointerEvent(.up, id: id, location: Point(x: 0, y: Double(height)), pressure: 1),
            ])
            #expect(sdl.diagnostics.isEmpty)
        }

        @Test func fingersOfTwoTouchDevicesAreDifferentPointers() throws {
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERDOWN, touch: 1, finger: 0, x: 0.1, y: 0.1)
            sdl.pushFinger(SDL_FINGERDOWN, touch: 2, finger: 0, x: 0.2, y: 0.2)
            sdl.pushFinger(SDL_FINGERUP, touch: 1, finger: 0, x: 0.1, y: 0.1)
            let pointers = sdl.drainPointers()
            #expect(pointers.map(\.id) == [
                PointerID(kind: .finger, device: 1, index: 0),
                PointerID(kind: .finger, device: 2, index: 0),
                PointerID(kind: .finger, device: 1, index: 0),
            ])
            #expect(pointers.map(\.phase) == [.down, .down, .up])
        }

        @Test func outOfRangeFingerCoordinatesAreClampedIntoTheWindow() throws {
            let sdl = try SDLHarness(width: 200, height: 100)
            sdl.pushFinger(SDL_FINGERDOWN, x: -0.01, y: 1.02, pressure: 1.5)
            #expect(sdl.drainPointers().map(\.location) == [Point(x: 0, y: 100)])
            #expect(sdl.diagnostics.isEmpty)
        }

        @Test func nonFiniteFingerCoordinatesAreDroppedWithADiagnostic() throws {
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERDOWN, x: .nan, y: 0.5)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.5, y: .infinity)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.nonFiniteValue, .nonFiniteValue])
        }

        @Test func movesAndUpsOfFingersThatAreNotDownAreDropped() throws {
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERMOTION, finger: 9, x: 0.5, y: 0.5)
            sdl.pushFinger(SDL_FINGERUP, finger: 9, x: 0.5, y: 0.5)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.unknownPointer, .unknownPointer])
        }

        @Test func aSecondDownCancelsTheFirstContact() throws {
            let sdl = try SDLHarness(width: 100, height: 100)
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.125, y: 0.125)
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.875, y: 0.875)
            let pointers = sdl.drainPointers()
            #expect(pointers.map(\.phase) == [.down, .cancel, .down])
            #expect(pointers[1].location == Point(x: 12.5, y: 12.5))
            #expect(sdl.diagnostics.map(\.problem) == [.repeatedDown])
        }

        @Test func eventsForAnotherWindowAreDropped() throws {
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5, windowID: sdl.windowID + 1000)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.otherWindow])
        }

        // MARK: SDL's synthetic duplicates

        @Test func fingerEventsSDLMadeFromTheMouseAreNotASecondPointer() throws {
            let sdl = try SDLHarness()
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20)
            sdl.pushFinger(SDL_FINGERDOWN, touch: tactile_mouse_touch_id(), finger: 0, x: 10.0 / 640, y: 20.0 / 480)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 10, y: 20)
            sdl.pushFinger(SDL_FINGERUP, touch: tactile_mouse_touch_id(), finger: 0, x: 10.0 / 640, y: 20.0 / 480)
            let pointers = sdl.drainPointers()
            #expect(pointers.map(\.id) == Array(repeating: PointerID(kind: .mouse, device: 0, index: 0), count: 2))
            #expect(pointers.map(\.phase) == [.down, .up])
        }

        @Test func mouseEventsSDLMadeFromTouchesAreNotASecondPointer() throws {
            let sdl = try SDLHarness(width: 100, height: 100)
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 50, y: 50, which: tactile_touch_mouse_id())
            sdl.pushMouseMotion(x: 60, y: 50, which: tactile_touch_mouse_id())
            sdl.pushFinger(SDL_FINGERUP, x: 0.6, y: 0.5)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 60, y: 50, which: tactile_touch_mouse_id())
            let events = sdl.drain()
            #expect(events.count == 2)
            #expect(events.allSatisfy { if case .pointer(let p) = $0.kind { p.kind == .finger } else { false } })
        }

        // MARK: Mouse

        @Test func theLeftButtonIsAMouseContactAndTheOthersAreButtons() throws {
            let sdl = try SDLHarness()
            sdl.pushMouseMotion(x: 5, y: 6)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 5, y: 6)
            sdl.pushMouseMotion(x: 7, y: 8)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 7, y: 8)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 7, y: 8)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_RIGHT, x: 7, y: 8)
            let mouse = PointerID(kind: .mouse, device: 0, index: 0)
            #expect(sdl.drain().map(\.kind) == [
                .mouseHover(Point(x: 5, y: 6)),
                .pointer(PointerEvent(.down, id: mouse, location: Point(x: 5, y: 6))),
                .pointer(PointerEvent(.move, id: mouse, location: Point(x: 7, y: 8))),
                .mouseButton(MouseButtonEvent(button: .right, isDown: true, location: Point(x: 7, y: 8))),
                .pointer(PointerEvent(.up, id: mouse, location: Point(x: 7, y: 8))),
                .mouseButton(MouseButtonEvent(button: .right, isDown: false, location: Point(x: 7, y: 8))),
            ])
        }

        @Test func theWheelIsReportedAwayFromTheUserWhateverTheScrollingSetting() throws {
            let sdl = try SDLHarness()
            for direction in [SDL_MOUSEWHEEL_NORMAL, SDL_MOUSEWHEEL_FLIPPED] {
                var event = SDL_Event()
                event.wheel = SDL_MouseWheelEvent(
                    type: SDL_MOUSEWHEEL.rawValue, timestamp: 0, windowID: sdl.windowID, which: 0,
                    x: 0, y: direction == SDL_MOUSEWHEEL_FLIPPED ? -1 : 1, direction: direction.rawValue,
                    preciseX: 0.5, preciseY: direction == SDL_MOUSEWHEEL_FLIPPED ? -1.5 : 1.5, mouseX: 0, mouseY: 0)
                sdl.push(event)
            }
            #expect(sdl.drain().map(\.kind) == [
                .mouseWheel(MouseWheelEvent(dx: 0.5, dy: 1.5)),
                .mouseWheel(MouseWheelEvent(dx: -0.5, dy: 1.5)),
            ])
        }

        @Test func altDragMakesTwoContactsMirroredAboutTheWindowCentre() throws {
            let sdl = try SDLHarness(width: 400, height: 300)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LALT, modifiers: .leftAlt)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 100, y: 50)
            sdl.pushMouseMotion(x: 150, y: 100)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 150, y: 100)
            let first = PointerID(kind: .simulated, device: 0, index: 0)
            let second = PointerID(kind: .simulated, device: 0, index: 1)
            #expect(sdl.drainPointers() == [
                PointerEvent(.down, id: first, location: Point(x: 100, y: 50)),
                PointerEvent(.down, id: second, location: Point(x: 300, y: 250)),
                PointerEvent(.move, id: first, location: Point(x: 150, y: 100)),
                PointerEvent(.move, id: second, location: Point(x: 250, y: 200)),
                PointerEvent(.up, id: first, location: Point(x: 150, y: 100)),
                PointerEvent(.up, id: second, location: Point(x: 250, y: 200)),
            ])
        }

        @Test func altShiftDragMakesTwoParallelContacts() throws {
            let sdl = try SDLHarness(width: 400, height: 300)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LSHIFT, modifiers: [.leftAlt, .leftShift])
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 100, y: 50)
            sdl.pushMouseMotion(x: 100, y: 150)
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 100, y: 150)
            let locations = sdl.drainPointers().map(\.location)
            #expect(locations == [
                Point(x: 100, y: 50), Point(x: 180, y: 50),
                Point(x: 100, y: 150), Point(x: 180, y: 150),
                Point(x: 100, y: 150), Point(x: 180, y: 150),
            ])
        }

        @Test func aMouseUpWithoutADownIsDropped() throws {
            let sdl = try SDLHarness()
            sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 1, y: 1)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.unknownPointer])
        }

        // MARK: Keys and remote control

        @Test func keysKeepTheirScancodeKeycodeModifiersAndRepeat() throws {
            let sdl = try SDLHarness()
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_A, keycode: 97, modifiers: .leftShift)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_A, keycode: 97, modifiers: .leftShift, isRepeat: true)
            sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_A, keycode: 97)
            #expect(sdl.drain().map(\.kind) == [
                .key(KeyEvent(isDown: true, scancode: 4, keycode: 97, modifiers: .leftShift)),
                .key(KeyEvent(isDown: true, scancode: 4, keycode: 97, modifiers: .leftShift, isRepeat: true)),
                .key(KeyEvent(isDown: false, scancode: 4, keycode: 97)),
            ])
        }

        @Test func mediaKeysBecomeRemoteControlCommands() throws {
            let sdl = try SDLHarness()
            let keys = [SDL_SCANCODE_AUDIOPLAY, SDL_SCANCODE_AUDIOSTOP, SDL_SCANCODE_AUDIONEXT, SDL_SCANCODE_AUDIOPREV, SDL_SCANCODE_AUDIOREWIND, SDL_SCANCODE_AUDIOFASTFORWARD]
            for key in keys {
                sdl.pushKey(SDL_KEYDOWN, key)
                sdl.pushKey(SDL_KEYDOWN, key, isRepeat: true)
                sdl.pushKey(SDL_KEYUP, key)
            }
            #expect(sdl.drain().map(\.kind) == [
                .remote(.togglePlayPause), .remote(.stop), .remote(.nextTrack), .remote(.previousTrack),
                .remote(.beginSeekingBackward), .remote(.endSeekingBackward),
                .remote(.beginSeekingForward), .remote(.endSeekingForward),
            ])
        }

        // MARK: Interruptions

        @Test(arguments: [
            (SDL_WINDOWEVENT_FOCUS_LOST, Interruption.focusLost),
            (SDL_WINDOWEVENT_HIDDEN, .windowHidden),
            (SDL_WINDOWEVENT_MINIMIZED, .windowMinimized),
        ])
        func losingTheWindowCancelsEveryContact(windowEvent: SDL_WindowEventID, reason: Interruption) throws {
            let sdl = try SDLHarness(width: 100, height: 100)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 1, x: 0.125, y: 0.25)
            sdl.pushFinger(SDL_FINGERDOWN, finger: 2, x: 0.375, y: 0.5)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_LALT, modifiers: .leftAlt)
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 20, y: 30)
            _ = sdl.drain()
            sdl.pushWindowEvent(windowEvent)
            let events = sdl.drain()
            #expect(events.map(\.kind) == [
                .pointer(PointerEvent(.cancel, id: PointerID(kind: .finger, device: 7, index: 1), location: Point(x: 12.5, y: 25))),
                .pointer(PointerEvent(.cancel, id: PointerID(kind: .finger, device: 7, index: 2), location: Point(x: 37.5, y: 50))),
                .pointer(PointerEvent(.cancel, id: PointerID(kind: .simulated, device: 0, index: 0), location: Point(x: 20, y: 30))),
                .pointer(PointerEvent(.cancel, id: PointerID(kind: .simulated, device: 0, index: 1), location: Point(x: 80, y: 70))),
                .interrupted(reason),
            ])
            // Nothing is left down: a later move is for no pointer.
            sdl.pushFinger(SDL_FINGERMOTION, finger: 1, x: 0.5, y: 0.5)
            #expect(sdl.drain().isEmpty)
            // And the Alt held before the interruption no longer counts.
            sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: 20, y: 30)
            #expect(sdl.drainPointers().map(\.kind) == [.mouse])
        }

        // MARK: Time and order

        @Test func withAManualClockEventsAreStampedWhenTranslated() throws {
            let sdl = try SDLHarness()
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_SPACE)
            let first = sdl.drain()
            sdl.clock.advance(by: 0.25)
            sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            let second = sdl.drain()
            #expect(first.map(\.timestamp) == [100, 100])
            #expect(second.map(\.timestamp) == [100.25])
        }

        @Test func withTheSDLClockEventsKeepSDLsOwnTimestamps() throws {
            let sdl = try SDLHarness()
            let clock = SDLClock()
            let pump = SDLEventPump(window: sdl.window, clock: clock)
            let before = clock.now
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            var events: [InputEvent] = []
            pump.drain(into: &events)
            let after = clock.now
            let stamp = try #require(events.first).timestamp
            // SDL stamps whole milliseconds, so the stamp can lie up to 1 ms
            // before the reading taken just before the push.
            #expect(stamp >= before - 0.001 && stamp <= after + 0.001)
            #expect(stamp == (stamp * 1000).rounded() / 1000)
        }

        @Test func eventsComeOutInTheOrderTheyWentIn() throws {
            let sdl = try SDLHarness(width: 100, height: 100)
            sdl.pushKey(SDL_KEYDOWN, SDL_SCANCODE_W)
            sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            sdl.pushMouseMotion(x: 1, y: 2)
            sdl.pushKey(SDL_KEYUP, SDL_SCANCODE_W)
            sdl.pushFinger(SDL_FINGERUP, x: 0.5, y: 0.5)
            let kinds = sdl.drain().map { event -> String in
                switch event.kind {
                case .key(let key): "key \(key.isDown)"
                case .pointer(let pointer): "pointer \(pointer.phase)"
                case .mouseHover: "hover"
                default: "other"
                }
            }
            #expect(kinds == ["key true", "pointer down", "hover", "key false", "pointer up"])
        }

        @Test func unknownEventTypesAreIgnored() throws {
            let sdl = try SDLHarness()
            var event = SDL_Event()
            event.type = SDL_USEREVENT.rawValue + 7
            sdl.push(event)
            event.type = SDL_DROPFILE.rawValue
            sdl.push(event)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.isEmpty)
        }

        @Test func quitIsReportedToTheRunnerNotAsInput() throws {
            let sdl = try SDLHarness()
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            sdl.push(event)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.pump.quitRequested)
        }
    }
}
