import Tactile

/// One player's input for one frame, as the peers send it to each other: a
/// state (a finger down at a point, a stick's tilt, Start held), not an
/// edge, so repeating the last one is the prediction that nothing changed.
struct NetInput: Equatable {
    /// Where the player's finger is, in window points; `nil` when lifted.
    var finger: Point?
    /// The player's pad's left stick, −1…1 with +y down, as SDL reports it.
    var stick = Point.zero
    /// The pad's Start button is held.
    var start = false

    /// The pad each player plays with in a rollback match: seated before the
    /// match, so the roster's seating is not part of any frame.
    static func pad(of player: Int) -> Int32 { Int32(player + 1) }

    /// The input events that take the players from `previous` to `current`:
    /// a finger's down, move or up, a stick's axes, Start's press or release.
    static func events(frame: Int, step: Double, _ previous: [NetInput], _ current: [NetInput]) -> [InputEvent] {
        var events: [InputEvent] = []
        for player in previous.indices {
            // Each player's events a little into the frame, left first: the
            // same times on every peer, whatever arrived when.
            let time = Double(frame) * step + Double(player + 1) * step / 4
            let (was, now) = (previous[player], current[player])
            let id = PointerID(kind: .finger, device: Int64(player + 1), index: 1)
            switch (was.finger, now.finger) {
            case (nil, let point?):
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: id, location: point))))
            case (let from?, let point?) where from != point:
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: id, location: point))))
            case (let from?, nil):
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.up, id: id, location: from))))
            default:
                break
            }
            let pad = pad(of: player)
            if was.stick.x != now.stick.x {
                events.append(InputEvent(timestamp: time, .controller(.axis(controller: pad, axis: .leftX, value: now.stick.x))))
            }
            if was.stick.y != now.stick.y {
                events.append(InputEvent(timestamp: time, .controller(.axis(controller: pad, axis: .leftY, value: now.stick.y))))
            }
            if was.start != now.start {
                events.append(InputEvent(timestamp: time, .controller(.button(controller: pad, button: .start, isDown: now.start))))
            }
        }
        return events
    }
}

/// One peer of a networked match: its own Air Hockey game, scene, loop and
/// clock, run by a ``RollbackSession`` that saves and restores the game's
/// own ``AirHockeyGame/Snapshot`` alongside Tactile's snapshots.
@MainActor
final class RollbackPeer {
    let game: AirHockeyGame
    let baseClock = ManualClock()
    let loop: GameLoop
    private(set) var session: RollbackSession<NetInput, AirHockeyGame.Snapshot>!
    /// A game restore the action maps refused (their bindings changed
    /// mid-match, which this game never does); the peers may disagree after one.
    private(set) var restoreError: RollbackError?
    /// Off, a rollback puts back Tactile's state but not the game's: what a
    /// game that forgot its own snapshot would do (the tests show it
    /// diverges).
    var restoresGame = true

    init(depth: Int) throws {
        game = try AirHockeyGame()
        loop = GameLoop(clock: GameClock(base: baseClock))
        loop.scene = game.scene
        loop.addInput(game.roster)
        // The lobby, before the first frame: pad 1 sits left and pad 2
        // right, on every peer alike.
        for player in 0..<2 {
            let pad = NetInput.pad(of: player)
            game.roster.handle(InputEvent(timestamp: 0, .controller(.added(controller: pad))))
            game.roster.handle(InputEvent(timestamp: 0, .controller(.button(controller: pad, button: .south, isDown: true))))
            game.roster.handle(InputEvent(timestamp: 0, .controller(.button(controller: pad, button: .south, isDown: false))))
        }
        game.roster.endFrame()
        let step = loop.step
        session = RollbackSession(
            loop: loop, baseClock: baseClock, depth: depth, players: 2, idle: NetInput(),
            events: { frame, previous, current in NetInput.events(frame: frame, step: step, previous, current) },
            save: { [unowned self] in game.snapshot() },
            load: { [unowned self] snapshot in
                guard restoresGame else { return }
                do throws(RollbackError) { try game.restore(snapshot) } catch { restoreError = error }
            },
            update: { [unowned self] step, now in game.update(step: step, now: now) })
    }
}

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
