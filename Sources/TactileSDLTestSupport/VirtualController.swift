import TactileSDL

/// A game controller that exists only in SDL's joystick list, driven by
/// code: SDL sends real controller events for it, as for a plugged-in pad,
/// so a test (or a scripted demo) goes through SDL's own joystick and
/// game-controller layers and the pump as a player's pad would.
///
/// SDL's automatic mapping of a virtual pad makes its button *n*
/// `SDL_GameControllerButton` *n*, so button 0 is the bottom face button
/// (A, Cross). Given USB ids, SDL (2.26 and later) takes it for that model
/// (a Nintendo layout, a PlayStation pad), and pads made with the same
/// name and ids have the same GUID. SDL must be started with its joystick
/// subsystem (`SDLSetup.start`) before one is made.
///
/// ```swift
/// let pad = try VirtualController()
/// pad.set(SDL_CONTROLLER_BUTTON_A, down: true)     // the pump reports it on its next drain
/// pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
/// pad.detach()                                     // unplugged: the pump cancels its contacts
/// ```
///
/// Dropping the last reference unplugs it too. Made with `rumble`, it has
/// motors: SDL reports rumble for it (TactileSDL's `Haptics` drives it) and
/// ``rumbleRequests`` lists what SDL asked of them.
@MainActor
public final class VirtualController {
    /// One request SDL made of the pad's motors: each motor's speed,
    /// 0 (off) to 65535.
    public struct RumbleRequest: Hashable, Sendable {
        /// The low-frequency (left, heavy) motor's speed.
        public var low: UInt16
        /// The high-frequency (right, light) motor's speed.
        public var high: UInt16

        public init(low: UInt16, high: UInt16) {
            self.low = low
            self.high = high
        }
    }

    /// SDL's instance id: the pump's controller id for this pad.
    public let instanceID: Int32
    private var attached = true
    /// Where SDL's rumble callback, a C function, writes: it reaches the
    /// pad only through the user data pointer SDL hands back.
    private final class Motors {
        var requests: [RumbleRequest] = []
    }
    private let motors = Motors()

    /// What SDL asked the pad's motors to do, oldest first (a stop is a
    /// request of 0 and 0, which SDL also sends itself when a rumble's
    /// duration ends); always empty for a pad made without `rumble`.
    public var rumbleRequests: [RumbleRequest] { motors.requests }

    /// Plugs in a virtual pad with every button and axis of a game
    /// controller; with `vendor` and `product` (USB ids), one that SDL takes
    /// for that model. `name` is what SDL reports (when nil, SDL names it).
    /// With `rumble`, it has motors, whose requests it records.
    ///
    /// - Throws: `SDLError` when SDL cannot attach it (its joystick
    ///   subsystem not started).
    public init(name: String? = nil, vendor: UInt16 = 0, product: UInt16 = 0, rumble: Bool = false) throws {
        var description = SDL_VirtualJoystickDesc()
        description.version = tactile_virtual_joystick_desc_version()
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        description.vendor_id = vendor
        description.product_id = product
        if rumble {
            // Not retained: the pad holds its motors for as long as SDL
            // has it, since it is unplugged before it goes.
            description.userdata = Unmanaged.passUnretained(motors).toOpaque()
            description.Rumble = { userdata, low, high in
                guard let userdata else { return -1 }
                Unmanaged<Motors>.fromOpaque(userdata).takeUnretainedValue().requests.append(RumbleRequest(low: low, high: high))
                return 0
            }
        }
        let attach = { (name: UnsafePointer<CChar>?) -> Int32 in
            description.name = name
            return SDL_JoystickAttachVirtualEx(&description)
        }
        let index = if let name { name.withCString { attach($0) } } else { attach(nil) }
        guard index >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
        instanceID = SDL_JoystickGetDeviceInstanceID(index)
    }

    /// SDL's GUID for the pad, as controller mapping lines write it (32 hex
    /// digits); empty once it is unplugged.
    public var guid: String {
        var text = [CChar](repeating: 0, count: 33)
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == instanceID {
            SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(index), &text, 33)
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// SDL's joystick; valid once something (the pump) has opened it.
    private var joystick: OpaquePointer? { SDL_JoystickFromInstanceID(instanceID) }

    /// Presses or releases `button`; SDL queues the event at once.
    public func set(_ button: SDL_GameControllerButton, down: Bool) {
        SDL_JoystickSetVirtualButton(joystick, button.rawValue, UInt8(down ? SDL_PRESSED : SDL_RELEASED))
        SDL_JoystickUpdate()
    }

    /// Moves `axis` to `value` (−32768…32767; triggers 0…32767); SDL
    /// queues the event at once.
    public func set(_ axis: SDL_GameControllerAxis, _ value: Int16) {
        SDL_JoystickSetVirtualAxis(joystick, axis.rawValue, value)
        SDL_JoystickUpdate()
    }

    /// Unplugs the pad; nothing after the first time.
    public func detach() {
        guard attached else { return }
        attached = false
        Self.detach(instanceID)
    }

    isolated deinit {
        if attached { Self.detach(instanceID) }
    }

    /// Device indices shift as devices come and go; the instance id does not.
    private static func detach(_ instanceID: Int32) {
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == instanceID {
            SDL_JoystickDetachVirtual(index)
            return
        }
    }
}
