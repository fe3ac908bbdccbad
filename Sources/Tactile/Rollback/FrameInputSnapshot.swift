/// A frame input's state as a value, for rollback: what
/// ``FrameInput/captureState(into:)`` writes and
/// ``FrameInput/restoreState(from:)`` puts back.
///
/// ``RollbackSession`` keeps one per input of its loop (``GameLoop/inputs``)
/// in each frame of its ring, so that the action maps, and the
/// ``PlayerRoster`` that feeds them, go back with the scene and the loop: a
/// `justPressed` re-simulated after a rollback is the one the frame had. A
/// game with a loop of its own keeps them the same way.
///
/// Capturing into a used snapshot reuses its buffers (see
/// ``ActionMapSnapshot``), so a ring, once used, captures with no
/// allocation. Like a scene snapshot it refers to its input by identity and
/// is in memory only.
public struct FrameInputSnapshot: Equatable {
    /// The input captured, or `nil` when none was (an input that keeps no
    /// state a rollback can put back).
    var input: ObjectIdentifier?
    /// An action map's state, or each of a roster's maps in player order.
    var maps: [ActionMapSnapshot] = []
    /// A roster's seats, and the pads it has seen.
    var seats: [PlayerSeat] = []
    var connected: [Int32: ControllerIdentity?] = [:]

    /// An empty snapshot, to capture into.
    public init() {}

    /// Whether an input wrote its state here.
    public var isCaptured: Bool { input != nil }

    /// Readies the snapshot for `input` with `count` maps, keeping the
    /// buffers of the maps it already has.
    mutating func prepare(for input: AnyObject, maps count: Int) {
        self.input = ObjectIdentifier(input)
        if maps.count > count { maps.removeLast(maps.count - count) }
        while maps.count < count { maps.append(ActionMapSnapshot()) }
    }
}

extension ActionMap {
    /// Saves the map's state (see ``capture(into:)``) for a rollback loop.
    public func captureState(into snapshot: inout FrameInputSnapshot) -> Bool {
        snapshot.prepare(for: self, maps: 1)
        capture(into: &snapshot.maps[0])
        return true
    }

    /// Puts the map's state back (see ``restore(_:)``).
    public func restoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {
        try checkRestoreState(from: snapshot)
        try restore(snapshot.maps[0])
    }

    /// The checks of ``restoreState(from:)``, changing nothing.
    public func checkRestoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {
        guard snapshot.input == ObjectIdentifier(self), snapshot.maps.count == 1 else { throw .otherActionMap }
        if let refusal = refusal(toRestore: snapshot.maps[0]) { throw refusal }
    }
}

extension PlayerRoster {
    /// Saves the seats, the pads seen, and each player's action map.
    public func captureState(into snapshot: inout FrameInputSnapshot) -> Bool {
        snapshot.prepare(for: self, maps: actions.count)
        for index in actions.indices { actions[index].capture(into: &snapshot.maps[index]) }
        // Element by element, so that the roster's buffer and the
        // snapshot's are never shared (a shared one would be copied on
        // the next write to either).
        snapshot.seats.removeAll(keepingCapacity: true)
        snapshot.seats.append(contentsOf: seats)
        if snapshot.connected != connected { snapshot.connected = connected }
        return true
    }

    /// Puts back the seats, the pads seen and each player's action map;
    /// every map is checked before any is written.
    public func restoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {
        try checkRestoreState(from: snapshot)
        for index in actions.indices { try actions[index].restore(snapshot.maps[index]) }
        for index in seats.indices where seats[index] != snapshot.seats[index] { seats[index] = snapshot.seats[index] }
        if connected != snapshot.connected { connected = snapshot.connected }
    }

    /// The checks of ``restoreState(from:)``, changing nothing: every map
    /// is checked.
    public func checkRestoreState(from snapshot: FrameInputSnapshot) throws(RollbackError) {
        guard snapshot.input == ObjectIdentifier(self), snapshot.maps.count == actions.count,
              snapshot.seats.count == seats.count else { throw .otherActionMap }
        for index in actions.indices {
            if let refusal = actions[index].refusal(toRestore: snapshot.maps[index]) { throw refusal }
        }
    }
}
