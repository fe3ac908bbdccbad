import Foundation
import Testing
@testable import Tactile

/// A scene with one fighter whose commands read player 1 on controller 1;
/// events are stamped in frames of 60 a second.
@MainActor
final class CommandRig {
    let scene = Scene(size: Size(width: 400, height: 300))
    let fighter = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let player: PlayerInput
    var fired: [String] = []
    /// The frame at which each fired, as the action saw the clock.
    var firedAt: [Double] = []

    init(player: PlayerInput = PlayerInput(controller: 1)) {
        self.player = player
        scene.diagnostics = nil
        scene.root.addChild(fighter)
    }

    @discardableResult
    func add(_ command: Command, name: String? = nil) -> CommandInputRecognizer {
        let recognizer = CommandInputRecognizer(command, input: player) { [unowned self] recognizer in
            fired.append(recognizer.name ?? "?")
            firedAt.append(recognizer.currentTime * 60)
        }
        if let name { recognizer.name = name }
        fighter.addGestureRecognizer(recognizer)
        return recognizer
    }

    func time(_ frame: Int) -> Double { Double(frame) / 60 }

    func pad(_ controller: Int32 = 1, _ button: ControllerButton, _ isDown: Bool, at frame: Int) {
        scene.send(InputEvent(timestamp: time(frame), .controller(.button(controller: controller, button: button, isDown: isDown))))
    }

    /// Taps `button` at `frame` (down) and lets it go a frame later.
    func tap(_ button: ControllerButton, at frame: Int) {
        pad(button, true, at: frame)
        pad(button, false, at: frame + 1)
    }

    func pad(_ button: ControllerButton, _ isDown: Bool, at frame: Int) { pad(1, button, isDown, at: frame) }

    func stick(_ x: Double, _ y: Double, at frame: Int, controller: Int32 = 1) {
        scene.send(InputEvent(timestamp: time(frame), .controller(.axis(controller: controller, axis: .leftX, value: x))))
        scene.send(InputEvent(timestamp: time(frame), .controller(.axis(controller: controller, axis: .leftY, value: y))))
    }

    /// Points the stick at numpad direction `direction` (5: centred) at `frame`.
    func direction(_ direction: Int, at frame: Int) {
        let pad = PadDirection(rawValue: direction)!
        stick(Double(pad.x), Double(-pad.y), at: frame)
    }

    /// Directions one after another, `gap` frames apart, from `frame`; returns the frame of the last.
    @discardableResult
    func motion(_ directions: [Int], from frame: Int, gap: Int) -> Int {
        for (index, direction) in directions.enumerated() { self.direction(direction, at: frame + index * gap) }
        return frame + (directions.count - 1) * gap
    }
}

@MainActor
struct CommandInputTests {
    // MARK: Motions at the edges of their windows

    @Test(arguments: [(10, true), (11, false)])
    func aQuarterCircleNeedsEachDirectionWithinTheLeniency(gap: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        let last = rig.motion([2, 3, 6], from: 0, gap: gap)
        rig.pad(.west, true, at: last)
        #expect(rig.fired == (passes ? ["236+west"] : []))
    }

    @Test(arguments: [(8, true), (9, false)])
    func theButtonMayComeWithinTheBufferAfterTheMotion(delay: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        let last = rig.motion([2, 3, 6], from: 0, gap: 2)
        rig.pad(.west, true, at: last + delay)
        #expect(rig.fired == (passes ? ["236+west"] : []))
    }

    @Test func theHalfCircleAndTheFullCircle() throws {
        let rig = CommandRig()
        rig.add(try Command("41236", .east))
        rig.add(try Command("360", .north))
        let last = rig.motion([4, 1, 2, 3, 6], from: 0, gap: 3)
        rig.pad(.east, true, at: last + 1)
        // Up, left, down, right: anticlockwise from up, within the windows.
        let circle = rig.motion([8, 7, 4, 1, 2, 3, 6], from: 100, gap: 3)
        rig.pad(.north, true, at: circle + 2)
        #expect(rig.fired == ["41236+east", "360+north"])
    }

    // MARK: Specific over general

