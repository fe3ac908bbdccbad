import Testing
@testable import Tactile

/// The responder chain: layer, parent layers, scene, application.
@MainActor
struct ResponderChainTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let panel: RecordingLayer
    let button: RecordingLayer

    init() {
        panel = RecordingLayer("panel", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        button = RecordingLayer("button", frame: Rect(x: 10, y: 10, width: 50, height: 50), log: log)
        scene.root.addChild(panel)
        panel.addChild(button)
        scene.application = RecordingApplication(log: log)
    }

    func key(_ scancode: Int32, down: Bool) -> InputEvent {
        InputEvent(timestamp: 0, .key(KeyEvent(isDown: down, scancode: scancode, keycode: 0)))
    }

    @Test func touchesALayerDoesNotHandleGoUpTheChain() {
        button.passesTouchesOn = true
        scene.send(finger(1, .down, 20, 20))
        scene.send(finger(1, .up, 20, 20))
        #expect(log.take() == ["button began 1", "panel began 1", "button ended 1", "panel ended 1"])
        panel.passesTouchesOn = true
        scene.send(finger(2, .down, 20, 20))
        scene.send(finger(2, .up, 20, 20))
        // The root layer and the scene do not handle touches: the application gets them.
        #expect(log.take() == ["button began 2", "panel began 2", "app began 1", "button ended 2", "panel ended 2", "app ended 1"])
    }

    @Test func withoutAFirstResponderPressesAndRemoteCommandsGoToTheSceneThenTheApplication() {
        scene.send(key(4, down: true))
        scene.send(InputEvent(timestamp: 0, .controller(.button(controller: 3, button: .south, isDown: false))))
        scene.send(InputEvent(timestamp: 0, .remote(.nextTrack)))
        scene.send(.shake, .began, timestamp: 0)
        #expect(log.take() == [
            "app pressesBegan [Tactile.Press.Kind.key(scancode: 4, keycode: 0, modifiers: Tactile.KeyModifiers(rawValue: 0))]",
            "app pressesEnded [Tactile.Press.Kind.controllerButton(controller: 3, button: Tactile.ControllerButton.south)]",
            "app remote next-track",
            "app motionBegan shake",
        ])
    }

    @Test func theFirstResponderGetsPressesRemoteCommandsAndMotionFirst() {
        #expect(!button.becomeFirstResponder())   // it does not accept the role
        button.acceptsFirstResponder = true
        #expect(button.becomeFirstResponder())
        #expect(scene.firstResponder === button && button.isFirstResponder)
        scene.send(InputEvent(timestamp: 0, .remote(.togglePlayPause)))
        scene.send(.shake, .began, timestamp: 0)
        scene.send(key(44, down: true))
        #expect(log.take() == [
            "button remote toggle-play-pause", "panel remote toggle-play-pause", "app remote toggle-play-pause",
            "button motionBegan shake", "panel motionBegan shake", "app motionBegan shake",
            "button pressesBegan [Tactile.Press.Kind.key(scancode: 44, keycode: 0, modifiers: Tactile.KeyModifiers(rawValue: 0))]",
            "panel pressesBegan [Tactile.Press.Kind.key(scancode: 44, keycode: 0, modifiers: Tactile.KeyModifiers(rawValue: 0))]",
            "app pressesBegan [Tactile.Press.Kind.key(scancode: 44, keycode: 0, modifiers: Tactile.KeyModifiers(rawValue: 0))]",
        ])
        // A responder that handles the event stops it.
        button.passesOtherEventsOn = false
        scene.send(InputEvent(timestamp: 0, .remote(.stop)))
        #expect(log.take() == ["button remote stop"])
        #expect(button.resignFirstResponder())
        #expect(scene.firstResponder == nil)
    }

    @Test func keyRepeatsAreNotNewPresses() {
        scene.send(InputEvent(timestamp: 0, .key(KeyEvent(isDown: true, scancode: 4, keycode: 0, isRepeat: true))))
        #expect(log.take().isEmpty)
    }

    @Test func aLayerOutsideAnySceneCannotBecomeFirstResponder() {
        let loose = RecordingLayer("loose", frame: .zero, log: log)
        loose.acceptsFirstResponder = true
        #expect(!loose.becomeFirstResponder())
    }

    @Test func aFirstResponderThatWillNotResignKeepsTheRole() {
        final class Stubborn: Layer {
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { false }
        }
        let stubborn = Stubborn(frame: .zero)
        scene.root.addChild(stubborn)
        button.acceptsFirstResponder = true
        #expect(stubborn.becomeFirstResponder())
        #expect(!button.becomeFirstResponder())
        #expect(scene.firstResponder === stubborn)
    }

    @Test func plainLayersPassTouchesToTheNearestAncestorThatHandlesThem() {
        // Plain layers (the class `Layer` itself) are skipped without being
        // asked (Layer's `passOn`); every phase still reaches the first
        // ancestor that is a subclass, and from it the rest of the chain.
        let middle = Layer(frame: Rect(x: 100, y: 100, width: 90, height: 90))
        let plain = Layer(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        panel.addChild(middle)
        middle.addChild(plain)
        scene.send(finger(1, .down, 110, 110))
        scene.send(finger(1, .move, 112, 112))
        scene.send(finger(1, .up, 112, 112))
        #expect(log.take() == ["panel began 1", "panel moved 1", "panel ended 1"])
        panel.passesTouchesOn = true
        scene.send(finger(2, .down, 110, 110))
        scene.send(finger(2, .up, 110, 110))
        #expect(log.take() == ["panel began 2", "app began 1", "panel ended 2", "app ended 1"])
        // A plain layer straight under the root: the scene, then the application.
        let loose = Layer(frame: Rect(x: 300, y: 200, width: 50, height: 50))
        scene.root.addChild(loose)
        scene.send(finger(3, .down, 310, 210))
        scene.send(finger(3, .up, 310, 210))
        #expect(log.take() == ["app began 1", "app ended 1"])
    }

    @Test func aLayerThatOverridesNextSendsWhatItDoesNotHandleThere() {
        // A subclass that handles nothing but sends its chain elsewhere:
        // its touches go where its `next` says, not to its parent.
        final class Redirecting: Layer {
            var target: Responder?
            override var next: Responder? { target }
        }
        let redirecting = Redirecting(frame: Rect(x: 300, y: 0, width: 100, height: 100))
        let inside = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addChild(redirecting)
        redirecting.addChild(inside)
        redirecting.target = button
        scene.send(finger(1, .down, 310, 10))
        scene.send(finger(1, .up, 310, 10))
        #expect(log.take() == ["button began 1", "button ended 1"])
        redirecting.target = nil
        scene.send(finger(2, .down, 310, 10))
        scene.send(finger(2, .up, 310, 10))
        #expect(log.take().isEmpty)
    }

    @Test func theChainRunsThroughParentsTheSceneAndTheApplication() {
        #expect(button.next === panel)
        #expect(panel.next === scene.root)
        #expect(scene.root.next === scene)
        #expect(scene.next === scene.application)
    }
}
