import Testing
@testable import Tactile

/// The roster's seating rules, event by event: joining, losing a pad,
/// the same pad coming back, another pad taking over after the timeout,
/// and what each player's map hears.
@Suite("Player roster") @MainActor
struct PlayerRosterTests {
    enum Action: String, CaseIterable { case jump, move }

    /// A roster of `count` players whose maps bind jump to the bottom face
    /// button and Space, with every seating change logged.
    @MainActor final class Rig {
        let roster: PlayerRoster<Action>
        var log: [PlayerEvent] = []
        var time = 0.0

        init(count: Int = 2, settings: PlayerRoster<Action>.Settings = .init()) throws {
            var maps: [ActionMap<Action>] = []
            for _ in 0..<count {
                let map = ActionMap<Action>()
                try map.bind(.jump, to: .button(.south))
                try map.bind(.jump, to: .key(.space))
                try map.bind(.move, to: .composite(.stick(.left, StickResponse())))
                maps.append(map)
            }
            roster = PlayerRoster(players: maps, settings: settings)
            roster.events = { [unowned self] in self.log.append($0) }
        }

        func send(_ kind: InputEvent.Kind) {
            roster.handle(InputEvent(timestamp: time, kind))
        }

        func press(_ pad: Int32, _ button: ControllerButton = .south) {
            send(.controller(.button(controller: pad, button: button, isDown: true)))
            send(.controller(.button(controller: pad, button: button, isDown: false)))
        }

        func key(_ isDown: Bool, _ key: PhysicalKey = .space) {
            send(.key(KeyEvent(isDown: isDown, scancode: key.scancode, keycode: 32)))
        }

        /// Each player's jump after one frame.
        func jumps() -> [Bool] {
            roster.endFrame()
            return roster.actions.map { $0[.jump].justPressed }
        }
    }

    static func pad(serial: String? = nil, guid: String = "03000000de280000ff11000001000000") -> ControllerIdentity {
        ControllerIdentity(name: "Pad", type: .xbox360, guid: guid, serial: serial)
    }

    /// The roster hands a finger's event to no map unless one waits for a
    /// listen's deadline (`ListenDeadlines`): one that does still times
    /// out on it, as a map fed directly does, whether the keyboard joins
    /// or is shared.
    @Test(arguments: [true, false]) func aFingersEventStillEndsAListenPastItsDeadline(keyboardJoins: Bool) throws {
        var settings = PlayerRoster<Action>.Settings()
        settings.keyboardJoins = keyboardJoins
        let rig = try Rig(count: 2, settings: settings)
        let clock = ManualClock()
        let map = rig.roster.actions[0]
        map.clock = GameClock(base: clock)
        if keyboardJoins { rig.key(true); rig.key(false) }   // the keyboard takes seat 0
        // Other tests' maps may be counted (a map freed while listening
        // stays counted): only this test's changes are checked.
        let before = ListenDeadlines.pending
        map.startListening(BindingListener(timeout: 1))
        #expect(ListenDeadlines.pending == before + 1)
        let finger = PointerID(kind: .finger, device: 1, index: 0)
        rig.send(.pointer(PointerEvent(.down, id: finger, location: .zero)))
        #expect(map.listenStatus == .listening)
        clock.advance(by: 1)
        rig.send(.pointer(PointerEvent(.move, id: finger, location: Point(x: 1, y: 0))))
        #expect(map.listenStatus == .cancelled(.timedOut))
        #expect(ListenDeadlines.pending == before)
        // Stopping, and a listen without a deadline, leave the count as found.
        map.startListening(BindingListener(timeout: 5))
        map.stopListening()
        map.startListening(BindingListener(timeout: nil))
        #expect(ListenDeadlines.pending == before)
        rig.send(.pointer(PointerEvent(.up, id: finger, location: Point(x: 1, y: 0))))
        #expect(map.listenStatus == .listening)
        map.stopListening()
    }

    @Test func devicesJoinInTheOrderTheyPressAndTheJoiningPressIsNotAnAction() throws {
        let rig = try Rig(count: 3)
        rig.send(.controller(.added(controller: 5, identity: Self.pad())))
        rig.send(.controller(.added(controller: 6, identity: Self.pad())))
        #expect(rig.roster.seats == [.open, .open, .open])   // connecting is not joining
        rig.press(6)
        rig.key(true)
        rig.key(false)
        #expect(rig.log == [.joined(player: 0, device: .controller(6)), .joined(player: 1, device: .keyboardAndMouse)])
        #expect(rig.jumps() == [false, false, false])
        // A button that is not a join button joins nobody.
        rig.press(5, .north)
        #expect(rig.roster.seats[2] == .open)
        rig.press(5, .start)
        #expect(rig.roster.seats == [.taken(.controller(6)), .taken(.keyboardAndMouse), .taken(.controller(5))])
        #expect(rig.roster.actions.map(\.controller) == [6, nil, 5])

        // Seated, each device's presses are its player's alone.
        rig.press(5)
        #expect(rig.jumps() == [false, false, true])
        rig.key(true)
        #expect(rig.jumps() == [false, true, false])
        rig.send(.controller(.button(controller: 6, button: .south, isDown: true)))
        #expect(rig.jumps() == [true, false, false])
        #expect(rig.roster.player(using: .controller(5)) == 2)
        #expect(rig.roster.player(using: .controller(99)) == nil)
    }

