// Whether a command is complete, decided by looking back over the player's
// history at the change that could complete it (a press, a release, a
// direction reached), as fighting games read their input buffers: nothing
// waits, so a command is recognized on the very sub-event that completes it.

extension Command {
    /// Whether `change`, just recorded at `now` (the newest entry of
    /// `history`), completes the command for a player facing `facing`,
    /// using only directions and presses after `consumed` (the time the
    /// command last completed).
    @MainActor func isCompleted(by change: InputHistory.Change, in input: PlayerInput, at now: Double, after consumed: Double) -> Bool {
        guard screen.admits(change, in: input, at: now, after: consumed) else { return false }
        let mirror = input.facing == .left
        let history = input.history
        let tolerance = CommandTiming.tolerance
        switch kind {
        case .doubleTap(let direction):
            let target = mirror ? direction.mirrored : direction
            guard change == .direction(target) else { return false }
            // The newest entry is this tap. Before it, going back, the pad
            // was let go (neutral) and, before that, pointed the same way:
            // 6 5 6. Any other direction in between is not a let-go but a
            // roll (6 3 6) or another motion (6 5 2 5 6), not a dash.
            var letGo = false
            for age in 1..<max(1, history.count) {
                let entry = history[age: age]
                if now - entry.time > windows.doubleTapWindow + tolerance || entry.time <= consumed { return false }
                guard case .direction(let direction) = entry.change else { continue }
                if direction == .neutral, !letGo {
                    letGo = true
                } else {
                    return letGo && direction == target
                }
            }
            return false
        case .mash(let count):
            guard change == .press(buttons[0]) else { return false }
            var presses = 0
            for age in 0..<history.count {
                let entry = history[age: age]
                if now - entry.time > windows.mashWindow + tolerance || entry.time <= consumed { break }
                if entry.change == .press(buttons[0]) { presses += 1 }
            }
            return presses >= count
        case .holdAndRelease:
            guard change == .release(buttons[0]) else { return false }
            for age in 1..<max(1, history.count) {
                let entry = history[age: age]
                if entry.change == .press(buttons[0]) { return now - entry.time >= windows.holdTime - tolerance }
            }
            // Pressed before the history began: held longer than any window.
            return true
        case .motion, .charge, .fullCircle:
            guard isTriggered(by: change, in: input, at: now) else { return false }
            return directionsMatch(history, mirror: mirror, at: now, after: consumed)
        }
    }

    /// The tests a change must pass before a command reads the history,
    /// which turn away most sub-events at the cost of a few comparisons.
    /// Worked out once, when the command is defined; a
    /// ``CommandInputRecognizer`` keeps a copy beside it.
    struct Screen: Hashable, Sendable {
        /// The changes that can complete the command, as
        /// ``InputHistory/Change/bit``s: a press (or, for negative edge, a
        /// release) of one of its buttons for a motion, a charge or a
        /// circle; a direction for a dash; a press for a mash, a release
        /// for a hold.
        let completingChanges: UInt64
        /// What a motion, a charge or a circle must have reached last.
        let finalDirection: FinalDirection
        /// Its buffer: the most time from that direction to the button.
        let buffer: Double

        init(_ kind: Kind, buttons: [ControllerButton], onRelease: Bool, buffer: Double) {
            func bits(_ change: (ControllerButton) -> InputHistory.Change) -> UInt64 {
                buttons.reduce(0) { $0 | change($1).bit }
            }
            switch kind {
            case .doubleTap: completingChanges = InputHistory.Change.anyDirection
            case .mash: completingChanges = bits(InputHistory.Change.press)
            case .holdAndRelease: completingChanges = bits(InputHistory.Change.release)
            case .motion, .charge, .fullCircle:
                completingChanges = onRelease ? bits(InputHistory.Change.release) : bits(InputHistory.Change.press)
            }
            switch kind {
            case .motion(let steps): finalDirection = steps.last.map(FinalDirection.direction) ?? .none
            case .charge(_, let to): finalDirection = .direction(to)
            case .fullCircle: finalDirection = .anyCardinal
            case .doubleTap, .mash, .holdAndRelease: finalDirection = .none
            }
            self.buffer = buffer
        }

        /// Whether `change`, read by `input` at `now`, may complete the
        /// command, which last completed at `consumed`. It cannot if it is
        /// not one of the completing changes (a stick move never completes
        /// a fireball), nor, for a motion, a charge or a circle, if its last
        /// direction was not reached within the buffer and after `consumed`:
        /// the player's record of when each direction was last reached
        /// tells that without a search of the history (most presses of a
        /// button follow no motion).
        @MainActor func admits(_ change: InputHistory.Change, in input: PlayerInput, at now: Double, after consumed: Double) -> Bool {
            guard completingChanges & change.bit != 0 else { return false }
            let reached: Double
            switch finalDirection {
            case .none:
                return true
            case .direction(let last):
                reached = input.lastReached(input.facing == .left ? last.mirrored : last)
            case .anyCardinal:
                // A circle ends on whichever cardinal it reached last.
                reached = max(max(input.lastReached(.right), input.lastReached(.up)),
                              max(input.lastReached(.left), input.lastReached(.down)))
            }
            return now - reached <= buffer + CommandTiming.tolerance && reached > consumed
        }
    }

