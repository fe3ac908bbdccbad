extension ActionMap {
    // MARK: Repeats

    /// Makes `action` repeat while held, for menu navigation (see
    /// ``ActionRepeat``), or stops it repeating (`nil`).
    ///
    /// - Throws: ``ActionMapError`` when the map has no such action or the
    ///   delay or rate is out of range; the map is then unchanged.
    public func setRepeat(_ repeat: ActionRepeat?, for action: Action) throws(ActionMapError) {
        guard let index = actionIndex[action] else {
            throw ActionMapError(line: nil, binding: nil, problem: .unknownAction(String(describing: action)))
        }
        if let problem = `repeat`?.invalidity {
            throw ActionMapError(line: nil, binding: "\(action) repeat", problem: problem)
        }
        repeatSettings[index] = `repeat`
        nextRepeat[index] = .infinity
        repeatingActions = repeatSettings.indices.filter { repeatSettings[$0] != nil }
    }

    /// How `action` repeats, or `nil` if it does not.
    public func repeatSetting(of action: Action) -> ActionRepeat? {
        actionIndex[action].flatMap { repeatSettings[$0] }
    }

    /// Marks the repeats due by `now` in this frame's snapshots: at most one
    /// per action and frame (see ``ActionRepeat`` for the schedule).
    func countRepeats(now: Double) {
        // Frame times are sums of fractions: a repeat due within a
        // nanosecond of now is due now.
        let tolerance = 1e-9
        for action in repeatingActions {
            guard let setting = repeatSettings[action] else { continue }
            let snapshot = snapshots[action]
            if !snapshot.isPressed {
                nextRepeat[action] = .infinity
            } else if snapshot.pressCount > 0 {
                nextRepeat[action] = now + setting.initialDelay
            } else if now + tolerance >= nextRepeat[action] {
                snapshots[action].repeatCount = 1
                nextRepeat[action] += setting.interval
                if nextRepeat[action] <= now + tolerance { nextRepeat[action] = now + setting.interval }
            }
        }
    }
}
