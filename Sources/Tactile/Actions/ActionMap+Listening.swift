extension ActionMap {
    // MARK: Listening for a new binding

    /// Starts listening for the next input the player presses, replacing a
    /// listen under way; see ``BindingListener`` for what answers, what
    /// cancels and what the map's bindings see meanwhile.
    public func startListening(_ listener: BindingListener = BindingListener()) {
        self.listener = listener
        listenStatus = .listening
        if let timeout = listener.timeout, timeout.isFinite, let now = clock?.now {
            listenDeadline = now + max(0, timeout)
        } else {
            listenDeadline = nil
        }
    }

    /// Ends any listen and forgets its outcome: ``listenStatus`` is
    /// ``ListenStatus/idle`` again. Inputs a listen held back stay held
    /// back until they are let go.
    public func stopListening() {
        listener = nil
        listenDeadline = nil
        listenStatus = .idle
    }

    func finishListening(_ status: ListenStatus) {
        listener = nil
        listenDeadline = nil
        listenStatus = status
    }

    // MARK: Conflicts

    /// The bindings of other actions that read an input `binding` reads, the
    /// same way: what a rebinding menu reports ("S is already used by Move")
    /// before it binds `binding` to `action`.
    ///
    /// Two bindings clash when they read the same key, button, mouse button,
    /// wheel, axis half, stick or recognizer with the same modifiers: a
    /// composite clashes through any of its parts, an axis with either of
    /// its halves, a modifier key (``ModifierKey``) with its left and right
    /// keys. A chord and the plain input it presses do not clash (the chord
    /// takes the press, see ``ActionChord``), nor do two chords with
    /// different modifiers.
    ///
    /// - Complexity: O(*n*) in the number of bindings.
    public func conflicts(with binding: ActionBinding, for action: Action) -> [Entry] {
        let reads = binding.reads
        return entries.filter { entry in
            entry.action != action && entry.binding.reads.contains { other in reads.contains { $0.overlaps(other) } }
        }
    }

    /// Replaces the first binding of `action` equal to `old` with `new`, in
    /// its place (so a saved file keeps its order), or adds `new` when the
    /// action has no such binding.
    ///
    /// - Throws: ``ActionMapError`` when `new` cannot be bound; the map is
    ///   then unchanged.
    public func replace(_ old: ActionBinding?, with new: ActionBinding, for action: Action) throws(ActionMapError) {
        var updated = entries
        if let old, let index = updated.firstIndex(where: { $0.action == action && $0.binding == old }) {
            updated[index].binding = new
        } else {
            updated.append(Entry(action, new))
        }
        try setEntries(updated)
    }
}

/// One input a binding reads, as far as conflicts are concerned.
enum BindingRead: Hashable {
    case digital(DigitalInput, modifiers: [DigitalInput])
    case axis(ControllerAxis, AxisHalf?)
    case wheel(WheelAxis)
    case gesture(String)

    func overlaps(_ other: BindingRead) -> Bool {
        switch (self, other) {
        case (.digital(let input, let modifiers), .digital(let otherInput, let otherModifiers)):
            return Self.same(input, otherInput) && modifiers.count == otherModifiers.count
                && modifiers.allSatisfy { one in otherModifiers.contains { Self.same(one, $0) } }
                && otherModifiers.allSatisfy { one in modifiers.contains { Self.same(one, $0) } }
        case (.axis(let axis, let half), .axis(let otherAxis, let otherHalf)):
            return axis == otherAxis && (half == nil || otherHalf == nil || half == otherHalf)
        case (.wheel(let axis), .wheel(let otherAxis)):
            return axis == otherAxis
        case (.gesture(let name), .gesture(let otherName)):
            return name == otherName
        case (.digital, _), (.axis, _), (.wheel, _), (.gesture, _):
            return false
        }
    }

    /// The same input, a modifier counting as each of its keys.
    private static func same(_ one: DigitalInput, _ other: DigitalInput) -> Bool {
        one == other || !Set(InputSlot.all(of: one)).isDisjoint(with: InputSlot.all(of: other))
    }
}

extension ActionBinding {
    /// The inputs this binding reads.
    var reads: [BindingRead] {
        switch self {
        case .key(let scancode): [.digital(.key(scancode), modifiers: [])]
        case .button(let button): [.digital(.button(button), modifiers: [])]
        case .mouseButton(let button): [.digital(.mouseButton(button), modifiers: [])]
        case .axis(let axis, let response): [.axis(axis, response.half)]
        case .composite(.axis(let negative, let positive)): [negative, positive].map { .digital($0, modifiers: []) }
        case .composite(.vector(let up, let down, let left, let right)): [up, down, left, right].map { .digital($0, modifiers: []) }
        case .composite(.stick(let stick, _)): [.axis(stick.axes.x, nil), .axis(stick.axes.y, nil)]
        case .gesture(let name, _), .command(let name): [.gesture(name)]
        case .wheel(let axis, _): [.wheel(axis)]
        case .wheelStep(let direction): [.wheel(direction == .up || direction == .down ? .vertical : .horizontal)]
        case .chord(let chord): [.digital(chord.input, modifiers: chord.modifiers)]
        }
    }
}
