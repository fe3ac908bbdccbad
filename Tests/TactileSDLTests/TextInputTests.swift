import Tactile
import Testing
@testable import TactileSDL

extension SDLIntegration {
    /// Text and IME compositions pushed into SDL's queue as the platform
    /// sends them, through the pump, to a scene's first responder, and into
    /// a trace and back.
    @Suite(.serialized) @MainActor struct TextInputTests {
        @Test func startAndStopTurnSDLsTextInputOnAndOff() throws {
            let sdl = try SDLHarness()
            // SDL 2.26 starts text input with its video subsystem; SDLSetup
            // turns it off so that an IME takes no keys during play.
            #expect(!sdl.pump.isTextInputActive)
            sdl.pump.startTextInput(imeRect: Rect(x: 20, y: 400, width: 300, height: 24))
            #expect(sdl.pump.isTextInputActive)
            sdl.pump.setTextInputRect(Rect(x: .nan, y: 0, width: 1, height: 1))
            #expect(sdl.diagnostics.map(\.problem) == [.nonFiniteValue])
            // Huge but finite: clamped into SDL's integers, not trapped on.
            sdl.pump.setTextInputRect(Rect(x: 1e300, y: -1e300, width: 1e12, height: 0))
            sdl.pump.stopTextInput()
            #expect(!sdl.pump.isTextInputActive)
            #expect(sdl.diagnostics.count == 1)
        }

        @Test func committedTextAndCompositionsArriveWholeInOrder() throws {
            let sdl = try SDLHarness()
            sdl.pushText("héllo 日本 🎮")
            sdl.pushEditing("にほ", start: 1, length: 1)
            sdl.pushEditing("", start: 0, length: 0)
            let events = sdl.drain().map(\.kind)
            #expect(events == [
                .text(.committed("héllo 日本 🎮")),
                .text(.composition(TextComposition(text: "にほ", cursor: 1, selectionLength: 1))),
                .text(.composition(.none)),
            ])
            #expect(sdl.diagnostics.isEmpty)
        }

        /// With `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT` (SDLSetup sets it) a
        /// composition longer than 31 bytes comes as SDL_TEXTEDITING_EXT, in
        /// memory the pump frees; beyond the event limit it is cut at a
        /// whole character, and reported.
        @Test func anOverLongCompositionArrivesWholeOrCutAtACharacter() throws {
            let sdl = try SDLHarness()
            #expect(SDL_GetHintBoolean(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, SDL_FALSE) == SDL_TRUE)
            let phrase = String(repeating: "変換中の文章", count: 10)   // 180 bytes
            sdl.pushExtendedEditing(phrase, start: 3, length: 2)
            // 3-byte characters: 1,024 bytes cut back to 341 whole ones.
            let huge = String(repeating: "語", count: 5_000)
            sdl.pushExtendedEditing(huge, start: 4_999, length: 9)
            sdl.pushExtendedEditing(nil, start: 0, length: 0)
            let events = sdl.drain().map(\.kind)
            let cut = String(repeating: "語", count: 341)
            #expect(events == [
                .text(.composition(TextComposition(text: phrase, cursor: 3, selectionLength: 2))),
                // The cursor SDL gave is past the cut: clamped to its end.
                .text(.composition(TextComposition(text: cut, cursor: 341, selectionLength: 0))),
                .text(.composition(.none)),
            ])
            #expect(sdl.diagnostics.map(\.problem) == [.invalidText])
        }

        @Test func invalidUTF8AndAMissingTerminatorHaveADefinedOutcome() throws {
            let sdl = try SDLHarness()
            // A lone continuation byte, an overlong encoding of "/", and a
            // sequence cut short: each becomes U+FFFD, the rest stays.
            sdl.pushText(bytes: [0x61, 0x80, 0x62, 0xC0, 0xAF, 0x63, 0xE6, 0x97])
            // 32 bytes and no zero: all 32 are the text.
            sdl.pushText(bytes: Array(repeating: 0x7A, count: 32))
            // No zero, and the buffer ends inside a character.
            sdl.pushEditing(bytes: Array(repeating: 0x41, count: 30) + [0xE8, 0xAA], start: 40, length: -3)
            // Nothing at all: no event.
            sdl.pushText(bytes: [])
            let events = sdl.drain().map(\.kind)
            #expect(events == [
                .text(.committed("a\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}")),
                .text(.committed(String(repeating: "z", count: 32))),
                .text(.composition(TextComposition(
                    text: String(repeating: "A", count: 30) + "\u{FFFD}", cursor: 31, selectionLength: 0))),
            ])
            #expect(sdl.diagnostics.map(\.problem) == [.invalidText, .invalidText])
        }

        @Test func textForAnotherWindowIsDropped() throws {
            let sdl = try SDLHarness()
            sdl.pushText("x", windowID: sdl.windowID + 100)
            #expect(sdl.drain().isEmpty)
            #expect(sdl.diagnostics.map(\.problem) == [.otherWindow])
        }

        /// The scene hands text to the first responder, and what it does not
        /// take travels up the chain, as presses do.
        @Test func theFirstResponderGetsTextThenTheChain() throws {
            let sdl = try SDLHarness()
            let scene = Scene(size: Size(width: 640, height: 480))
            let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
            scene.root.addChild(field)
            let application = TextLog()
            scene.application = application

            sdl.pushText("a")
            for event in sdl.drain() { scene.send(event) }
            #expect(application.log == ["text a"])   // no first responder: the scene, then up

            #expect(field.becomeFirstResponder())
            sdl.pushEditing("ｋ", start: 1, length: 0)
            sdl.pushEditing("", start: 0, length: 0)
            sdl.pushText("香")
            for event in sdl.drain() { scene.send(event) }
            #expect(field.log == ["composition ｋ 1 0", "composition  0 0", "text 香"])
            #expect(field.value == "香")
            #expect(application.log == ["text a"])
        }

        @Test func textRecordedFromSDLReplaysExactly() throws {
            let sdl = try SDLHarness()
            sdl.pushText("#100% é")
            sdl.pushEditing("- x", start: 2, length: 1)
            sdl.pushExtendedEditing(String(repeating: "%# ", count: 300), start: 0, length: 900)
            var recorder = TraceRecorder(start: 100)
            let events = sdl.drain()
            recorder.record(contentsOf: events)
            #expect(recorder.skippedEventCount == 0)
            let replayed = try Trace(parsing: recorder.text)
            #expect(replayed.events.map(\.kind) == events.map(\.kind))
            #expect(recorder.text.contains("0.0 text %23100%25%20é\n"))
        }
    }
}

