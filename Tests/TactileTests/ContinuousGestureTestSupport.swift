import TactileTestSupport
@testable import Tactile

/// How often a drag's events arrive.
enum Sampling: CustomStringConvertible, Sendable {
    /// Every 1/`hertz` seconds.
    case rate(Double)
    /// Intervals drawn from `milliseconds` with a seeded generator: bursts
    /// and stalls, as a busy frame loop delivers them.
    case irregular(seed: UInt64, milliseconds: ClosedRange<Int>)

    static let all: [Sampling] = [.rate(60), .rate(120), .irregular(seed: 0x5EED, milliseconds: 2...35)]

    /// The event times from `start` while they stay within `duration`.
    func times(from start: Double, for duration: Double) -> [Double] {
        var times = [start]
        switch self {
        case .rate(let hertz):
            var step = 1
            while Double(step) / hertz <= duration + 1e-9 {
                times.append(start + Double(step) / hertz)
                step += 1
            }
        case .irregular(let seed, let milliseconds):
            var random = SplitMix64(seed: seed)
            var elapsed = 0.0
            while true {
                elapsed += Double(milliseconds.lowerBound + random.below(milliseconds.count)) / 1000
                guard elapsed <= duration else { break }
                times.append(start + elapsed)
            }
        }
        return times
    }

    var description: String {
        switch self {
        case .rate(let hertz): "\(Int(hertz)) Hz"
        case .irregular(_, let milliseconds): "irregular \(milliseconds.lowerBound)–\(milliseconds.upperBound) ms"
        }
    }
}

/// Builds a pointer event of any kind, for slop and pointer-kind tests.
func pointer(_ kind: PointerKind, _ index: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double = 0) -> InputEvent {
    InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: kind, device: 1, index: index), location: Point(x: x, y: y))))
}

/// Two decimals, so that logs read as the numbers a test means.
func rounded(_ value: Double) -> Double {
    (value * 100).rounded() / 100
}

func rounded(_ point: Point) -> Point {
    Point(x: rounded(point.x), y: rounded(point.y))
}

/// Whether `value` is within `tolerance` (a fraction) of `expected`.
func isClose(_ value: Double, to expected: Double, within tolerance: Double) -> Bool {
    abs(value - expected) <= tolerance * abs(expected)
}

func isClose(_ value: Point, to expected: Point, within tolerance: Double) -> Bool {
    value.distance(to: expected) <= tolerance * expected.distance(to: .zero)
}
