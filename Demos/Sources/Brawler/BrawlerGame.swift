import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// A two-player fighting game on one screen, whose specials are command
/// inputs competing with the normals in the scene's arena: on one press of
/// punch, a dragon punch (623) wins over a fireball (236) that the same
/// input completes, and either over the plain punch, on that press; a full
/// circle (360, the spin) wins over both.
///
/// Each player plays on the keyboard (player 1 W A S D with F punch and G
/// kick, player 2 the arrows with K and L) or on a pad seated by the
/// ``roster`` (Start joins: the first pad is player 1; X/Square punches,
/// A/Cross kicks, d-pad or left stick). Each of a player's devices has a
/// ``PlayerInput`` and eight ``CommandInputRecognizer``s on the fighter's
/// layer, registered in the player's ``ActionMap`` and bound with
/// `.command(…)`, so the game reads a move as the action that fired this
/// frame, like any other binding.
///
/// ```
/// ┌────────────────────────────────────────────────┐
/// │ P1 ████████████░░░   57   ░░████████████ P2    │
/// │                                                 │
/// │        ┌─┐              ┌─┐                     │
/// │        │ │━━     ●      │ │                     │
/// │ ───────┴─┴──────────────┴─┴──────────────────── │
/// │  P1: W A S D, F punch, G kick   P2: arrows, K L │
/// └────────────────────────────────────────────────┘
/// ```
///
/// Commands are written facing right and mirror with ``Fighter/facing``:
/// the fighters turn to face each other whenever they are free, so after
/// a dash through the other player, 214 + punch throws the fireball.
///
/// Deterministic: everything moves on the game's fixed step (``tick``),
/// with no clock and no random numbers, so a replayed trace gives the same
/// fight. What happened goes to ``log``, one line per event with its tick:
/// `62 p1 fireball`, `85 p1 fireball hits p2 88`, `90 p2 joins pad 0`,
/// `700 KO p1 wins`.
@MainActor
final class BrawlerGame: CanvasGame {
    /// An action of a player's map: each move, and starting the next round.
    enum Action: Hashable, Sendable, CaseIterable {
        case move(Move)
        case nextRound

        static let allCases = Move.allCases.map(Action.move) + [.nextRound]
    }

    enum Phase: Equatable {
        case fighting
        /// The round is over: won by a player (0 or 1), or drawn (`nil`).
        case over(winner: Int?)
    }

    let scene = Scene(size: Size(width: 800, height: 600))
    /// Each fighter's layer: its command recognizers live there (they
    /// follow no touches, so it takes none).
    let fighterLayers: [Layer]
    /// The seats of the two pads: Start joins, the first pad plays player 1.
    /// The keyboard is shared (its own keys for each player) and joins no seat.
    let roster: PlayerRoster<Action>
    /// Each player's keyboard keys, always there.
    let keyboards: [PlayerInput]
    /// Each player's pad, once one has joined.
    private(set) var pads: [PlayerInput?] = [nil, nil]
    /// The recognizers of each player's devices, by the name they are
    /// registered under in the player's map (`fireball-keys`, `fireball-pad`).
    private(set) var commands: [[String: CommandInputRecognizer]] = [[:], [:]]

    private(set) var fighters: [Fighter] = []
    private(set) var projectiles: [Projectile] = []
    private(set) var phase = Phase.fighting
    /// Game ticks since the start (one per fixed update), and this round's.
    private(set) var tick = 0
    private(set) var roundTick = 0
    private(set) var round = 1
    private(set) var wins = [0, 0]
    /// What happened, in order (see the type's documentation).
    private(set) var log: [String] = []
    /// The last move each player started, for the screen.
    private(set) var lastMoves: [Move?] = [nil, nil]
    private(set) var wantsToQuit = false

    /// The action-map frame each player's snapshot was read in: a frame can
    /// run several updates, and a move fires once.
    private var readFrames = [-1, -1]

