import Tactile

/// Two peers in one process, each playing one side, exchanging their
/// inputs over a simulated network: each input reaches the other peer
/// `delay` frames late, plus up to `jitter` more (at random, reproducibly).
@MainActor
final class RollbackMatch {
    let delay: Int
    let jitter: Int
    /// Peer 0 plays left (player 0), peer 1 right (player 1).
    let peers: [RollbackPeer]
    private var random: UInt64
    private var inFlight: [(arrival: Int, to: Int, player: Int, frame: Int, input: NetInput)] = []

    /// The ring must reach back past the longest a message can take.
    init(delay: Int, jitter: Int, seed: UInt64 = 1) throws {
        self.delay = max(0, delay)
        self.jitter = max(0, jitter)
        random = seed
        let depth = max(8, self.delay + self.jitter + 2)
        peers = [try RollbackPeer(depth: depth), try RollbackPeer(depth: depth)]
    }

    var frame: Int { peers[0].session.frame }

    /// One frame: each peer takes its own player's input at once and sends
    /// it to the other; the messages due arrive; both peers advance (going
    /// back first where an arrival contradicts a prediction).
    func advance(left: NetInput, right: NetInput) throws {
        let now = frame
        for (player, input) in [left, right].enumerated() {
            try peers[player].session.setInput(input, player: player, frame: now)
            inFlight.append((now + delay + nextJitter(), 1 - player, player, now, input))
        }
        for message in inFlight where message.arrival <= now {
            try peers[message.to].session.setInput(message.input, player: message.player, frame: message.frame)
        }
        inFlight.removeAll { $0.arrival <= now }
        for peer in peers { try peer.session.advanceFrame() }
    }

    /// How many frames late the last input may arrive: after this many
    /// frames in which no one changed anything, the peers agree.
    var settlingFrames: Int { delay + jitter }

    /// SplitMix64: reproducible jitter with no dependency.
    private func nextJitter() -> Int {
        guard jitter > 0 else { return 0 }
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(jitter + 1))
    }
}
