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
        let s = snapshot.uniqueStorage()
        if s.root !== root || s.structureGeneration != Layer.structureGeneration {
            s.root = root
            collectStructure(into: s)
        }
        if !s.recognizersNotSaved.isEmpty { s.recognizersNotSaved.removeAll(keepingCapacity: true) }
        if !s.extraRecognizers.isEmpty { s.extraRecognizers.removeAll(keepingCapacity: true) }

        s.lastPointer = lastPointer
        s.lastButton = lastButton
        s.lastOther = lastOther
        s.lastBoxed = lastBoxed
        s.ignoringDepth = ignoringDepth
        s.ignoredPointers.removeAll(keepingCapacity: true)
        if !ignoredPointers.isEmpty { s.ignoredPointers.append(contentsOf: ignoredPointers) }
        s.recentTaps.removeAll(keepingCapacity: true)
        if !recentTaps.isEmpty { s.recentTaps.append(contentsOf: recentTaps) }
        s.sequence = sequence
        s.eventTimestamp = event.storedTimestamp
        s.shakeMotion = shakeMotion

        // The touch table: the event's touches, then any other touch a
        // recognizer follows or the gate keeps a record of. Each touch
        // notes its place, which the arena's references are written as.
        // The structure's recognizers, and below the touch table, as local
        // constants: an element of a constant is borrowed, where one of
        // `snapshot` (written meanwhile) is retained and released.
        let recognizers = s.recognizers
        var count = 0
        let eventTouches = event.storedTouches
        for index in eventTouches.indices {
            eventTouches.withBorrowedElement(at: index) { Self.enter($0, into: &s.touches, count: &count) }
        }
        s.eventTouchCount = count
        for recognizer in recognizers.indices {
            recognizers.withBorrowedElement(at: recognizer) { recognizer in
                guard !recognizer.trackedTouches.isEmpty else { return }
                let tracked = recognizer.trackedTouches
                for index in tracked.indices {
                    tracked.withBorrowedElement(at: index) { Self.enter($0, into: &s.touches, count: &count) }
                }
            }
        }
        // The gate's entries as a local constant too: read through the
        // arena, each entry's touch was retained and released, twice (callgrind).
        let gateEntries = arena.gate.entries
        for index in gateEntries.indices {
            gateEntries.withBorrowedReference(at: index, offset: Self.entryTouchOffset, as: Touch.self) { Self.enter($0, into: &s.touches, count: &count) }
        }
        truncate(&s.touches, to: count)
        truncate(&s.touchLayers, to: count)
        let touches = s.touches
        s.touchValues.removeAll()
        s.touchRecognizers.removeAll()
        for index in 0..<count {
            touches.withBorrowedElement(at: index) { $0.save(into: s, at: index, recognizers: recognizers) }
        }

        s.now = arena.clock.now
        s.deadlines.removeAll()
        arena.clock.forEachDeadline { recognizer, time in
            s.deadlines.append(.init(recognizer: s.index(of: recognizer), time: time))
        }
        s.earliestDeadline = arena.clock.earliest
        s.gateEntries.removeAll()
        s.heldPhases.removeAll(keepingCapacity: true)
        for index in gateEntries.indices {
            let heldStart = s.heldPhases.count
            if !gateEntries[index].held.isEmpty { s.heldPhases.append(contentsOf: gateEntries[index].held) }
            s.gateEntries.append(.init(
                touch: Int32(gateEntries.withBorrowedReference(at: index, offset: Self.entryTouchOffset, as: Touch.self) { $0.rosterIndex }),
                sent: gateEntries[index].sent,
                held: heldStart..<s.heldPhases.count, isTaken: gateEntries[index].isTaken,
                endsAsCancelled: gateEntries[index].endsAsCancelled, isClosed: gateEntries[index].isClosed,
                isCancelledFromOutside: gateEntries[index].isCancelledFromOutside))
        }
        s.gateIsHolding = arena.gate.isHolding
        s.gateHasClosed = arena.gate.hasClosed
        s.members.removeAll()
        s.waitingFor.removeAll(keepingCapacity: true)
        // Read once: the referee's members are computed (they leave out
        // recognizers that left since its last compaction), and each read
        // costs a check and a retain.
        let members = arena.referee.members
        for index in members.indices {
            let waitingStart = s.waitingFor.count
            if !members[index].waitingFor.isEmpty { s.waitingFor.append(contentsOf: members[index].waitingFor) }
            s.members.append(.init(
                recognizer: members.withBorrowedReference(at: index, offset: Self.memberRecognizerOffset, as: GestureRecognizer.self) { s.index(of: $0) },
                pending: members[index].pending,
                pendingEnd: members[index].pendingEnd, waitingFor: waitingStart..<s.waitingFor.count))
        }
        s.subEventSerial = arena.subEventSerial

        s.recognizerValues.removeAll()
        truncate(&s.recognizerNotes, to: s.recognizers.count)
        s.trackedTouches.removeAll()
        s.trackedSources.removeAll(keepingCapacity: true)
        // One writer for the capture, into the snapshot's word storage,
        // copied on write: a snapshot that shares it (a copy of this one)
        // gets its own first.
        if !isKnownUniquelyReferenced(&s.wordStorage) {
            s.wordStorage = SnapshotWords(capacity: max(256, s.wordCount))
        }
        var writer = RecognizerStateWriter(storage: s.wordStorage, touches: touches)
        // The kept values' array is swapped to the writer and back, not
        // copied, so that it stays uniquely referenced and keeps its room
        // (a copy would make emptying it allocate anew, once a capture).
        swap(&writer.kept, &s.keptValues)
        writer.kept.removeAll(keepingCapacity: true)
        for index in recognizers.indices {
            // Borrowed, not retained: no executor check shows in the profile
            // (an earlier attempt through a closure had one, and was slower).
            recognizers.withBorrowedElement(at: index) { $0.save(into: s, at: index, writer: &writer, arena: arena) }
        }
        // (The storage grows in place: `writer.storage` is `s.wordStorage`.)
        s.wordCount = writer.count
        swap(&writer.kept, &s.keptValues)
        return s.recognizersNotSaved
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
        let s = snapshot.storage
        guard s.root === root else { throw .otherScene }
        guard !isDelivering else { throw .duringDelivery }
        // The same generation means that nothing was added, removed or
        // moved since the snapshot listed the structure: no walk needed.
        if s.structureGeneration != Layer.structureGeneration, let difference = structureDifference(from: s) {
            throw .structureChanged(difference)
        }
        guard s.recognizersNotSaved.isEmpty else {
            throw .recognizersNotSaved(s.recognizersNotSaved.map(\.displayName))
        }
    }

    /// The writes of ``restore(_:)``, once ``checkRestore(_:)`` has passed.
    func applyRestore(_ snapshot: borrowing SceneSnapshot) {
        let s = snapshot.storage
        lastPointer = s.lastPointer
        lastButton = s.lastButton
        lastOther = s.lastOther
        lastBoxed = s.lastBoxed
        ignoringDepth = s.ignoringDepth
        if ignoredPointers != s.ignoredPointers {
            ignoredPointers.removeAll(keepingCapacity: true)
            ignoredPointers.append(contentsOf: s.ignoredPointers)
        }
        if recentTaps != s.recentTaps {
            recentTaps.removeAll(keepingCapacity: true)
            recentTaps.append(contentsOf: s.recentTaps)
        }
        sequence = s.sequence
        event.storedTimestamp = s.eventTimestamp
        shakeMotion = s.shakeMotion

        // The box's touch table and recognizers as local constants, read
        // once: read from the box in the loop, each call (which is handed
        // the box) would retain and release the array.
        let touches = s.touches
        let recognizers = s.recognizers
        for index in touches.indices {
            touches.withBorrowedElement(at: index) { $0.restore(index, from: s) }
        }
        for index in 0..<s.eventTouchCount {
            // Compared without retaining; written (rarely) when it differs.
            if index < event.storedTouches.count, event.storedTouches.referenceBits(at: index) == touches.referenceBits(at: index) { continue }
            setIdentical(&event.storedTouches, index, touches[index])
        }
        truncate(&event.storedTouches, to: s.eventTouchCount)
        // The scene's notes on the touches' phases (`Scene.forgetTouchPhases()`) are of the timeline left.
        forgetTouchPhases()
        // A spare is held by nothing, so it is in no snapshot, but a
        // lingering touch may be (the snapshot holds it): the scene keeps
        // neither for reuse once it is a contact again.
        if spareTouch != nil || !moreSpareTouches.isEmpty || !lingeringTouches.isEmpty { forgetReusable(touches) }

        arena.clock.now = s.now
        // The clock keeps its deadlines in a heap and derives the earliest;
        // they come back in the order they were set, as captured.
        arena.clock.restoreDeadlines(count: s.deadlines.count) { index in
            (s.recognizer(at: s.deadlines[index].recognizer), s.deadlines[index].time)
        }
        restoreGateEntries(&arena.gate.entries, from: s, touches: touches)
        arena.gate.isHolding = s.gateIsHolding
        // Whatever the gate last found about its held phases was about
        // another state: the next settle asks again.
        LayerGate.delayVersion &+= 1
        arena.gate.hasClosed = s.gateHasClosed
        // One access to the referee's members for the whole rewrite: each
        // access renumbers every member's slot when it ends (ArenaReferee).
        restoreMembers(&arena.referee.members, from: s)
        arena.subEventSerial = s.subEventSerial

        // Every base first, so that a subclass reading its touches or state
        // while it restores its own fields finds them as they were.
        for index in recognizers.indices {
            recognizers.withBorrowedElement(at: index) { $0.restoreBase(index, from: s, touches: touches, arena: arena) }
        }
        var reader = RecognizerStateReader(storage: s.wordStorage, touches: touches, kept: s.keptValues, range: 0..<0)
        for index in recognizers.indices {
            let words = s.recognizerValues[index].words
            recognizers.withBorrowedElement(at: index) { $0.restoreOwn(words, reader: &reader, arena: arena) }
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
    private func collectStructure(into snapshot: SceneSnapshot.Storage) {
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
    private func structureDifference(from snapshot: SceneSnapshot.Storage) -> String? {
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

    /// Where a gate entry keeps its touch, and a referee's member its
    /// recognizer: read there, as bits or borrowed, the record is not
    /// copied out of its array, which retained and released the object
    /// (a tenth of a capture, callgrind).
    nonisolated static let entryTouchOffset = MemoryLayout<LayerGate.Entry>.offset(of: \LayerGate.Entry.touch)!
    nonisolated static let memberRecognizerOffset = MemoryLayout<ArenaReferee.Member>.offset(of: \ArenaReferee.Member.recognizer)!

    /// Puts `touch` in the table's first `count` places unless it is
    /// there already (its noted place says so), and notes its place.
    @inline(__always)
    private static func enter(_ touch: Touch, into touches: inout [Touch], count: inout Int) {
        let place = touch.rosterIndex
        if place >= 0, place < count, touches.referenceBits(at: place) == referenceBits(of: touch) { return }
        setIdentical(&touches, count, touch)
        touch.rosterIndex = count
        count += 1
    }
}

extension Scene {
    /// The gate's entries as the snapshot saved them. Where the same touch
    /// is in the same place (the usual case), its entry is rewritten in
    /// place, through one access to the array: written one field at a time
    /// through the gate, each write checked that the array was unique and
    /// read the touch to compare it retained it (callgrind). The rest are
    /// replaced, then the array is cut to the snapshot's count.
    fileprivate func restoreGateEntries(_ entries: inout [LayerGate.Entry], from snapshot: SceneSnapshot.Storage, touches: [Touch]) {
        let saved = snapshot.gateEntries
        let inPlace = entries.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < min(buffer.count, saved.count) {
                let entry = saved[index]
                let bits = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).load(fromByteOffset: Self.entryTouchOffset, as: UInt.self)
                guard bits == touches.referenceBits(at: Int(entry.touch)) else { break }
                buffer[index].sent = entry.sent
                // Usually both empty: then nothing is compared, and no
                // slice made (making one retained the snapshot's array).
                if !(entry.held.isEmpty && buffer[index].held.isEmpty), !buffer[index].held.elementsEqual(snapshot.heldPhases[entry.held]) {
                    buffer[index].held.removeAll(keepingCapacity: true)
                    buffer[index].held.append(contentsOf: snapshot.heldPhases[entry.held])
                }
                buffer[index].isTaken = entry.isTaken
                buffer[index].endsAsCancelled = entry.endsAsCancelled
                buffer[index].isClosed = entry.isClosed
                buffer[index].isCancelledFromOutside = entry.isCancelledFromOutside
                index += 1
            }
            return index
        }
        for index in inPlace..<saved.count {
            let entry = saved[index]
            let restored = LayerGate.Entry(
                touch: touches[Int(entry.touch)], sent: entry.sent, held: Array(snapshot.heldPhases[entry.held]), isTaken: entry.isTaken,
                endsAsCancelled: entry.endsAsCancelled, isClosed: entry.isClosed, isCancelledFromOutside: entry.isCancelledFromOutside)
            if index < entries.count { entries[index] = restored } else { entries.append(restored) }
        }
        truncate(&entries, to: saved.count)
    }

    /// The referee's members as the snapshot saved them, rewritten in place
    /// where the same recognizer is already in the same position.
    fileprivate func restoreMembers(_ members: inout [ArenaReferee.Member], from snapshot: SceneSnapshot.Storage) {
        for index in snapshot.members.indices {
            let saved = snapshot.members[index]
            if index < members.count, members.referenceBits(at: index, offset: Self.memberRecognizerOffset) == snapshot.recognizerBits(at: saved.recognizer) {
                if members[index].pending != saved.pending { members[index].pending = saved.pending }
                if members[index].pendingEnd != saved.pendingEnd { members[index].pendingEnd = saved.pendingEnd }
                // Usually both empty: then no slice is made (see the gate's).
                if !(saved.waitingFor.isEmpty && members[index].waitingFor.isEmpty),
                   !members[index].waitingFor.elementsEqual(snapshot.waitingFor[saved.waitingFor]) {
                    members[index].waitingFor.removeAll(keepingCapacity: true)
                    members[index].waitingFor.append(contentsOf: snapshot.waitingFor[saved.waitingFor])
                }
            } else {
                let member = ArenaReferee.Member(
                    recognizer: snapshot.recognizer(at: saved.recognizer), pending: saved.pending, pendingEnd: saved.pendingEnd,
                    waitingFor: Array(snapshot.waitingFor[saved.waitingFor]))
                if index < members.count { members[index] = member } else { members.append(member) }
            }
        }
        truncate(&members, to: snapshot.members.count)
    }
}
