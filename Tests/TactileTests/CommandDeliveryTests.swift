import Testing
@testable import Tactile

/// The arena leaves a sub-event out for the command recognizers it cannot
/// matter to (ArenaListeners+Quiet.swift); these check that nobody can
/// tell: delegates still hear every sub-event, a recognizer that was reset
/// follows the source again on the very next one, and a subclass gets all.
@MainActor
struct CommandDeliveryTests {
    final class CountingDelegate: GestureRecognizerDelegate {
        var asked: [InputSubEvent] = []
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive subEvent: InputSubEvent) -> Bool {
            asked.append(subEvent)
            return true
        }
    }

    final class EveryReceive: CommandInputRecognizer {
        var received = 0
        override func receive(_ subEvent: InputSubEvent) {
            received += 1
            super.receive(subEvent)
        }
    }

    @Test func aDelegateGivenLaterIsAskedAboutEverySubEvent() throws {
        let rig = CommandRig()
        let fireball = rig.add(try Command("236", .west))
        rig.add(try Command("", .south))
        // Settled: both follow the controller, and moves concern neither.
        rig.direction(6, at: 0)
        rig.direction(5, at: 1)
        let delegate = CountingDelegate()
        fireball.delegate = delegate
        rig.direction(6, at: 2)
        rig.pad(.north, true, at: 3)
        // Two axis sub-events, then the press: none can complete a fireball.
        #expect(delegate.asked.count == 3)
        fireball.delegate = nil
        rig.direction(5, at: 4)
        #expect(delegate.asked.count == 3)
    }

    @Test func aRecognizerResetAfterRecognizingFollowsAgainOnTheNextSubEvent() throws {
        let rig = CommandRig()
        let punch = rig.add(try Command("", .west))
        var listening: [Double] = []
        rig.scene.arenaDecisions = { decision in
            if case .listening(let recognizer, _) = decision, recognizer === punch { listening.append(rig.scene.arena.now * 60) }
        }
        rig.direction(6, at: 0)
        rig.direction(5, at: 1)
        rig.pad(.west, true, at: 2)
        #expect(rig.fired == ["west"])
        // The stick move cannot complete a punch, yet, as before, the punch
        // (reset after its action) follows the controller again on it.
        rig.direction(6, at: 3)
        rig.direction(5, at: 4)
        #expect(listening == [0, 3])
        #expect(rig.scene.arena.recognizers.contains { $0 === punch })
    }

    @Test func aRecognizerEnabledAgainFollowsAgainOnTheNextSubEvent() throws {
        let rig = CommandRig()
        let punch = rig.add(try Command("", .west))
        rig.direction(6, at: 0)
        punch.isEnabled = false
        rig.direction(5, at: 1)
        #expect(!rig.scene.arena.recognizers.contains { $0 === punch })
        punch.isEnabled = true
        rig.direction(6, at: 2)
        #expect(rig.scene.arena.recognizers.contains { $0 === punch })
        rig.pad(.west, true, at: 3)
        #expect(rig.fired == ["west"])
    }

    @Test func aSubclassGetsEverySubEvent() throws {
        let rig = CommandRig()
        rig.add(try Command("", .south))
        let recognizer = EveryReceive(try Command("", .west), input: rig.player)
        rig.fighter.addGestureRecognizer(recognizer)
        rig.direction(6, at: 0)
        rig.direction(5, at: 1)
        rig.pad(.north, true, at: 2)
        rig.pad(.north, false, at: 3)
        // Four axis sub-events and two of north's, none about west.
        #expect(recognizer.received == 6)
    }
}
