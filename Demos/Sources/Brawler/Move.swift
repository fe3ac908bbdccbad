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
