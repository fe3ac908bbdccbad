import Tactile
import TactileTestSupport
import Testing

/// The input debugger's device panels, headless: controllers, motion and
/// the action maps' values with what bound them.
@MainActor
struct InputDebuggerDevicesTests {
    enum Action: String, CaseIterable {
        case jump, steer, idle
    }

    @Test func itReadsControllersMotionAndActionsAsTheFrameLeftThem() throws {
        let board = InputDebuggerTests.Board()
        let harness = GameHarness(scene: board.scene)
        let actions = ActionMap<Action>()
        try actions.bind(.jump, to: .key(PhysicalKey.space.scancode))
        try actions.bind(.jump, to: .button(.south))
        try actions.bind(.steer, to: .axis(.leftX, AxisResponse()))
        harness.loop.addInput(actions)
        let motion = MotionManager(clock: harness.gameClock)
        motion.startDeviceMotionUpdates()
        harness.loop.motion = motion
        let debugger = InputDebugger(loop: harness.loop)
        debugger.isRecording = true
        #expect(debugger.motion?.attitude == nil)

        let identity = ControllerIdentity(name: "Test pad", type: .xboxOne, guid: "03000000000000000000000000000000")
        var script = InputScript()
        script.append(.controller(.added(controller: 4, identity: identity)))
        script.append(.controller(.button(controller: 4, button: .south, isDown: true)))
        script.append(.controller(.axis(controller: 4, axis: .leftX, value: 0.5)))
        script.tilt(toRoll: 0.3, pitch: -0.2)
        harness.run(script, settle: 0.1)

        let pad = try #require(debugger.controllers.first)
        #expect(debugger.controllers.count == 1)
        #expect(pad.controller == 4 && pad.identity == identity)
        #expect(pad.pressedButtons == [.south])
        #expect(pad.value(of: .leftX) == 0.5 && pad.value(of: .rightY) == 0)

        let reading = try #require(debugger.motion)
        let expected = Attitude(roll: 0.3, pitch: -0.2, yaw: 0)
        #expect(reading.attitude.map { abs($0.roll - 0.3) + abs($0.pitch + 0.2) < 1e-2 } == true)
        #expect(reading.gravity.map { abs($0.x - expected.gravity.x) + abs($0.y - expected.gravity.y) < 1e-2 } == true)
        #expect(reading.rotationRate != nil && !reading.isShaking)

        let readings = debugger.actionReadings()
        #expect(readings.map(\.action) == ["jump", "steer", "idle"])
        #expect(readings[0].snapshot.isPressed && readings[0].boundBy == [ActionMapFile.text(of: .button(.south))])
        #expect(readings[1].snapshot.value == actions[.steer].value && readings[1].snapshot.value > 0)
        #expect(readings[1].boundBy == [ActionMapFile.text(of: .axis(.leftX, AxisResponse()))])
        #expect(!readings[2].snapshot.isPressed && readings[2].boundBy.isEmpty)

        // Released and unplugged: the pad goes, the action lets go.
        var more = InputScript(start: harness.clock.now)
        more.append(.controller(.button(controller: 4, button: .south, isDown: false)))
        more.append(.controller(.removed(controller: 4)))
        harness.run(more, settle: 0.1)
        #expect(debugger.controllers.isEmpty)
        #expect(debugger.actionReadings()[0].boundBy.isEmpty && !debugger.actionReadings()[0].snapshot.isPressed)
    }
}
