import CSDL2
import Tactile

// Text input: SDL's SDL_TEXTINPUT, SDL_TEXTEDITING and SDL_TEXTEDITING_EXT
// events become `.text` input events, and the game turns SDL's text input
// (and with it the platform's input method) on and off here.

extension SDLEventPump {
    /// Turns text input on: from now on typed text and input-method (IME)
    /// compositions arrive as `InputEvent.Kind.text(_:)` events,
    /// which the scene delivers to its first responder.
    ///
    /// Call it when a text field gains focus and ``stopTextInput()`` when it
    /// loses it. While text input is on, an IME may take keys for itself (a
    /// Japanese IME keeps the letters it is composing), so keep it off during
    /// play; `SDLSetup` turns it off at start, since SDL 2.26 turns it on
    /// whenever its video subsystem starts.
    ///
    /// - Parameter imeRect: where the text field is, in window points, so
    ///   that the IME shows its candidate list next to it rather than over
    ///   it; `nil` leaves SDL's last one. A rectangle with a coordinate that
    ///   is not finite is not passed on, and is reported.
    public func startTextInput(imeRect: Rect? = nil) {
        if let imeRect { setTextInputRect(imeRect) }
        SDL_StartTextInput()
    }

    /// Turns text input off; no more `.text` events come from the platform.
    /// A composition under way is abandoned by the IME.
    public func stopTextInput() {
        SDL_StopTextInput()
    }

    /// Whether text input is on (SDL's `SDL_IsTextInputActive`).
    public var isTextInputActive: Bool { SDL_IsTextInputActive() == SDL_TRUE }

    /// Moves the IME's candidate list next to `rect`, in window points, while
    /// text input is on (the field moved, or the cursor moved within it).
    public func setTextInputRect(_ rect: Rect) {
        guard rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else {
            return diagnostics(Diagnostic(.nonFiniteValue, "text input rectangle \(rect)"))
        }
        var sdlRect = SDL_Rect(
            x: Self.windowCoordinate(rect.origin.x), y: Self.windowCoordinate(rect.origin.y),
            w: Self.windowCoordinate(rect.size.width), h: Self.windowCoordinate(rect.size.height))
        SDL_SetTextInputRect(&sdlRect)
    }

    /// A window coordinate in whole points, as SDL's rectangles hold them,
    /// within what an `Int32` holds.
    private static func windowCoordinate(_ value: Double) -> Int32 {
        Int32(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }

    // MARK: Translating

    /// An `SDL_TEXTINPUT`: committed text, at most 31 bytes (SDL splits
    /// longer text into several events, each cut at a whole character).
    func translateTextInput(_ input: SDL_TextInputEvent, into events: inout [InputEvent]) {
        guard isOurs(input.windowID) else { return dropForeignWindow(input.windowID, "text input") }
        let text = withUnsafeBytes(of: input.text) { decodeText($0, what: "text input") }
        guard !text.isEmpty else { return }
        events.append(InputEvent(timestamp: timestamp(input.timestamp), .text(.committed(text))))
    }

    /// An `SDL_TEXTEDITING`: a composition of at most 31 bytes, which SDL
    /// sends when the composition fits, or always without
    /// `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT` (then cut at a whole character).
    func translateTextEditing(_ editing: SDL_TextEditingEvent, into events: inout [InputEvent]) {
        guard isOurs(editing.windowID) else { return dropForeignWindow(editing.windowID, "text editing") }
        let text = withUnsafeBytes(of: editing.text) { decodeText($0, what: "composition") }
        appendComposition(text, cursor: editing.start, length: editing.length, at: editing.timestamp, into: &events)
    }

    /// An `SDL_TEXTEDITING_EXT`: a composition too long for
    /// `SDL_TEXTEDITING`'s buffer, in memory SDL allocated. The caller
    /// frees it (``drain(into:)`` does, after this).
    func translateTextEditingExtended(_ editing: SDL_TextEditingExtEvent, into events: inout [InputEvent]) {
        guard isOurs(editing.windowID) else { return dropForeignWindow(editing.windowID, "text editing") }
        // SDL promises the text is never NULL; a pushed event can still hold
        // NULL, which reads as no composition. Reading stops one byte past
        // the limit, so a huge or unterminated-looking string costs no more.
        var text = ""
        if let pointer = editing.text {
            let count = strnlen(pointer, TextInputEvent.maximumUTF8Count + 1)
            text = pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
                decodeText(UnsafeRawBufferPointer(start: $0, count: count), what: "composition")
            }
        }
        appendComposition(text, cursor: editing.start, length: editing.length, at: editing.timestamp, into: &events)
    }

    private func appendComposition(_ text: String, cursor: Int32, length: Int32, at time: UInt32, into events: inout [InputEvent]) {
        let composition = TextComposition(text: text, cursor: Int(cursor), selectionLength: Int(length))
        events.append(InputEvent(timestamp: timestamp(time), .text(.composition(composition))))
    }

    /// The text in `bytes`: up to the first zero byte, or all of them when
    /// there is none (a buffer SDL or a pusher filled to the brim), cut to
    /// `TextInputEvent.maximumUTF8Count` bytes at a whole
    /// character. Bytes that are not UTF-8 become U+FFFD, the replacement
    /// character, and are reported: the player still sees that something
    /// was typed, and nothing downstream meets invalid text.
    private func decodeText(_ bytes: UnsafeRawBufferPointer, what: StaticString) -> String {
        var end = bytes.firstIndex(of: 0) ?? bytes.count
        if end > TextInputEvent.maximumUTF8Count {
            end = TextInputEvent.maximumUTF8Count
            // Back off to the first byte of the character the limit cut.
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            diagnostics(Diagnostic(.invalidText, "\(what) longer than \(TextInputEvent.maximumUTF8Count) bytes; cut to \(end)"))
        }
        let kept = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if let text = String(validating: kept, as: UTF8.self) { return text }
        diagnostics(Diagnostic(.invalidText, "\(what) of \(end) bytes is not UTF-8; invalid bytes replaced with U+FFFD"))
        return String(decoding: kept, as: UTF8.self)
    }
}