    /// What a motion, a charge or a circle must have reached last, within
    /// the buffer before its button.
    enum FinalDirection: Hashable, Sendable {
        /// Nothing: not one of those kinds, or a plain button or chord.
        case none
        /// This direction (facing right): a motion's last, a charge's release.
        case direction(PadDirection)
        /// One of the four cardinals: a full circle, which may end on any.
        case anyCardinal
    }

    /// Whether `change` is the button part: the release of the one button
    /// (negative edge), or the press of a button of the chord with every
    /// other one pressed within the chord window and still held.
    @MainActor private func isTriggered(by change: InputHistory.Change, in input: PlayerInput, at now: Double) -> Bool {
        if onRelease { return change == .release(buttons[0]) }
        guard case .press(let pressed) = change, buttons.contains(pressed) else { return false }
        for button in buttons where button != pressed {
            guard input.isHeld(button), let time = lastPress(of: button, in: input.history),
                  now - time <= windows.chordWindow + CommandTiming.tolerance else { return false }
        }
        return true
    }

    private func lastPress(of button: ControllerButton, in history: InputHistory) -> Double? {
        for age in 0..<history.count where history[age: age].change == .press(button) { return history[age: age].time }
        return nil
    }

    private func directionsMatch(_ history: InputHistory, mirror: Bool, at now: Double, after consumed: Double) -> Bool {
        switch kind {
        case .motion(let steps):
            guard !steps.isEmpty else { return true }
            return reaches(count: steps.count, history, at: now, after: consumed) { step in
                mirror ? steps[step].mirrored : steps[step]
            }
        case .fullCircle:
            // The four cardinals in turn, either way round, from any of them:
            // octants 0, 2, 4, 6 stepping by a quarter turn either way.
            for start in 0..<4 {
                for way in stride(from: 2, through: 6, by: 4) {
                    let found = reaches(count: 4, history, at: now, after: consumed) { step in
                        Self.cardinal(octant: 2 * start + way * step)
                    }
                    if found { return true }
                }
            }
            return false
        case .charge(let from, let to):
            return charged(from: mirror ? from.mirrored : from, to: mirror ? to.mirrored : to, history, at: now, after: consumed)
        case .doubleTap, .mash, .holdAndRelease:
            return false
        }
    }

    private static func cardinal(octant: Int) -> PadDirection {
        switch octant % 8 {
        case 0: .right
        case 2: .up
        case 4: .left
        default: .down
        }
    }

    /// Whether `count` directions (`step(i)` the i-th) were reached in
    /// turn, the last within the buffer of `now` and each within the
    /// leniency of the next; a search back over the history, trying older
    /// matches when a newer one leaves no room. No array is built: this
    /// runs on every press of the command's button.
    private func reaches(count: Int, _ history: InputHistory, at now: Double, after consumed: Double,
                         _ step: (Int) -> PadDirection) -> Bool {
        func reach(_ index: Int, olderThan age: Int, by time: Double, within gap: Double) -> Bool {
            let wanted = InputHistory.Change.direction(step(index))
            var candidate = age + 1
            while candidate < history.count {
                let entry = history[age: candidate]
                if time - entry.time > gap + CommandTiming.tolerance || entry.time <= consumed { return false }
                if entry.change == wanted {
                    if index == 0 || reach(index - 1, olderThan: candidate, by: entry.time, within: windows.leniency) { return true }
                }
                candidate += 1
            }
            return false
        }
        return reach(count - 1, olderThan: -1, by: now, within: windows.buffer)
    }

    /// Whether a direction sharing `from`'s components was held for the
    /// charge time, then `to` reached within the leniency of the charge's
    /// end and within the buffer of `now`.
    private func charged(from: PadDirection, to: PadDirection, _ history: InputHistory, at now: Double, after consumed: Double) -> Bool {
        func charges(_ direction: PadDirection) -> Bool {
            (from.x == 0 || direction.x == from.x) && (from.y == 0 || direction.y == from.y)
        }
        var age = 0
        while age < history.count {
            let entry = history[age: age]
            if now - entry.time > windows.buffer + CommandTiming.tolerance || entry.time <= consumed { return false }
            if entry.change == .direction(to) { break }
            age += 1
        }
        guard age < history.count else { return false }
        let released = history[age: age].time
        // Back from `to`: the charge ended when the next direction after
        // its last charging direction was reached.
        var chargeEnd = released
        var index = age + 1
        while index < history.count {
            let entry = history[age: index]
            if case .direction(let direction) = entry.change {
                if charges(direction) { break }
                chargeEnd = entry.time
            }
            if released - entry.time > windows.leniency + CommandTiming.tolerance { return false }
            index += 1
        }
        guard index < history.count, released - chargeEnd <= windows.leniency + CommandTiming.tolerance else { return false }
        // The charge began where the run of charging directions began.
        var chargeStart = history[age: index].time
        index += 1
        while index < history.count {
            let entry = history[age: index]
            if case .direction(let direction) = entry.change {
                guard charges(direction) else { break }
                chargeStart = entry.time
            }
            index += 1
        }
        return chargeEnd - chargeStart >= windows.chargeTime - CommandTiming.tolerance
    }
}
