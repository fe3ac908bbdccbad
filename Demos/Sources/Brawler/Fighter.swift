import Tactile

/// What a fighter can do, each started by a recognizer of the player's
/// (`BrawlerGame.commands`), with its frame data in game ticks (60 a
/// second). Listed from the most specific input to the least: when one
/// frame's snapshot holds several (two presses in one frame), the first
/// listed is done, as the arena decides one press.
enum Move: String, CaseIterable, Hashable, Sendable {
    /// A throw at close range: a full circle (360) + punch.
    case spin
    case dragonPunch = "dragon-punch"
    case fireball
    case rush
    case dash
    case backdash
    case kick
    case punch

    /// Ticks before the move can hit (for a fireball: before it is thrown).
    var startup: Int {
        switch self {
        case .punch: 3
        case .kick: 6
        case .spin: 4
        case .fireball: 10
        case .dragonPunch: 3
        case .rush: 6
        case .dash, .backdash: 0
        }
    }

    /// Ticks it can hit for, after the startup.
    var active: Int {
        switch self {
        case .punch: 3
        case .kick: 4
        case .spin: 2
        case .fireball: 1
        case .dragonPunch: 10
        case .rush: 16
        case .dash: 14
        case .backdash: 12
        }
    }

    /// Ticks after the active ones before the fighter can act again.
    var recovery: Int {
        switch self {
        case .punch: 8
        case .kick: 12
        case .spin: 28
        case .fireball: 30
        case .dragonPunch: 24
        case .rush: 14
        case .dash, .backdash: 4
        }
    }

    var duration: Int { startup + active + recovery }

    /// How far in front of the fighter's centre the blow reaches (0: it does not hit).
    var reach: Double {
        switch self {
        case .punch: 75
        case .kick: 95
        case .spin: 45
        case .dragonPunch: 70
        case .rush: 70
        case .fireball, .dash, .backdash: 0
        }
    }

    var damage: Int {
        switch self {
        case .punch: 6
        case .kick: 9
        case .spin: 20
        case .fireball: 12
        case .dragonPunch: 18
        case .rush: 15
        case .dash, .backdash: 0
        }
    }

    /// Points per tick forward (negative: back) while active.
    var travel: Double {
        switch self {
        case .dragonPunch: 2
        case .rush: 8
        case .dash: 8
        case .backdash: -7
        case .punch, .kick, .fireball, .spin: 0
        }
    }

    /// Whether the fighter cannot be hit during the startup and active
    /// ticks: the dragon punch goes through a fireball, as in the genre.
    var isInvincible: Bool { self == .dragonPunch }
}

/// One fighter's state, stepped once a tick by the game. A value: the game
/// holds two, and nothing in it reads a clock or a random number, so a
/// replayed trace gives the same fight.
struct Fighter: Equatable {
    var x: Double
    var facing: PlayerInput.Facing
    var health = Fighter.maximumHealth
    /// The move under way and how many ticks it has run.
    var move: Move?
    var moveTick = 0
    /// Whether the move under way has already hit.
    var hasHit = false
    /// Ticks left of being knocked back, unable to act.
    var hitstun = 0

    static let maximumHealth = 100
    static let width = 50.0
    static let height = 120.0
    /// Points per tick walking.
    static let walkSpeed = 2.5
    static let hitstunTicks = 18
    static let knockback = 4.0
    /// The stage's walls: the fighters' centres stay between them.
    static let stage = 40.0...760.0

    /// +1 facing right, −1 facing left.
    var forward: Double { facing == .right ? 1 : -1 }

    /// Whether the fighter can start a move or walk.
    var isFree: Bool { move == nil && hitstun == 0 }

    /// Whether a blow can land now.
    var isHittable: Bool {
        guard let move, move.isInvincible else { return true }
        return moveTick > move.startup + move.active
    }

    /// Whether the move under way is in its active ticks.
    var isActive: Bool {
        guard let move else { return false }
        return moveTick > move.startup && moveTick <= move.startup + move.active
    }

    mutating func start(_ move: Move) {
        self.move = move
        moveTick = 0
        hasHit = false
    }

    /// One tick: the move advances (and its travel), or the knockback, or a walk.
    mutating func step(walk: Int, awayFrom attacker: Double) {
        if hitstun > 0 {
            hitstun -= 1
            x += x >= attacker ? Self.knockback : -Self.knockback
        } else if let move {
            moveTick += 1
            if isActive { x += move.travel * forward }
            if moveTick >= move.duration { self.move = nil }
        } else {
            x += Double(walk) * Self.walkSpeed
        }
        x = min(max(x, Self.stage.lowerBound), Self.stage.upperBound)
    }

    /// Whether a blow of `move` from a fighter at `x` facing `forward` reaches this one.
    func isReached(by move: Move, from x: Double, forward: Double) -> Bool {
        let distance = (self.x - x) * forward
        return distance > 0 && distance <= move.reach + Self.width / 2
    }

    mutating func take(_ damage: Int) {
        health = max(0, health - damage)
        move = nil
        hitstun = Self.hitstunTicks
    }
}

/// A thrown fireball, flying straight until it hits, meets the other
/// player's or leaves the stage.
struct Projectile: Equatable {
    let owner: Int
    var x: Double
    let direction: Double

    static let speed = 6.0
    static let radius = 16.0
    static let height = 70.0
}
