import Foundation
import Tactile
import TactileTestSupport
import Testing

// Written against Tactile's public API only (no @testable use), so that it
// runs unchanged against the rebuilt arena (issue 11, item 6).

/// The environment of the test process: the long run is set up from it.
let attackEnvironment = ProcessInfo.processInfo.environment

/// Random, seeded, re-entrant streams against the gesture arena, every
/// promise checked after every sub-event (see ``ArenaAttack`` and
/// ``ArenaInvariantChecker``).
///
/// Replay one seed, or run millions of sub-events in release mode:
///
/// ```
/// TACTILE_ATTACK_SEED=7 TACTILE_ATTACK_EVENTS=2000 TACTILE_ATTACK_EVENTS_PER_SEED=2000 scripts/attack-arena
/// TACTILE_ATTACK_EVENTS=10000000 scripts/attack-arena
/// ```
@MainActor
struct ArenaAttackTests {
    /// The CI-sized run: 20 seeds of 2,000 sub-events.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func shortAttack(seed: UInt64) {
        let attack = ArenaAttack(seed: seed)
        attack.run(subEvents: 2_000)
        #expect(attack.checker.violationCount == 0, "\(attack.report)")
        #expect(attack.sequencesChecked > 10, "seed \(seed) ended too few sequences to check the rest state")
    }

    /// The long run, on demand: `TACTILE_ATTACK_EVENTS` sub-events in all,
    /// `TACTILE_ATTACK_EVENTS_PER_SEED` (10,000) per seed, from seed
    /// `TACTILE_ATTACK_SEED` (1) up. Prints the counts per kind of
    /// violation, the failing seeds, and the first failures in full.
    @Test(.enabled(if: attackEnvironment["TACTILE_ATTACK_EVENTS"] != nil, "set TACTILE_ATTACK_EVENTS to run it"))
    func longAttack() {
        let total = Int(attackEnvironment["TACTILE_ATTACK_EVENTS"] ?? "") ?? 1_000_000
        let perSeed = max(1, Int(attackEnvironment["TACTILE_ATTACK_EVENTS_PER_SEED"] ?? "") ?? 10_000)
        let printed = Int(attackEnvironment["TACTILE_ATTACK_PRINT"] ?? "") ?? 5
        let everyKind = attackEnvironment["TACTILE_ATTACK_EVERY_KIND"] != nil
        var seed = UInt64(attackEnvironment["TACTILE_ATTACK_SEED"] ?? "") ?? 1
        var sent = 0
        /// With the lifts and clock ticks that end each seed's run.
        var actual = 0
        var seeds = 0
        var sequences = 0
        var counts: [ArenaInvariantChecker.Violation.Kind: Int] = [:]
        var firstSeedOfKind: [ArenaInvariantChecker.Violation.Kind: UInt64] = [:]
        var firstOfKind: [ArenaInvariantChecker.Violation.Kind: String] = [:]
        var failing: [(seed: UInt64, first: String)] = []
        while sent < total {
            let attack = ArenaAttack(seed: seed)
            attack.run(subEvents: min(perSeed, total - sent))
            sent += attack.requestedSubEvents
            actual += attack.subEvents
            seeds += 1
            sequences += attack.sequencesChecked
            for (kind, count) in attack.checker.counts {
                counts[kind, default: 0] += count
                if firstSeedOfKind[kind] == nil {
                    firstSeedOfKind[kind] = seed
                    if let violation = attack.firstViolation[kind] {
                        firstOfKind[kind] = "\(violation)\n" + (attack.stepsBeforeFirstViolation[kind] ?? "")
                    }
                }
            }
            if let first = attack.checker.violations.first {
                if failing.count < printed { print(attack.report(everyKind: everyKind) + "\n") }
                failing.append((seed, "\(first)"))
            }
            seed += 1
        }
        var lines = ["arena attack: \(actual) sub-events, \(seeds) seeds, \(sequences) sequences checked, \(failing.count) seeds failing"]
        for kind in ArenaInvariantChecker.Violation.Kind.allCases {
            guard let count = counts[kind] else { continue }
            lines.append("  \(kind.rawValue): \(count) (first in seed \(firstSeedOfKind[kind]!))")
        }
        if !failing.isEmpty {
            lines.append("first violation of each failing seed (first 40):")
            lines += failing.prefix(40).map { "  \($0.first)" }
        }
        if everyKind {
            for kind in ArenaInvariantChecker.Violation.Kind.allCases {
                guard let first = firstOfKind[kind] else { continue }
                print("first \(kind.rawValue) of the run: \(first)\n")
            }
        }
        print(lines.joined(separator: "\n"))
        #expect(failing.count == 0, "\(failing.count) of \(seeds) seeds failing; the summary is printed above")
    }

    /// The same seed gives the same run: a failure can be replayed.
    @Test func aSeedReplaysExactly() {
        let first = ArenaAttack(seed: 3)
        first.run(subEvents: 600)
        let second = ArenaAttack(seed: 3)
        second.run(subEvents: 600)
        #expect(first.report == second.report)
        #expect(first.checker.violations.map(\.description) == second.checker.violations.map(\.description))
    }

    /// The attack reaches what it means to attack: gestures of several
    /// kinds begin and end, sequences end at rest.
    @Test func theStreamExercisesTheRecognizers() {
        let attack = ArenaAttack(seed: 11)
        var states: [String: Set<GestureRecognizer.State>] = [:]
        for recognizer in attack.recognizers {
            recognizer.addAction { recognizer in
                let kind = String(recognizer.name!.split(separator: ":")[1].prefix(while: \.isLetter))
                states[kind, default: []].insert(recognizer.state)
            }
        }
        attack.run(subEvents: 3_000)
        #expect(attack.sequencesChecked > 20)
        #expect(states.values.contains { $0.contains(.began) })
        #expect(states.values.contains { $0.contains(.ended) })
        #expect(states.count >= 3, "\(states)")
    }
}

