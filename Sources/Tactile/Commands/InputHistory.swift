/// The recent changes of one player's pad, newest last, for commands to
/// look back over: direction changes, presses and releases, each with its
/// time on the game clock.
///
/// A ring of fixed size: recording costs no allocation, and the oldest
/// change drops out once it is full. 64 changes hold well over a second of
/// the busiest play, longer than any command window.
struct InputHistory {
    enum Change: Hashable, Sendable {
        case direction(PadDirection)
        case press(ControllerButton)
        case release(ControllerButton)
    }

    struct Entry: Hashable, Sendable {
        var change: Change
        var time: Double
    }

    static let capacity = 64
    private var entries: [Entry]
    private var next = 0
    private(set) var count = 0

    init() {
        entries = Array(repeating: Entry(change: .direction(.neutral), time: 0), count: Self.capacity)
    }

    mutating func append(_ change: Change, at time: Double) {
        entries[next] = Entry(change: change, time: time)
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The entry `age` changes back: 0 is the newest.
    subscript(age age: Int) -> Entry {
        entries[(next - 1 - age + 2 * Self.capacity) % Self.capacity]
    }

    mutating func removeAll() {
        count = 0
    }
}
