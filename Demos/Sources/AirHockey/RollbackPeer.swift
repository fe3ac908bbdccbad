import Tactile

/// One peer of a networked match: its own Air Hockey game, scene, loop and
/// clock, run by a ``RollbackSession`` that saves and restores the game's
/// own ``AirHockeyGame/Snapshot`` alongside Tactile's snapshots (the
/// scene, the loop, and the roster with its action maps).
@MainActor
final class RollbackPeer {
    let game: AirHockeyGame
    let baseClock = ManualClock()
    let loop: GameLoop
    private(set) var session: RollbackSession<NetInput, AirHockeyGame.Snapshot>!
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
                game.restore(snapshot)
            },
            update: { [unowned self] step, now in game.update(step: step, now: now) })
    }
}
