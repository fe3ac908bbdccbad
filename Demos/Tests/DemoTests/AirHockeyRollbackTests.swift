import ArgumentParser
import Tactile
import TactileTestSupport
import Testing
@testable import TactileSDL
@testable import AirHockey

/// Air Hockey played by two peers in one process over a simulated network
/// with a delay and jitter, each rolling back with ``RollbackSession``: both
/// end with the same puck, paddles, score and log as a run with no delay.
@Suite @MainActor struct AirHockeyRollback {
    /// A player's scripted input: strokes of a finger from near their goal
    /// through the middle of the rink, stick runs, and a Start press pair
    /// (pause, later resume), then nothing for the last `quiet` frames.
    static func script(player: Int, seed: UInt64, frames: Int, quiet: Int) -> [NetInput] {
        var random = SplitMix64(seed: seed &+ UInt64(player) &* 7919)
        let left = player == 0
        var inputs: [NetInput] = []
        var input = NetInput()
        var stroke: (from: Point, to: Point, length: Int, at: Int)?
        var stickLeft = 0
        for frame in 0..<frames {
            if frame >= frames - quiet {
                input = NetInput()
            } else if var current = stroke {
                current.at += 1
                let t = Double(current.at) / Double(current.length)
                input.finger = Point(x: current.from.x + (current.to.x - current.from.x) * t,
                                     y: current.from.y + (current.to.y - current.from.y) * t)
                stroke = current.at >= current.length ? nil : current
            } else if input.finger != nil {
                input.finger = nil
            } else if stickLeft > 0 {
                stickLeft -= 1
                if stickLeft == 0 { input.stick = .zero }
            } else if random.below(25) == 0 {
                let x0 = left ? 130.0 + Double(random.below(60)) : 670.0 - Double(random.below(60))
                let x1 = left ? 380.0 : 420.0
                let from = Point(x: x0, y: 200 + Double(random.below(260)))
                let to = Point(x: x1, y: 250 + Double(random.below(160)))
                input.finger = from
                stroke = (from, to, 10 + random.below(30), 0)
            } else if random.below(120) == 0 {
                input.stick = Point(x: (left ? 1.0 : -1.0) * Double(random.below(100)) / 100,
                                    y: Double(random.below(201)) / 100 - 1)
                stickLeft = 5 + random.below(20)
            }
            // Player 1 pauses at 40 % of the match and resumes 30 frames on.
            let pause = frames * 2 / 5
            input.start = player == 1 && (frame == pause || frame == pause + 1 || frame == pause + 30)
            inputs.append(input)
        }
        return inputs
    }

    func play(delay: Int, jitter: Int, seed: UInt64, frames: Int, restoresGame: Bool = true, padless: Bool = false) throws -> RollbackMatch {
        let match = try RollbackMatch(delay: delay, jitter: jitter, seed: seed)
        for peer in match.peers { peer.restoresGame = restoresGame }
        // The same scripts whatever the network: still for long enough at
        // the end that every input has arrived, however late.
        let quiet = 40
        #expect(match.settlingFrames < quiet)
        var scripts = [Self.script(player: 0, seed: seed, frames: frames, quiet: quiet),
                       Self.script(player: 1, seed: seed, frames: frames, quiet: quiet)]
        if padless { scripts = scripts.map { $0.map { NetInput(finger: $0.finger) } } }
        for frame in 0..<frames { try match.advance(left: scripts[0][frame], right: scripts[1][frame]) }
        return match
    }

