import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Controllers through SDL's virtual game controller, and sensor samples
    /// pushed into SDL's queue (SDL2's virtual joysticks cannot carry sensors,
    /// and Linux has no SDL sensor backend).
    @Suite @MainActor struct ControllersAndSensors {
        @Test func aVirtualControllerIsAddedAndReportsButtonsAndAxes() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            let id = pad.instanceID
            #expect(sdl.drain().map(\.kind.controllerAdded) == [id])

            pad.set(SDL_CONTROLLER_BUTTON_A, down: true)
            pad.set(SDL_CONTROLLER_BUTTON_A, down: false)
            pad.set(SDL_CONTROLLER_BUTTON_DPAD_LEFT, down: true)
            pad.set(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            pad.set(SDL_CONTROLLER_AXIS_LEFTY, -32768)
            // A virtual pad's axes are joystick axes (−32768…32767); SDL's
            // controller mapping stretches them onto a trigger's 0…32767.
            pad.set(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
            let events = sdl.drain().map(\.kind)
            #expect(events == [
                .controller(.button(controller: id, button: .south, isDown: true)),
                .controller(.button(controller: id, button: .south, isDown: false)),
                .controller(.button(controller: id, button: .dpadLeft, isDown: true)),
                .controller(.axis(controller: id, axis: .leftX, value: 1)),
                .controller(.axis(controller: id, axis: .leftY, value: -1)),
                .controller(.axis(controller: id, axis: .rightTrigger, value: 1)),
            ])
            pad.detach()
            _ = sdl.drain()
        }

        @Test func unpluggingRemovesTheControllerAndItsLaterEventsAreDropped() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            let id = pad.instanceID
            _ = sdl.drain()
            pad.detach()
            #expect(sdl.drain().map(\.kind) == [.controller(.removed(controller: id))])

            // A late event from the unplugged pad, as a driver might still queue.
            var event = SDL_Event()
            event.cbutton = SDL_ControllerButtonEvent(
                type: SDL_CONTROLLERBUTTONDOWN.rawValue, timestamp: 0, which: id, button: 0,
                state: UInt8(SDL_PRESSED), padding1: 0, padding2: 0)
            sdl.push(event)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.unknownController])
        }

        @Test func controllerSensorSamplesKeepTheirMicrosecondTimestamps() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            _ = sdl.drain()
            var event = SDL_Event()
            event.csensor = SDL_ControllerSensorEvent(
                type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: pad.instanceID,
                sensor: SDL_SENSOR_GYRO.rawValue, data: (0.5, -0.25, 2), timestamp_us: 1_500_250)
            sdl.push(event)
            event.csensor.sensor = SDL_SENSOR_ACCEL.rawValue
            event.csensor.data = (0, -9.80665, 0)
            event.csensor.timestamp_us = 0
            sdl.push(event)
            #expect(sdl.drain().map(\.kind) == [
                .sensor(SensorSample(kind: .gyroscope, source: .controller(pad.instanceID), value: Vector3(x: 0.5, y: -0.25, z: 2), sensorTime: 1.50025)),
                .sensor(SensorSample(kind: .accelerometer, source: .controller(pad.instanceID), value: Vector3(x: 0, y: Double(Float(-9.80665)), z: 0), sensorTime: nil)),
            ])
            pad.detach()
            _ = sdl.drain()
        }

        @Test func sensorSamplesFromClosedDevicesAreDropped() throws {
            let sdl = try SDLHarness()
            var event = SDL_Event()
            event.csensor = SDL_ControllerSensorEvent(
                type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: 4242,
                sensor: SDL_SENSOR_GYRO.rawValue, data: (1, 2, 3), timestamp_us: 1)
            sdl.push(event)
            var device = SDL_Event()
            device.sensor.type = SDL_SENSORUPDATE.rawValue
            device.sensor.which = 77
            sdl.push(device)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.unknownController, .unknownSensor])
        }

        /// A stale controller streaming samples (a flood) is reported at the
        /// 1st, 2nd, 4th… event with the count, not once per event; a sensor
        /// that is not open has a count of its own.
        @Test func aFloodFromAnUnknownControllerIsReportedAtPowersOfTwo() throws {
            let sdl = try SDLHarness()
            var event = SDL_Event()
            event.csensor = SDL_ControllerSensorEvent(
                type: SDL_CONTROLLERSENSORUPDATE.rawValue, timestamp: 0, which: 4242,
                sensor: SDL_SENSOR_GYRO.rawValue, data: (1, 2, 3), timestamp_us: 1)
            for _ in 0..<1000 { sdl.push(event) }
            var device = SDL_Event()
            device.sensor.type = SDL_SENSORUPDATE.rawValue
            device.sensor.which = 77
            sdl.push(device)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == Array(repeating: .unknownController, count: 10) + [.unknownSensor])
            #expect(sdl.diagnostics[9].detail.hasSuffix("dropped (512 such events so far)"))
        }

        @Test func deviceSensorSamplesBecomeSensorSamples() throws {
            let sdl = try SDLHarness()
            sdl.pump.registerSensor(instanceID: 77, kind: .accelerometer)
            var event = SDL_Event()
            event.sensor.type = SDL_SENSORUPDATE.rawValue
            event.sensor.which = 77
            event.sensor.data = (0.25, 9.5, -1, 0, 0, 0)
            event.sensor.timestamp_us = 2_000_000
            sdl.push(event)
            event.sensor.data.0 = .nan
            sdl.push(event)
            #expect(sdl.drain().map(\.kind) == [
                .sensor(SensorSample(kind: .accelerometer, source: .device(77), value: Vector3(x: 0.25, y: 9.5, z: -1), sensorTime: 2)),
            ])
            #expect(sdl.diagnostics.map(\.problem) == [.nonFiniteValue])
        }

        @Test func touchpadFingersAreReportedInThePadsOwnCoordinates() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController()
            _ = sdl.drain()
            var event = SDL_Event()
            event.ctouchpad = SDL_ControllerTouchpadEvent(
                type: SDL_CONTROLLERTOUCHPADDOWN.rawValue, timestamp: 0, which: pad.instanceID,
                touchpad: 0, finger: 1, x: 0.5, y: 0.25, pressure: 0.5)
            sdl.push(event)
            event.ctouchpad.type = SDL_CONTROLLERTOUCHPADUP.rawValue
            event.ctouchpad.x = 1.5
            sdl.push(event)
            #expect(sdl.drain().map(\.kind) == [
                .controller(.touchpad(controller: pad.instanceID, touchpad: 0, finger: 1, phase: .down, location: Point(x: 0.5, y: 0.25), pressure: 0.5)),
                .controller(.touchpad(controller: pad.instanceID, touchpad: 0, finger: 1, phase: .up, location: Point(x: 1, y: 0.25), pressure: 0.5)),
            ])
            pad.detach()
            _ = sdl.drain()
        }
    }
}