    /// A round lasts a minute of game time, then the healthier player wins.
    static let roundTicks = 60 * 60
    /// The frame the headless run stops at for its screenshot (see
    /// Demos/scripts/make-brawler-trace.py).
    static let showcaseFrame = 327
    static let floorY = 470.0
    static let starts = [250.0, 550.0]
    /// Esc, Space and Return (SDL scancodes, USB HID usages).
    static let escapeScancode: Int32 = 41
    static let spaceScancode: Int32 = 44
    static let returnScancode: Int32 = 40

    /// The pad buttons the moves use; the keyboard's keys stand for them.
    static let punchButton = ControllerButton.west
    static let kickButton = ControllerButton.south

    /// Each player's keys, as SDL scancodes: W A S D with F and G, and the
    /// arrows with K and L.
    static let keyLayouts: [[Int32: ControllerButton]] = [
        [26: .dpadUp, 4: .dpadLeft, 22: .dpadDown, 7: .dpadRight, 9: punchButton, 10: kickButton],
        [82: .dpadUp, 80: .dpadLeft, 81: .dpadDown, 79: .dpadRight, 14: punchButton, 15: kickButton],
    ]

    /// The command of each move, written for a fighter facing right.
    static func command(for move: Move) throws -> Command {
        switch move {
        case .spin: try Command("360", punchButton)
        case .dragonPunch: try Command("623", punchButton)
        case .fireball: try Command("236", punchButton)
        case .rush: try Command("[4]6", punchButton)
        case .dash: try Command("66")
        case .backdash: try Command("44")
        case .kick: try Command("", kickButton)
        case .punch: try Command("", punchButton)
        }
    }

