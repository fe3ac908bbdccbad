extension Scene {
    // MARK: Capture

    /// Captures the scene's whole input state into `snapshot`, reusing its
    /// buffers (see ``SceneSnapshot``), and returns the recognizers whose
    /// own state could not be saved because they have not opted in
    /// (``GestureRecognizer/savedStateClass``); empty when the snapshot is
    /// complete. Linear in the touches, recognizers and layers.
    ///
    /// - Throws: ``RollbackError/duringDelivery`` from inside an action, a
    ///   layer's handler or a delegate: the scene is half way through a
    ///   sub-event there. `snapshot` is then left as it was.
    @discardableResult
    public func capture(into snapshot: inout SceneSnapshot) throws(RollbackError) -> [GestureRecognizer] {
        guard !isDelivering else { throw .duringDelivery }
        snapshot.root = root
        collectStructure(layers: &snapshot.layers, parents: &snapshot.parents, recognizers: &snapshot.recognizers)
        snapshot.recognizersNotSaved.removeAll(keepingCapacity: true)

        snapshot.lastPointer = lastPointer
        snapshot.lastOther = lastOther
        snapshot.ignoringDepth = ignoringDepth
        snapshot.ignoredPointers.removeAll(keepingCapacity: true)
        snapshot.ignoredPointers.append(contentsOf: ignoredPointers)
        snapshot.recentTaps.removeAll(keepingCapacity: true)
        snapshot.recentTaps.append(contentsOf: recentTaps)
        snapshot.sequence = sequence
        snapshot.eventTimestamp = event.storedTimestamp
        snapshot.shakeMotion = shakeMotion

        // The touch table: the event's touches, then any other touch a
        // recognizer follows or the gate keeps a record of.
        snapshot.touches.removeAll(keepingCapacity: true)
        snapshot.touches.append(contentsOf: event.storedTouches)
        snapshot.eventTouchCount = snapshot.touches.count
        for recognizer in snapshot.recognizers {
            for touch in recognizer.trackedTouches { Self.addOnce(touch, to: &snapshot.touches) }
        }
        for entry in arena.gate.entries { Self.addOnce(entry.touch, to: &snapshot.touches) }
        snapshot.touchValues.removeAll(keepingCapacity: true)
        snapshot.touchRecognizers.removeAll(keepingCapacity: true)
        for touch in snapshot.touches {
            snapshot.touchValues.append(touch.save(into: &snapshot.touchRecognizers))
        }

        snapshot.now = arena.clock.now
        snapshot.deadlines.removeAll(keepingCapacity: true)
        snapshot.deadlines.append(contentsOf: arena.clock.deadlines)
        snapshot.earliestDeadline = arena.clock.earliest
        snapshot.gateEntries.removeAll(keepingCapacity: true)
        snapshot.gateEntries.append(contentsOf: arena.gate.entries)
        snapshot.gateIsHolding = arena.gate.isHolding
        snapshot.gateHasClosed = arena.gate.hasClosed
        snapshot.members.removeAll(keepingCapacity: true)
        snapshot.members.append(contentsOf: arena.referee.members)
        snapshot.subEventSerial = arena.subEventSerial

        snapshot.recognizerValues.removeAll(keepingCapacity: true)
        snapshot.trackedTouches.removeAll(keepingCapacity: true)
        snapshot.trackedSources.removeAll(keepingCapacity: true)
        snapshot.words.removeAll(keepingCapacity: true)
        for recognizer in snapshot.recognizers {
            recognizer.save(into: &snapshot, arena: arena)
        }
        return snapshot.recognizersNotSaved
    }

    /// A new snapshot of the scene's input state; see ``capture(into:)``,
    /// which reuses a snapshot's buffers and so allocates nothing in a ring.
    public func snapshot() throws(RollbackError) -> SceneSnapshot {
        var snapshot = SceneSnapshot()
        try capture(into: &snapshot)
        return snapshot
    }

    // MARK: Restore

    /// Puts the scene's input state back as `snapshot` captured it: the
    /// same touches (the same objects) with the same fields, the arena as
    /// it stood, every recognizer's state and own progress. What follows
    /// then happens as it happened after the capture, given the same input,
    /// decision for decision.
    ///
    /// Nothing is sent while restoring: no action runs, no layer is told
    /// anything, no decision is recorded. The restore puts the scene back;
    /// it does not replay the way there. A layer that was sent a touch's
    /// began after the snapshot is not sent a cancel for it: the game
    /// restores its own state (what the layer did with the touch) to the
    /// same frame.
    ///
    /// It is all or nothing. Every check is made before anything changes,
    /// and a refused restore leaves the scene as it was:
    ///
    /// - ``RollbackError/otherScene``: the snapshot is of another scene.
    /// - ``RollbackError/duringDelivery``: called from an action, a layer's
    ///   handler or a delegate. Refused, not deferred; restore between frames.
    /// - ``RollbackError/structureChanged(_:)``: layers or recognizers were
    ///   added, removed or moved since. The restore does not undo that: the
    ///   game, which made the change, undoes it first (restoring its own
    ///   state, with the same layer and recognizer objects), then restores
    ///   the snapshot.
    /// - ``RollbackError/recognizersNotSaved(_:)``: the snapshot is
    ///   incomplete (see ``SceneSnapshot/recognizersNotSaved``).
    ///
    /// A recognizer whose ``GestureRecognizer/restoreState(from:)`` reads
    /// more or fewer words than its ``GestureRecognizer/saveState(to:)``
    /// wrote is reported as a ``Diagnostic/Problem/snapshotMismatch``
    /// diagnostic: a programming error in that recognizer, which the scene
    /// cannot check before it runs.
    public func restore(_ snapshot: SceneSnapshot) throws(RollbackError) {
        guard snapshot.root === root else { throw .otherScene }
        guard !isDelivering else { throw .duringDelivery }
        if let difference = structureDifference(from: snapshot) { throw .structureChanged(difference) }
        guard snapshot.recognizersNotSaved.isEmpty else {
            throw .recognizersNotSaved(snapshot.recognizersNotSaved.map(\.displayName))
        }

        lastPointer = snapshot.lastPointer
        lastOther = snapshot.lastOther
        ignoringDepth = snapshot.ignoringDepth
        ignoredPointers.removeAll(keepingCapacity: true)
        ignoredPointers.append(contentsOf: snapshot.ignoredPointers)
        recentTaps.removeAll(keepingCapacity: true)
        recentTaps.append(contentsOf: snapshot.recentTaps)
        sequence = snapshot.sequence
        event.storedTimestamp = snapshot.eventTimestamp
        shakeMotion = snapshot.shakeMotion

        for index in snapshot.touches.indices {
            snapshot.touches[index].restore(snapshot.touchValues[index], recognizers: snapshot.touchRecognizers)
        }
        event.storedTouches.removeAll(keepingCapacity: true)
        event.storedTouches.append(contentsOf: snapshot.touches[..<snapshot.eventTouchCount])
        // A spare is held by nothing, so it is in no snapshot; checked all
        // the same, since reusing a touch the scene just put back would
        // make one object two contacts.
        if let spare = spareTouch, snapshot.touches.contains(where: { $0 === spare }) { spareTouch = nil }

        arena.clock.now = snapshot.now
        arena.clock.deadlines.removeAll(keepingCapacity: true)
        arena.clock.deadlines.append(contentsOf: snapshot.deadlines)
        arena.clock.earliest = snapshot.earliestDeadline
        arena.gate.entries.removeAll(keepingCapacity: true)
        arena.gate.entries.append(contentsOf: snapshot.gateEntries)
        arena.gate.isHolding = snapshot.gateIsHolding
        arena.gate.hasClosed = snapshot.gateHasClosed
        arena.referee.members.removeAll(keepingCapacity: true)
        arena.referee.members.append(contentsOf: snapshot.members)
        arena.subEventSerial = snapshot.subEventSerial

        // Every base first, so that a subclass reading its touches or state
        // while it restores its own fields finds them as they were.
        for index in snapshot.recognizers.indices {
            snapshot.recognizers[index].restoreBase(snapshot.recognizerValues[index], from: snapshot, arena: arena)
        }
        for index in snapshot.recognizers.indices {
            snapshot.recognizers[index].restoreOwn(snapshot.recognizerValues[index], from: snapshot, arena: arena)
        }
        // Who listens to which source is left as it is: it follows from the
        // structure, checked above to be the snapshot's, and from settings
        // (sources, priorities) that are the game's, not the input's.
    }

    // MARK: Helpers

    /// Whether the scene is half way through input: sending an event,
    /// running an action or a layer's handler, or with work queued.
    var isDelivering: Bool {
        if deliveryDepth > 0 || arena.depth > 0 || arena.referee.hasQueuedWork || arena.gate.head < arena.gate.outbox.count {
            return true
        }
        // An action run from outside a send (a recognizer disabled by the game).
        for member in arena.referee.members where member.recognizer.reportedState != nil { return true }
        return false
    }

    /// The layer tree in depth-first order with each layer's parent's index,
    /// and the recognizers of each layer in that order.
    private func collectStructure(layers: inout [Layer], parents: inout [Int], recognizers: inout [GestureRecognizer]) {
        layers.removeAll(keepingCapacity: true)
        parents.removeAll(keepingCapacity: true)
        recognizers.removeAll(keepingCapacity: true)
        layers.append(root)
        parents.append(-1)
        var index = 0
        while index < layers.count {
            let layer = layers[index]
            recognizers.append(contentsOf: layer.gestureRecognizers)
            for child in layer.children {
                layers.append(child)
                parents.append(index)
            }
            index += 1
        }
    }

    /// What differs first between the scene's structure and `snapshot`'s, in words.
    private func structureDifference(from snapshot: SceneSnapshot) -> String? {
        var layerIndex = 0
        var recognizerIndex = 0
        var queue = 0
        // The same walk as `collectStructure`, compared as it goes, so that
        // a restore into an unchanged scene allocates nothing.
        guard snapshot.layers.first === root else { return "the root differs" }
        layerIndex = 1
        while queue < snapshot.layers.count {
            let layer = snapshot.layers[queue]
            for recognizer in layer.gestureRecognizers {
                guard recognizerIndex < snapshot.recognizers.count, snapshot.recognizers[recognizerIndex] === recognizer else {
                    return "\(recognizer.displayName) on \(layer.name ?? "a layer") was not there, or not in that place"
                }
                recognizerIndex += 1
            }
            for child in layer.children {
                guard layerIndex < snapshot.layers.count, snapshot.layers[layerIndex] === child, snapshot.parents[layerIndex] == queue else {
                    return "layer \(child.name ?? "(unnamed)") under \(layer.name ?? "(unnamed)") was not there, or not in that place"
                }
                layerIndex += 1
            }
            if snapshot.layers[queue].parent !== (queue == 0 ? nil : snapshot.layers[snapshot.parents[queue]]) {
                return "layer \(layer.name ?? "(unnamed)") has moved"
            }
            queue += 1
        }
        if layerIndex != snapshot.layers.count { return "\(snapshot.layers.count - layerIndex) layers have been removed" }
        if recognizerIndex != snapshot.recognizers.count {
            return "\(snapshot.recognizers.count - recognizerIndex) recognizers have been removed"
        }
        return nil
    }

    private static func addOnce(_ touch: Touch, to touches: inout [Touch]) {
        for known in touches where known === touch { return }
        touches.append(touch)
    }
}