    @Test func aDragonPunchBeatsAFireballBeatsAPunchOnThePressItself() throws {
        let rig = CommandRig()
        let punch = rig.add(try Command("", .west))
        let fireball = rig.add(try Command("236", .west))
        let dragonPunch = rig.add(try Command("623", .west))
        // 6, 3, 2, 3, 6: completes 623 (6 2 3) and 236 (2 3 6).
        let last = rig.motion([6, 3, 2, 3, 6], from: 0, gap: 2)
        rig.pad(.west, true, at: last)
        #expect(rig.fired == ["623+west"])
        // Recognized on the press, at its frame: no added latency.
        #expect(rig.firedAt == [Double(last)])
        #expect(fireball.lastFailure == .preventedBy("623+west"))
        #expect(punch.lastFailure == .preventedBy("623+west"))
        #expect([punch, fireball, dragonPunch].allSatisfy { $0.state == .possible })
        // A fireball alone beats the punch; then a plain press is a punch.
        rig.pad(.west, false, at: last + 1)
        let second = rig.motion([2, 3, 6], from: 100, gap: 2)
        rig.pad(.west, true, at: second)
        rig.pad(.west, false, at: second + 1)
        rig.pad(.west, true, at: second + 30)
        #expect(rig.fired == ["623+west", "236+west", "west"])
        #expect(rig.firedAt.suffix(2) == [Double(second), Double(second + 30)])
    }

