import Testing
@testable import Tactile

/// The scene's own shake rolls back with the scene: a snapshot holds its
/// recognizer's progress and whether it sent `motionBegan`, so restoring
/// mid-shake and feeding the readings again gives the first responder the
/// same motion events.
extension SceneShakeTests {
    /// Frame `frame` of a second at 60 Hz: shaken along x, a half-cycle
    /// every four frames, for 24 frames from frame 6; at rest otherwise.
    func shakeFrame(_ frame: Int) {
        let within = frame - 6
        let push = within >= 0 && within < 24 ? (within / 4 % 2 == 0 ? 2.5 : -2.5) : 0
        let time = Double(frame) / 60 + 0.008
        scene.send(.accelerometer(AccelerometerData(acceleration: Vector3(x: push, y: 0, z: -1), timestamp: time)), timestamp: time)
        scene.advanceTime(to: Double(frame + 1) / 60)
    }

    @Test func restoringMidShakeGivesTheResponderTheSameMotionEvents() throws {
        // Readings handed over by the game, with no manager: the game adds the scene's recognizer.
        scene.root.addGestureRecognizer(scene.shakeGestureRecognizer)
        let frames = 60
        let start = try scene.snapshot()
        for frame in 0..<frames { shakeFrame(frame) }
        let straight = log.take()
        #expect(straight == ["paddle began shake", "app began shake", "paddle ended shake", "app ended shake"])

        var cutsMidShake = 0
        for cut in 1..<frames {
            try scene.restore(start)
            for frame in 0..<cut { shakeFrame(frame) }
            let before = log.take()
            let snapshot = try scene.snapshot()
            #expect(snapshot.recognizersNotSaved.isEmpty)
            for frame in cut..<frames { shakeFrame(frame) }
            let after = log.take()
            #expect(before + after == straight, "cut \(cut)")
            // Roll back to the cut and feed the same readings again.
            try scene.restore(snapshot)
            for frame in cut..<frames { shakeFrame(frame) }
            #expect(log.take() == after, "cut \(cut): restored mid-shake")
            if before.contains("paddle began shake") && after.contains("paddle ended shake") { cutsMidShake += 1 }
        }
        // Some cuts fall between motionBegan and motionEnded, where the
        // scene must remember that it sent the beginning.
        #expect(cutsMidShake > 3)
    }
}
