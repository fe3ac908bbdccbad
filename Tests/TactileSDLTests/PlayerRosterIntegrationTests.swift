import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// The roster fed by the pump from SDL's real queue: virtual pads plug
    /// in, join with a press, come unplugged and come back.
    @Suite(.serialized) @MainActor struct PlayerRosterIntegrationTests {
        enum Action: String, CaseIterable { case jump }

        @Test func padsJoinLoseAndTakeBackTheirSeatsThroughSDL() throws {
            let sdl = try SDLHarness()
            let maps = [ActionMap<Action>(), ActionMap<Action>()]
            for map in maps { try map.bind(.jump, to: .button(.south)) }
            var settings = PlayerRoster<Action>.Settings()
            settings.reclaimTimeout = 5
            let roster = PlayerRoster(players: maps, settings: settings)
            var log: [PlayerEvent] = []
            roster.events = { log.append($0) }
            func frame() {
                for event in sdl.drain() { roster.handle(event) }
                roster.endFrame()
                sdl.clock.advance(by: 1.0 / 60)
            }

            // Hot-plugged: connected, but nobody plays until a press.
            let xbox = try VirtualController(name: "Roster pad A", vendor: 0x045E, product: 0x02EA)
            let ps = try VirtualController(name: "Roster pad B", vendor: 0x054C, product: 0x0CE6)
            frame()
            #expect(roster.seats == [.open, .open])
            ps.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frame()
            xbox.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frame()
            #expect(log == [.joined(player: 0, device: .controller(ps.instanceID)), .joined(player: 1, device: .controller(xbox.instanceID))])
            // The joining press did not jump; the next one does, for its player alone.
            #expect(roster.actions.map { $0[.jump].isPressed } == [false, false])
            xbox.set(SDL_CONTROLLER_BUTTON_A, down: false)
            frame()
            xbox.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frame()
            #expect(roster.actions.map { $0[.jump].justPressed } == [false, true])

            // Unplugged while held: player 1 lets go and its seat waits.
            xbox.detach()
            frame()
            #expect(roster.actions[1][.jump].justReleased)
            guard case .reserved(let identity?, _) = roster.seats[1] else {
                Issue.record("seat 1 is \(roster.seats[1])")
                return
            }
            #expect(identity.name == "Roster pad A")

            // Another model presses to join: no open seat, the wait not over.
            // (A plain virtual pad: other tests give mappings without Start
            // to virtual pads with Nintendo ids, and SDL keeps mappings for
            // the whole process.)
            let other = try VirtualController(name: "Roster pad C")
            frame()
            other.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frame()
            #expect(roster.player(using: .controller(other.instanceID)) == nil)

            // The same pad plugged back in (a new instance id, the same GUID,
            // no serial on a virtual pad) sits down again with no press.
            let back = try VirtualController(name: "Roster pad A", vendor: 0x045E, product: 0x02EA)
            #expect(back.guid == identity.guid)
            frame()
            #expect(roster.seats[1] == .taken(.controller(back.instanceID)))
            #expect(log.suffix(2) == [
                .lost(player: 1, controller: xbox.instanceID),
                .reclaimed(player: 1, controller: back.instanceID, isSamePad: true),
            ])
            back.set(SDL_CONTROLLER_BUTTON_A, down: true)
            frame()
            #expect(roster.actions[1][.jump].justPressed)

            // Player 0's pad goes; after the timeout the waiting pad takes over.
            ps.detach()
            frame()
            other.set(SDL_CONTROLLER_BUTTON_START, down: false)
            sdl.clock.advance(by: 5)
            frame()
            other.set(SDL_CONTROLLER_BUTTON_START, down: true)
            frame()
            #expect(log.last == .reclaimed(player: 0, controller: other.instanceID, isSamePad: false))
            #expect(sdl.diagnostics.isEmpty)
            back.detach()
            other.detach()
            frame()
        }
    }
}
