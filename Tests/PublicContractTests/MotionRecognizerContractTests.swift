import Testing
import Tactile   // not @testable

/// A game's own motion gesture on the copied ``MotionGestureRecognizer``
/// (a link to the library's file, compiled here against the public API):
/// the readings reach its hooks through a real scene and its arena.
@MainActor
struct MotionRecognizerContractTests {
    /// The base class's doc example: a jump of the device along z.
    final class JumpRecognizer: MotionGestureRecognizer {
        private var lastZ: Double?
        var brokeOff = 0
        override func receiveAccelerometer(_ data: AccelerometerData) {
            defer { lastZ = data.acceleration.z }
            if let lastZ, data.acceleration.z - lastZ > 1.5 { recognize() }
        }
        override func readingsBrokeOff() {
            lastZ = nil
            brokeOff += 1
        }
    }

    let scene = Scene(size: Size(width: 400, height: 300))

    func send(z: Double, at time: Double) {
        scene.send(.accelerometer(AccelerometerData(acceleration: Vector3(x: 0, y: 0, z: z), timestamp: time)), timestamp: time)
    }

    @Test func theCopyIsTheModulesOwnType() {
        #expect(ObjectIdentifier(MotionGestureRecognizer.self) != ObjectIdentifier(Tactile.MotionGestureRecognizer.self))
    }

    @Test func aCustomMotionGestureGetsItsReadingsAndRecognizesOncePerAttempt() {
        let jump = JumpRecognizer()
        var states: [String] = []
        jump.addAction { states.append($0.state.rawValue) }
        scene.root.addGestureRecognizer(jump)
        #expect(jump.inputSources == [.motion] && !jump.isExclusive)
        send(z: -1, at: 0)
        send(z: -1, at: 0.01)
        #expect(states.isEmpty)
        send(z: 1, at: 0.02)
        #expect(states == ["ended"] && jump.state == .possible)
        // Keys never reach it: it listens to motion only.
        scene.send(.key(KeyEvent(isDown: true, scancode: 4, keycode: 97)), timestamp: 0.03)
        #expect(states == ["ended"])
        // The readings break off: the hook hears it, and the next jump needs
        // a reading before it again.
        scene.send(.sourceLost(.motion), timestamp: 0.04)
        #expect(jump.brokeOff == 1)
        send(z: 1, at: 0.05)
        #expect(states == ["ended"])
        send(z: -1, at: 0.06)
        send(z: 1, at: 0.07)
        #expect(states == ["ended", "ended"])
    }
}