    @Test func aCompletedCommandDoesNotCompleteAgainFromTheSameInputs() throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        let last = rig.motion([2, 3, 6], from: 0, gap: 2)
        rig.tap(.west, at: last)
        rig.tap(.west, at: last + 3)
        #expect(rig.fired == ["236+west"])
    }

    // MARK: Charges, double taps, chords, mashes, releases

    @Test(arguments: [(45, true), (44, false)])
    func aChargeMustBeHeldForTheChargeTime(held: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command("[4]6", .west))
        rig.direction(1, at: 0)        // down-back charges back too
        rig.direction(4, at: 20)
        rig.direction(6, at: held)
        rig.pad(.west, true, at: held + 1)
        #expect(rig.fired == (passes ? ["[4]6+west"] : []))
    }

    @Test func aPausedGameClockDoesNotAdvanceACharge() throws {
        let base = ManualClock()
        let clock = GameClock(base: base)
        let rig = CommandRig()
        rig.add(try Command("[4]6", .west))
        func send(_ kind: InputEvent.Kind) { rig.scene.send(InputEvent(timestamp: clock.now, kind)) }
        send(.controller(.axis(controller: 1, axis: .leftX, value: -1)))
        base.advance(by: 20.0 / 60)
        clock.isPaused = true
        base.advance(by: 60.0 / 60)    // a second of pause: not charge time
        clock.isPaused = false
        base.advance(by: 20.0 / 60)    // 40 frames of game time in all
        send(.controller(.axis(controller: 1, axis: .leftX, value: 1)))
        send(.controller(.button(controller: 1, button: .west, isDown: true)))
        #expect(rig.fired.isEmpty)
        send(.controller(.button(controller: 1, button: .west, isDown: false)))
        send(.controller(.axis(controller: 1, axis: .leftX, value: -1)))
        base.advance(by: 45.0 / 60)
        send(.controller(.axis(controller: 1, axis: .leftX, value: 1)))
        send(.controller(.button(controller: 1, button: .west, isDown: true)))
        #expect(rig.fired == ["[4]6+west"])
    }

    @Test(arguments: [(12, true), (13, false)])
    func aDashIsTwoTapsWithinTheWindow(gap: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command("66"))
        rig.direction(6, at: 0)
        rig.direction(5, at: 1)
        rig.direction(6, at: gap)
        #expect(rig.fired == (passes ? ["66"] : []))
    }

    @Test(arguments: [[6, 3, 6], [6, 9, 6], [6, 4, 6], [6, 5, 2, 5, 6], [6, 5, 6]])
    func aDashNeedsTheStickLetGoBetweenItsTaps(directions: [Int]) throws {
        let rig = CommandRig()
        rig.add(try Command("66"))
        rig.motion(directions, from: 0, gap: 2)
        // Rolling through a diagonal, or another direction, is not a let-go.
        #expect(rig.fired == (directions == [6, 5, 6] ? ["66"] : []))
    }

    @Test func aButtonReleasedWhileEveryCommandWasDisabledPressesAgain() throws {
        let rig = CommandRig()
        let punch = rig.add(try Command("", .west))
        rig.pad(.west, true, at: 0)
        #expect(rig.fired == ["west"])
        // Its release comes while the player's only recognizer is disabled:
        // nobody reads it, and the player still thinks the button is held.
        punch.isEnabled = false
        rig.pad(.west, false, at: 2)
        punch.isEnabled = true
        rig.pad(.west, true, at: 4)
        #expect(rig.fired == ["west", "west"])
        rig.pad(.west, false, at: 5)
        #expect(!rig.player.isHeld(.west))
    }

    @Test func aDirectionLetGoWhileEveryCommandWasDisabledReadsLetGo() throws {
        let rig = CommandRig()
        let dash = rig.add(try Command("66"))
        rig.direction(6, at: 0)
        // The stick is let go while the player's only recognizer is
        // disabled: the player still reads it, so the pad is not right any
        // more, and pointing right again is the dash's second tap.
        dash.isEnabled = false
        rig.direction(5, at: 2)
        #expect(rig.player.direction == .neutral)
        dash.isEnabled = true
        rig.direction(6, at: 4)
        #expect(rig.fired == ["66"])
    }

    @Test func aDPadDirectionReleasedWhileEveryCommandWasDisabledReadsReleased() throws {
        let rig = CommandRig()
        let punch = rig.add(try Command("", .west))
        rig.pad(.dpadDown, true, at: 0)
        #expect(rig.player.direction == .down)
        punch.isEnabled = false
        rig.pad(.dpadDown, false, at: 2)
        punch.isEnabled = true
        #expect(rig.player.direction == .neutral)
        // The stick, not a d-pad button the player wrongly thinks held, gives the direction.
        rig.direction(6, at: 3)
        #expect(rig.player.direction == .right)
    }

    @Test(arguments: [(3, true), (4, false)])
    func aChordsButtonsComeWithinTheChordWindow(gap: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command("", .west, .south))
        rig.pad(.west, true, at: 0)
        rig.pad(.south, true, at: gap)
        #expect(rig.fired == (passes ? ["west+south"] : []))
    }

    @Test func aChordNeedsTheFirstButtonStillHeld() throws {
        let rig = CommandRig()
        rig.add(try Command("", .west, .south))
        rig.tap(.west, at: 0)
        rig.pad(.south, true, at: 2)
        #expect(rig.fired.isEmpty)
    }

    @Test(arguments: [(30, true), (31, false)])
    func aMashsPressesFallInTheMashWindow(span: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command.mash(.north, count: 5))
        for frame in [0, 7, 14, 21] { rig.tap(.north, at: frame) }
        rig.tap(.north, at: span)
        #expect(rig.fired == (passes ? ["north×5"] : []))
    }

    @Test(arguments: [(2, true), (1, false)])
    func aReleaseCountsAfterTheHoldTime(held: Int, passes: Bool) throws {
        let rig = CommandRig()
        rig.add(try Command.holdAndRelease(.east))
        rig.pad(.east, true, at: 0)
        rig.pad(.east, false, at: held)
        #expect(rig.fired == (passes ? ["hold east, release"] : []))
    }

    @Test func negativeEdgeCompletesAMotionOnTheRelease() throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west, onRelease: true))
        rig.pad(.west, true, at: 0)
        let last = rig.motion([2, 3, 6], from: 5, gap: 2)
        #expect(rig.fired.isEmpty)
        rig.pad(.west, false, at: last + 1)
        #expect(rig.fired == ["236+west (on release)"])
    }

    // MARK: Facing, SOCD, sources

    @Test func facingLeftMirrorsTheCommand() throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        rig.player.facing = .left
        let forward = rig.motion([2, 3, 6], from: 0, gap: 2)
        rig.pad(.west, true, at: forward)
        #expect(rig.fired.isEmpty)
        rig.pad(.west, false, at: forward + 1)
        let back = rig.motion([2, 1, 4], from: 50, gap: 2)
        rig.pad(.west, true, at: back)
        #expect(rig.fired == ["236+west"])
    }

    @Test(arguments: [
        (SOCDCleaning.neutral, PadDirection.neutral, PadDirection.neutral),
        (.lastInputWins, .right, .down),
        (.firstInputWins, .left, .up),
        (.neutralHorizontalUpWins, .neutral, .up),
    ])
    func opposingDirectionsAreCleaned(socd: SOCDCleaning, horizontal: PadDirection, vertical: PadDirection) throws {
        let rig = CommandRig(player: PlayerInput(keyboard: PlayerInput.keyboardLayout))
        rig.add(try Command("66"))      // the player reads what its recognizers are handed
        rig.player.socd = socd
        func key(_ scancode: Int32, _ isDown: Bool) {
            rig.scene.send(InputEvent(timestamp: 0, .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0))))
        }
        key(4, true); key(7, true)      // A, then D: left, then right
        #expect(rig.player.direction == horizontal)
        key(4, false); key(7, false)
        key(26, true); key(22, true)    // W, then S: up, then down
        #expect(rig.player.direction == vertical)
    }

    @Test func aQuarterCircleOnTheKeyboardAndOnTheDPad() throws {
        let keyboard = CommandRig(player: PlayerInput(keyboard: PlayerInput.keyboardLayout))
        keyboard.add(try Command("236", .west))
        func key(_ scancode: Int32, _ isDown: Bool, at frame: Int) {
            keyboard.scene.send(InputEvent(timestamp: keyboard.time(frame), .key(KeyEvent(isDown: isDown, scancode: scancode, keycode: 0))))
        }
        key(22, true, at: 0)        // S: down
        key(7, true, at: 2)         // D: down-right
        key(22, false, at: 4)       // right
        key(13, true, at: 5)        // J: west
        #expect(keyboard.fired == ["236+west"])

        let dpad = CommandRig()
        dpad.add(try Command("236", .west))
        dpad.pad(.dpadDown, true, at: 0)
        dpad.pad(.dpadRight, true, at: 2)
        dpad.pad(.dpadDown, false, at: 4)
        dpad.pad(.west, true, at: 5)
        #expect(dpad.fired == ["236+west"])
    }

    @Test func theStickQuantizersDeadZoneAndDiagonalWidth() {
        let stick = StickQuantizer()
        #expect(stick.direction(x: 0.49, y: 0) == .neutral)
        #expect(stick.direction(x: 0.5, y: 0) == .right)
        #expect(stick.direction(x: 0.7, y: 0.7) == .downRight)
        #expect(stick.direction(x: -0.7, y: -0.7) == .upLeft)
        // 22.5° from the axis is the edge: it goes to the diagonal.
        let edge = 22.5 * Double.pi / 180
        #expect(stick.direction(x: cos(edge), y: -sin(edge)) == .upRight)
        #expect(stick.direction(x: cos(edge - 0.01), y: -sin(edge - 0.01)) == .right)
        let narrow = StickQuantizer(deadZone: 0.3, diagonalWidth: 20)
        #expect(narrow.direction(x: cos(edge), y: -sin(edge)) == .right)
        #expect(narrow.direction(x: 0.35, y: 0) == .right)
        // Out of range counts as full; not a number as centred.
        #expect(stick.direction(x: 7, y: 0) == .right)
        #expect(stick.direction(x: .nan, y: 0.9) == .down)
        #expect(stick.direction(x: .nan, y: .nan) == .neutral)
        #expect(stick.direction(x: .infinity, y: -.infinity) == .upRight)
    }

    @Test func badAxisValuesNeitherCrashNorMakeACommand() throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        rig.stick(.nan, .nan, at: 0)
        rig.stick(0, 40, at: 2)            // down, out of range
        rig.stick(.nan, 1, at: 4)          // still down: NaN x is centred
        rig.pad(.west, true, at: 5)
        #expect(rig.fired.isEmpty)
        #expect(rig.player.direction == .down)
    }

    // MARK: Bad input

    @Test func unpluggingMidCommandFailsItAndForgetsTheMotion() throws {
        let rig = CommandRig()
        let fireball = rig.add(try Command("236", .west))
        rig.motion([2, 3], from: 0, gap: 2)
        rig.scene.send(InputEvent(timestamp: rig.time(3), .controller(.removed(controller: 1))))
        #expect(fireball.lastFailure == .sourceLost)
        #expect(fireball.state == .possible)
        rig.direction(6, at: 4)
        rig.pad(.west, true, at: 5)
        #expect(rig.fired.isEmpty)
    }

    @Test func timeGoingBackwardsUsesTheClocksTimeAndMakesNothingUp() throws {
        let rig = CommandRig()
        rig.add(try Command("236", .west))
        rig.direction(2, at: 100)
        rig.direction(3, at: 50)      // before: handled at frame 100
        rig.direction(6, at: 200)     // 100 frames later: beyond the leniency
        rig.pad(.west, true, at: 201)
        #expect(rig.fired.isEmpty)
        rig.pad(.west, false, at: 202)
        rig.motion([2, 3, 6], from: 300, gap: 2)
        rig.pad(.west, true, at: 0)   // the press, stamped long ago, counts now
        #expect(rig.fired == ["236+west"])
    }

    @Test func definitionsThatCannotWorkAreRefusedClearly() {
        #expect(throws: CommandError.noSteps) { try Command("") }
        for notation in ["236", "6", "[4]6", "360"] {
            #expect(throws: CommandError.self, "\(notation) with no button could never complete") { try Command(notation) }
        }
        #expect(throws: CommandError.badButtons("a motion, a charge or a full circle completes on a button: name one (directions alone make a dash, 66)")) {
            try Command(.motion([.down, .downRight, .right]), buttons: [])
        }
        #expect(throws: CommandError.badNotation("x")) { try Command("2x6", .west) }
        #expect(throws: CommandError.badNotation("5")) { try Command("256", .west) }
        #expect(throws: CommandError.badCount(1)) { try Command.mash(.west, count: 1) }
        var timing = CommandTiming()
        timing.leniency = .frames(0)
        #expect(throws: CommandError.impossibleWindow("leniency", 0)) { try Command("236", .west, timing: timing) }
        timing = CommandTiming()
        timing.mashWindow = .frames(5)
        // Ten presses need at least 18 frames: each after the first needs a release.
        #expect(throws: CommandError.impossibleWindow("mashWindow", 5.0 / 60)) { try Command.mash(.west, count: 10, timing: timing) }
        timing = CommandTiming()
        timing.buffer = .seconds(-1)
        #expect(throws: CommandError.impossibleWindow("buffer", -1)) { try Command("236", .west, timing: timing) }
        timing = CommandTiming()
        timing.chargeTime = .seconds(.nan)
        #expect(throws: (any Error).self) { try Command("[4]6", .west, timing: timing) }
        #expect(throws: CommandError.badButtons("a button appears twice in [\"west\", \"west\"]")) { try Command("", .west, .west) }
        #expect(CommandError.noSteps.description == "a command needs at least one direction or button")
    }

    @Test func specificityOrdersTheClassicCommands() throws {
        let punch = try Command("", .west).specificity
        let fireball = try Command("236", .west).specificity
        let dragonPunch = try Command("623", .west).specificity
        let halfCircle = try Command("41236", .west).specificity
        let circle = try Command("360", .west).specificity
        #expect(punch < fireball && fireball < dragonPunch && dragonPunch < halfCircle && halfCircle < circle)
    }
}

