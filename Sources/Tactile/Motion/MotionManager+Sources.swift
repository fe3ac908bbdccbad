// Which sources exist, which one is active, and which sensors are on.

extension MotionManager {
    /// The sensors the manager's current work needs.
    var neededSensors: SensorKinds {
        var needed: SensorKinds = []
        if accelerometer.isActive || deviceMotionStream.isActive || motionEventReceiver != nil || orientationRequests > 0 {
            needed.insert(.accelerometer)
        }
        if gyro.isActive || deviceMotionStream.isActive {
            needed.insert(.gyroscope)
        }
        return needed
    }

    /// A controller connected: it is a source if the backend says it has
    /// motion sensors. (One the backend cannot see into becomes a source at
    /// its first sample.)
    func controllerConnected(_ id: Int32, at timestamp: Double) {
        let source = MotionSource.controller(id)
        removedControllers.remove(id)
        connectedControllers.insert(id)
        // A new connection is a new device: forget what a controller that
        // had this id before told us, and what was switched on for it.
        enabledSensors[source] = nil
        let sensors = sensorControl?.availableSensors(of: source) ?? []
        guard !sensors.isEmpty else { return }
        if let index = knownSources.firstIndex(where: { $0.source == source }) {
            knownSources[index].sensors = sensors
        } else {
            knownSources.append((source, sensors))
        }
        selectSource(at: timestamp)
        applySensorPower()
    }

    /// A source went away: it is forgotten, and if it was active the next one
    /// takes over.
    func sourceDisconnected(_ source: MotionSource, at timestamp: Double) {
        enabledSensors[source] = nil
        // Only a controller that was connected is remembered as removed, so
        // that removals of ids never added cannot grow the set.
        if case .controller(let id) = source, connectedControllers.remove(id) != nil {
            removedControllers.insert(id)
        }
        guard let index = knownSources.firstIndex(where: { $0.source == source }) else { return }
        knownSources.remove(at: index)
        selectSource(at: timestamp)
    }

    /// Records that `source` has `kind`, from a sample.
    /// Only connected controllers get here (see `handle(_:timestamp:)`).
    func noteSensor(_ kind: SensorKinds, of source: MotionSource, at timestamp: Double) {
        if let index = knownSources.firstIndex(where: { $0.source == source }) {
            guard !knownSources[index].sensors.contains(kind) else { return }
            knownSources[index].sensors.insert(kind)
            if source == activeSource {
                activeSensors = knownSources[index].sensors
                applySensorPower()
                return
            }
        } else {
            knownSources.append((source, kind))
        }
        selectSource(at: timestamp)
    }

    /// Makes the preferred source, or else the automatic choice, active.
    func selectSource(at timestamp: Double) {
        let chosen = chooseSource()
        guard chosen != activeSource else {
            activeSensors = chosen.map(sensors(of:)) ?? []
            return
        }
        switchSource(to: chosen, at: timestamp)
    }

    /// The preferred source if available; otherwise the device, then the
    /// earliest controller, then the simulation.
    private func chooseSource() -> MotionSource? {
        let available = knownSources.map(\.source)
        if let preferredSource, available.contains(preferredSource) { return preferredSource }
        if available.contains(.device) { return .device }
        if let controller = available.first(where: { if case .controller = $0 { true } else { false } }) {
            return controller
        }
        return available.contains(.simulated) ? .simulated : nil
    }

    /// Everything the old source produced is dropped: its values, its
    /// filters' state, a shake in progress (cancelled), the orientation
    /// (unknown). Device motion starts a new reference frame.
    private func switchSource(to source: MotionSource?, at timestamp: Double) {
        breakOff(at: timestamp)
        estimator.restart()
        accelerometerTimeline.reset()
        gyroTimeline.reset()
        accelerometer.clear()
        gyro.clear()
        deviceMotionStream.clear()
        lastAccelerationTimestamp = nil
        let hadOrientation = orientationDetector.orientation != .unknown
        orientationDetector.reset()

        activeSource = source
        activeSensors = source.map(sensors(of:)) ?? []
        if source == .simulated { simulator?.restart(at: clock.now) }
        applySensorPower()
        if hadOrientation, orientationRequests > 0 { onOrientationChange?(.unknown, timestamp) }
        onSourceChange?(source)
    }

    /// Turns on what is needed of the active source's sensors, and
    /// everything else off.
    func applySensorPower() {
        let needed = neededSensors
        // A sensor that was not needed had its samples ignored: its time
        // line is stale, and its first sample now is a fresh start, not a gap.
        let newlyNeeded = needed.subtracting(neededBefore)
        neededBefore = needed
        if newlyNeeded.contains(.accelerometer) {
            accelerometerTimeline.reset()
            estimator.resetAfterGap()
        }
        if newlyNeeded.contains(.gyroscope) {
            gyroTimeline.reset()
            estimator.resetAfterGap()
        }
        guard let sensorControl else { return }
        for (source, sensors) in knownSources where source != .simulated {
            let wanted = source == activeSource ? needed.intersection(sensors) : []
            guard enabledSensors[source] != wanted else { continue }
            enabledSensors[source] = wanted
            sensorControl.enableSensors(wanted, of: source)
        }
    }
}
