import Tactile

// A controller's touchpad fingers as pointers of their own kind, when the
// game sets `touchpadPointers`; the touchpad events themselves still go out
// as `.controller(.touchpad…)`, before the pointer each one makes.

extension SDLEventPump {
    /// The pointer one touchpad finger makes. SDL numbers fingers per
    /// touchpad and touchpads per controller, so the index holds both.
    static func touchpadPointerID(controller: Int32, touchpad: Int32, finger: Int32) -> PointerID {
        PointerID(
            kind: .controllerTouchpad, device: Int64(controller),
            index: Int64(touchpad) << 32 | Int64(UInt32(bitPattern: finger)))
    }

    /// Turns one touchpad finger event into a pointer event, keeping every
    /// pointer's life whole: a second down cancels the first, and a move or
    /// lift of a finger that is not down is dropped (reported only while
    /// pointers are on; while they are off no finger is tracked). New fingers go down
    /// only while ``touchpadPointers`` is set; fingers already down move and
    /// lift as they do even after it is cleared, so each one still ends.
    func appendTouchpadPointer(
        controller: Int32, touchpad: Int32, finger: Int32, phase: PointerEvent.Phase,
        normalized: Point, pressure: Double, timestamp: Double, into events: inout [InputEvent]
    ) {
        let id = Self.touchpadPointerID(controller: controller, touchpad: touchpad, finger: finger)
        let index = touchpadFingers.firstIndex { $0.id == id }
        guard index != nil || (phase == .down && touchpadPointers != nil) else {
            // With pointers off, an untracked finger is the normal case.
            if phase != .down && touchpadPointers != nil {
                diagnostics(Diagnostic(.unknownPointer, "touchpad finger \(id) \(phase.rawValue) but is not down"))
            }
            return
        }
        let location = (touchpadPointers ?? .window).location(of: normalized, windowSize: windowSize)
        guard location.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "touchpad area \(String(describing: touchpadPointers)) puts finger \(id) at \(location)"))
        }
        let pointer = PointerEvent(phase, id: id, location: location, pressure: pressure)
        switch phase {
        case .down:
            if let index {
                diagnostics(Diagnostic(.repeatedDown, "touchpad finger \(id) went down again; cancelling the earlier contact"))
                var lost = touchpadFingers.remove(at: index)
                lost.phase = .cancel
                events.append(InputEvent(timestamp: timestamp, .pointer(lost)))
            }
            touchpadFingers.append(pointer)
        case .move:
            if let index { touchpadFingers[index] = pointer }
        case .up, .cancel:
            if let index { touchpadFingers.remove(at: index) }
        }
        events.append(InputEvent(timestamp: timestamp, .pointer(pointer)))
    }

    /// Cancels the touchpad pointers that are down, of one controller (it
    /// was unplugged) or of all (focus was lost), where each last was.
    func cancelTouchpadPointers(of controller: Int32? = nil, timestamp: Double, into events: inout [InputEvent]) {
        var kept: [PointerEvent] = []
        for var pointer in touchpadFingers {
            guard controller.map({ Int64($0) == pointer.id.device }) ?? true else {
                kept.append(pointer)
                continue
            }
            pointer.phase = .cancel
            events.append(InputEvent(timestamp: timestamp, .pointer(pointer)))
        }
        touchpadFingers = kept
    }
}
