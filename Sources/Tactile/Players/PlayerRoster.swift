/// Local multiplayer seating: which device each player plays with, filled
/// as devices press a join button, and kept for a player whose pad comes
/// unplugged until the same pad comes back.
///
/// Each player has an ``ActionMap`` of their own. The roster stands between
/// the input events and those maps: add the roster to the game loop (not
/// the maps), and each map then hears only its player's device.
///
/// ```swift
/// let roster = PlayerRoster(players: [ActionMap<Action>(), ActionMap<Action>()])
/// for map in roster.actions { try map.bind(.jump, to: .button(.south)) }
/// roster.events = { event in
///     if case .joined(let player, _) = event { spawn(player) }
/// }
/// loop.addInput(roster)
/// // in an update:
/// for (player, map) in roster.actions.enumerated() where map[.jump].justPressed { jump(player) }
/// ```
///
/// ## The rules
///
/// - **Joining.** A device that plays in no seat joins when it presses one
///   of ``Settings/joinButtons`` (a controller) or any key or mouse button
///   (the keyboard and mouse, when ``Settings/keyboardJoins``). It takes the
///   lowest open seat. The press that joins is not passed on, so joining
///   with the jump button does not also jump.
/// - **Losing.** A seated pad that is unplugged leaves its seat
///   ``PlayerSeat/reserved(_:lostAt:)``, and its map lets go of everything
///   the pad held.
/// - **The same pad comes back.** A pad that connects with the identity of
///   a reserved seat's pad takes that seat back at once, no press needed.
///   Same means the same serial when both have one (SDL reports serials for
///   PlayStation and Switch pads), and otherwise the same GUID with no serial
///   on either; two pads of one model without serials are told apart by
///   nothing, so either one is taken for the player's. Where several seats
///   wait for one identity, the one lost first is taken.
/// - **Another pad takes over.** When no seat is open, a joining pad takes
///   the reserved seat that has waited longest, once it has waited
///   ``Settings/reclaimTimeout`` seconds. Waiting is measured on the
///   events' timestamps, which are game time when ``GameLoop`` feeds the
///   roster: a paused game does not give seats away.
/// - **A seat taken is taken.** A seat already reclaimed is not reclaimed
///   again: a second pad of the same identity, or the original pad after
///   another took its seat over, is a new device that may join an open seat.
///   An `added` event for a pad that is already seated changes nothing.
/// - **What each map hears.** A controller's events go to the map of its
///   seat only; events of pads in no seat go nowhere. Keys, mouse buttons,
///   the wheel and the rest go to the keyboard-and-mouse player's map when
///   the keyboard joins like a pad; when it does not
///   (``Settings/keyboardJoins`` off), they go to every map, so that players
///   can share one keyboard with keys of their own. An interruption goes to
///   every map.
///
/// ## See Also
/// - ``PlayerSeat``
/// - ``PlayerEvent``
/// - ``ActionMap``
@MainActor
public final class PlayerRoster<Action: Hashable>: FrameInput {
    /// How devices join and how long a lost player's seat waits.
    public struct Settings: Hashable, Sendable {
        /// The controller buttons that join: by default the bottom face
        /// button and Start, the "press A or Start to join" of most games.
        public var joinButtons: Set<ControllerButton> = [.south, .start]
        /// Whether the keyboard and mouse join as one device, like a pad
        /// (any key or mouse button), or are shared by every player.
        public var keyboardJoins = true
        /// How long, in seconds of game time, a lost player's seat waits for
        /// its own pad before another pad may take it over. Two minutes:
        /// long enough to find a cable or change batteries, short enough that
        /// a pad that is not coming back does not lock a player out for
        /// the session.
        public var reclaimTimeout = 120.0

        public init() {}
    }

    /// Each player's actions, by player number (0 first). The maps are the
    /// game's, bound as it likes; the roster only feeds them.
    public let actions: [ActionMap<Action>]
    /// The same maps, as the loop's inputs, for the per-event feeding: the
    /// roster's code is generic and not specialized for the game's
    /// `Action`, so every read of `actions` fetched `ActionMap<Action>`'s
    /// metadata from the runtime (callgrind: ~330 instructions, once per
    /// event); an array of existentials needs none.
    private let inputs: [any FrameInput]
    public let settings: Settings
    /// Each player's seat, by player number.
    public internal(set) var seats: [PlayerSeat] {
        didSet { keyboardPlayer = seats.firstIndex { $0.device == .keyboardAndMouse } }
    }
    /// The player the keyboard and mouse play for, kept with ``seats`` (set
    /// when a seat changes, which is rare): with `keyboardJoins` on (the
    /// default), every key, mouse and pointer event asks, and searching the
    /// seats for it copied each seat, with its pad's identity, through a
    /// closure.
    private var keyboardPlayer: Int?
    /// Called for each change of seating, as it happens.
    public var events: ((PlayerEvent) -> Void)?

    /// The identities of the pads connected now, from their `added` and
    /// `remapped` events (`nil` for one announced without).
    var connected: [Int32: ControllerIdentity?] = [:]