    @Test(arguments: [(delay: 2, jitter: 0), (delay: 4, jitter: 2), (delay: 1, jitter: 5)])
    func bothPeersEndAsARunWithNoDelay(network: (delay: Int, jitter: Int)) throws {
        for seed: UInt64 in 1...2 {
            let reference = try play(delay: 0, jitter: 0, seed: seed, frames: 1200)
            let table = reference.peers[0].game.snapshot().table
            #expect(reference.peers.allSatisfy { $0.session.rollbacks == 0 })
            #expect(table.log.contains { $0.hasPrefix("goal") }, "seed \(seed): no goal in \(table.log)")
            #expect(table.log.contains("pause") && table.log.contains("resume"), "\(table.log)")
            #expect(table.paddles.allSatisfy { $0.grabs > 3 })

            let match = try play(delay: network.delay, jitter: network.jitter, seed: seed, frames: 1200)
            for (index, peer) in match.peers.enumerated() {
                #expect(peer.session.rollbacks > 0, "seed \(seed), peer \(index): nothing was mispredicted")
                #expect(peer.session.inputsNotSaved.isEmpty)
                #expect(peer.game.snapshot().table == table, "seed \(seed), peer \(index): \(peer.game.log) vs \(table.log)")
                #expect(!peer.game.isPaddleHeld)
                #expect(peer.game.scene.event.allTouches.allSatisfy { $0.hasEnded })
            }
        }
    }

    @Test func theRollbackOptionsAreChecked() throws {
        let command = try AirHockeyCommand.parse(["--rollback-delay", "4", "--rollback-jitter", "2"])
        #expect(command.rollbackDelay == 4 && command.rollbackJitter == 2)
        #expect(try AirHockeyCommand.parse([]).rollbackDelay == nil)
        for bad in [["--rollback-jitter", "2"], ["--rollback-delay", "-1"], ["--rollback-delay", "31"],
                    ["--rollback-delay", "2", "--rollback-jitter", "40"], ["--rollback-delay", "two"]] {
            #expect(throws: (any Error).self, "\(bad)") { try AirHockeyCommand.parse(bad) }
        }
    }

    /// The window's input split into the players': a finger by the half it
    /// lands in (one each), a pad by the order it was seen, keys by W A S D
    /// and the arrows, keys over the pad's stick while held.
    @Test func theWindowsInputIsSplitBetweenThePlayers() throws {
        let demo = try RollbackDemo(delay: 2, jitter: 0)
        func send(_ kind: InputEvent.Kind) { demo.handle(InputEvent(timestamp: 0, kind)) }
        let finger = { (index: Int64) in PointerID(kind: .finger, device: 1, index: index) }
        send(.pointer(PointerEvent(.down, id: finger(1), location: Point(x: 600, y: 300))))
        send(.pointer(PointerEvent(.down, id: finger(2), location: Point(x: 650, y: 320))))
        send(.pointer(PointerEvent(.move, id: finger(2), location: Point(x: 660, y: 320))))
        #expect(demo.inputs[1].finger == Point(x: 600, y: 300) && demo.inputs[0].finger == nil)
        send(.controller(.added(controller: 7)))
        send(.controller(.axis(controller: 7, axis: .leftX, value: 0.5)))
        send(.controller(.button(controller: 9, button: .start, isDown: true)))
        #expect(demo.inputs[0].stick == Point(x: 0.5, y: 0) && demo.inputs[1].start)
        send(.key(KeyEvent(isDown: true, scancode: PhysicalKey.d.scancode, keycode: 0)))
        send(.key(KeyEvent(isDown: true, scancode: PhysicalKey.up.scancode, keycode: 0)))
        #expect(demo.inputs[0].stick == Point(x: 1, y: 0) && demo.inputs[1].stick == Point(x: 0, y: -1))
        send(.key(KeyEvent(isDown: false, scancode: PhysicalKey.d.scancode, keycode: 0)))
        send(.pointer(PointerEvent(.up, id: finger(1), location: Point(x: 600, y: 300))))
        #expect(demo.inputs[0].stick == Point(x: 0.5, y: 0) && demo.inputs[1].finger == nil)
        try demo.match.advance(left: demo.inputs[0], right: demo.inputs[1])
        #expect(demo.match.frame == 1)
    }

