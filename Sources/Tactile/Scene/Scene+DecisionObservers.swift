// Several watchers of the arena's decisions at once: the game's handler and
// the tools that come and go beside it.

extension Scene {
    /// One observer added with ``Scene/addDecisionObserver(includingLayerDeliveries:includingRepeatedChanges:_:)``, to remove it by.
    public struct DecisionObserver: Hashable, Sendable {
        let id: Int
        /// Whether it hears ``ArenaDecision/sentToLayer(_:_:_:)``.
        let hearsLayerDeliveries: Bool
        /// Whether it hears a continuous gesture's moves from `.changed` to `.changed`.
        let hearsRepeatedChanges: Bool
    }

    /// An observer and what it calls. A struct, not a tuple: an array's
    /// element is stored in its most general form, so a closure kept in a
    /// tuple element was stored behind a reabstraction thunk, and given
    /// back to the arena behind a second one that undid it: two thunks
    /// called at every decision (callgrind, the Gesture Lab's pan began:
    /// about 96 instructions and three code lines a decision). A struct's
    /// field keeps the closure as its own type, so the arena calls it
    /// directly.
    struct ObservingDecisions {
        let observer: DecisionObserver
        let observe: (ArenaDecision) -> Void
    }

    /// Adds `observe` to what hears every arena decision, after
    /// ``arenaDecisions`` and the observers added before it, until
    /// ``removeDecisionObserver(_:)``. Observers leave the game's handler
    /// and each other alone, so they can come and go in any order: the
    /// input debugger and `GameHarness` watch this way.
    ///
    /// The arena builds its decisions only while someone listens, so with
    /// no handler and no observer they cost one branch.
    ///
    /// - Parameters:
    ///   - includingLayerDeliveries: Whether `observe` also hears
    ///     ``ArenaDecision/sentToLayer(_:_:_:)``, one decision for every call
    ///     of a layer's touch handler: most of the decisions of a drag, and
    ///     none of them a decision of the recognizers. An observer that
    ///     follows the recognizers alone says `false`; while nobody hears
    ///     deliveries (no ``arenaDecisions``, no ``arenaLog``, no observer
    ///     that asked for them), the arena does not make them.
    ///   - includingRepeatedChanges: Whether `observe` also hears
    ///     ``ArenaDecision/entered(_:_:from:)`` from `.changed` to `.changed`:
    ///     one for every move of a pan, pinch or rotation under way after its
    ///     first change, each of them deciding nothing. An observer that
    ///     follows what the recognizers decide says `false`; while nobody
    ///     hears these (no ``arenaDecisions``, no ``arenaLog``, no observer
    ///     that asked for them), the arena does not make them and takes such
    ///     a move its short way (callgrind, the Gesture Lab's pan: about 900
    ///     instructions a move, the decision and the long way).
    ///   - observe: Called with each decision, as it is made.
    @discardableResult
    public func addDecisionObserver(includingLayerDeliveries: Bool = true, includingRepeatedChanges: Bool = true,
                                    _ observe: @escaping (ArenaDecision) -> Void) -> DecisionObserver {
        let observer = DecisionObserver(id: nextDecisionObserverID, hearsLayerDeliveries: includingLayerDeliveries,
                                        hearsRepeatedChanges: includingRepeatedChanges)
        nextDecisionObserverID += 1
        decisionObservers.append(ObservingDecisions(observer: observer, observe: observe))
        routeDecisions()
        return observer
    }

    /// Stops `observer` hearing decisions; nothing for one already removed.
    public func removeDecisionObserver(_ observer: DecisionObserver) {
        decisionObservers.removeAll { $0.observer == observer }
        routeDecisions()
    }

    /// Gives the arena one handler for everyone who listens: the game's
    /// alone when there is no observer, the one observer's alone when that
    /// hears everything the arena makes, none when nobody listens; and tells
    /// it whether anyone hears the deliveries to layers. Called again
    /// whenever any of these or the log changes.
    func routeDecisions() {
        let handler = arenaDecisions
        let observers = decisionObservers
        // A delivery decision costs about 230 instructions a call of a
        // layer's handler (callgrind, Gesture Lab), so it is made only for
        // someone who hears it (the arena's `log` hears everything).
        arena.decisionsIncludeLayerDeliveries = handler != nil || observers.contains { $0.observer.hearsLayerDeliveries }
        // A move from changed to changed, made into a decision, also takes
        // the arena's long way (`ArenaReferee.change(_:)`).
        arena.decisionsIncludeRepeatedChanges = handler != nil || observers.contains { $0.observer.hearsRepeatedChanges }
        guard !observers.isEmpty else {
            arena.decisions = handler
            return
        }
        // One observer and no handler (a game that watches, the Gesture Lab
        // say): it is called directly when the arena makes no decision it
        // does not hear, which is so unless the log makes it word deliveries
        // or repeated changes the observer left out. The routing closure
        // around it cost about 95 instructions a decision, in the frames
        // that decide the most (callgrind, the Gesture Lab's landing frame,
        // 17 decisions: 52,121 → 50,517 instructions).
        if handler == nil, observers.count == 1,
           arena.log == nil || (observers[0].observer.hearsLayerDeliveries && observers[0].observer.hearsRepeatedChanges) {
            arena.decisions = observers[0].observe
            return
        }
        arena.decisions = { decision in
            handler?(decision)
            let isDelivery = if case .sentToLayer = decision { true } else { false }
            let isRepeatedChange = if case .entered(_, .changed, from: .changed) = decision { true } else { false }
            for entry in observers
            where (!isDelivery || entry.observer.hearsLayerDeliveries) && (!isRepeatedChange || entry.observer.hearsRepeatedChanges) {
                entry.observe(decision)
            }
        }
    }
}
