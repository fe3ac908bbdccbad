import Testing
import Tactile

/// The layout `InputEvent.Kind` is given so that the frame's list copies and
/// destroys events cheaply: the kinds a game gets often held inline, the
/// rare ones with strings (text, a controller's identity) boxed (see the
/// comment on `InputEvent.Kind`).
struct InputEventLayoutTests {
    /// A payload added inline that is larger than a pointer event (a string,
    /// an identity) grows every event a game handles; this says so before
    /// the frame budget does.
    @Test func anEventIsNoLargerThanItsTimestampAndAPointerEvent() {
        // The pointer event is the largest inline payload; the kind adds
        // one byte for its case.
        #expect(MemoryLayout<InputEvent>.size <= MemoryLayout<Double>.stride + MemoryLayout<PointerEvent>.size + 1)
        #expect(MemoryLayout<ControllerEvent>.size < MemoryLayout<PointerEvent>.size)
    }

    /// A pointer event stores its one-byte phase after its eight-byte
    /// fields, not before them in a slot of its own, so that an event in
    /// the frame's list takes one 64-byte cache line, not part of a second.
    @Test func anEventInAListTakesOneCacheLine() {
        // The identity (24 bytes), the location (16), the pressure (8) and
        // the phase (1): with the phase first it was 56.
        #expect(MemoryLayout<PointerEvent>.size == MemoryLayout<PointerID>.size + 16 + 8 + 1)
        #expect(MemoryLayout<InputEvent>.stride <= 64)
    }

    /// The boxed kinds keep value semantics: equal when their contents are,
    /// copies independent of the original.
    @Test func boxedKindsCompareAndCopyAsValues() {
        let identity = ControllerIdentity(name: "Pad", type: .xboxOne, guid: "03000000000000000000000000000000")
        let added = InputEvent(timestamp: 1, .controller(.added(controller: 3, identity: identity)))
        var renamed = identity
        renamed.name = "Other pad"
        #expect(added == InputEvent(timestamp: 1, .controller(.added(controller: 3, identity: identity))))
        #expect(added != InputEvent(timestamp: 1, .controller(.added(controller: 3, identity: renamed))))
        #expect(Set([added, added]).count == 1)
        var copy = added
        copy.kind = .text(.committed("é"))
        #expect(copy == InputEvent(timestamp: 1, .text(.committed("é"))))
        guard case .controller(.added(3, let kept?)) = added.kind else {
            Issue.record("the original changed with its copy: \(added.kind)")
            return
        }
        #expect(kept.name == "Pad")
    }
}
