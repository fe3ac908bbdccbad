import CSDL2

// The pump's own update of SDL's joysticks and sensors, in place of the one
// SDL_PumpEvents does on every call.
//
// Why: with no controller connected, SDL_PumpEvents still updates the
// joystick subsystem on every call, which looks for newly connected devices
// (two `poll` system calls on udev sockets here, and SDL's joystick drivers'
// code). After a frame's render has evicted the caches, that was about
// 3.5 µs of every frame's input on this VM, most of the input of a demo
// that handles ten fingers in 2 µs warm (README, "Frame budget of the
// demos"). SDL's hints `SDL_AUTO_UPDATE_JOYSTICKS` and
// `SDL_AUTO_UPDATE_SENSORS` switch that update off; the pump then calls
// `SDL_JoystickUpdate` and `SDL_SensorUpdate` itself, after pumping (where
// SDL_PumpEvents did), so the same events come in the same order:
//
// - joysticks in every drain while the pump has a controller open (its
//   buttons, axes, touchpad, sensors and rumble need it), and otherwise at
//   most every `deviceDetectionInterval` of the pump's clock, which is how
//   long a newly connected controller may wait to be noticed (SDL's virtual
//   controllers are added and removed at once, without it);
// - sensors in every drain while one of the pump's device sensors is open.
//
// The hints are process-wide: once a pump has drained, SDL_PumpEvents and
// SDL_PollEvent elsewhere no longer update joysticks or sensors. The pump
// ignores raw joystick events, so it loses nothing; a game that also reads
// a joystick of its own calls `SDL_JoystickUpdate` (or sets the hints back).
extension SDLEventPump {
    /// How often, at most, a pump with no controller open asks SDL to look
    /// for newly connected controllers: a quarter second, well under what a
    /// player takes to pick up a pad just plugged in, and 15 frames at 60 Hz.
    static let deviceDetectionInterval = 0.25

    /// Updates SDL's joysticks and sensors as SDL_PumpEvents would have,
    /// when the pump needs them (see the file's comment).
    func updateDevices() {
        if !updatesDevicesItself {
            updatesDevicesItself = true
            SDL_SetHint(SDL_HINT_AUTO_UPDATE_JOYSTICKS, "0")
            SDL_SetHint(SDL_HINT_AUTO_UPDATE_SENSORS, "0")
        }
        if !controllers.isEmpty {
            SDL_JoystickUpdate()
        } else {
            let now = clock.now
            // A clock that went back (any `Clock` may) looks again at once.
            if let detected = devicesDetectedAt, now >= detected, now - detected < Self.deviceDetectionInterval {
                // Looked recently enough.
            } else {
                devicesDetectedAt = now
                SDL_JoystickUpdate()
            }
        }
        if hasOpenSensors { SDL_SensorUpdate() }
    }
}
