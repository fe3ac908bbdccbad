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
