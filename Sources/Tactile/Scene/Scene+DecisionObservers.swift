// Several watchers of the arena's decisions at once: the game's handler and
// the tools that come and go beside it.

extension Scene {
    /// One observer added with ``Scene/addDecisionObserver(_:)``, to remove it by.
    public struct DecisionObserver: Hashable, Sendable {
        let id: Int
    }

    /// Adds `observe` to what hears every arena decision, after
    /// ``arenaDecisions`` and the observers added before it, until
    /// ``removeDecisionObserver(_:)``. Observers leave the game's handler
    /// and each other alone, so they can come and go in any order: the
    /// input debugger and `GameHarness` watch this way.
    ///
    /// The arena builds its decisions only while someone listens, so with
    /// no handler and no observer they cost one branch.
    @discardableResult
    public func addDecisionObserver(_ observe: @escaping (ArenaDecision) -> Void) -> DecisionObserver {
        let observer = DecisionObserver(id: nextDecisionObserverID)
        nextDecisionObserverID += 1
        decisionObservers.append((observer, observe))
        routeDecisions()
        return observer
    }

    /// Stops `observer` hearing decisions; nothing for one already removed.
    public func removeDecisionObserver(_ observer: DecisionObserver) {
        decisionObservers.removeAll { $0.observer == observer }
        routeDecisions()
    }

    /// Gives the arena one handler for everyone who listens: the game's
    /// alone when there is no observer, none when nobody listens.
    func routeDecisions() {
        let handler = arenaDecisions
        let observers = decisionObservers.map(\.observe)
        guard !observers.isEmpty else {
            arena.decisions = handler
            return
        }
        arena.decisions = { decision in
            handler?(decision)
            for observe in observers { observe(decision) }
        }
    }
}
