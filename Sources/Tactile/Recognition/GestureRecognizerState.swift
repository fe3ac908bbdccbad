extension GestureRecognizer {
    /// Where a recognizer is in recognizing its gesture: the state machine
    /// of the event-handling guide's figure 3-3.
    ///
    /// ```
    ///                ┌──► failed
    ///   possible ────┼──► ended (= recognized)                      discrete
    ///                └──► began ──► changed ⟲ ──┬──► ended           continuous
    ///                       │                    └──► cancelled
    ///                       └──────────────────────► ended / cancelled
    /// ```
    ///
    /// Every recognizer starts in ``possible``. After ``ended``,
    /// ``cancelled`` or ``failed`` it is reset and goes back to ``possible``
    /// (see ``GestureRecognizer/reset()``).
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Analysing touches; nothing decided yet.
        case possible
        /// A continuous gesture was recognized and has started.
        case began
        /// A continuous gesture is under way and changed.
        case changed
        /// The gesture is complete: a discrete gesture recognized, or a
        /// continuous one finished.
        case ended
        /// A continuous gesture that had begun stopped without completing.
        case cancelled
        /// The touches are not this recognizer's gesture.
        case failed

        /// The state a discrete recognizer sets when it recognizes: ``ended``.
        public static let recognized = State.ended

        /// Whether the recognizer has recognized its gesture and it is under way.
        // Always inlined: the arena asks these for every member at every
        // decision, and the optimiser left them as calls.
        public var isActive: Bool {
            @inline(__always) get { self == .began || self == .changed }
        }

        /// Whether the recognizer is done with the current touches.
        public var isFinished: Bool {
            @inline(__always) get { self == .ended || self == .cancelled || self == .failed }
        }

        /// Why a recognizer may not go from this state to `next`, or `nil`
        /// when it may. Staying in ``changed`` is a transition (another
        /// change); staying in ``possible`` is not one and is always allowed.
        public func illegality(of next: State) -> String? {
            switch (self, next) {
            case (.possible, .possible), (.possible, .began), (.possible, .ended), (.possible, .failed):
                return nil
            case (.possible, .changed):
                return "a continuous gesture must begin before it changes"
            case (.possible, .cancelled):
                return "only a gesture that has begun can be cancelled; one that is not the recognizer's gesture fails"
            case (.began, .changed), (.began, .ended), (.began, .cancelled),
                 (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                return nil
            case (.began, .possible), (.changed, .possible):
                return "a gesture under way must end or be cancelled; only a reset returns to possible"
            case (.began, .began), (.changed, .began):
                return "the gesture has already begun"
            case (.began, .failed), (.changed, .failed):
                return "a gesture that has begun cannot fail; cancel it instead"
            case (.ended, _), (.cancelled, _), (.failed, _):
                return "the recognizer is done with these touches and waits to be reset"
            }
        }
    }
}
