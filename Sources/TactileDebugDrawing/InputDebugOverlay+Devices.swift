import Tactile

// The overlay's right-hand column: controllers, motion and the action maps'
// values for the frame.

extension InputDebugOverlay {
    /// Draws the controllers, the motion readings and the actions down the
    /// right edge of a `width`-point canvas; returns how many lines it drew.
    @discardableResult
    func drawDevicePanels(on canvas: Canvas, width: Double) -> Int {
        var column = RightColumn(right: width - 4, y: 4)
        var text = takeLines()
        defer { putBack(text) }
        for reading in debugger.controllers.prefix(maximumControllers) {
            let name = reading.identity.map { "'\($0.name)' \($0.type)" } ?? "(identity unknown)"
            column.line("pad \(reading.controller) \(name)", color: Self.device, in: &text)
            let buttons = reading.pressedButtons.map(\.rawValue).joined(separator: " ")
            let axes = ControllerAxis.allCases.map { "\($0.rawValue) \(InspectedValue.short(reading.value(of: $0)))" }
            column.line("  " + (buttons.isEmpty ? "no buttons" : buttons), color: Self.device, in: &text)
            column.line("  " + axes.prefix(3).joined(separator: "  "), color: Self.device, in: &text)
            column.line("  " + axes.dropFirst(3).joined(separator: "  "), color: Self.device, in: &text)
        }
        if let motion = debugger.motion {
            var line = "motion \(motion.source.map { "\($0)" } ?? "no source")  \(motion.orientation.rawValue)"
            line += motion.isShaking ? "  SHAKING" : "  no shake"
            column.line(line, color: Self.device, in: &text)
            if let attitude = motion.attitude {
                let angles = attitude.eulerAngles
                column.line("  attitude r \(degrees(angles.roll)) p \(degrees(angles.pitch)) y \(degrees(angles.yaw))", color: Self.device, in: &text)
            }
            if let gravity = motion.gravity { column.line("  gravity \(vector(gravity)) g", color: Self.device, in: &text) }
            if let rate = motion.rotationRate { column.line("  rotation \(vector(rate)) rad/s", color: Self.device, in: &text) }
        }
        let actions = debugger.actionReadings()
        for reading in actions.prefix(maximumActionRows) {
            let snapshot = reading.snapshot
            var line = "\(reading.action) " + (snapshot.isPressed ? "pressed" : "-")
            if snapshot.justPressed { line += " +\(snapshot.pressCount)" }
            if snapshot.justReleased { line += " -\(snapshot.releaseCount)" }
            if snapshot.value != 0 { line += " v=\(InspectedValue.short(snapshot.value))" }
            if snapshot.vector != .zero { line += " (\(InspectedValue.short(snapshot.vector.x)),\(InspectedValue.short(snapshot.vector.y)))" }
            if !reading.boundBy.isEmpty { line += " by " + reading.boundBy.joined(separator: ", ") }
            column.line(line, color: snapshot.isPressed || snapshot.value != 0 ? Self.activeAction : Self.text, in: &text)
        }
        if actions.count > maximumActionRows {
            column.line("+\(actions.count - maximumActionRows) more actions", color: Self.text, in: &text)
        }
        text.draw(on: canvas)
        return column.lines
    }

    private func degrees(_ radians: Double) -> String {
        InspectedValue.short(radians * 180 / .pi)
    }

    private func vector(_ value: Vector3) -> String {
        "(\(InspectedValue.short(value.x)), \(InspectedValue.short(value.y)), \(InspectedValue.short(value.z)))"
    }

    /// Lines of text down the right edge, right-aligned, each over its dark band.
    @MainActor
    struct RightColumn {
        let right: Double
        var y: Double
        var lines = 0

        mutating func line(_ line: String, color: Color, in text: inout LineBlock) {
            text.append(line)
            text.endLine(at: Point(x: 0, y: y), right: right, color: color)
            y += InputDebugOverlay.lineHeight
            lines += 1
        }
    }
}
