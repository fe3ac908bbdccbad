import Tactile

/// Checks a stream of input events for the pointer guarantee: every pointer
/// that goes down gets exactly one `up` or `cancel`, and nothing moves or
/// lifts that is not down.
///
/// Tests and fuzzers feed it everything a producer emits; a game can run it
/// in debug builds over its own input. It keeps one entry per pointer that is
/// down, so it costs nothing worth measuring.
///
/// ```swift
/// var checker = PointerLifecycleChecker()
/// for event in events { checker.check(event) }
/// #expect(checker.violations.isEmpty)
/// #expect(checker.pointersDown.isEmpty)   // everything that began has ended
/// ```
public struct PointerLifecycleChecker: Sendable {
    /// A break of the guarantee, with the event that broke it.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        public let event: PointerEvent
        public let timestamp: Double
        public var description: String {
            switch event.phase {
            case .down: "\(event.id) went down at \(timestamp) while already down"
            case .move, .up, .cancel: "\(event.id) got \(event.phase.rawValue) at \(timestamp) but was not down"
            }
        }
    }

    /// The pointers that went down and have not ended yet.
    public private(set) var pointersDown: Set<PointerID> = []
    /// Every break of the guarantee seen so far, in order.
    public private(set) var violations: [Violation] = []

    public init() {}

    /// Takes the next event of the stream.
    public mutating func check(_ event: InputEvent) {
        guard case .pointer(let pointer) = event.kind else { return }
        let isValid: Bool
        switch pointer.phase {
        case .down: isValid = pointersDown.insert(pointer.id).inserted
        case .move: isValid = pointersDown.contains(pointer.id)
        case .up, .cancel: isValid = pointersDown.remove(pointer.id) != nil
        }
        if !isValid { violations.append(Violation(event: pointer, timestamp: event.timestamp)) }
    }
}
