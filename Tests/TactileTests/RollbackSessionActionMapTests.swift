import Tactile
import TactileTestSupport
import Testing

/// The session rolls back the loop's action maps itself: two peers of a
/// game that reads only an action map (each player's key, pressed and
/// released), exchanging inputs late and out of order, end with the same
/// presses and releases as a run with no delay, though the game saves none
/// of the map's state; a map the session cannot save is reported, and its
/// peers disagree.
@MainActor
struct RollbackSessionActionMapTests {
    enum Action: Hashable, CaseIterable { case fire0, fire1 }
    /// Each player's key: A and L.
    static let keys: [Int32] = [4, 15]

    /// What the game is: its log of what each frame's update read.
    struct Game: Equatable {
        var presses = [0, 0]
        var log: [String] = []
    }

    /// Feeds a map without saving it: a frame input that keeps the
    /// default, "not saved".
    final class Unsaved: FrameInput {
        let map: ActionMap<Action>
        init(_ map: ActionMap<Action>) { self.map = map }
        func handle(_ event: InputEvent) { map.handle(event) }
        func endFrame() { map.endFrame() }
        func useClock(_ clock: GameClock) { map.useClock(clock) }
    }

    @MainActor
    final class Peer {
        let baseClock = ManualClock()
        let loop: GameLoop
        let map = ActionMap<Action>()
        var game = Game()
        var session: RollbackSession<Bool, Game>!

        init(savesMap: Bool = true) throws {
            loop = GameLoop(clock: GameClock(base: baseClock))
            try map.bind(.fire0, to: .key(RollbackSessionActionMapTests.keys[0]))
            try map.bind(.fire1, to: .key(RollbackSessionActionMapTests.keys[1]))
            loop.addInput(savesMap ? map : Unsaved(map))
            session = RollbackSession(
                loop: loop, baseClock: baseClock, depth: 10, players: 2, idle: false,
                events: { frame, previous, current in
                    (0..<2).compactMap { player -> InputEvent? in
                        guard previous[player] != current[player] else { return nil }
                        let key = RollbackSessionActionMapTests.keys[player]
                        return InputEvent(timestamp: Double(frame) / 60 + Double(player + 1) / 300,
                                          .key(KeyEvent(isDown: current[player], scancode: key, keycode: key)))
                    }
                },
                // The game saves only its own state, not the map's.
                save: { [unowned self] in game },
                load: { [unowned self] in game = $0 },
                update: { [unowned self] _, now in
                    for (player, action) in [Action.fire0, .fire1].enumerated() {
                        let read = map[action]
                        if read.justPressed { game.presses[player] += 1 }
                        if read.justPressed || read.justReleased {
                            game.log.append("\(now) \(action) pressed \(read.pressCount) released \(read.releaseCount) held \(read.isPressed)")
                        }
                    }
                })
        }
    }

    /// A player's key: short taps and holds, then nothing for the last frames.
    static func script(player: Int, seed: UInt64, frames: Int) -> [Bool] {
        var random = SplitMix64(seed: seed &* 31 &+ UInt64(player))
        var held = false
        var remaining = 0
        return (0..<frames).map { frame in
            if frame >= frames - 20 { return false }
            if remaining > 0 {
                remaining -= 1
            } else if random.below(4) == 0 {
                held.toggle()
                remaining = [0, 1, 2, 6][random.below(4)]
            }
            return held
        }
    }

    func play(delay: Int, jitter: Int, seed: UInt64, frames: Int, savesMap: Bool = true)
        throws -> (reference: Game, peers: [Game], rollbacks: Int, notSaved: Int) {
        let scripts = [Self.script(player: 0, seed: seed, frames: frames), Self.script(player: 1, seed: seed, frames: frames)]
        let reference = try Peer()
        for frame in 0..<frames {
            for player in 0..<2 { try reference.session.setInput(scripts[player][frame], player: player, frame: frame) }
            try reference.session.advanceFrame()
        }
        let peers = [try Peer(savesMap: savesMap), try Peer(savesMap: savesMap)]
        var network = SimulatedNetwork<Bool>(delay: delay, jitter: jitter, random: SplitMix64(seed: seed ^ 0xbeef))
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
        return (reference.game, peers.map(\.game), peers.map(\.session.rollbacks).reduce(0, +),
                peers.map(\.session.inputsNotSaved.count).reduce(0, +))
    }

    @Test(arguments: [(delay: 2, jitter: 0), (delay: 2, jitter: 4), (delay: 1, jitter: 6)])
    func bothPeersPressAsARunWithNoDelay(network: (delay: Int, jitter: Int)) throws {
        for seed: UInt64 in 1...3 {
            let outcome = try play(delay: network.delay, jitter: network.jitter, seed: seed, frames: 400)
            #expect(outcome.rollbacks > 0 && outcome.notSaved == 0)
            #expect(outcome.reference.presses.allSatisfy { $0 > 10 }, "seed \(seed): too few presses")
            for (index, peer) in outcome.peers.enumerated() {
                #expect(peer == outcome.reference, "seed \(seed), peer \(index): \(peer.presses) vs \(outcome.reference.presses)")
            }
        }
    }

    /// The comparison can fail: the same map fed through an input the
    /// session cannot save is reported, and the peers' presses go wrong.
    @Test func aMapTheSessionCannotSaveIsReportedAndThePeersDisagree() throws {
        var disagreements = 0
        for seed: UInt64 in 1...3 {
            let outcome = try play(delay: 2, jitter: 4, seed: seed, frames: 400, savesMap: false)
            #expect(outcome.notSaved == 2)
            disagreements += outcome.peers.filter { $0 != outcome.reference }.count
        }
        #expect(disagreements > 0)
    }
}
