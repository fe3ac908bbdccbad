import Tactile
import TactileTestSupport
import Testing

/// Two peers of a small two-player touch game in one process, each with its
/// own scene, loop and game, exchanging inputs over a simulated network
/// with a delay and jitter; both end in the state of a run with no delay.
@MainActor
struct RollbackSessionTests {
    /// A player's finger in one frame: its state, not an edge.
    struct Finger: Equatable {
        var isDown = false
        var location = Point.zero
    }

    /// What the game is: paddles that players drag, shots they tap, a puck.
    struct GameState: Equatable {
        var paddles = [150.0, 150.0]
        var dragStart = [150.0, 150.0]
        var shots = [0, 0]
        var presses = [0, 0]
        var puck = Point(x: 200, y: 150)
        var velocity = Point(x: 90, y: 55)
        var updates = 0
        /// Every action, in order, with its values.
        var actions: [String] = []
    }

    @MainActor
    final class Peer {
        let scene = Scene(size: Size(width: 400, height: 300))
        let baseClock = ManualClock()
        let loop: GameLoop
        var game = GameState()
        var session: RollbackSession<Finger, GameState>!

        init(depth: Int) {
            scene.diagnostics = nil
            loop = GameLoop(clock: GameClock(base: baseClock))
            loop.scene = scene
            for player in 0..<2 {
                let half = Layer(frame: Rect(x: Double(player) * 200, y: 0, width: 200, height: 300), name: "player\(player)")
                scene.root.addChild(half)
                let pan = PanGestureRecognizer()
                pan.addAction { [unowned self] pan in
                    if pan.state == .began { game.dragStart[player] = game.paddles[player] }
                    game.paddles[player] = max(0, min(300, game.dragStart[player] + pan.translation(in: nil).y))
                    game.actions.append("pan\(player) \(pan.state) \(pan.translation(in: nil)) \(pan.velocity(in: nil))")
                }
                let tap = TapGestureRecognizer { [unowned self] tap in
                    game.shots[player] += 1
                    game.actions.append("tap\(player) at \(tap.location(in: nil))")
                }
                let press = LongPressGestureRecognizer { [unowned self] press in
                    if press.state == .began { game.presses[player] += 1 }
                    game.actions.append("press\(player) \(press.state)")
                }
                half.addGestureRecognizer(pan)
                half.addGestureRecognizer(tap)
                half.addGestureRecognizer(press)
            }
            session = RollbackSession(
                loop: loop, baseClock: baseClock, depth: depth, players: 2, idle: Finger(),
                events: { frame, previous, current in Self.events(frame: frame, step: 1.0 / 60, previous, current) },
                save: { [unowned self] in game },
                load: { [unowned self] in game = $0 },
                update: { [unowned self] step, _ in advancePuck(step) })
        }

        func advancePuck(_ step: Double) {
            game.updates += 1
            game.puck.x += game.velocity.x * step
            game.puck.y += game.velocity.y * step
            if game.puck.y < 0 || game.puck.y > 300 { game.velocity.y = -game.velocity.y }
            if game.puck.x < 10, abs(game.puck.y - game.paddles[0]) < 40 { game.velocity.x = abs(game.velocity.x) }
            if game.puck.x > 390, abs(game.puck.y - game.paddles[1]) < 40 { game.velocity.x = -abs(game.velocity.x) }
            if game.puck.x < -20 || game.puck.x > 420 { game.puck = Point(x: 200, y: 150) }
        }