    init() throws {
        fighterLayers = (0..<2).map { Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "player \($0 + 1)") }
        var seating = PlayerRoster<Action>.Settings()
        seating.keyboardJoins = false
        // Start only: a pad's first press of a move button is a move, once seated.
        seating.joinButtons = [.start]
        roster = PlayerRoster(players: [ActionMap<Action>(), ActionMap<Action>()], settings: seating)
        keyboards = Self.keyLayouts.map { PlayerInput(keyboard: $0) }
        for layer in fighterLayers {
            layer.isUserInteractionEnabled = false
            scene.root.addChild(layer)
        }
        for player in 0..<2 {
            try addCommands(for: keyboards[player], player: player, device: "keys")
            try roster.actions[player].bind(.nextRound, to: .button(.start))
        }
        roster.events = { [unowned self] event in
            switch event {
            case .joined(let player, .controller(let id)), .reclaimed(let player, let id, _):
                do { try self.seatPad(id, player: player) } catch { self.log.append("\(self.tick) p\(player + 1) pad \(id): \(error)") }
            case .joined, .lost:
                break
            }
        }
        startRound()
    }

    /// A player's recognizers for one device, on the fighter's layer, each
    /// registered in the player's map and bound to its move.
    private func addCommands(for input: PlayerInput, player: Int, device: String) throws {
        let map = roster.actions[player]
        for move in Move.allCases {
            let recognizer = CommandInputRecognizer(try Self.command(for: move), input: input)
            let name = "\(move.rawValue)-\(device)"
            recognizer.name = "p\(player + 1) \(name)"
            if let old = commands[player][name] { fighterLayers[player].removeGestureRecognizer(old) }
            commands[player][name] = recognizer
            fighterLayers[player].addGestureRecognizer(recognizer)
            let bound = map.bindings(of: .move(move)).contains(.command(name))
            map.register(recognizer, as: name)
            if !bound { try map.bind(.move(move), to: .command(name)) }
        }
        input.facing = fighters.indices.contains(player) ? fighters[player].facing : (player == 0 ? .right : .left)
    }

    /// A pad took the player's seat (joined, or came back with a new id).
    private func seatPad(_ id: Int32, player: Int) throws {
        if case .controller(id)? = pads[player]?.source { return }
        let pad = PlayerInput(controller: id)
        pads[player] = pad
        try addCommands(for: pad, player: player, device: "pad")
        log.append("\(tick) p\(player + 1) joins pad \(id)")
    }

    /// The inputs a player plays with: the keys, and the pad if seated.
    func inputs(of player: Int) -> [PlayerInput] {
        [keyboards[player]] + (pads[player].map { [$0] } ?? [])
    }

    /// Where the player's stick or keys point: the pad when it points
    /// anywhere, else the keys.
    func direction(of player: Int) -> PadDirection {
        if let pad = pads[player], pad.direction != .neutral { return pad.direction }
        return keyboards[player].direction
    }

    // MARK: Input

    func handle(_ event: InputEvent) {
        guard case .key(let key) = event.kind, key.isDown, !key.isRepeat else { return }
        if key.scancode == Self.escapeScancode { wantsToQuit = true }
        if key.scancode == Self.spaceScancode || key.scancode == Self.returnScancode { nextRound() }
    }

    // MARK: Rules

    func update(step: Double, now: Double) {
        tick += 1
        var wanted: [Move?] = [nil, nil]
        for player in 0..<2 {
            let map = roster.actions[player]
            guard readFrames[player] != map.frameCount else { continue }
            readFrames[player] = map.frameCount
            if map[.nextRound].justPressed { nextRound() }
            wanted[player] = Move.allCases.first { map[.move($0)].justPressed }
        }
        guard phase == .fighting else { return }
        roundTick += 1

        // Free fighters turn to face each other; the commands read it.
        for player in 0..<2 where fighters[player].isFree {
            let other = fighters[1 - player].x
            if other != fighters[player].x { fighters[player].facing = other > fighters[player].x ? .right : .left }
            for input in inputs(of: player) { input.facing = fighters[player].facing }
        }
        for player in 0..<2 {
            guard let move = wanted[player], fighters[player].isFree else { continue }
            if move == .fireball && projectiles.contains(where: { $0.owner == player }) { continue }
            fighters[player].start(move)
            lastMoves[player] = move
            log.append("\(tick) p\(player + 1) \(move.rawValue)")
        }
        let before = fighters.map(\.x)
        for player in 0..<2 {
            // Down (1 2 3) crouches: no walking, so a charge can be held in place.
            let pointing = direction(of: player)
            fighters[player].step(walk: fighters[player].isFree && pointing.y >= 0 ? pointing.x : 0, awayFrom: before[1 - player])
            let fighter = fighters[player]
            if fighter.move == .fireball, fighter.moveTick == Move.fireball.startup + 1 {
                projectiles.append(Projectile(owner: player, x: fighter.x + 40 * fighter.forward, direction: fighter.forward))
            }
        }
        separate(sidesBefore: before)
        // Blows land together (a trade hits both), from where both stand now.
        let landed = (0..<2).compactMap { player -> (Int, Move)? in
            let attacker = fighters[player], target = fighters[1 - player]
            guard let move = attacker.move, move.reach > 0, attacker.isActive, !attacker.hasHit, target.isHittable,
                  target.isReached(by: move, from: attacker.x, forward: attacker.forward) else { return nil }
            return (player, move)
        }
        for (player, move) in landed {
            fighters[player].hasHit = true
            fighters[1 - player].take(move.damage)
            log.append("\(tick) p\(player + 1) \(move.rawValue) hits p\(2 - player) \(fighters[1 - player].health)")
        }
        stepProjectiles()
        endRoundIfOver()
    }

    /// Bodies do not overlap: two fighters closer than a body's width are
    /// pushed apart, each keeping its side, and one against a wall pushes
    /// the other whole. A dash goes through (the way to switch sides).
    private func separate(sidesBefore before: [Double]) {
        let overlap = Fighter.width - abs(fighters[0].x - fighters[1].x)
        guard overlap > 0, !fighters.contains(where: { $0.move == .dash && $0.isActive }) else { return }
        let left = before[0] < before[1] || (before[0] == before[1] && fighters[0].facing == .right) ? 0 : 1
        let middle = (fighters[0].x + fighters[1].x) / 2
        let stage = Fighter.stage
        let leftX = min(max(middle - Fighter.width / 2, stage.lowerBound), stage.upperBound - Fighter.width)
        fighters[left].x = leftX
        fighters[1 - left].x = leftX + Fighter.width
    }

    private func stepProjectiles() {
        for index in projectiles.indices { projectiles[index].x += Projectile.speed * projectiles[index].direction }
        // Two players' fireballs that meet put each other out.
        if projectiles.count == 2, projectiles[0].owner != projectiles[1].owner,
           abs(projectiles[0].x - projectiles[1].x) <= 2 * Projectile.radius {
            projectiles.removeAll()
            log.append("\(tick) fireballs cancel")
        }
        projectiles.removeAll { projectile in
            let target = 1 - projectile.owner
            if abs(projectile.x - fighters[target].x) <= Fighter.width / 2 + Projectile.radius && fighters[target].isHittable {
                fighters[target].take(Move.fireball.damage)
                log.append("\(tick) p\(projectile.owner + 1) fireball hits p\(target + 1) \(fighters[target].health)")
                return true
            }
            return projectile.x < 0 || projectile.x > scene.size.width
        }
    }

    private func endRoundIfOver() {
        let knockedOut = fighters.map { $0.health == 0 }
        if knockedOut.contains(true) {
            let winner = knockedOut[0] && knockedOut[1] ? nil : knockedOut[0] ? 1 : 0
            end(winner: winner, how: "KO")
        } else if roundTick >= Self.roundTicks {
            let winner = fighters[0].health == fighters[1].health ? nil : fighters[0].health > fighters[1].health ? 0 : 1
            end(winner: winner, how: "time")
        }
    }

    private func end(winner: Int?, how: String) {
        phase = .over(winner: winner)
        if let winner { wins[winner] += 1 }
        log.append("\(tick) \(how) " + (winner.map { "p\($0 + 1) wins" } ?? "draw"))
    }

    /// After a round is over, Space, Return or a pad's Start plays the next.
    func nextRound() {
        guard case .over = phase else { return }
        round += 1
        log.append("\(tick) round \(round)")
        startRound()
    }

    private func startRound() {
        fighters = Self.starts.enumerated().map { Fighter(x: $1, facing: $0 == 0 ? .right : .left) }
        projectiles = []
        lastMoves = [nil, nil]
        phase = .fighting
        roundTick = 0
        for player in 0..<2 {
            for input in inputs(of: player) { input.facing = fighters[player].facing }
        }
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 24, g: 22, b: 30)
    nonisolated static let floorColor = Color(r: 70, g: 62, b: 80)
    nonisolated static let text = Color(r: 236, g: 232, b: 240)
    nonisolated static let colors = [Color(r: 70, g: 150, b: 240), Color(r: 240, g: 130, b: 60)]
    nonisolated static let hitColor = Color(r: 255, g: 255, b: 255)
    nonisolated static let healthColor = Color(r: 90, g: 220, b: 110)
    nonisolated static let healthLost = Color(r: 120, g: 30, b: 40)
    nonisolated static let fireballColors = [Color(r: 120, g: 220, b: 255), Color(r: 255, g: 200, b: 80)]
    nonisolated static let blowColor = Color(r: 255, g: 240, b: 150)
    /// The health bars: player 1's from the left, player 2's from the right.
    static let healthBars = [Rect(x: 20, y: 20, width: 320, height: 22), Rect(x: 460, y: 20, width: 320, height: 22)]

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        canvas.fillRect(x: 0, y: Self.floorY, width: 800, height: 600 - Self.floorY, color: Self.floorColor)
        for player in 0..<2 { draw(fighter: player, on: canvas) }
        for projectile in projectiles {
            canvas.fillCircle(center: Point(x: projectile.x, y: Self.floorY - Projectile.height), radius: Projectile.radius,
                              color: Self.fireballColors[projectile.owner])
        }
        drawHUD(on: canvas)
    }

    private func draw(fighter player: Int, on canvas: Canvas) {
        let fighter = fighters[player]
        var body = fighter.hitstun > 0 ? Self.hitColor : Self.colors[player]
        if fighter.move == .dash || fighter.move == .backdash { body = body.withAlpha(140) }
        // A dragon punch rises while it can hit.
        let rise = fighter.move == .dragonPunch && fighter.isActive ? 36.0 : 0
        let top = Self.floorY - Fighter.height - rise
        if let move = fighter.move {
            let name = move.rawValue.uppercased()
            let width = canvas.textSize(name, scale: 2).width
            canvas.drawText(name, at: Point(x: fighter.x - width / 2, y: top - 30), scale: 2, color: Self.colors[player])
        }
        canvas.fillRect(x: fighter.x - Fighter.width / 2, y: top + 24, width: Fighter.width, height: Fighter.height - 24, color: body)
        canvas.fillCircle(center: Point(x: fighter.x, y: top + 12), radius: 14, color: body)
        // The front hand shows which way the fighter faces.
        canvas.fillRect(x: fighter.x + fighter.forward * (Fighter.width / 2) - 5, y: top + 40, width: 10, height: 10, color: body)
        guard let move = fighter.move, fighter.isActive, move.reach > 0 else { return }
        let height: Double = switch move {
        case .kick: 60
        case .dragonPunch: 100
        default: 80
        }
        let start = fighter.x + fighter.forward * Fighter.width / 2
        let end = fighter.x + fighter.forward * move.reach
        canvas.fillRect(x: min(start, end), y: Self.floorY - height - rise - 6, width: abs(end - start), height: 12, color: Self.blowColor)
    }

    private func drawHUD(on canvas: Canvas) {
        for player in 0..<2 {
            let bar = Self.healthBars[player]
            canvas.fillRect(x: bar.minX, y: bar.minY, width: bar.width, height: bar.height, color: Self.healthLost)
            let left = bar.width * Double(fighters[player].health) / Double(Fighter.maximumHealth)
            canvas.fillRect(x: player == 0 ? bar.minX : bar.maxX - left, y: bar.minY, width: left, height: bar.height, color: Self.healthColor)
            let device = pads[player].map { pad -> String in
                if case .controller(let id) = pad.source { return "pad \(id)" } else { return "pad" }
            } ?? "keys"
            let label = "P\(player + 1) \(device)  wins \(wins[player])  " + (lastMoves[player]?.rawValue ?? "")
            // Player 2's under the right end of its bar.
            let x = player == 0 ? bar.minX : bar.maxX - canvas.textSize(label, scale: 2).width
            canvas.drawText(label, at: Point(x: x, y: bar.maxY + 8), scale: 2, color: Self.colors[player])
        }
        let seconds = (Self.roundTicks - roundTick + 59) / 60
        canvas.drawText("\(seconds)", at: Point(x: 384, y: 20), scale: 3, color: Self.text)
        if case .over(let winner) = phase {
            let title = winner.map { "KO  P\($0 + 1) WINS" } ?? "DRAW"
            canvas.drawText(title, at: Point(x: 300, y: 200), scale: 4, color: Self.text)
            canvas.drawText("Space, Return or Start: next round", at: Point(x: 260, y: 250), scale: 2, color: Self.text)
        }
        canvas.drawText("P1: W A S D, F punch, G kick    P2: arrows, K punch, L kick    pads: Start joins, X punch, A kick",
                        at: Point(x: 12, y: 548), scale: 1, color: Self.text.withAlpha(170))
        canvas.drawText("236+P fireball  623+P dragon punch  [hold 4] 6+P rush  360+P spin (a throw)  66 dash  44 backdash  (facing right)  Esc quits",
                        at: Point(x: 12, y: 566), scale: 1, color: Self.text.withAlpha(170))
    }
}
