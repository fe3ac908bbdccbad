/// The shared life of a continuous gesture measured from its touches (a
/// pan, a pinch, a rotation): when it begins, changes, ends, is cancelled or
/// fails, so that a subclass only measures.
///
/// A subclass measures the touches in its handlers, then reports what
/// happened with ``touchesDidMove()`` and ``touchesDidLift(moved:)``; the
/// rules are here:
///
/// - **Begins** on a move, with at least ``minimumNumberOfTouchesToMeasure``
///   touches down, when ``shouldBegin()`` says yes (no fails it, `nil` waits).
/// - **Changes** on every later move, and on a lift that moved the touches.
/// - **Ends** when fewer than ``minimumNumberOfTouchesToMeasure`` remain.
///   One waiting for a recognizer it requires to fail asks to end too, and
///   the arena plays the end after the begin if the wait succeeds.
/// - **Fails**, before it begins, when its touches all lift; with too few
///   left, it forgets what they measured (``forgetMeasurement()``) and
///   waits for more.
/// - **Cancelled** (or failed, before it began) when a touch is cancelled.
@MainActor
open class ContinuousGestureRecognizer: GestureRecognizer {
    /// The fewest touches the gesture is measured on: 1 for a pan, 2 for a
    /// pinch or a rotation.
    open var minimumNumberOfTouchesToMeasure: Int { 1 }

    /// Whether the measurement so far begins the gesture: `true` begins it,
    /// `false` fails it, `nil` waits. Asked on each move while possible with
    /// enough touches down. Never begins by default.
    open func shouldBegin() -> Bool? { nil }

    /// Too few touches are left to measure before the gesture began: what
    /// they measured does not count. Does nothing by default.
    open func forgetMeasurement() {}

    /// Call after measuring a move.
    public func touchesDidMove() {
        didMove(touchesDown: nil)
    }

    /// ``touchesDidMove()`` for a subclass whose measuring has just counted
    /// the touches that are down: `count` is
    /// ``GestureRecognizer/numberOfTouches``, read since no phase changed. A move while the gesture waits to begin
    /// then walks the touches once, not twice (callgrind, Tilt Maze's pinch
    /// waiting on ten fingers: about 34 instructions a move; its first
    /// recognition's frame has about 19 such moves).
    public func touchesDidMove(touchesDown count: Int) {
        didMove(touchesDown: count)
    }

    @inline(__always)
    private func didMove(touchesDown counted: Int?) {
        switch state {
        case .possible:
            guard (counted ?? numberOfTouches) >= minimumNumberOfTouchesToMeasure, let begins = shouldBegin() else { return }
            state = begins ? .began : .failed
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Call after measuring a lift; `moved` says whether the lifting touches
    /// moved the measurement as they went.
    public func touchesDidLift(moved: Bool) {
        let remaining = numberOfTouches
        let tooFew = remaining < minimumNumberOfTouchesToMeasure
        switch state {
        case .possible:
            // `tooFew` first: asking the arena about waits is a look-up,
            // and most lifts leave enough touches.
            if tooFew && isWaitingForRequirements {
                state = .ended
            } else if remaining == 0 {
                state = .failed
            } else if tooFew {
                forgetMeasurement()
            }
        case .began, .changed:
            if tooFew {
                state = .ended
            } else if moved {
                state = .changed
            }
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = state.isActive ? .cancelled : .failed
    }
}