        static func events(frame: Int, step: Double, _ previous: [Finger], _ current: [Finger]) -> [InputEvent] {
            var events: [InputEvent] = []
            for player in 0..<2 {
                let time = Double(frame) * step + Double(player + 1) * step / 4
                let id = PointerID(kind: .finger, device: Int64(player + 1), index: 1)
                let (was, now) = (previous[player], current[player])
                let phase: PointerEvent.Phase?
                switch (was.isDown, now.isDown) {
                case (false, true): phase = .down
                case (true, true): phase = was.location == now.location ? nil : .move
                case (true, false): phase = .up
                case (false, false): phase = nil
                }
                guard let phase else { continue }
                let location = now.isDown ? now.location : was.location
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: location))))
            }
            return events
        }
    }

    /// A player's fingers: drags, taps and holds on their own half, then
    /// nothing for the last `quiet` frames.
    static func script(player: Int, seed: UInt64, frames: Int, quiet: Int) -> [Finger] {
        var random = SplitMix64(seed: seed &+ UInt64(player) &* 7919)
        var fingers: [Finger] = []
        var finger = Finger()
        var remaining = 0
        for frame in 0..<frames {
            if frame >= frames - quiet {
                finger.isDown = false
            } else if remaining > 0 {
                remaining -= 1
                if finger.isDown, random.below(3) != 0 {
                    finger.location.y = max(0, min(299, finger.location.y + Double(random.below(21)) - 10))
                }
                if remaining == 0 { finger.isDown.toggle() }
            } else if !finger.isDown, random.below(6) == 0 {
                finger.isDown = true
                finger.location = Point(x: Double(player) * 200 + 20 + Double(random.below(160)), y: Double(random.below(300)))
                remaining = [2, 4, 40, 60][random.below(4)]
            } else if finger.isDown {
                remaining = 1
            }
            fingers.append(finger)
        }
        return fingers
    }

    func play(delay: Int, jitter: Int, depth: Int, seed: UInt64, frames: Int) throws -> (reference: GameState, peers: [GameState], rollbacks: Int) {
        let quiet = delay + jitter + 4
        let scripts = [Self.script(player: 0, seed: seed, frames: frames, quiet: quiet),
                       Self.script(player: 1, seed: seed, frames: frames, quiet: quiet)]

        let reference = Peer(depth: depth)
        for frame in 0..<frames {
            for player in 0..<2 { try reference.session.setInput(scripts[player][frame], player: player, frame: frame) }
            try reference.session.advanceFrame()
        }
        #expect(reference.session.rollbacks == 0)

        let peers = [Peer(depth: depth), Peer(depth: depth)]
        var network = SimulatedNetwork<Finger>(delay: delay, jitter: jitter, random: SplitMix64(seed: seed ^ 0xdead))
        for frame in 0..<frames {
            for (local, peer) in peers.enumerated() {
                try peer.session.setInput(scripts[local][frame], player: local, frame: frame)
                network.send(scripts[local][frame], from: local, frame: frame)
            }
            try network.deliver(by: frame) { to, player, sent, input in
                try peers[to].session.setInput(input, player: player, frame: sent)
            }
            for peer in peers { try peer.session.advanceFrame() }
        }
        return (reference.game, peers.map(\.game), peers.map(\.session.rollbacks).reduce(0, +))
    }

    @Test(arguments: [(delay: 2, jitter: 0), (delay: 3, jitter: 2), (delay: 1, jitter: 5)])
    func bothPeersEndAsARunWithNoDelay(network: (delay: Int, jitter: Int)) throws {
        for seed: UInt64 in 1...4 {
            let outcome = try play(delay: network.delay, jitter: network.jitter, depth: 8, seed: seed, frames: 600)
            #expect(outcome.rollbacks > 0, "seed \(seed): nothing was mispredicted")
            #expect(outcome.reference.actions.count > 20, "seed \(seed): too little happened")
            #expect(outcome.reference.shots.reduce(0, +) + outcome.reference.presses.reduce(0, +) > 0)
            for (index, peer) in outcome.peers.enumerated() {
                #expect(peer == outcome.reference, "seed \(seed), peer \(index): \(firstDifference(peer.actions, outcome.reference.actions))")
            }
        }
    }

    /// The comparison can fail: the same game with no rollback (predictions
    /// kept however wrong) ends elsewhere.
    @Test func withoutRollbackThePeersDisagree() throws {
        let outcome = try play(delay: 3, jitter: 2, depth: 8, seed: 1, frames: 600)
        #expect(outcome.peers[0] == outcome.reference)
        let peer = Peer(depth: 8)
        let script = [Self.script(player: 0, seed: 1, frames: 600, quiet: 9), Self.script(player: 1, seed: 1, frames: 600, quiet: 9)]
        for frame in 0..<600 {
            try peer.session.setInput(script[0][frame], player: 0, frame: frame)
            // Player 1's input only ever arrives for frames already simulated, too late to be used.
            if frame >= 20 { try? peer.session.setInput(script[1][frame - 20], player: 1, frame: frame - 20) }
            try peer.session.advanceFrame()
        }
        #expect(peer.game != outcome.reference)
    }

    @Test func anInputOlderThanTheRingIsRefused() throws {
        let peer = Peer(depth: 4)
        for _ in 0..<10 { try peer.session.advanceFrame() }
        #expect(throws: RollbackSession<Finger, GameState>.InputError.tooLate(frame: 5, oldest: 6)) {
            try peer.session.setInput(Finger(isDown: true), player: 1, frame: 5)
        }
        #expect(throws: RollbackSession<Finger, GameState>.InputError.noSuchPlayer(2)) {
            try peer.session.setInput(Finger(), player: 2, frame: 9)
        }
    }

    private func firstDifference(_ a: [String], _ b: [String]) -> String {
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : "") != (index < b.count ? b[index] : "") {
            return "action \(index): \(index < a.count ? a[index] : "(end)") vs \(index < b.count ? b[index] : "(end)")"
        }
        return "same actions"
    }
}