    /// A roster with a seat for each map in `players`, all open.
    public init(players: [ActionMap<Action>], settings: Settings = Settings()) {
        actions = players
        inputs = players
        self.settings = settings
        seats = Array(repeating: .open, count: players.count)
    }

    /// The player who plays with `device`, if any.
    public func player(using device: InputDevice) -> Int? {
        seats.firstIndex { $0.device == device }
    }

    // MARK: FrameInput

    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .controller(let controller):
            handle(controller, at: event.timestamp, event: event)
        case .interrupted:
            for map in inputs { map.handle(event) }
        case .key(let key):
            keyboardAndMouse(event, joins: key.isDown && !key.isRepeat)
        case .mouseButton(let button):
            keyboardAndMouse(event, joins: button.isDown)
        case .pointer(let pointer):
            // A finger's event, most of a touch game's, changes no map
            // unless one waits for a listen's deadline (see `ListenDeadlines`).
            guard pointer.isMouseContact || ListenDeadlines.pending > 0 else { return }
            keyboardAndMouse(event, joins: pointer.kind == .mouse && pointer.phase == .down)
        case .mouseHover, .mouseWheel, .sensor, .remote, .text:
            keyboardAndMouse(event, joins: false)
        }
    }

    public func endFrame() {
        for map in inputs { map.endFrame() }
    }

    // MARK: Devices

    private func keyboardAndMouse(_ event: InputEvent, joins: Bool) {
        guard settings.keyboardJoins else {
            for map in inputs { map.handle(event) }
            return
        }
        if let player = keyboardPlayer {
            inputs[player].handle(event)
        } else if joins, let seat = seats.firstIndex(of: .open) {
            seats[seat] = .taken(.keyboardAndMouse)
            events?(.joined(player: seat, device: .keyboardAndMouse))
        }
    }

    private func handle(_ controller: ControllerEvent, at time: Double, event: InputEvent) {
        let id = controller.controller
        let player = player(using: .controller(id))
        switch controller {
        case .added(_, let identity):
            connected[id] = identity
            if player == nil { takeBackSeat(for: id, identity: identity) }
        case .remapped(_, let identity):
            // The pad keeps its id, so it keeps its seat; only its buttons'
            // meaning may have changed.
            connected[id] = identity
            if let player { inputs[player].handle(event) }
        case .removed:
            let identity = connected.removeValue(forKey: id) ?? nil
            guard let player else { return }
            inputs[player].handle(event)
            seats[player] = .reserved(identity, lostAt: time)
            events?(.lost(player: player, controller: id))
        case .button(_, let button, let isDown):
            if let player {
                inputs[player].handle(event)
            } else if isDown, settings.joinButtons.contains(button) {
                join(id, at: time)
            }
        case .axis, .touchpad:
            if let player { inputs[player].handle(event) }
        }
    }

    /// A pad that connected takes back the seat reserved for its identity.
    private func takeBackSeat(for id: Int32, identity: ControllerIdentity?) {
        guard let identity else { return }
        var chosen: (seat: Int, lostAt: Double)?
        for (seat, state) in seats.enumerated() {
            guard case .reserved(let lost?, let lostAt) = state, Self.isSamePad(lost, identity) else { continue }
            if chosen.map({ lostAt < $0.lostAt }) ?? true { chosen = (seat, lostAt) }
        }
        guard let seat = chosen?.seat else { return }
        sit(id, in: seat)
        events?(.reclaimed(player: seat, controller: id, isSamePad: true))
    }

    /// A pad in no seat pressed a join button: an open seat, or failing that
    /// the longest-waiting reserved seat whose wait is over.
    private func join(_ id: Int32, at time: Double) {
        if let seat = seats.firstIndex(of: .open) {
            sit(id, in: seat)
            events?(.joined(player: seat, device: .controller(id)))
            return
        }
        var chosen: (seat: Int, lostAt: Double)?
        for (seat, state) in seats.enumerated() {
            guard case .reserved(_, let lostAt) = state, time - lostAt >= settings.reclaimTimeout else { continue }
            if chosen.map({ lostAt < $0.lostAt }) ?? true { chosen = (seat, lostAt) }
        }
        guard let seat = chosen?.seat else { return }
        sit(id, in: seat)
        events?(.reclaimed(player: seat, controller: id, isSamePad: false))
    }

    /// Seats a pad; its map's ``ActionMap/controller`` follows, so the map
    /// reads as the player's pad to a game that looks.
    private func sit(_ id: Int32, in seat: Int) {
        seats[seat] = .taken(.controller(id))
        actions[seat].controller = id
    }

    /// Whether two identities are one physical pad, as far as SDL can tell.
    static func isSamePad(_ a: ControllerIdentity, _ b: ControllerIdentity) -> Bool {
        switch (a.serial, b.serial) {
        case (let first?, let second?): first == second
        case (nil, nil): a.guid == b.guid
        default: false
        }
    }
}
