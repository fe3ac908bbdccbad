import Tactile

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
