import TactileTestSupport

/// Two rollback peers' inputs on their way to each other: each frame's
/// local input reaches the other peer `delay` frames later, plus a seeded
/// jitter of 0…`jitter` frames (so inputs can arrive out of order), and a
/// run with the same seed repeats exactly. Shared by the rollback session
/// tests.
struct SimulatedNetwork<Input> {
    let delay: Int
    let jitter: Int
    private var random: SplitMix64
    private var inFlight: [(arrival: Int, to: Int, player: Int, frame: Int, input: Input)] = []

    init(delay: Int, jitter: Int, random: SplitMix64) {
        self.delay = delay
        self.jitter = jitter
        self.random = random
    }

    /// Sends the input of peer `player` (who plays as that player) for `frame`
    /// to the other peer.
    mutating func send(_ input: Input, from player: Int, frame: Int) {
        inFlight.append((frame + delay + random.below(jitter + 1), 1 - player, player, frame, input))
    }

    /// Hands `receive` every input that has arrived by `frame`, in the order
    /// sent, and forgets them.
    mutating func deliver(by frame: Int, to receive: (_ peer: Int, _ player: Int, _ frame: Int, _ input: Input) throws -> Void) rethrows {
        for message in inFlight where message.arrival <= frame {
            try receive(message.to, message.player, message.frame, message.input)
        }
        inFlight.removeAll { $0.arrival <= frame }
    }
}
