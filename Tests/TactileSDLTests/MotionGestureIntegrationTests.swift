import Foundation
import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Flick, tilt, twist and knock from a game controller's sensors: the
    /// readings pushed into SDL's queue as `SDL_CONTROLLERSENSORUPDATE` for
    /// an open virtual pad (SDL 2's virtual pads carry no sensors of their
    /// own), through the pump, the motion manager and the scene's arena, at
    /// 100 Hz read in 60 Hz frames.
    @Suite @MainActor struct MotionGestures {
        static let faceUp = Vector3(x: 0, y: 0, z: -1)

        /// A turn about `axis` by `angle` and back within `duration`, from `start` s.
        static func turnAndBack(axis: Vector3, angle: Double, duration: Double, start: Double) -> (Double) -> Vector3 {
            { t in
                let s = t - start
                guard s >= 0, s < duration else { return .zero }
                return axis * (angle * .pi / duration * sin(2 * .pi * s / duration))
            }
        }

        /// The rig, a scene fed by its manager with the gyroscope on, a
        /// board layer, and a virtual pad that is the motion source.
        @MainActor final class Stage {
            let rig: MotionRig
            let scene = Scene(size: Size(width: 640, height: 480))
            let board = Layer(frame: Rect(x: 0, y: 0, width: 640, height: 480))
            let pad: VirtualController
            var log: [String] = []

            init() throws {
                rig = try MotionRig()
                rig.manager.startGyroUpdates()
                scene.diagnostics = nil
                rig.manager.motionEventReceiver = scene
                scene.root.addChild(board)
                pad = try VirtualController()
                rig.frame(scene: scene)
            }

            var target: MotionRig.Target { .controller(pad.instanceID) }

            func watch<R: GestureRecognizer>(_ recognizer: R, _ name: String, _ detail: @escaping (R) -> String = { _ in "" }) -> R {
                recognizer.addAction { [unowned self] in log.append("\(name) \($0.state.rawValue)\(detail($0))") }
                board.addGestureRecognizer(recognizer)
                return recognizer
            }

            func take() -> [String] {
                defer { log.removeAll() }
                return log
            }
        }

        @Test func flickTiltTwistAndKnockFromAPadsSensors() throws {
            let stage = try Stage()
            defer { stage.pad.detach() }
            _ = stage.watch(FlickGestureRecognizer(), "flick") { " \($0.direction)" }
            _ = stage.watch(TwistGestureRecognizer(), "twist") { $0.isClockwise ? " clockwise" : " anticlockwise" }
            _ = stage.watch(KnockGestureRecognizer(), "knock")
            let tilt = stage.watch(TiltGestureRecognizer(), "tilt") { String(format: " %.0f°", $0.tilt * 180 / .pi) }
            let still: (Double) -> Vector3 = { _ in .zero }

            // Lying still, with the sensor's own noise: nothing.
            stage.rig.stream(1, to: stage.target, scene: stage.scene,
                             acceleration: { t in Self.faceUp + Vector3(x: 0.01 * sin(97 * t), y: 0.01 * cos(89 * t), z: 0) },
                             rate: { t in Vector3(x: 0.02 * sin(71 * t), y: 0.02 * cos(83 * t), z: 0) })
            #expect(stage.rig.manager.activeSource == .controller(stage.pad.instanceID))
            #expect(stage.take().isEmpty)

            // The top edge flicked towards the player (about −x) and back.
            stage.rig.stream(1, to: stage.target, scene: stage.scene, acceleration: { _ in Self.faceUp },
                             rate: Self.turnAndBack(axis: Vector3(x: -1, y: 0, z: 0), angle: 0.5, duration: 0.3, start: 0.3))
            #expect(stage.take() == ["flick ended up"])

            // A quarter turn about the long axis (y), clockwise from its tip.
            stage.rig.stream(1, to: stage.target, scene: stage.scene, acceleration: { _ in Self.faceUp },
                             rate: { t in (0.2..<0.5).contains(t) ? Vector3(x: 0, y: -.pi / 2 / 0.3, z: 0) : .zero })
            #expect(stage.take() == ["twist ended clockwise"])

            // A knock: one reading 3 g off after quiet.
            stage.rig.stream(1, to: stage.target, scene: stage.scene,
                             acceleration: { t in abs(t - 0.5) < 0.005 ? Self.faceUp + Vector3(x: 0, y: 0, z: 3) : Self.faceUp },
                             rate: still)
            #expect(stage.take() == ["knock ended"])

            // Tipped 30° about x for 1.5 s and back: began, changes, ended.
            stage.rig.stream(2.5, to: stage.target, scene: stage.scene, acceleration: { t in
                let angle = (0.3..<1.8).contains(t) ? 30 * Double.pi / 180 : 0
                return Vector3(x: 0, y: -sin(angle), z: -cos(angle))
            }, rate: still)
            let lines = stage.take()
            #expect(lines.first?.hasPrefix("tilt began") == true && lines.last?.hasPrefix("tilt ended") == true, "\(lines)")
            #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("tilt changed") } && lines.contains("tilt changed 30°"))
            #expect(tilt.state == .possible)
        }

        @Test func aTiltUnderWayIsCancelledWhenThePadIsUnpluggedAndWaitsForAPan() throws {
            let stage = try Stage()
            let pan = stage.watch(PanGestureRecognizer(), "pan")
            let tilt = stage.watch(TiltGestureRecognizer(), "tilt")
            tilt.require(toFail: pan)
            let tipped = Vector3(x: 0, y: -sin(0.5), z: -cos(0.5))

            // A finger drags the board (pushed into SDL's queue too): the
            // tilt that requires the pan to fail does not begin under it.
            stage.rig.sdl.pushFinger(SDL_FINGERDOWN, x: 0.5, y: 0.5)
            stage.rig.frame(scene: stage.scene)
            stage.rig.sdl.pushFinger(SDL_FINGERMOTION, x: 0.6, y: 0.5)
            stage.rig.frame(scene: stage.scene)
            #expect(pan.state == .began || pan.state == .changed)
            stage.rig.stream(1, to: stage.target, scene: stage.scene, acceleration: { _ in tipped }, rate: { _ in .zero })
            #expect(!stage.log.contains { $0.hasPrefix("tilt") }, "\(stage.log)")
            stage.rig.sdl.pushFinger(SDL_FINGERUP, x: 0.6, y: 0.5)
            stage.rig.frame(scene: stage.scene)
            _ = stage.take()

            // Levelled, then tipped with the board free: the tilt begins.
            stage.rig.stream(1, to: stage.target, scene: stage.scene, acceleration: { _ in Self.faceUp }, rate: { _ in .zero })
            stage.rig.stream(1, to: stage.target, scene: stage.scene, acceleration: { _ in tipped }, rate: { _ in .zero })
            #expect(stage.take().first == "tilt began")

            // The pad is unplugged mid-tilt: cancelled, and back to possible.
            stage.pad.detach()
            stage.rig.frame(scene: stage.scene)
            #expect(stage.take() == ["tilt cancelled"])
            #expect(tilt.state == .possible && stage.scene.arena.recognizers.allSatisfy { $0.state == .possible })
        }
    }
}
