/// A device a player plays with: one game controller, or the keyboard and
/// mouse together (one player's, as on every desktop).
public enum InputDevice: Hashable, Sendable {
    case keyboardAndMouse
    /// A game controller, by SDL's joystick instance id.
    case controller(Int32)
}

/// The state of one player's place in a ``PlayerRoster``.
public enum PlayerSeat: Hashable, Sendable {
    /// Nobody plays here yet; the next device to press a join button sits here.
    case open
    /// A player plays here with this device.
    case taken(InputDevice)
    /// The player's pad was unplugged at `lostAt` (seconds, game time). The
    /// seat waits for the same pad (its identity, `nil` when the pad was
    /// never announced with one); after the roster's reclaim timeout any
    /// pad may take it over.
    case reserved(ControllerIdentity?, lostAt: Double)

    /// The device playing in this seat, if one is.
    public var device: InputDevice? {
        if case .taken(let device) = self { device } else { nil }
    }
}

/// What changed in a ``PlayerRoster``, reported as it happens.
public enum PlayerEvent: Hashable, Sendable {
    /// A device that played nowhere pressed a join button and took an open
    /// seat.
    case joined(player: Int, device: InputDevice)
    /// A player's pad was unplugged; the seat is now reserved for it.
    case lost(player: Int, controller: Int32)
    /// A reserved seat was taken again: by the same pad, plugged back in
    /// (`isSamePad`), or after the reclaim timeout by another pad that
    /// pressed a join button.
    case reclaimed(player: Int, controller: Int32, isSamePad: Bool)
}
