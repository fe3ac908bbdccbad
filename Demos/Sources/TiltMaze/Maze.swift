import Foundation
import Tactile

/// The board: walls, holes, where the marble starts and the goal, in map
/// points (origin at the board's top-left corner, y growing down).
///
/// ```
/// ┌──────────────────────────────────────┐
/// │ S        ●                           │   S start, ● holes, G goal
/// │                                      │
/// ├──────────────────────────────┐       │   corridor 1: go right, keep low
/// │              │         ●             │
/// │              │                       │   corridor 2: go left, keep low
/// │        ┌─────┴───────────────────────┤
/// │                    ●                 │   corridor 3: go right, keep low
/// │                                 G    │
/// └──────────────────────────────────────┘
/// ```
///
/// The holes sit on the straight line from each corridor's entrance, so a
/// marble rolled without care drops in; pressed against the wall below it
/// (tilting down as well as along), it passes.
struct Maze {
    static let size = Size(width: 760, height: 520)
    /// The outer frame's and inner walls' thickness.
    static let wallThickness = 14.0

    let walls: [Rect]
    let holes: [Point]
    let start: Point
    let goal: Point

    /// A hole swallows the marble when the marble's centre is this close to
    /// its centre: a marble half over the edge tips in.
    static let holeRadius = 17.0
    /// The goal is reached when the marble's centre is this close to its
    /// centre.
    static let goalRadius = 22.0

    /// The shipped board (the diagram above).
    static let standard: Maze = {
        let t = wallThickness
        let w = size.width, h = size.height
        return Maze(
            walls: [
                Rect(x: 0, y: 0, width: w, height: t),              // outer frame
                Rect(x: 0, y: h - t, width: w, height: t),
                Rect(x: 0, y: 0, width: t, height: h),
                Rect(x: w - t, y: 0, width: t, height: h),
                Rect(x: 0, y: 170, width: 600, height: t),          // corridor 1's floor, open on the right
                Rect(x: 300, y: 170, width: t, height: 80),         // a stub hanging into corridor 2
                Rect(x: 160, y: 340, width: w - 160, height: t),    // corridor 2's floor, open on the left
            ],
            holes: [Point(x: 330, y: 62), Point(x: 540, y: 240), Point(x: 400, y: 410), Point(x: 640, y: 120)],
            start: Point(x: 62, y: 62),
            goal: Point(x: 690, y: 484))
    }()
}

/// The marble: where it is and how it moves, advanced in fixed steps.
///
/// Tilt accelerates it (``acceleration`` per g of gravity along the board),
/// rolling resistance slows it, and walls stop it with a little bounce.
/// Everything is plain arithmetic on the game's fixed step, so a replayed
/// session rolls exactly the same way every time.
struct Marble {
    var position: Point
    var velocity = Point.zero

    static let radius = 11.0
    /// Points per second² for 1 g along the board: a 15° tilt (0.26 g)
    /// crosses the 760-point board in about two and a half seconds.
    static let acceleration = 900.0
    /// The fraction of its speed the marble loses per second by rolling.
    static let rollingResistance = 0.5
    static let maximumSpeed = 700.0
    /// How much of the speed into a wall comes back out of it.
    static let restitution = 0.35
    /// Each step moves in this many parts, so that at top speed (11.7
    /// points a step) no part moves further than a wall is thick.
    static let substeps = 4

    /// Advances `step` seconds under `tilt`: the board's downhill direction
    /// in screen axes, in g (device gravity's x and −y).
    mutating func roll(step: Double, tilt: Point, walls: [Rect]) {
        velocity.x += tilt.x * Self.acceleration * step
        velocity.y += tilt.y * Self.acceleration * step
        let damping = max(0, 1 - Self.rollingResistance * step)
        velocity.x *= damping
        velocity.y *= damping
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if speed > Self.maximumSpeed {
            velocity.x *= Self.maximumSpeed / speed
            velocity.y *= Self.maximumSpeed / speed
        }
        let part = step / Double(Self.substeps)
        for _ in 0..<Self.substeps {
            position.x += velocity.x * part
            position.y += velocity.y * part
            for wall in walls { collide(with: wall) }
        }
    }

    /// Pushes the marble out of `wall` along the shortest way and takes the
    /// speed into the wall away, less the bounce.
    private mutating func collide(with wall: Rect) {
        let closest = wall.clamp(position)
        var normal = Point(x: position.x - closest.x, y: position.y - closest.y)
        var distance = (normal.x * normal.x + normal.y * normal.y).squareRoot()
        guard distance < Self.radius else { return }
        if distance == 0 {
            // The centre is inside the wall (it cannot be at these speeds, but
            // a board edited by hand might start it there): out the nearest side.
            let left = position.x - wall.minX, right = wall.maxX - position.x
            let top = position.y - wall.minY, bottom = wall.maxY - position.y
            let nearest = min(left, right, top, bottom)
            normal = nearest == left ? Point(x: -1, y: 0) : nearest == right ? Point(x: 1, y: 0)
                : nearest == top ? Point(x: 0, y: -1) : Point(x: 0, y: 1)
            distance = -nearest
        } else {
            normal.x /= distance
            normal.y /= distance
        }
        position.x += normal.x * (Self.radius - distance)
        position.y += normal.y * (Self.radius - distance)
        let into = velocity.x * normal.x + velocity.y * normal.y
        if into < 0 {
            velocity.x -= (1 + Self.restitution) * into * normal.x
            velocity.y -= (1 + Self.restitution) * into * normal.y
        }
    }
}
