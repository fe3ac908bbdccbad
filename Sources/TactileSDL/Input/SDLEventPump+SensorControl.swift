import CSDL2
import Tactile

// The pump as Tactile's `SensorControl`: what lets a `MotionManager` know
// which motion sensors exist and switch off the ones nobody needs.

extension SDLEventPump: SensorControl {
    /// The motion sensors `source` has: for the device, the kinds of the
    /// sensors the pump opened; for a controller, what SDL says the pad has
    /// (PlayStation and Switch pads have both; SDL 2.26's virtual
    /// controllers have none).
    public func availableSensors(of source: MotionSource) -> SensorKinds {
        switch source {
        case .device:
            return sensors.values.reduce(into: SensorKinds()) { $0.insert(SensorKinds($1.kind)) }
        case .controller(let id):
            guard let controller = controllers[id] else { return [] }
            var kinds: SensorKinds = []
            for (kind, type) in Self.sensorTypes where SDL_GameControllerHasSensor(controller, type) == SDL_TRUE {
                kinds.insert(kind)
            }
            return kinds
        case .simulated:
            return []
        }
    }

    /// Turns `kinds` of `source`'s sensors on and the rest off.
    ///
    /// A controller's sensors are switched with
    /// `SDL_GameControllerSetSensorEnabled`, which is what makes SDL send
    /// `SDL_CONTROLLERSENSORUPDATE` for them (and, on PlayStation pads over
    /// HIDAPI, what turns on their sensor reports). SDL2 has no switch for
    /// the machine's own sensors: closing one with `SDL_SensorClose` is what
    /// stops it (on Android that unregisters its listener), and it is opened
    /// again by its instance id when wanted. A sensor registered by a test
    /// has no SDL handle and is left as it is.
    public func enableSensors(_ kinds: SensorKinds, of source: MotionSource) {
        switch source {
        case .device:
            for (id, sensor) in sensors {
                let wanted = kinds.contains(SensorKinds(sensor.kind))
                if wanted, sensor.handle == nil, let index = deviceSensorIndex(instanceID: id) {
                    guard let handle = SDL_SensorOpen(index) else {
                        diagnostics(Diagnostic(.deviceUnavailable, "sensor \(id): \(String(cString: SDL_GetError()))"))
                        continue
                    }
                    sensors[id] = (sensor.kind, handle)
                } else if !wanted, let handle = sensor.handle {
                    SDL_SensorClose(handle)
                    sensors[id] = (sensor.kind, nil)
                }
            }
        case .controller(let id):
            guard let controller = controllers[id] else { return }
            for (kind, type) in Self.sensorTypes where SDL_GameControllerHasSensor(controller, type) == SDL_TRUE {
                SDL_GameControllerSetSensorEnabled(controller, type, kinds.contains(kind) ? SDL_TRUE : SDL_FALSE)
            }
        case .simulated:
            break
        }
    }

    /// The motion sensor kinds Tactile uses, with SDL's types for them. The
    /// left and right Joy-Con sensors of a combined pair are left out, as in
    /// the pump's translation.
    private static let sensorTypes: [(SensorKinds, SDL_SensorType)] = [
        (.accelerometer, SDL_SENSOR_ACCEL), (.gyroscope, SDL_SENSOR_GYRO),
    ]

    /// The device index of the sensor with instance id `id`, if SDL lists it.
    private func deviceSensorIndex(instanceID id: Int32) -> Int32? {
        for index in 0..<SDL_NumSensors() where SDL_SensorGetDeviceInstanceID(index) == id {
            return index
        }
        return nil
    }
}
