/// One of the eight directions of a pad or stick, or neutral, numbered as
/// on a numeric keypad (fighting games' numpad notation): 6 is right, 2
/// down, 3 down-right, 5 neutral.
///
/// Commands are written for a character facing right, so 6 is forward;
/// ``mirrored`` is the same direction for one facing left.
public enum PadDirection: Int, Hashable, Sendable, CaseIterable {
    case downLeft = 1, down, downRight, left, neutral, right, upLeft, up, upRight

    /// The direction of horizontal component `x` (−1 left, 0, 1 right) and
    /// vertical component `y` (−1 down, 0, 1 up); components are clamped.
    public init(x: Int, y: Int) {
        let column = max(-1, min(1, x)) + 1
        let row = max(-1, min(1, y)) + 1
        self = PadDirection(rawValue: row * 3 + column + 1) ?? .neutral
    }

    /// −1 for the left directions, 1 for the right, 0 otherwise.
    public var x: Int { (rawValue - 1) % 3 - 1 }
    /// −1 for the down directions, 1 for the up, 0 otherwise.
    public var y: Int { (rawValue - 1) / 3 - 1 }

    /// Left and right swapped: the direction for a character facing left.
    public var mirrored: PadDirection { PadDirection(x: -x, y: y) }

    /// The direction's place around the circle, in eighths of a turn
    /// counter-clockwise from right (0 right, 2 up, 4 left, 6 down); `nil`
    /// for neutral.
    var octant: Int? {
        switch self {
        case .right: 0
        case .upRight: 1
        case .up: 2
        case .upLeft: 3
        case .left: 4
        case .downLeft: 5
        case .down: 6
        case .downRight: 7
        case .neutral: nil
        }
    }
}