    @Test func aFullRosterSeatsNobodyMoreAndAPadInNoSeatIsHeardByNoMap() throws {
        let rig = try Rig(count: 1)
        rig.press(1)
        rig.press(2)
        rig.key(true)
        #expect(rig.log == [.joined(player: 0, device: .controller(1))])
        rig.send(.controller(.axis(controller: 2, axis: .leftX, value: 1)))
        rig.roster.endFrame()
        #expect(rig.roster.actions[0][.move].vector == .zero)
        #expect(rig.roster.actions[0][.jump].isPressed == false)
    }

    @Test func anEmptyRosterTakesEverythingAndSeatsNobody() throws {
        let rig = try Rig(count: 0)
        rig.press(1)
        rig.key(true)
        rig.send(.controller(.removed(controller: 1)))
        rig.send(.interrupted(.focusLost))
        #expect(rig.log.isEmpty)
        #expect(rig.jumps() == [])
    }

    @Test func anUnpluggedPadReservesItsSeatAndTheSamePadTakesItBack() throws {
        let rig = try Rig()
        let serialPad = Self.pad(serial: "a0:b1:c2")
        rig.send(.controller(.added(controller: 1, identity: serialPad)))
        rig.press(1)
        rig.send(.controller(.added(controller: 2, identity: Self.pad())))
        rig.press(2)
        // Held when unplugged: the map lets go.
        rig.send(.controller(.button(controller: 1, button: .south, isDown: true)))
        #expect(rig.jumps() == [true, false])
        rig.time = 10
        rig.send(.controller(.removed(controller: 1)))
        #expect(rig.roster.seats[0] == .reserved(serialPad, lostAt: 10))
        rig.roster.endFrame()
        #expect(!rig.roster.actions[0][.jump].isPressed)

        // Another pad of the same model but another serial is not it.
        rig.time = 11
        rig.send(.controller(.added(controller: 3, identity: Self.pad(serial: "ff:ff:ff"))))
        // Nor one without a serial, though its GUID is the same.
        rig.send(.controller(.added(controller: 4, identity: Self.pad())))
        #expect(rig.roster.seats[0] == .reserved(serialPad, lostAt: 10))
        // A join press before the timeout finds no seat.
        rig.press(3)
        #expect(rig.roster.seats[0] == .reserved(serialPad, lostAt: 10))

        // The same pad, with a new instance id, takes its seat on connecting.
        rig.send(.controller(.added(controller: 7, identity: serialPad)))
        #expect(rig.roster.seats[0] == .taken(.controller(7)))
        #expect(rig.log == [
            .joined(player: 0, device: .controller(1)), .joined(player: 1, device: .controller(2)),
            .lost(player: 0, controller: 1), .reclaimed(player: 0, controller: 7, isSamePad: true),
        ])
        rig.press(7)
        #expect(rig.jumps() == [true, false])
    }

    @Test func withoutSerialsTheSameGUIDIsTheSamePad() throws {
        let rig = try Rig()
        rig.send(.controller(.added(controller: 1, identity: Self.pad())))
        rig.press(1)
        rig.send(.controller(.removed(controller: 1)))
        rig.send(.controller(.added(controller: 2, identity: Self.pad(guid: "0300000000000000000000000000000"))))
        #expect(rig.roster.seats[0] == .reserved(Self.pad(), lostAt: 0))
        rig.send(.controller(.added(controller: 3, identity: Self.pad())))
        #expect(rig.roster.seats[0] == .taken(.controller(3)))
    }

    /// After the timeout a join press takes the seat that has waited
    /// longest; a seat taken back is not taken again, by anyone.
    @Test func afterTheTimeoutAnyPadTakesOverAndASeatIsReclaimedOnce() throws {
        var settings = PlayerRoster<Action>.Settings()
        settings.reclaimTimeout = 30
        let rig = try Rig(count: 2, settings: settings)
        rig.send(.controller(.added(controller: 1, identity: Self.pad(serial: "one"))))
        rig.send(.controller(.added(controller: 2, identity: Self.pad(serial: "two"))))
        rig.press(1)
        rig.press(2)
        rig.time = 5
        rig.send(.controller(.removed(controller: 2)))
        rig.time = 6
        rig.send(.controller(.removed(controller: 1)))
        rig.log.removeAll()

        rig.time = 34.9
        rig.press(9)
        #expect(rig.log.isEmpty)   // 29.9 s: still waiting
        rig.time = 35
        rig.press(9)               // seat 1 has waited 30 s, seat 0 only 29
        #expect(rig.log == [.reclaimed(player: 1, controller: 9, isSamePad: false)])
        #expect(rig.roster.seats == [.reserved(Self.pad(serial: "one"), lostAt: 6), .taken(.controller(9))])

        // The pad that lost seat 1 comes back: its seat is gone, and with
        // no open seat it sits nowhere, though its press would take seat 0
        // once that one's wait is over.
        rig.send(.controller(.added(controller: 12, identity: Self.pad(serial: "two"))))
        rig.press(12)
        #expect(rig.log.count == 1)
        // Seat 0's own pad takes it back; a second pad of that identity
        // (a duplicate announcement) finds nothing to reclaim.
        rig.send(.controller(.added(controller: 11, identity: Self.pad(serial: "one"))))
        rig.send(.controller(.added(controller: 13, identity: Self.pad(serial: "one"))))
        rig.send(.controller(.added(controller: 11, identity: Self.pad(serial: "one"))))
        #expect(rig.log == [
            .reclaimed(player: 1, controller: 9, isSamePad: false),
            .reclaimed(player: 0, controller: 11, isSamePad: true),
        ])
        #expect(rig.roster.seats == [.taken(.controller(11)), .taken(.controller(9))])
        rig.time = 1_000
        rig.press(13)
        #expect(rig.log.count == 2)
    }

    /// Waiting is measured on the events' game time: a GameLoop whose clock
    /// is paused stamps every event with the paused time, so no seat's
    /// wait runs out during a pause.
    @Test func waitingIsOnGameTime() throws {
        var settings = PlayerRoster<Action>.Settings()
        settings.reclaimTimeout = 1
        let rig = try Rig(count: 1, settings: settings)
        let base = ManualClock(now: 0)
        let clock = GameClock(base: base)
        let loop = GameLoop(clock: clock, updateRate: 60)
        loop.addInput(rig.roster)
        func frame(_ kinds: [InputEvent.Kind]) {
            var events = kinds.map { InputEvent(timestamp: base.now, $0) }
            loop.frame(events: &events, handle: { _ in }, update: { _, _ in })
        }
        frame([.controller(.added(controller: 1, identity: Self.pad(serial: "a")))])
        frame([.controller(.button(controller: 1, button: .start, isDown: true))])
        frame([.controller(.removed(controller: 1))])
        clock.isPaused = true
        base.advance(by: 60)
        frame([.controller(.button(controller: 2, button: .start, isDown: true))])
        #expect(rig.roster.seats[0] != .taken(.controller(2)))
        clock.isPaused = false
        base.advance(by: 2)
        frame([.controller(.button(controller: 2, button: .start, isDown: false))])
        frame([.controller(.button(controller: 2, button: .start, isDown: true))])
        #expect(rig.roster.seats[0] == .taken(.controller(2)))
    }

    @Test func aSharedKeyboardReachesEveryMap() throws {
        var settings = PlayerRoster<Action>.Settings()
        settings.keyboardJoins = false
        let rig = try Rig(count: 2, settings: settings)
        rig.key(true)
        #expect(rig.log.isEmpty)
        #expect(rig.jumps() == [true, true])
        rig.press(4)
        rig.send(.interrupted(.focusLost))
        rig.roster.endFrame()
        #expect(rig.roster.actions.map { $0[.jump].isPressed } == [false, false])
        #expect(rig.roster.seats == [.taken(.controller(4)), .open])
    }

    @Test func aPadWithoutAnIdentityJoinsButCannotBeRecognisedWhenItReturns() throws {
        let rig = try Rig(count: 1)
        rig.send(.controller(.added(controller: 1)))   // a trace from before identities
        rig.press(1)
        rig.send(.controller(.removed(controller: 1)))
        #expect(rig.roster.seats == [.reserved(nil, lostAt: 0)])
        rig.send(.controller(.added(controller: 2)))
        rig.send(.controller(.added(controller: 3, identity: Self.pad())))
        #expect(rig.roster.seats == [.reserved(nil, lostAt: 0)])
        // A remapped pad keeps its seat.
        rig.time = PlayerRoster<Action>.Settings().reclaimTimeout
        rig.press(3)
        rig.send(.controller(.remapped(controller: 3, identity: Self.pad(guid: "05"))))
        #expect(rig.roster.seats == [.taken(.controller(3))])
    }
}
