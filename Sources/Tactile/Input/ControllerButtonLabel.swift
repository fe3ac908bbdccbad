/// What the player sees on a controller's button: the text to show in a
/// prompt and the name of the glyph to draw for it.
///
/// ``ControllerButton`` names a button by its *position*, the same on every
/// pad, so a binding ("jump is the bottom face button") works everywhere.
/// The label is a separate, explicit question, asked only to show the
/// player which button to press, and its answer depends on the pad:
///
/// | position | Xbox | PlayStation | Nintendo |
/// |---|---|---|---|
/// | ``ControllerButton/south`` | A | Cross | B |
/// | ``ControllerButton/east`` | B | Circle | A |
/// | ``ControllerButton/west`` | X | Square | Y |
/// | ``ControllerButton/north`` | Y | Triangle | X |
///
/// ```swift
/// let label = ControllerType.switchPro.label(for: .south)
/// label.text    // "B"
/// label.glyph   // "nintendo.b": the game's art for Nintendo's B button
/// ```
///
/// Glyph names are `family.button`, lowercase, stable across versions, and
/// unique per picture: pads that print the same thing share a glyph
/// (`xbox.a` for every Xbox-family pad), so a game needs one image per glyph.
public struct ControllerButtonLabel: Hashable, Sendable {
    /// The button's name as printed or as the platform's own prompts say it:
    /// "A", "Cross", "Options", "LB".
    public var text: String
    /// A stable name for the picture of the button, `family.button`.
    public var glyph: String

    public init(text: String, glyph: String) {
        self.text = text
        self.glyph = glyph
    }
}

extension ControllerType {
    /// What the player sees on `button` of a pad of this type.
    public func label(for button: ControllerButton) -> ControllerButtonLabel {
        family.label(for: button, of: self)
    }
}

extension ControllerFamily {
    /// The label of `button`; `type` picks between the members of a family
    /// where they differ (the Xbox 360's Back and Start became View and Menu).
    func label(for button: ControllerButton, of type: ControllerType) -> ControllerButtonLabel {
        let text = self.text(for: button, of: type)
        let glyphName = text.lowercased().filter { $0.isLetter || $0.isNumber }
        return ControllerButtonLabel(text: text, glyph: rawValue.lowercased() + "." + (glyphName.isEmpty ? button.rawValue.lowercased() : glyphName))
    }

    private func text(for button: ControllerButton, of type: ControllerType) -> String {
        switch (self, button) {
        case (.xbox, .south): "A"
        case (.xbox, .east): "B"
        case (.xbox, .west): "X"
        case (.xbox, .north): "Y"
        case (.playStation, .south): "Cross"
        case (.playStation, .east): "Circle"
        case (.playStation, .west): "Square"
        case (.playStation, .north): "Triangle"
        case (.nintendo, .south): "B"
        case (.nintendo, .east): "A"
        case (.nintendo, .west): "Y"
        case (.nintendo, .north): "X"
        case (.sidewaysJoyCon, .south): "Bottom"
        case (.sidewaysJoyCon, .east): "Right"
        case (.sidewaysJoyCon, .west): "Left"
        case (.sidewaysJoyCon, .north): "Top"

        case (.xbox, .back): type == .xboxOne ? "View" : "Back"
        case (.xbox, .start): type == .xboxOne ? "Menu" : "Start"
        case (.xbox, .guide): type == .xboxOne || type == .xbox360 ? "Xbox" : "Home"
        case (.playStation, .back): type == .ps5 ? "Create" : type == .ps4 ? "Share" : "Select"
        case (.playStation, .start): type == .ps3 ? "Start" : "Options"
        case (.playStation, .guide): "PS"
        case (.nintendo, .back), (.sidewaysJoyCon, .back): "Minus"
        case (.nintendo, .start), (.sidewaysJoyCon, .start): "Plus"
        case (.nintendo, .guide), (.sidewaysJoyCon, .guide): "Home"

        case (.xbox, .leftShoulder): "LB"
        case (.xbox, .rightShoulder): "RB"
        case (.playStation, .leftShoulder): "L1"
        case (.playStation, .rightShoulder): "R1"
        case (.nintendo, .leftShoulder), (.sidewaysJoyCon, .leftShoulder): "L"
        case (.nintendo, .rightShoulder), (.sidewaysJoyCon, .rightShoulder): "R"
        case (.xbox, .leftStick), (.nintendo, .leftStick), (.sidewaysJoyCon, .leftStick): "LS"
        case (.xbox, .rightStick), (.nintendo, .rightStick), (.sidewaysJoyCon, .rightStick): "RS"
        case (.playStation, .leftStick): "L3"
        case (.playStation, .rightStick): "R3"

        case (_, .dpadUp): "D-pad Up"
        case (_, .dpadDown): "D-pad Down"
        case (_, .dpadLeft): "D-pad Left"
        case (_, .dpadRight): "D-pad Right"
        case (.xbox, .misc1): "Share"
        case (.playStation, .misc1): "Mute"
        case (.nintendo, .misc1), (.sidewaysJoyCon, .misc1): "Capture"
        case (_, .paddle1): "P1"
        case (_, .paddle2): "P2"
        case (_, .paddle3): "P3"
        case (_, .paddle4): "P4"
        case (_, .touchpad): "Touchpad"
        }
    }
}
