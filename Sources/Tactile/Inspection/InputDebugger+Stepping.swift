// Pause and step: the debugger holds the game still and lets it go on a
// frame or a sub-event at a time, losing nothing that arrives meanwhile.

extension InputDebugger {
    /// An event that came while the game was paused, with the loop frame
    /// it came in: a frame step lets one such frame's events through.
    struct HeldEvent {
        var event: InputEvent
        var frame: Int
    }

    /// Which frames the loop hands the debugger (``screen(_:)``), so that a
    /// debugger that is off costs a frame of moves what it costs a loop
    /// without one, but for one look at each event's kind (issue 19: "off,
    /// nothing on the per-event path beyond one branch"). Before, the loop
    /// called the debugger every frame, which then checked its state and
    /// copied its controls out (a retain and release of their set): about
    /// 115 instructions a frame more than no debugger (callgrind,
    /// `scripts/profile-debugger off-cost`).
    enum LoopNeeds: UInt8 {
        /// No controls and nothing held: no frame.
        case nothing
        /// Frames with an event that could be one of the controls.
        case controls
        /// Every frame: the debugger holds events back or has steps to run.
        case everyFrame
    }

    /// Tells the loop which frames the debugger needs now; called wherever
    /// the pause, the held events or the controls change.
    func updateLoopNeeds() {
        guard let loop, loop.inputDebugger === self else { return }
        loop.debuggerNeeds = gamePausedBefore != nil || heldStart < held.count ? .everyFrame
            : controls != nil ? .controls : .nothing
    }

    /// Whether the debugger holds the game paused.
    public var isPaused: Bool { gamePausedBefore != nil }

    /// How many input events are held back, waiting for a step or the resume.
    public var heldEventCount: Int { held.count - heldStart }

    /// Pauses the game from the debugger: the game clock stops (as
    /// `GameClock/isPaused` does), and from the next event on every input
    /// event is held back, not lost, until a step or ``resume()`` lets it
    /// through. The game's updates stop with its time; it keeps rendering.
    ///
    /// Held events reach the game as the loop defines for a paused clock:
    /// in order, stamped at the game time they are let through (see
    /// `GameLoop`, "Game time"). Nothing changes while paused but what the
    /// steps let happen, so the overlay shows the scene as it is at the
    /// step. Pausing twice is pausing once.
    public func pause() {
        guard gamePausedBefore == nil, let clock = loop?.clock else { return }
        gamePausedBefore = clock.isPaused
        clock.isPaused = true
        updateLoopNeeds()
    }

    /// Lets the game go on: its clock runs again (unless the game had
    /// paused it itself before the debugger did), and every held event
    /// reaches it in the loop's next frame, in order, before that frame's
    /// own events. Steps asked for and not yet run are dropped.
    public func resume() {
        guard let before = gamePausedBefore else { return }
        gamePausedBefore = nil
        frameStepsAsked = 0
        eventStepsAsked = 0
        loop?.clock.isPaused = before
        updateLoopNeeds()
    }

    /// Runs one frame of the paused game in the loop's next frame: game
    /// time moves by one update step (`GameLoop/step`), the deadlines due
    /// by then fire, one update runs, and the events held from the oldest
    /// frame that had any (what is left of it, after ``stepEvent()``) are
    /// let through. Running, it pauses instead, at the current frame.
    public func stepFrame() {
        guard isPaused else { return pause() }
        frameStepsAsked += 1
    }

    /// Lets the oldest held event through in the loop's next frame, alone,
    /// without moving game time: the arena's decisions for that one
    /// sub-event are then the last in the timeline. With no event held it
    /// does nothing. Running, it pauses instead, at the current frame.
    public func stepEvent() {
        guard isPaused else { return pause() }
        eventStepsAsked += 1
    }

    /// The loop's first look at a frame's events (``GameLoop`` calls it
    /// before anything else sees them): takes out the debugger's own
    /// controls and acts on them, holds events back while paused and puts
    /// back what a step or the resume lets through.
    ///
    /// - Returns: whether a frame step moved game time, so that the frame
    ///   treats its sensor samples as a running frame would.
    func screen(_ events: inout [InputEvent]) -> Bool {
        // Running with nothing held: the one check per event is whether it
        // could be a control.
        if gamePausedBefore == nil && heldStart == held.count {
            guard controls != nil, events.contains(where: Controls.mightMatch) else { return false }
        }
        var output = spareEvents
        output.removeAll(keepingCapacity: true)
        releaseHeld(into: &output)
        let frame = loop?.frameCount ?? 0
        for event in events {
            if let controls, let command = command(for: event, controls: controls) {
                perform(command)
                releaseHeld(into: &output)
                continue
            }
            if isPaused {
                held.append(HeldEvent(event: event, frame: frame))
            } else {
                output.append(event)
            }
        }
        var stepped = false
        if isPaused, let loop {
            if frameStepsAsked > 0 {
                frameStepsAsked -= 1
                loop.clock.step(by: loop.step)
                stepped = true
                if heldStart < held.count {
                    let oldest = held[heldStart].frame
                    while heldStart < held.count && held[heldStart].frame == oldest {
                        output.append(held[heldStart].event)
                        heldStart += 1
                    }
                }
            } else if eventStepsAsked > 0 {
                eventStepsAsked -= 1
                if heldStart < held.count {
                    output.append(held[heldStart].event)
                    heldStart += 1
                }
            }
            compactHeld()
        }
        swap(&events, &output)
        spareEvents = output
        updateLoopNeeds()
        return stepped
    }

    /// Running again: everything held goes out first, in order.
    private func releaseHeld(into output: inout [InputEvent]) {
        guard gamePausedBefore == nil, heldStart < held.count else { return }
        for index in heldStart..<held.count { output.append(held[index].event) }
        heldStart = held.count
        compactHeld()
    }

    private func compactHeld() {
        if heldStart == held.count {
            held.removeAll(keepingCapacity: true)
            heldStart = 0
        }
    }

    private func perform(_ command: Controls.Command) {
        switch command {
        case .toggle: isRecording.toggle()
        case .pause: isPaused ? resume() : pause()
        case .stepFrame: stepFrame()
        case .stepEvent: stepEvent()
        case .save: saveCaptureFromControls()
        case .swallow: break
        }
    }

    /// The save key: the capture goes to ``captureFolder``, named after the
    /// frame; the outcome is ``lastSave``, for the overlay to show.
    private func saveCaptureFromControls() {
        let path = "\(captureFolder)/input-capture-frame-\(loop?.frameCount ?? 0).trace"
        do {
            try saveCapture(toFile: path)
            lastSave = .success(path)
        } catch {
            lastSave = .failure(error)
        }
    }
}
