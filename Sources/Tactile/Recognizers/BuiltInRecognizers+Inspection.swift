// What each built-in recognizer shows an input debugger: the values a game
// reads from it, in window points and radians.

extension PanGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("translation", .point(translation(in: nil))), InspectedValue("velocity", .point(velocity(in: nil)))]
    }
}

extension PinchGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("scale", .number(scale)), InspectedValue("velocity", .number(velocity))]
    }
}

extension RotationGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("rotation", .number(rotation)), InspectedValue("velocity", .number(velocity))]
    }
}

extension TapGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("taps", .number(Double(numberOfTapsRequired))), InspectedValue("touches", .number(Double(numberOfTouches)))]
    }
}

extension LongPressGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("duration", .number(minimumPressDuration)), InspectedValue("touches", .number(Double(numberOfTouches)))]
    }
}

extension SwipeGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        [InspectedValue("direction", .number(Double(recognizedDirection.rawValue))), InspectedValue("velocity", .point(velocity(in: nil)))]
    }
}

extension StrokeGestureRecognizer: InspectableRecognizer {
    public var inspectedValues: [InspectedValue] {
        guard let match else { return [InspectedValue("guess", .text("-"))] }
        return [InspectedValue("guess", .text(match.name)), InspectedValue("score", .number(match.score))]
    }
}
