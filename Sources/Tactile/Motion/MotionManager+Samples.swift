// How the manager takes input events: sensor samples through the checks and
// into the filters, controllers and interruptions into source bookkeeping
// and shake cancellation, keys and pointers into the simulated source.

extension MotionManager {
    /// Takes one input event of the frame, in order. Sensor samples feed the
    /// active source's updates; controller arrivals and departures change
    /// what is available; keys, mouse and sticks drive the simulated source;
    /// an interruption cancels a shake in progress.
    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .sensor(let sample):
            handle(sample, timestamp: event.timestamp)
        case .controller(let controller):
            simulator?.handle(event)
            switch controller {
            case .added(let id, _): controllerConnected(id, at: event.timestamp)
            case .removed(let id): sourceDisconnected(.controller(id), at: event.timestamp)
            case .remapped, .button, .axis, .touchpad: break
            }
        case .key, .mouseButton, .mouseHover:
            simulator?.handle(event)
        case .interrupted:
            simulator?.handle(event)
            breakOff(at: event.timestamp)
        case .pointer, .mouseWheel, .remote, .text:
            break
        }
    }

    private func handle(_ sample: SensorSample, timestamp: Double) {
        guard sample.value.isFinite, timestamp.isFinite, sample.sensorTime?.isFinite ?? true else {
            diagnostics?(Diagnostic(.nonFiniteValue, "\(sample.kind.rawValue) sample \(sample.value) from \(sample.source) at \(timestamp), sensor time \(String(describing: sample.sensorTime))"))
            return
        }
        let source = MotionSource(sample.source)
        let kind = SensorKinds(sample.kind)
        if case .controller(let id) = sample.source, !isConnected(controller: id, kind: kind) {
            dropSampleOfUnknownController(id)
            return
        }
        if source != activeSource || !activeSensors.contains(kind) {
            // A sample is proof its source has that sensor: this is how
            // sources the backend cannot list (traces, SDL's virtual pads)
            // become available.
            noteSensor(kind, of: source, at: timestamp)
            guard source == activeSource else { return }
        }
        guard neededSensors.contains(kind) else { return }
        switch sample.kind {
        case .accelerometer:
            process(acceleration: sample.motionValue, sensorTime: sample.sensorTime, timestamp: timestamp)
        case .gyroscope:
            process(rotationRate: sample.motionValue, sensorTime: sample.sensorTime, timestamp: timestamp)
        }
    }

    /// Whether samples of controller `id` can be believed: it was added and
    /// not removed since, or the backend has it open with that sensor (a
    /// controller connected before the manager was made).
    ///
    /// A sample is what makes a connected controller without listed
    /// sensors a source (traces, SDL's virtual pads), but a sample alone
    /// does not make a controller: otherwise every stray id in a corrupt
    /// stream would become a source, and choosing among 20,000 of them
    /// made each sample cost hundreds of microseconds. Cost: O(1).
    private func isConnected(controller id: Int32, kind: SensorKinds) -> Bool {
        if connectedControllers.contains(id) { return true }
        guard !removedControllers.contains(id),
              sensorControl?.availableSensors(of: .controller(id)).contains(kind) == true
        else { return false }
        connectedControllers.insert(id)
        return true
    }

    /// Drops a sample of a controller that is not connected, reporting it
    /// through a ``DiagnosticThrottle`` so that a stream of them stays a
    /// handful of lines.
    private func dropSampleOfUnknownController(_ id: Int32) {
        guard unknownControllerReports.occurred() else { return }
        let count = unknownControllerReports.count
        let why = removedControllers.contains(id) ? "after it was removed" : "which was never added"
        diagnostics?(Diagnostic(.unknownController, "sensor sample from controller \(id), \(why); dropped (\(count) such sample\(count == 1 ? "" : "s") so far, reported at the 1st, 2nd, 4th, 8th…)"))
    }

    /// One accelerometer reading of the active source, in g.
    func process(acceleration: Vector3, sensorTime: Double?, timestamp: Double) {
        // Checked again here, not only in `handle`: the simulated source's
        // readings come this way too, and NaN must never reach a filter.
        guard acceleration.isFinite, timestamp.isFinite else {
            diagnostics?(Diagnostic(.nonFiniteValue, "acceleration \(acceleration) at \(timestamp)"))
            return
        }
        guard acceleration.maximumMagnitude <= limits.maximumAcceleration else {
            diagnostics?(Diagnostic(.absurdValue, "acceleration \(acceleration) g is beyond any accelerometer's range (\(limits.maximumAcceleration) g); dropped"))
            return
        }
        guard let interval = admit(.accelerometer, sensorTime: sensorTime, timestamp: timestamp) else { return }
        let time = sensorTime ?? timestamp
        lastAccelerationTimestamp = timestamp
        silenceReported = false
        let data = AccelerometerData(acceleration: acceleration, timestamp: timestamp)
        accelerometer.record(data)
        if let receiver = motionEventReceiver {
            // The recognizers get the reading at its own time (see ReadingClock).
            let readingTime = accelerometerReadingClock.time(sensorTime: sensorTime, timestamp: timestamp, restarted: interval.seconds == nil)
            receiver.send(.accelerometer(AccelerometerData(acceleration: acceleration, timestamp: readingTime)), timestamp: timestamp)
        }
        if deviceMotionStream.isActive,
           let motion = estimator.add(
               acceleration: acceleration, interval: interval.seconds, timestamp: timestamp,
               fused: activeSensors.contains(.gyroscope)) {
            deviceMotionStream.record(motion)
        }
        // Held still while the device is jolted or shaken: the guide's
        // motion gestures "do not conflict with orientation changes".
        if orientationRequests > 0 {
            _ = disturbance.add(acceleration, at: time)
            if !disturbance.isDisturbed, let changed = orientationDetector.add(acceleration, at: time) {
                onOrientationChange?(changed, timestamp)
            }
        }
    }

    /// One gyroscope reading of the active source, in rad/s.
    func process(rotationRate: Vector3, sensorTime: Double?, timestamp: Double) {
        guard rotationRate.isFinite, timestamp.isFinite else {
            diagnostics?(Diagnostic(.nonFiniteValue, "rotation rate \(rotationRate) at \(timestamp)"))
            return
        }
        guard rotationRate.maximumMagnitude <= limits.maximumRotationRate else {
            diagnostics?(Diagnostic(.absurdValue, "rotation rate \(rotationRate) rad/s is beyond any gyroscope's range (\(limits.maximumRotationRate) rad/s); dropped"))
            return
        }
        guard let interval = admit(.gyroscope, sensorTime: sensorTime, timestamp: timestamp) else { return }
        let data = GyroData(rotationRate: rotationRate, timestamp: timestamp)
        gyro.record(data)
        if let receiver = motionEventReceiver {
            let readingTime = gyroReadingClock.time(sensorTime: sensorTime, timestamp: timestamp, restarted: interval.seconds == nil)
            receiver.send(.gyro(GyroData(rotationRate: rotationRate, timestamp: readingTime)), timestamp: timestamp)
        }
        if deviceMotionStream.isActive,
           let motion = estimator.add(rotationRate: rotationRate, interval: interval.seconds, timestamp: timestamp) {
            deviceMotionStream.record(motion)
        }
    }

    /// The interval since the sensor's previous reading; `nil` when the
    /// reading is to be dropped.
    private func admit(_ kind: SensorKind, sensorTime: Double?, timestamp: Double) -> Admitted? {
        let step = switch kind {
        case .accelerometer: accelerometerTimeline.admit(sensorTime: sensorTime, timestamp: timestamp, maximumGap: limits.maximumGap)
        case .gyroscope: gyroTimeline.admit(sensorTime: sensorTime, timestamp: timestamp, maximumGap: limits.maximumGap)
        }
        switch step {
        case .first:
            return Admitted(seconds: nil)
        case .interval(let seconds):
            return Admitted(seconds: seconds)
        case .repeated:
            diagnostics?(Diagnostic(.repeatedTimestamp, "\(kind.rawValue) sample at sensor time \(sensorTime ?? timestamp) repeats the previous one's; dropped"))
            return nil
        case .backwards(let seconds):
            diagnostics?(Diagnostic(.timeWentBackwards, "\(kind.rawValue) sample is \(seconds) s older than the previous one; dropped"))
            return nil
        case .gap(let seconds):
            diagnostics?(Diagnostic(.sampleGap, "\(seconds) s between \(kind.rawValue) samples (more than \(limits.maximumGap) s); the filters restart"))
            restartAfterGap(at: timestamp)
            return Admitted(seconds: nil)
        case .restarted(let seconds):
            diagnostics?(Diagnostic(.sampleGap, "the \(kind.rawValue)'s clock went back \(seconds) s and went on from there for \(limits.maximumGap) s: it restarted; the filters restart"))
            restartAfterGap(at: timestamp)
            return Admitted(seconds: nil)
        }
    }

    /// The outcome of a reading that is kept: its interval, `nil` for the
    /// first of a run.
    private struct Admitted {
        var seconds: Double?
    }

    /// After a gap, what the filters held is stale: fusion re-levels
    /// (keeping yaw), the orientation filter restarts (keeping the
    /// orientation), a shake in progress is cancelled.
    private func restartAfterGap(at timestamp: Double) {
        estimator.resetAfterGap()
        orientationDetector.restartFilter()
        breakOff(at: timestamp)
    }

    /// The readings broke off (a gap, a silent sensor, a new source, focus
    /// lost): the motion recognizers are told, and the arena stops those
    /// under way (a shake in progress is cancelled).
    func breakOff(at timestamp: Double) {
        disturbance.reset()
        motionEventReceiver?.send(.sourceLost(.motion), timestamp: timestamp)
    }
}