/// The checker itself: it flags what it must, from deliveries made by hand.
@MainActor
struct ArenaAttackCheckerTests {
    let checker = ArenaInvariantChecker()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: CheckedLayer
    let other: CheckedLayer

    init() {
        view = CheckedLayer(frame: Rect(x: 0, y: 0, width: 200, height: 300), name: "view", checker: checker)
        other = CheckedLayer(frame: Rect(x: 200, y: 0, width: 200, height: 300), name: "other", checker: checker)
        scene.root.addChild(view)
        scene.root.addChild(other)
        checker.observeDiagnostics(of: scene)
    }

    private func down() -> Touch {
        scene.send(attackFinger(1, .down, 50, 50, at: 0))
        return scene.event.allTouches.last!
    }

    @Test func aWellBehavedSequencePasses() {
        scene.send(attackFinger(1, .down, 50, 50, at: 0))
        scene.send(attackFinger(1, .move, 60, 50, at: 0.1))
        scene.send(attackFinger(1, .up, 60, 50, at: 0.2))
        checker.checkAfterSubEvent(in: scene)
        scene.advanceTime(to: 3)
        #expect(checker.checkSequenceEnded(in: scene))
        #expect(checker.violations.isEmpty)
    }

    @Test func aMoveAfterTheCancelIsFlagged() {
        let touch = down()
        view.touchesCancelled([touch], with: scene.event)
        view.touchesMoved([touch], with: scene.event)
        #expect(checker.violations.map(\.kind) == [.phaseAfterEnd])
    }

    @Test func aTouchRepeatedInOneCallIsFlagged() {
        let touch = down()
        view.touchesMoved([touch, touch, touch], with: scene.event)
        #expect(checker.violations.map(\.kind) == [.repeatedTouchInCall])
    }

    @Test func aPhaseForATouchTheLayerNeverSawBeginIsFlagged() {
        let touch = down()
        other.touchesMoved([touch], with: scene.event)
        other.touchesEnded([touch], with: scene.event)
        #expect(checker.violations.map(\.kind) == [.phaseWithoutBegan, .phaseWithoutBegan])
    }

    @Test func aBeganForATouchThatNeverEndsIsFlaggedAtTheEndOfTheSequence() {
        let touch = down()
        other.touchesBegan([touch], with: scene.event)
        scene.send(attackFinger(1, .up, 50, 50, at: 0.1))
        scene.advanceTime(to: 3)
        checker.checkSequenceEnded(in: scene)
        #expect(checker.violations.map(\.kind) == [.touchNeverEnded])
        #expect(checker.violations.first?.detail.contains("other") == true)
    }

    @Test func aCancelledTouchLeftOpenIsFlaggedAfterTheSubEvent() {
        let touch = down()
        other.touchesBegan([touch], with: scene.event)
        scene.send(InputEvent(timestamp: 0.1, .interrupted(.focusLost)))
        checker.checkAfterSubEvent(in: scene)
        #expect(checker.violations.map(\.kind) == [.cancelNotDelivered])
    }

    @Test func aDiscreteRecognizerActingInBeganIsFlagged() {
        let tap = TapGestureRecognizer()
        checker.watch(tap)
        tap.state = .began      // not in a scene: the state machine alone allows it
        #expect(checker.violations.map(\.kind) == [.actionOutOfOrder])
    }

    @Test func violationsCarryTheSeedAndStep() {
        checker.seed = 42
        checker.step = 7
        let touch = down()
        view.touchesBegan([touch], with: scene.event)
        #expect(checker.violations.first?.description.hasPrefix("seed 42, step 7: began-twice") == true)
    }
}

/// A finger of touch device 1, for the attack's tests.
func attackFinger(_ index: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) -> InputEvent {
    InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 1, index: index), location: Point(x: x, y: y))))
}
