import Tactile
import TactileTestSupport
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// Random, malformed SDL event streams through the real queue: whatever
    /// arrives, the pump never crashes and its pointers keep their guarantee.
    @Suite @MainActor struct EventPumpFuzz {
        @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
        func randomEventStreamsKeepThePointerGuarantee(seed: UInt64) throws {
            let sdl = try SDLHarness(width: 320, height: 240)
            var random = SplitMix64(seed: seed)
            var checker = PointerLifecycleChecker()
            let strangeNumbers: [Float] = [.nan, .infinity, -.infinity, -3, 0, 0.5, 1, 7, .greatestFiniteMagnitude]
            for _ in 0..<40 {
                for _ in 0..<50 {
                    let x = random.below(4) == 0 ? strangeNumbers[random.below(strangeNumbers.count)] : random.unitFloat()
                    let y = random.below(4) == 0 ? strangeNumbers[random.below(strangeNumbers.count)] : random.unitFloat()
                    let finger = Int64(random.below(4))
                    let touch = random.below(8) == 0 ? tactile_mouse_touch_id() : Int64(random.below(2))
                    let modifiers: KeyModifiers = [[], .leftAlt, [.leftAlt, .leftShift]][random.below(3)]
                    switch random.below(9) {
                    case 0: sdl.pushFinger(SDL_FINGERDOWN, touch: touch, finger: finger, x: x, y: y)
                    case 1, 2: sdl.pushFinger(SDL_FINGERMOTION, touch: touch, finger: finger, x: x, y: y)
                    case 3: sdl.pushFinger(SDL_FINGERUP, touch: touch, finger: finger, x: x, y: y)
                    case 4: sdl.pushMouseButton(SDL_MOUSEBUTTONDOWN, x: Int32(x.isFinite ? min(max(x * 320, -1000), 1000) : 0), y: 5)
                    case 5: sdl.pushMouseMotion(x: Int32(random.below(320)), y: Int32(random.below(240)))
                    case 6: sdl.pushMouseButton(SDL_MOUSEBUTTONUP, x: 1, y: 1)
                    case 7: sdl.pushKey(random.below(2) == 0 ? SDL_KEYDOWN : SDL_KEYUP, SDL_SCANCODE_LALT, modifiers: modifiers)
                    default:
                        if random.below(10) == 0 { sdl.pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST) }
                        else { sdl.pushFinger(SDL_FINGERDOWN, touch: 1, finger: finger, x: x, y: y, windowID: 999_999) }
                    }
                }
                for event in sdl.drain() {
                    checker.check(event)
                    if case .pointer(let pointer) = event.kind {
                        #expect(pointer.location.isFinite)
                        if pointer.kind == .finger {
                            #expect((0...320).contains(pointer.location.x) && (0...240).contains(pointer.location.y))
                        }
                    }
                }
            }
            sdl.pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
            for event in sdl.drain() { checker.check(event) }
            #expect(checker.violations.isEmpty)
            #expect(checker.pointersDown.isEmpty)
        }
    }
}
