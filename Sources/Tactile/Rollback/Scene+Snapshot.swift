extension Scene {
    // MARK: Capture

    /// Captures the scene's whole input state into `snapshot`, reusing its
    /// buffers (see ``SceneSnapshot``), and returns the recognizers whose
    /// own state could not be saved because they have not opted in
    /// (``GestureRecognizer/savedStateClass``); empty when the snapshot is
    /// complete. Linear in the touches and recognizers; the layer tree is
    /// walked only when a layer or recognizer was added, removed or moved
    /// (anywhere) since `snapshot` was last captured into.
    ///
    /// - Throws: ``RollbackError/duringDelivery`` from inside an action, a
    ///   layer's handler or a delegate: the scene is half way through a
    ///   sub-event there. `snapshot` is then left as it was.
    @discardableResult
    public func capture(into snapshot: inout SceneSnapshot) throws(RollbackError) -> [GestureRecognizer] {
        guard !isDelivering else { throw .duringDelivery }
        if snapshot.root !== root || snapshot.structureGeneration != Layer.structureGeneration {
            snapshot.root = root
            collectStructure(into: &snapshot)
        }
        if !snapshot.recognizersNotSaved.isEmpty { snapshot.recognizersNotSaved.removeAll(keepingCapacity: true) }
        if !snapshot.extraRecognizers.isEmpty { snapshot.extraRecognizers.removeAll(keepingCapacity: true) }

        snapshot.lastPointer = lastPointer
        snapshot.lastButton = lastButton
        snapshot.lastOther = lastOther
        snapshot.ignoringDepth = ignoringDepth
        snapshot.ignoredPointers.removeAll(keepingCapacity: true)
        if !ignoredPointers.isEmpty { snapshot.ignoredPointers.append(contentsOf: ignoredPointers) }
        snapshot.recentTaps.removeAll(keepingCapacity: true)
        if !recentTaps.isEmpty { snapshot.recentTaps.append(contentsOf: recentTaps) }
        snapshot.sequence = sequence
        snapshot.eventTimestamp = event.storedTimestamp
        snapshot.shakeMotion = shakeMotion

        // The touch table: the event's touches, then any other touch a
        // recognizer follows or the gate keeps a record of. Each touch
        // notes its place, which the arena's references are written as.
        // The structure's recognizers, and below the touch table, as local
        // constants: an element of a constant is borrowed, where one of
        // `snapshot` (written meanwhile) is retained and released.
        let recognizers = snapshot.recognizers
        var count = 0
        let eventTouches = event.storedTouches
        for index in eventTouches.indices {
            eventTouches.withBorrowedElement(at: index) { Self.enter($0, into: &snapshot.touches, count: &count) }
        }
        snapshot.eventTouchCount = count
        for recognizer in recognizers.indices {
            recognizers.withBorrowedElement(at: recognizer) { recognizer in
                guard !recognizer.trackedTouches.isEmpty else { return }
                let tracked = recognizer.trackedTouches
                for index in tracked.indices {
                    tracked.withBorrowedElement(at: index) { Self.enter($0, into: &snapshot.touches, count: &count) }
                }
            }
        }
        for index in arena.gate.entries.indices { Self.enter(arena.gate.entries[index].touch, into: &snapshot.touches, count: &count) }
        truncate(&snapshot.touches, to: count)
        truncate(&snapshot.touchLayers, to: count)
        let touches = snapshot.touches
        snapshot.touchValues.removeAll()
        snapshot.touchRecognizers.removeAll()
        for index in 0..<count {
            touches.withBorrowedElement(at: index) { $0.save(into: &snapshot, at: index, recognizers: recognizers) }
        }

        snapshot.now = arena.clock.now
        snapshot.deadlines.removeAll()
        arena.clock.forEachDeadline { recognizer, time in
            snapshot.deadlines.append(.init(recognizer: snapshot.index(of: recognizer), time: time))
        }
        snapshot.earliestDeadline = arena.clock.earliest
        snapshot.gateEntries.removeAll()
        snapshot.heldPhases.removeAll(keepingCapacity: true)
        for index in arena.gate.entries.indices {
            let heldStart = snapshot.heldPhases.count
            if !arena.gate.entries[index].held.isEmpty { snapshot.heldPhases.append(contentsOf: arena.gate.entries[index].held) }
            snapshot.gateEntries.append(.init(
                touch: Int32(arena.gate.entries[index].touch.rosterIndex), sent: arena.gate.entries[index].sent,
                held: heldStart..<snapshot.heldPhases.count, isTaken: arena.gate.entries[index].isTaken,
                endsAsCancelled: arena.gate.entries[index].endsAsCancelled, isClosed: arena.gate.entries[index].isClosed,
                isCancelledFromOutside: arena.gate.entries[index].isCancelledFromOutside))
        }
        snapshot.gateIsHolding = arena.gate.isHolding
        snapshot.gateHasClosed = arena.gate.hasClosed
        snapshot.members.removeAll()
        snapshot.waitingFor.removeAll(keepingCapacity: true)
        // Read once: the referee's members are computed (they leave out
        // recognizers that left since its last compaction), and each read
        // costs a check and a retain.
        let members = arena.referee.members
        for index in members.indices {
            let waitingStart = snapshot.waitingFor.count
            if !members[index].waitingFor.isEmpty { snapshot.waitingFor.append(contentsOf: members[index].waitingFor) }
            snapshot.members.append(.init(
                recognizer: snapshot.index(of: members[index].recognizer), pending: members[index].pending,
                pendingEnd: members[index].pendingEnd, waitingFor: waitingStart..<snapshot.waitingFor.count))
        }
        snapshot.subEventSerial = arena.subEventSerial

        snapshot.recognizerValues.removeAll()
        truncate(&snapshot.recognizerNotes, to: snapshot.recognizers.count)
        snapshot.trackedTouches.removeAll()
        snapshot.trackedSources.removeAll(keepingCapacity: true)
        // One writer for the capture, into the snapshot's word storage,
        // copied on write: a snapshot that shares it (a copy of this one)
        // gets its own first.
        if !isKnownUniquelyReferenced(&snapshot.wordStorage) {
            snapshot.wordStorage = SnapshotWords(capacity: max(256, snapshot.wordCount))
        }
        var writer = RecognizerStateWriter(storage: snapshot.wordStorage, touches: snapshot.touches)
        for index in recognizers.indices {
            // Borrowed, not retained: no executor check shows in the profile
            // (an earlier attempt through a closure had one, and was slower).
            recognizers.withBorrowedElement(at: index) { $0.save(into: &snapshot, at: index, writer: &writer, arena: arena) }
        }
        // (The storage grows in place: `writer.storage` is `snapshot.wordStorage`.)
        snapshot.wordCount = writer.count
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
        try checkRestore(snapshot)
        applyRestore(snapshot)
    }

    /// Makes every check ``restore(_:)`` makes, and changes nothing: for a
    /// game that restores several parts (the scene, its loop, its inputs)
    /// and must know that all will succeed before it writes any.
    ///
    /// - Throws: what ``restore(_:)`` would throw.
    public func checkRestore(_ snapshot: SceneSnapshot) throws(RollbackError) {
        guard snapshot.root === root else { throw .otherScene }
        guard !isDelivering else { throw .duringDelivery }
        // The same generation means that nothing was added, removed or
        // moved since the snapshot listed the structure: no walk needed.
        if snapshot.structureGeneration != Layer.structureGeneration, let difference = structureDifference(from: snapshot) {
            throw .structureChanged(difference)
        }
        guard snapshot.recognizersNotSaved.isEmpty else {
            throw .recognizersNotSaved(snapshot.recognizersNotSaved.map(\.displayName))
        }
    }

    /// The writes of ``restore(_:)``, once ``checkRestore(_:)`` has passed.
    func applyRestore(_ snapshot: borrowing SceneSnapshot) {
        lastPointer = snapshot.lastPointer
        lastButton = snapshot.lastButton
        lastOther = snapshot.lastOther
        ignoringDepth = snapshot.ignoringDepth
        if ignoredPointers != snapshot.ignoredPointers {
            ignoredPointers.removeAll(keepingCapacity: true)
            ignoredPointers.append(contentsOf: snapshot.ignoredPointers)
        }
        if recentTaps != snapshot.recentTaps {
            recentTaps.removeAll(keepingCapacity: true)
            recentTaps.append(contentsOf: snapshot.recentTaps)
        }
        sequence = snapshot.sequence
        event.storedTimestamp = snapshot.eventTimestamp
        shakeMotion = snapshot.shakeMotion

        for index in snapshot.touches.indices {
            snapshot.touches.withBorrowedElement(at: index) { $0.restore(index, from: snapshot) }
        }
        for index in 0..<snapshot.eventTouchCount {
            // Compared without retaining; written (rarely) when it differs.
            if index < event.storedTouches.count, event.storedTouches.referenceBits(at: index) == snapshot.touches.referenceBits(at: index) { continue }
            setIdentical(&event.storedTouches, index, snapshot.touches[index])
        }
        truncate(&event.storedTouches, to: snapshot.eventTouchCount)
        // A spare is held by nothing, so it is in no snapshot; checked all
        // the same, since reusing a touch the scene just put back would
        // make one object two contacts.
        if let spare = spareTouch, snapshot.touches.contains(where: { $0 === spare }) { spareTouch = nil }

        arena.clock.now = snapshot.now
        // The clock keeps its deadlines in a heap and derives the earliest;
        // they come back in the order they were set, as captured.
        arena.clock.restoreDeadlines(count: snapshot.deadlines.count) { index in
            (snapshot.recognizer(at: snapshot.deadlines[index].recognizer), snapshot.deadlines[index].time)
        }
        for index in snapshot.gateEntries.indices {
            let saved = snapshot.gateEntries[index]
            let held = saved.held.isEmpty ? [] : snapshot.heldPhases[saved.held]
            if index < arena.gate.entries.count,
               referenceBits(of: arena.gate.entries[index].touch) == snapshot.touches.referenceBits(at: Int(saved.touch)) {
                arena.gate.entries[index].sent = saved.sent
                // Usually both empty: then no slice is compared.
                if !(held.isEmpty && arena.gate.entries[index].held.isEmpty), !arena.gate.entries[index].held.elementsEqual(held) {
                    arena.gate.entries[index].held.removeAll(keepingCapacity: true)
                    arena.gate.entries[index].held.append(contentsOf: held)
                }
                arena.gate.entries[index].isTaken = saved.isTaken
                arena.gate.entries[index].endsAsCancelled = saved.endsAsCancelled
                arena.gate.entries[index].isClosed = saved.isClosed
                arena.gate.entries[index].isCancelledFromOutside = saved.isCancelledFromOutside
            } else {
                let entry = LayerGate.Entry(
                    touch: snapshot.touches[Int(saved.touch)], sent: saved.sent, held: Array(held), isTaken: saved.isTaken, endsAsCancelled: saved.endsAsCancelled,
                    isClosed: saved.isClosed, isCancelledFromOutside: saved.isCancelledFromOutside)
                if index < arena.gate.entries.count { arena.gate.entries[index] = entry } else { arena.gate.entries.append(entry) }
            }
        }
        truncate(&arena.gate.entries, to: snapshot.gateEntries.count)
        arena.gate.isHolding = snapshot.gateIsHolding
        arena.gate.hasClosed = snapshot.gateHasClosed
        // One access to the referee's members for the whole rewrite: each
        // access renumbers every member's slot when it ends (ArenaReferee).
        restoreMembers(&arena.referee.members, from: snapshot)
        arena.subEventSerial = snapshot.subEventSerial

        // Every base first, so that a subclass reading its touches or state
        // while it restores its own fields finds them as they were.
        for index in snapshot.recognizers.indices {
            snapshot.recognizers.withBorrowedElement(at: index) { $0.restoreBase(index, from: snapshot, arena: arena) }
        }
        var reader = RecognizerStateReader(storage: snapshot.wordStorage, touches: snapshot.touches, range: 0..<0)
        for index in snapshot.recognizers.indices {
            let words = snapshot.recognizerValues[index].words
            snapshot.recognizers.withBorrowedElement(at: index) { $0.restoreOwn(words, reader: &reader, arena: arena) }
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

    /// Lists the layer tree breadth-first with each layer's parent's
    /// index, and the recognizers of each layer in that order, each
    /// recognizer noting its place; notes the generation listed.
    private func collectStructure(into snapshot: inout SceneSnapshot) {
        snapshot.structureGeneration = Layer.structureGeneration
        snapshot.layers.removeAll(keepingCapacity: true)
        snapshot.parents.removeAll(keepingCapacity: true)
        snapshot.recognizers.removeAll(keepingCapacity: true)
        snapshot.layers.append(root)
        snapshot.parents.append(-1)
        var index = 0
        while index < snapshot.layers.count {
            let layer = snapshot.layers[index]
            for recognizer in layer.gestureRecognizers {
                recognizer.rosterIndex = snapshot.recognizers.count
                snapshot.recognizers.append(recognizer)
            }
            for child in layer.children {
                snapshot.layers.append(child)
                snapshot.parents.append(index)
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

    /// Puts `touch` in the table's first `count` places unless it is
    /// there already (its noted place says so), and notes its place.
    private static func enter(_ touch: Touch, into touches: inout [Touch], count: inout Int) {
        let place = touch.rosterIndex
        if place >= 0, place < count, touches.referenceBits(at: place) == referenceBits(of: touch) { return }
        setIdentical(&touches, count, touch)
        touch.rosterIndex = count
        count += 1
    }
}

extension Scene {
    /// The referee's members as the snapshot saved them, rewritten in place
    /// where the same recognizer is already in the same position.
    fileprivate func restoreMembers(_ members: inout [ArenaReferee.Member], from snapshot: borrowing SceneSnapshot) {
        for index in snapshot.members.indices {
            let saved = snapshot.members[index]
            let waitingFor = saved.waitingFor.isEmpty ? [] : snapshot.waitingFor[saved.waitingFor]
            if index < members.count, referenceBits(of: members[index].recognizer) == snapshot.recognizerBits(at: saved.recognizer) {
                if members[index].pending != saved.pending { members[index].pending = saved.pending }
                if members[index].pendingEnd != saved.pendingEnd { members[index].pendingEnd = saved.pendingEnd }
                if !(waitingFor.isEmpty && members[index].waitingFor.isEmpty), !members[index].waitingFor.elementsEqual(waitingFor) {
                    members[index].waitingFor.removeAll(keepingCapacity: true)
                    members[index].waitingFor.append(contentsOf: waitingFor)
                }
            } else {
                let member = ArenaReferee.Member(
                    recognizer: snapshot.recognizer(at: saved.recognizer), pending: saved.pending, pendingEnd: saved.pendingEnd, waitingFor: Array(waitingFor))
                if index < members.count { members[index] = member } else { members.append(member) }
            }
        }
        truncate(&members, to: snapshot.members.count)
    }
}
