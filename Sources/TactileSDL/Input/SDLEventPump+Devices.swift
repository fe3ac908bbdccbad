import CSDL2
import Tactile

// Controllers and motion sensors: the devices the pump opens and closes
// itself, because SDL only sends events for devices that are open.

extension SDLEventPump {
    // MARK: Controllers

    /// Opens the controller SDL announced and reports it.
    ///
    /// `SDL_CONTROLLERDEVICEADDED` carries a *device index*, valid only until
    /// the next device change; every later event carries the *instance id*,
    /// which is what Tactile uses from here on.
    func addController(deviceIndex: Int32, timestamp: Double, into events: inout [InputEvent]) {
        guard let controller = SDL_GameControllerOpen(deviceIndex) else {
            return diagnostics(Diagnostic(.deviceUnavailable, "controller at device index \(deviceIndex): \(String(cString: SDL_GetError()))"))
        }
        let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller))
        if controllers[id] != nil {
            // SDL announces controllers present at start-up with an added
            // event, and a controller can be announced again after a mapping
            // change. Opening again only raised SDL's reference count.
            SDL_GameControllerClose(controller)
            return
        }
        controllers[id] = controller
        if enablesControllerSensors {
            for type in [SDL_SENSOR_ACCEL, SDL_SENSOR_GYRO] where SDL_GameControllerHasSensor(controller, type) == SDL_TRUE {
                SDL_GameControllerSetSensorEnabled(controller, type, SDL_TRUE)
            }
        }
        events.append(InputEvent(timestamp: timestamp, .controller(.added(controller: id, identity: ControllerIdentity(controller)))))
        if let settings = controllerCursors {
            cursors[id] = ControllerCursor(controller: id, location: windowSize.center, settings: settings)
        }
    }

    /// Reports a connected controller's new mapping with its identity, which
    /// may have changed with it (a mapping names the pad). SDL keeps the
    /// joystick open and its instance id, so the controller keeps its player
    /// slot, cursor and sensors.
    func remapController(instanceID id: Int32, timestamp: Double, into events: inout [InputEvent]) {
        guard let controller = controllers[id] else {
            return reportUnknownController("remapping of controller \(id), which is not open")
        }
        events.append(InputEvent(timestamp: timestamp, .controller(.remapped(controller: id, identity: ControllerIdentity(controller)))))
    }

    /// Closes a controller that was unplugged and reports it.
    func removeController(instanceID id: Int32, timestamp: Double, into events: inout [InputEvent]) {
        guard let controller = controllers.removeValue(forKey: id) else {
            return reportUnknownController("removal of controller \(id), which was never added")
        }
        SDL_GameControllerClose(controller)
        // Unplugged mid-press: the cursor's contact is cancelled, not lifted.
        if var cursor = cursors.removeValue(forKey: id) {
            cursor.cancel(timestamp: timestamp, into: &events)
        }
        cancelTouchpadPointers(of: id, timestamp: timestamp, into: &events)
        events.append(InputEvent(timestamp: timestamp, .controller(.removed(controller: id))))
    }

    /// Whether `id` is an open controller; reports the drop otherwise.
    private func isOpenController(_ id: Int32, _ what: StaticString) -> Bool {
        if controllers[id] != nil { return true }
        reportUnknownController("\(what) from controller \(id), which is not open")
        return false
    }

    /// A flood from a stale controller id is reported at the 1st, 2nd, 4th,
    /// 8th… occurrence, with the count, rather than once per event.
    private func reportUnknownController(_ what: String) {
        guard unknownControllerReports.occurred() else { return }
        let count = unknownControllerReports.count
        diagnostics(Diagnostic(.unknownController, "\(what); dropped (\(count) such event\(count == 1 ? "" : "s") so far)"))
    }

    func translateControllerButton(_ event: SDL_ControllerButtonEvent, into events: inout [InputEvent]) {
        guard isOpenController(event.which, "button") else { return }
        // ControllerButton lists its cases in SDL_GameControllerButton's order.
        guard Int(event.button) < ControllerButton.allCases.count else { return }
        let button = ControllerButton.allCases[Int(event.button)]
        let isDown = SDL_EventType(event.type) == SDL_CONTROLLERBUTTONDOWN
        appendControllerEvent(.button(controller: event.which, button: button, isDown: isDown), timestamp: timestamp(event.timestamp), into: &events)
    }

    func translateControllerAxis(_ event: SDL_ControllerAxisEvent, into events: inout [InputEvent]) {
        guard isOpenController(event.which, "axis motion") else { return }
        // ControllerAxis lists its cases in SDL_GameControllerAxis's order.
        guard Int(event.axis) < ControllerAxis.allCases.count else { return }
        let axis = ControllerAxis.allCases[Int(event.axis)]
        // SDL's range is −32768…32767 (triggers 0…32767). Dividing by 32767
        // makes both full deflections exactly ±1; −32768 is clamped.
        let value = max(-1, Double(event.value) / 32767)
        appendControllerEvent(.axis(controller: event.which, axis: axis, value: value), timestamp: timestamp(event.timestamp), into: &events)
    }

    /// Reports a button or axis, then lets the controller's cursor react
    /// (a press of its contact button begins a contact after the button event).
    private func appendControllerEvent(_ event: ControllerEvent, timestamp: Double, into events: inout [InputEvent]) {
        events.append(InputEvent(timestamp: timestamp, .controller(event)))
        // When a pad is unplugged, SDL 2.26 first releases its held buttons
        // and centres its axes (SDL_PrivateJoystickForceRecentering), then
        // reports the removal. By the time those events are polled the pad is
        // no longer attached. They are passed on as what SDL says, but the
        // cursor ignores them: its contact was not lifted, it was lost, and
        // the removal cancels it.
        if let controller = controllers[event.controller], SDL_GameControllerGetAttached(controller) == SDL_FALSE {
            return
        }
        cursors[event.controller]?.handle(event, timestamp: timestamp, within: windowSize, into: &events)
    }

    /// Moves every cursor by its stick for the time since the last drain.
    func advanceControllerCursors(into events: inout [InputEvent]) {
        let now = clock.now
        defer { cursorsAdvancedAt = now }
        guard let last = cursorsAdvancedAt, !cursors.isEmpty else { return }
        let bounds = windowSize
        forEachCursorInControllerOrder { $0.advance(by: now - last, within: bounds, timestamp: now, into: &events) }
    }

    /// Visits the cursors in the order of their controllers' instance IDs.
    ///
    /// A dictionary's order changes from run to run (Swift seeds its hashing
    /// per process), and two cursors that move or press in one drain must
    /// give their events in the same order every time, as fingers do: which
    /// contact lands first decides, for example, which one a tap counts.
    /// A game has a handful of controllers, so scanning for the next ID is
    /// cheaper than sorting into a new array each frame. Mutating through
    /// `values[index]` changes the cursors in place, where iterating `keys`
    /// while assigning would copy the dictionary.
    func forEachCursorInControllerOrder(_ body: (inout ControllerCursor) -> Void) {
        var previous: Int32?
        while true {
            var next: Dictionary<Int32, ControllerCursor>.Index?
            for index in cursors.indices {
                let id = cursors.keys[index]
                if let previous, id <= previous { continue }
                if let next, cursors.keys[next] <= id { continue }
                next = index
            }
            guard let next else { return }
            previous = cursors.keys[next]
            body(&cursors.values[next])
        }
    }

    func translateControllerTouchpad(_ event: SDL_ControllerTouchpadEvent, into events: inout [InputEvent]) {
        guard isOpenController(event.which, "touchpad event") else { return }
        guard event.x.isFinite, event.y.isFinite, event.pressure.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "touchpad of controller \(event.which) at (\(event.x), \(event.y))"))
        }
        let phase: PointerEvent.Phase
        switch SDL_EventType(event.type) {
        case SDL_CONTROLLERTOUCHPADDOWN: phase = .down
        case SDL_CONTROLLERTOUCHPADMOTION: phase = .move
        default: phase = .up
        }
        let location = Point(x: Double(min(max(event.x, 0), 1)), y: Double(min(max(event.y, 0), 1)))
        let pressure = Double(min(max(event.pressure, 0), 1))
        let time = timestamp(event.timestamp)
        let touchpad = ControllerEvent.touchpad(
            controller: event.which, touchpad: event.touchpad, finger: event.finger, phase: phase,
            location: location, pressure: pressure)
        events.append(InputEvent(timestamp: time, .controller(touchpad)))
        appendTouchpadPointer(
            controller: event.which, touchpad: event.touchpad, finger: event.finger, phase: phase,
            normalized: location, pressure: pressure, timestamp: time, into: &events)
    }

    // MARK: Sensors

    func translateControllerSensor(_ event: SDL_ControllerSensorEvent, into events: inout [InputEvent]) {
        guard isOpenController(event.which, "sensor sample") else { return }
        let kind: SensorKind
        switch SDL_SensorType(event.sensor) {
        case SDL_SENSOR_ACCEL: kind = .accelerometer
        case SDL_SENSOR_GYRO: kind = .gyroscope
        default:
            // The left and right Joy-Con sensors of a combined pair (SDL 2.26)
            // are two devices in one; reporting them as one sensor would mix
            // their readings. The combined pad also reports ACCEL and GYRO.
            return
        }
        let value = Vector3(x: Double(event.data.0), y: Double(event.data.1), z: Double(event.data.2))
        appendSensorSample(kind, source: .controller(event.which), value: value, microseconds: event.timestamp_us, milliseconds: event.timestamp, into: &events)
    }

    func translateSensor(_ event: SDL_SensorEvent, into events: inout [InputEvent]) {
        guard let sensor = sensors[event.which] else {
            guard unknownSensorReports.occurred() else { return }
            let count = unknownSensorReports.count
            return diagnostics(Diagnostic(.unknownSensor, "sample from sensor \(event.which), which is not open; dropped (\(count) such sample\(count == 1 ? "" : "s") so far)"))
        }
        let value = Vector3(x: Double(event.data.0), y: Double(event.data.1), z: Double(event.data.2))
        appendSensorSample(sensor.kind, source: .device(event.which), value: value, microseconds: event.timestamp_us, milliseconds: event.timestamp, into: &events)
    }

    private func appendSensorSample(
        _ kind: SensorKind, source: SensorSource, value: Vector3, microseconds: UInt64, milliseconds: UInt32,
        into events: inout [InputEvent]
    ) {
        guard value.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "\(kind.rawValue) sample \(value) from \(source)"))
        }
        // SDL leaves timestamp_us 0 when the hardware gives no time of its own.
        let sensorTime = microseconds == 0 ? nil : Double(microseconds) / 1_000_000
        let sample = SensorSample(kind: kind, source: source, value: value, sensorTime: sensorTime)
        events.append(InputEvent(timestamp: timestamp(milliseconds), .sensor(sample)))
    }

    /// Opens the machine's own accelerometers and gyroscopes.
    ///
    /// Linux has no SDL sensor backend (`SDL_NumSensors()` is 0 there);
    /// Android, iOS and some handhelds have them.
    func openDeviceSensors() {
        for index in 0..<SDL_NumSensors() {
            let kind: SensorKind
            switch SDL_SensorGetDeviceType(index) {
            case SDL_SENSOR_ACCEL: kind = .accelerometer
            case SDL_SENSOR_GYRO: kind = .gyroscope
            default: continue
            }
            guard let handle = SDL_SensorOpen(index) else {
                diagnostics(Diagnostic(.deviceUnavailable, "sensor \(index): \(String(cString: SDL_GetError()))"))
                continue
            }
            sensors[SDL_SensorGetInstanceID(handle)] = (kind, handle)
        }
    }

    /// Accepts samples from a sensor id as if it had been opened. For tests:
    /// SDL2 cannot attach a virtual sensor, and Linux has no real ones.
    func registerSensor(instanceID: Int32, kind: SensorKind) {
        sensors[instanceID] = (kind, nil)
    }
}
