import TactileTestSupport
import Testing
@testable import Tactile

/// The continuous recognizers fed what a broken device or a bad trace
/// sends: NaN and infinite positions and times, events with no time between
/// them, and random streams. Nothing they report is ever non-finite, and
/// nothing is left stuck.
@MainActor
struct ContinuousGestureBadInputTests {
    let scene = Scene(size: Size(width: 400, height: 300))
    let view = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let pan = PanGestureRecognizer()
    let edgePan = ScreenEdgePanGestureRecognizer(edges: .all) { _ in }
    let swipe = SwipeGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let watcher = LocationWatcher()
    /// Every action, as `name state`.
    let actions = EventLog()
    /// Every action in which a value reported was not finite.
    let problems = EventLog()

    /// Records the location of every touch it is handed; never recognizes.
    final class LocationWatcher: GestureRecognizer {
        var locations: [Point] = []
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { locations += touches.map(\.location) }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { locations += touches.map(\.location) }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { locations += touches.map(\.location) }
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { locations += touches.map(\.location) }
    }

    /// Lets every recognizer run alongside the others, so that all of them
    /// see the whole stream.
    final class Everyone: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }
    let everyone = Everyone()

    init() {
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        for recognizer in [pan, edgePan, swipe, pinch, rotation, watcher] as [GestureRecognizer] {
            recognizer.delegate = everyone
            view.addGestureRecognizer(recognizer)
        }
        swipe.direction = .all
        let check = { @MainActor [actions, problems, pan, edgePan, swipe, pinch, rotation, view] (recognizer: GestureRecognizer) in
            actions.append("\(recognizer.displayName) \(recognizer.state.rawValue)")
            var values: [Double] = []
            for pan in [pan, edgePan] as [PanGestureRecognizer] {
                for point in [pan.translation(in: nil), pan.velocity(in: nil), pan.translation(in: view), pan.velocity(in: view)] {
                    values += [point.x, point.y]
                }
            }
            let velocity = swipe.velocity(in: nil)
            values += [velocity.x, velocity.y, pinch.scale, pinch.velocity, rotation.rotation, rotation.velocity]
            if !values.allSatisfy(\.isFinite) {
                problems.append("\(recognizer.displayName) \(recognizer.state.rawValue): \(values)")
            }
        }
        for recognizer in [pan, edgePan, swipe, pinch, rotation] as [GestureRecognizer] { recognizer.addAction(check) }
    }

    /// The scene drops non-finite positions before any recognizer sees
    /// them: the watcher (which sees everything the built-ins see) gets
    /// finite locations only, and every value reported stays finite.
    @Test func nonFinitePositionsNeverReachARecognizer() {
        var dropped: [Diagnostic.Problem] = []
        scene.diagnostics = { dropped.append($0.problem) }
        let events = [
            finger(1, .down, 100, 100, at: 0),
            finger(2, .down, .nan, 5, at: 0.01),            // dropped, and its pointer ignored
            finger(1, .move, .nan, 100, at: 0.02),          // dropped
            finger(1, .move, .infinity, 3, at: 0.03),       // dropped
            finger(3, .down, 200, 150, at: 0.04),
            finger(1, .move, 150, 100, at: 0.05),
            finger(3, .move, -.infinity, .nan, at: 0.06),   // dropped
            finger(3, .move, 260, 170, at: 0.07),
            finger(2, .move, 1, 1, at: 0.08),               // the ignored pointer: nowhere
            finger(2, .up, 1, 1, at: 0.09),
            finger(1, .up, 150, 100, at: 0.10),
            finger(3, .up, 260, 170, at: 0.11),
        ]
        for event in events { scene.send(event) }
        #expect(dropped == Array(repeating: .nonFiniteValue, count: 4))
        #expect(watcher.locations == [
            Point(x: 100, y: 100), Point(x: 200, y: 150), Point(x: 150, y: 100),
            Point(x: 260, y: 170), Point(x: 150, y: 100), Point(x: 260, y: 170),
        ])
        #expect(problems.lines.isEmpty)
        // The values were read in actions: the stream made a pan and a pinch.
        #expect(actions.lines.contains("PanGestureRecognizer began"))
        #expect(actions.lines.contains("PinchGestureRecognizer began"))
        #expect(scene.arena.recognizers.isEmpty)
    }

    /// Non-finite timestamps do not move the scene's clock; the recognizers
    /// time their samples by that clock, so velocities stay finite.
    @Test func nonFiniteTimestampsLeaveTheVelocitiesFinite() {
        let times: [Double] = [0, .nan, .infinity, 0.05, -.infinity, .nan, 0.1]
        for (index, time) in times.enumerated() {
            let x = 100 + 20 * Double(index)
            scene.send(finger(1, index == 0 ? .down : .move, x, 100, at: time))
            scene.send(finger(2, index == 0 ? .down : .move, x, 200 + 10 * Double(index), at: time))
        }
        scene.send(finger(1, .up, 220, 100, at: .nan))
        scene.send(finger(2, .up, 220, 260, at: .nan))
        #expect(problems.lines.isEmpty)
        #expect(scene.arena.recognizers.isEmpty)
    }

    /// Every event at one instant: no time to divide by, so every velocity
    /// is 0, and the gestures still recognize and end.
    @Test func eventsWithNoTimeBetweenThemGiveZeroVelocities() {
        var velocities: [Double] = []
        pan.addAction { recognizer in
            let velocity = recognizer.velocity(in: nil)
            velocities += [velocity.x, velocity.y]
        }
        pinch.addAction { recognizer in velocities.append(recognizer.velocity) }
        rotation.addAction { recognizer in velocities.append(recognizer.velocity) }
        scene.send(finger(1, .down, 100, 150, at: 1))
        scene.send(finger(2, .down, 200, 150, at: 1))
        for step in 1...5 {
            scene.send(finger(2, .move, 200 + 20 * Double(step), 150 + 15 * Double(step), at: 1))
        }
        scene.send(finger(2, .up, 300, 225, at: 1))
        scene.send(finger(1, .up, 100, 150, at: 1))
        #expect(!velocities.isEmpty && velocities.allSatisfy { $0 == 0 })
        #expect(problems.lines.isEmpty)
    }

    /// Random streams of downs, moves, lifts and cancellations of four
    /// fingers, with now and then a non-finite position, a repeated down, a
    /// lost lift or a burst of events at one instant. Whatever happens, no
    /// reported value is non-finite, and once the fingers are gone every
    /// recognizer is back in possible.
    @Test(arguments: 0..<40)
    func randomStreamsReportOnlyFiniteValuesAndLeaveNothingStuck(seed: UInt64) {
        var random = SplitMix64(seed: 0xC0471_0000 + seed)
        var time = 0.0
        var down: Set<Int64> = []
        for _ in 0..<300 {
            if random.below(4) != 0 { time += Double(random.below(40)) / 1000 }
            let index = Int64(random.below(4))
            var x = Double(random.below(440)) - 20, y = Double(random.below(340)) - 20
            if random.below(30) == 0 { x = [.nan, .infinity, -.infinity][random.below(3)] }
            if random.below(30) == 0 { y = .nan }
            let phase: PointerEvent.Phase
            switch random.below(10) {
            case 0, 1: phase = .down
            case 2: phase = .up
            case 3 where random.below(4) == 0: phase = .cancel
            default: phase = .move
            }
            scene.send(finger(index, phase, x, y, at: time))
            if phase == .down && x.isFinite && y.isFinite { down.insert(index) }
            if phase == .up || phase == .cancel, x.isFinite, y.isFinite { down.remove(index) }
        }
        for index in down { scene.send(finger(index, .up, 10, 10, at: time + 1)) }
        // A finger whose lift carried a NaN is still down as far as the
        // scene knows; end it the way the pump would, by an interruption.
        scene.send(InputEvent(timestamp: time + 2, .interrupted(.focusLost)))
        #expect(problems.lines.isEmpty)
        for recognizer in [pan, edgePan, swipe, pinch, rotation, watcher] as [GestureRecognizer] {
            #expect(recognizer.state == .possible, "\(recognizer.displayName)")
        }
        #expect(scene.arena.recognizers.isEmpty)
    }
}