/// A responder that takes text while it is first responder.
@MainActor
private final class TextField: Layer {
    var value = ""
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func insertText(_ text: String, timestamp: Double) {
        value += text
        log.append("text \(text)")
    }
    override func updateComposition(_ composition: TextComposition, timestamp: Double) {
        log.append("composition \(composition.text) \(composition.cursor) \(composition.selectionLength)")
    }
}

@MainActor
private final class TextLog: Responder {
    var log: [String] = []
    override func insertText(_ text: String, timestamp: Double) { log.append("text \(text)") }
}

extension SDLHarness {
    func pushText(_ text: String, windowID: UInt32? = nil) {
        pushText(bytes: Array(text.utf8), windowID: windowID)
    }

    /// An SDL_TEXTINPUT holding `bytes`, zero-terminated when they leave room.
    func pushText(bytes: [UInt8], windowID: UInt32? = nil) {
        var event = SDL_Event()
        event.text.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = windowID ?? self.windowID
        withUnsafeMutableBytes(of: &event.text.text) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            buffer.copyBytes(from: bytes.prefix(buffer.count))
        }
        push(event)
    }

    func pushEditing(_ text: String, start: Int32, length: Int32) {
        pushEditing(bytes: Array(text.utf8), start: start, length: length)
    }

    func pushEditing(bytes: [UInt8], start: Int32, length: Int32) {
        var event = SDL_Event()
        event.edit.type = SDL_TEXTEDITING.rawValue
        event.edit.windowID = windowID
        event.edit.start = start
        event.edit.length = length
        withUnsafeMutableBytes(of: &event.edit.text) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            buffer.copyBytes(from: bytes.prefix(buffer.count))
        }
        push(event)
    }

    /// An SDL_TEXTEDITING_EXT with its text copied by `SDL_strdup`, as SDL
    /// makes one; the pump frees it.
    func pushExtendedEditing(_ text: String?, start: Int32, length: Int32) {
        var event = SDL_Event()
        event.editExt.type = SDL_TEXTEDITING_EXT.rawValue
        event.editExt.windowID = windowID
        event.editExt.start = start
        event.editExt.length = length
        event.editExt.text = text.map { SDL_strdup($0) } ?? nil
        push(event)
    }
}