@MainActor
struct CommandActionTests {
    enum Move: String, CaseIterable { case fireball, punch }

    @Test func anActionBoundToACommandIsPressedForTheFrameItFires() throws {
        let rig = CommandRig()
        let fireball = rig.add(try Command("236", .west))
        let punch = rig.add(try Command("", .west))
        let actions = ActionMap<Move>(actions: Move.allCases)
        actions.register(fireball, as: "fireball")
        actions.register(punch, as: "punch")
        try actions.bind(.fireball, to: .command("fireball"))
        try actions.bind(.punch, to: .command("punch"))
        let last = rig.motion([2, 3, 6], from: 0, gap: 2)
        rig.pad(.west, true, at: last)
        actions.endFrame()
        // The frame it fired in: a press and a release, as a trigger.
        #expect(actions[.fireball] == ActionSnapshot(pressCount: 1, releaseCount: 1))
        #expect(actions[.punch] == ActionSnapshot())
        actions.endFrame()
        #expect(actions[.fireball] == ActionSnapshot())
        rig.pad(.west, false, at: last + 1)
        rig.pad(.west, true, at: last + 20)
        actions.endFrame()
        #expect(actions[.punch].justPressed && !actions[.fireball].justPressed)
    }

    @Test func aBindingsFileNamesCommands() throws {
        #expect(ActionMapFile.text(of: .command("fireball")) == "command fireball")
        let actions = ActionMap<Move>(actions: Move.allCases)
        let recognizer = CommandInputRecognizer(try Command("236", .west), input: PlayerInput(controller: 1))
        actions.register(recognizer, as: "hadouken")
        try actions.loadBindings(from: "tactile-bindings 1\nfireball command hadouken\n")
        #expect(actions.bindings(of: .fireball) == [.command("hadouken")])
        #expect(throws: ActionMapError.self) { try actions.bind(.punch, to: .command("shoryuken")) }
    }
}