    /// The comparison can fail: a game that rolls back Tactile's state but
    /// not its own (puck, paddles, score) ends elsewhere.
    @Test func withoutTheGamesOwnSnapshotThePeersDisagree() throws {
        let reference = try play(delay: 0, jitter: 0, seed: 1, frames: 1200)
        let match = try play(delay: 4, jitter: 2, seed: 1, frames: 1200, restoresGame: false)
        let table = reference.peers[0].game.snapshot().table
        #expect(match.peers.contains { $0.game.snapshot().table != table })
        // And the pads play: the same fingers with no stick and no Start end elsewhere.
        let padless = try play(delay: 0, jitter: 0, seed: 1, frames: 1200, padless: true)
        #expect(padless.peers[0].game.snapshot().table != table)
        #expect(!padless.peers[0].game.log.contains("pause"))
    }
}

extension SDLIntegration {
    /// `airhockey --rollback-delay N --rollback-jitter M` headless: the
    /// shipped trace, split into the two players' inputs by the half of the
    /// window each finger lands in, played by two peers; after the trace's
    /// last second of settling both peers show what a run with no delay shows.
    @Suite @MainActor struct AirHockeyRollbackTrace {
        func run(delay: Int, jitter: Int) throws -> (SDLApp, RollbackDemo) {
            var configuration = SDLApp.Configuration(title: "airhockey-rollback-test")
            configuration.headless = true
            configuration.replayPath = AirHockeyDemo.trace
            let app = try SDLApp(configuration)
            let demo = try RollbackDemo(delay: delay, jitter: jitter)
            try app.run(demo)
            return (app, demo)
        }

        @Test func theTracePlayedByTwoPeersEndsAsWithNoDelay() throws {
            let (app, reference) = try run(delay: 0, jitter: 0)
            #expect(app.frameCount == 921)
            let table = reference.game.snapshot().table
            #expect(reference.match.peers.allSatisfy { $0.session.rollbacks == 0 })
            // The same match as the game alone plays from the trace, the
            // camera turn included (its two fingers are one per half).
            #expect(table.log == AirHockeyDemo.match, "\(table.log)")
            for network in [(delay: 4, jitter: 2), (delay: 1, jitter: 5), (delay: 8, jitter: 0)] {
                let (_, demo) = try run(delay: network.delay, jitter: network.jitter)
                #expect(demo.peersAgree)
                #expect(demo.game.log == AirHockeyDemo.match)
                for (index, peer) in demo.match.peers.enumerated() {
                    #expect(peer.session.rollbacks > 0)
                    #expect(peer.game.snapshot().table == table, "\(network), peer \(index): \(peer.game.log) vs \(table.log)")
                }
            }
        }
    }
}

extension SDLIntegration.X11Demos {
    /// `airhockey --rollback-delay 4 --rollback-jitter 2` in a real window:
    /// the mouse takes the left paddle up (the left player's own peer shows
    /// it at once) and the Up arrow drives the right paddle up, an input
    /// that reaches the left player's peer 4 to 6 frames late.
    @Test func airHockeyPlaysOverASimulatedNetwork() throws {
        let run = try XvfbSession.run(demo: "airhockey", title: "Tactile: Air Hockey",
                                      arguments: ["--rollback-delay", "4", "--rollback-jitter", "2"]) { window in
            try window.press(x: 200, y: 260)
            try window.drag(to: 170, 200, from: (200, 260))
            try window.keyDown("Up")
            window.hold(0.3)
            try window.keyUp("Up")
            window.hold(0.3)
            try window.key("Escape")
            try window.release()
        }
        #expect(run.output.contains("rollback delay 4 jitter 2"), "\(run.output)")
        #expect(Self.events(run, .mouse, .move).contains { Self.near($0, Point(x: 170, y: 200)) })
        let image = run.screenshot
        let left = image.pixel(x: 170, y: 212)
        #expect(left.isClose(to: AirHockeyGame.leftColor, tolerance: 4), "left paddle under the pointer at (170, 200): \(left)")
        #expect(!image.pixel(x: 630, y: 342).isClose(to: AirHockeyGame.rightColor, tolerance: 40), "the right paddle is still home")
        let column = (Int(Rink.bounds.minY)..<300).map { image.pixel(x: 630, y: $0) }
        #expect(column.contains { $0.isClose(to: AirHockeyGame.rightColor, tolerance: 4) }, "the right paddle is not above its home")
    }
}
