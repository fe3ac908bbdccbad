import Testing
@testable import Tactile

/// Labels are a question about the pad, asked for prompts; bindings never
/// see them.
struct ControllerButtonLabelTests {
    @Test func faceButtonsAreNamedAsEachFamilyPrintsThem() {
        let faces: [ControllerButton] = [.south, .east, .west, .north]
        #expect(faces.map { ControllerType.xboxOne.label(for: $0).text } == ["A", "B", "X", "Y"])
        #expect(faces.map { ControllerType.ps4.label(for: $0).text } == ["Cross", "Circle", "Square", "Triangle"])
        #expect(faces.map { ControllerType.switchPro.label(for: $0).text } == ["B", "A", "Y", "X"])
        #expect(faces.map { ControllerType.joyConPair.label(for: $0).text } == ["B", "A", "Y", "X"])
        #expect(faces.map { ControllerType.joyConLeft.label(for: $0).text } == ["Bottom", "Right", "Left", "Top"])
        #expect(faces.map { ControllerType.unknown.label(for: $0).text } == ["A", "B", "X", "Y"])
    }

    @Test func membersOfAFamilyDifferWhereTheirPadsDo() {
        #expect(ControllerType.xbox360.label(for: .back).text == "Back")
        #expect(ControllerType.xboxOne.label(for: .back).text == "View")
        #expect(ControllerType.ps3.label(for: .back).text == "Select")
        #expect(ControllerType.ps4.label(for: .back).text == "Share")
        #expect(ControllerType.ps5.label(for: .back).text == "Create")
        #expect(ControllerType.ps5.label(for: .start).text == "Options")
        #expect(ControllerType.switchPro.label(for: .back).text == "Minus")
    }

    /// Glyph names are what a game keys its art by: one per picture, never
    /// empty, never shared by two different pictures within a family.
    @Test func glyphNamesAreUniqueWithinAFamilyAndNameTheFamily() {
        for type in ControllerType.allCases {
            let labels = ControllerButton.allCases.map { type.label(for: $0) }
            #expect(Set(labels.map(\.glyph)).count == labels.count, "\(type)")
            for label in labels {
                #expect(label.glyph.hasPrefix(type.family.rawValue.lowercased() + "."))
                #expect(label.glyph.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "." })
                #expect(!label.text.isEmpty)
            }
        }
        #expect(ControllerType.ps5.label(for: .south).glyph == "playstation.cross")
        #expect(ControllerType.xbox360.label(for: .dpadUp).glyph == "xbox.dpadup")
    }
}
