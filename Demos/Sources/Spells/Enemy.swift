import Tactile

/// One enemy on the field: a layer to draw spells over, and the shape of
/// the spell it falls to.
///
/// Enemies stand in fixed places (``places``); each has a weakness from the
/// fixed cycle ``weaknesses``, so a round plays the same every time, and a
/// defeated enemy is followed, after ``respawnDelay``, by one with the next
/// weakness of the cycle in its place.
@MainActor
final class Enemy {
    /// Where the enemies stand: three columns, each big enough to draw in.
    static let places = [
        Rect(x: 60, y: 150, width: 200, height: 200),
        Rect(x: 300, y: 150, width: 200, height: 200),
        Rect(x: 540, y: 150, width: 200, height: 200),
    ]
    /// The shapes enemies fall to, in the order they come: built-in
    /// templates that a finger, a mouse and a stick all draw well.
    static let weaknesses = ["circle", "triangle", "zigzag", "check", "rectangle", "star", "caret", "x"]
    /// Seconds between a defeat and the next enemy in that place.
    static let respawnDelay = 1.0

    /// Its place, 0 to 2.
    let place: Int
    /// How many enemies have stood in this place before it, from 0.
    let generation: Int
    let weakness: String
    let layer: Layer
    /// When it was defeated (game time), or `nil` while it stands.
    var defeatedAt: Double?

    init(place: Int, generation: Int) {
        self.place = place
        self.generation = generation
        weakness = Self.weaknesses[(place + 3 * generation) % Self.weaknesses.count]
        layer = Layer(frame: Self.places[place], name: "enemy \(place + 1)")
    }

    /// "2 triangle": its place (from 1) and weakness, for the log.
    var label: String { "\(place + 1) \(weakness)" }
}
