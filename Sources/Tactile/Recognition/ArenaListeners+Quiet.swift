// Leaving a sub-event out for the listeners it cannot matter to.
//
// A controller's listeners are mostly one player's command recognizers, and
// most sub-events can complete none of them (a stick move completes no
// fireball, a release no motion, a press no motion whose last direction
// was not reached within the buffer). Handed such a sub-event, a command
// recognizer that already follows the source and has no delegate does
// nothing at all; yet handing it over (the arena's checks, the delegate's
// weak load, the call) was most of a button through 20 commands (callgrind:
// about 150 instructions a listener). So the arena hands a sub-event only to
// the listeners that may do something with it, in gather order, and
// skipping the others changes nothing anyone can see: no state, no decision,
// no delegate call. What "may" means is the recognizer's own first test
// (`CommandInputRecognizer.admittedChange`), asked directly: first its
// command's bits against the player's change (kept here, so that a stick
// move costs no call at all), then the rest of its screen.
//
// A listener must get every sub-event ("needy") unless it is a
// `CommandInputRecognizer` of that very class (a subclass may do anything in
// `receive`) that is disabled, finished, or follows the source with no
// delegate, or a built-in motion recognizer of that very class with the same
// conditions, which a reading it does nothing with is left out for (a shake
// is handed no gyroscope reading, `MotionGestureRecognizer.readingsIgnored(by:)`).
// That is worked out after a full delivery, and holds until any
// recognizer's `isEnabled`, delegate or followed sources change, which bump
// `stateVersion` (a reset, which ends a finished attempt, empties its
// sources; one that followed none, stopped through a touch it also took,
// bumps it itself). The source going away always goes to everyone.

extension ArenaListeners {
    /// Bumped whenever a recognizer's `isEnabled`, delegate or followed
    /// sources change: what made a listener safe to leave out may no
    /// longer hold.
    @exclusivity(unchecked) static var stateVersion = 0
}

extension ArenaListeners.Listening {
    /// Calls `body` with each listener `subEvent` may matter to, in gather
    /// order: every listener when nothing is known, otherwise the needy ones
    /// and the command recognizers that admit their player's change
    /// (already read). `body`'s second argument says that the listener
    /// still follows the source with no delegate, if it is enabled: the
    /// arena then hands it the sub-event with no more asked (a motion
    /// recognizer's reading, most often; callgrind: the follow and delegate
    /// tests were about 40 instructions a recognizer a reading).
    @inline(__always)
    func forEachConcerned(_ subEvent: InputSubEvent, source: InputSource, _ body: (GestureRecognizer, Bool) -> Void) {
        let isLost: Bool
        if case .sourceLost = subEvent { isLost = true } else { isLost = false }
        let wasChecked = checkedAt == ArenaListeners.stateVersion
        let reading = MotionGestureRecognizer.readingBit(of: subEvent)
        // One loop, whether or not anything is known: with nothing known
        // (the first reading after a reset, or the source going away) every
        // listener is handed the sub-event through the same code as a steady
        // reading's, not through a second copy of the arena's delivery that
        // only such a reading ran (callgrind, Tilt Maze's first readings: 10
        // code lines touched in that frame alone).
        for index in listeners.indices {
            // A handler may have changed a listener (given it a delegate,
            // say): from then on, everyone left gets the sub-event.
            let isKnown = !isLost && checkedAt == ArenaListeners.stateVersion
            if isKnown, !isNeedy[index] {
                // Not needy: a built-in motion recognizer, following the
                // source with no delegate, handed a reading it does nothing with.
                if ignoredReadings[index] != 0 {
                    if ignoredReadings[index] & reading != 0 { continue }
                } else if completing[index] & players[player[index]].lastChangeBit == 0
                    // Not needy: a `CommandInputRecognizer` of that very class,
                    // whose `receive` would do nothing but ask this.
                    || unsafeDowncast(listeners[index], to: CommandInputRecognizer.self).admittedChange == nil { continue }
            }
            let quiet = isKnown && followsQuietly[index]
            Unmanaged.passUnretained(listeners[index]).withBorrowed { body($0, quiet) }
        }
        if !wasChecked && !isLost { check(source) }
    }

    /// Works out which listeners are needy, as they are now.
    private func check(_ source: InputSource) {
        for index in listeners.indices {
            // Borrowed from the list, which the compiler retains for the
            // call in place of the recognizer; the walk came out a little
            // shorter (callgrind: 358 → 330 instructions of its own for
            // Tilt Maze's four motion listeners).
            let (needy, quiet) = listeners.withBorrowedElement(at: index) { recognizer in
                let isLive = recognizer.storedIsEnabled && !recognizer.storedState.isFinished
                let quiet = isLive && recognizer.isFollowing(source) && recognizer.delegate == nil
                return (completing[index] == .max && ignoredReadings[index] == 0 || (isLive && !quiet), quiet)
            }
            isNeedy[index] = needy
            // Its stop (a disable, a delegate, a reset that empties its
            // sources) moves `stateVersion`; finishing does not, which the
            // arena asks for each sub-event.
            followsQuietly[index] = quiet
        }
        checkedAt = ArenaListeners.stateVersion
    }
}
