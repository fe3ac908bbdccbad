import Tactile
import Testing
@testable import TactileSDL
import TactileSDLTestSupport

extension SDLIntegration {
    /// Who a pad is, from its `.added` event and from the pump's record, for
    /// virtual pads that SDL takes for real ones by their USB ids.
    @Suite(.serialized) @MainActor struct ControllerIdentityTests {
        @Test func theAddedEventCarriesTheIdentityAndThePumpKnowsIt() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController(name: "DualSense (identity test)", vendor: 0x054C, product: 0x0CE6)
            let id = pad.instanceID
            let events = sdl.drain()
            guard events.count == 1, case .controller(.added(id, let identity?)) = events[0].kind else {
                Issue.record("expected one added event with an identity, got \(events)")
                return
            }
            // SDL's virtual pads have no serial, no rumble, no sensors, no
            // touchpad and no light; SDL gives each the first free player slot.
            #expect(identity == ControllerIdentity(
                name: "DualSense (identity test)", type: .ps5, vendor: 0x054C, product: 0x0CE6,
                guid: pad.guid, serial: nil, playerIndex: identity.playerIndex, features: []))
            #expect(identity.guid.count == 32)
            #expect(identity.playerIndex != nil)
            #expect(sdl.pump.controller(id) == ConnectedController(id: id, identity: identity, battery: .unknown))
            #expect(sdl.pump.connectedControllers.map(\.id) == [id])

            // The player index is the game's to set; the record follows it.
            #expect(sdl.pump.setPlayerIndex(3, of: id))
            #expect(sdl.pump.controller(id)?.identity.playerIndex == 3)
            #expect(sdl.pump.setPlayerIndex(nil, of: id))
            #expect(sdl.pump.controller(id)?.identity.playerIndex == nil)
            // No light on a virtual pad: refused, not pretended.
            #expect(!sdl.pump.setLightColor(.red, of: id))

            pad.detach()
            _ = sdl.drain()
            #expect(sdl.pump.controller(id) == nil)
            #expect(!sdl.pump.setPlayerIndex(1, of: id))
            #expect(sdl.pump.connectedControllers.isEmpty)
        }

        /// Recorded and replayed, the identity comes back whole: a replay
        /// shows the same prompts and gives the same pads the same players.
        @Test func aRecordedIdentityReplaysIntact() throws {
            let sdl = try SDLHarness()
            let pad = try VirtualController(name: "Pro Controller #2 (100%)", vendor: 0x057E, product: 0x2009)
            var recorder = TraceRecorder(start: 0)
            recorder.record(contentsOf: sdl.drain())
            let replayed = try Trace(parsing: recorder.text)
            #expect(replayed == recorder.trace)
            guard case .controller(.added(_, let identity?)) = replayed.events.first?.kind else {
                Issue.record("no identity in \(replayed.events)")
                return
            }
            #expect(identity.type.label(for: .south).text == "B")
            #expect(identity.name == "Pro Controller #2 (100%)")
            pad.detach()
            _ = sdl.drain()
        }
    }
}
