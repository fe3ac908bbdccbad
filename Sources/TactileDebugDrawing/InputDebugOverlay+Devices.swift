import Tactile

// The overlay's right-hand column: controllers, motion and the action maps'
// values for the frame.

extension InputDebugOverlay {
    /// Draws the controllers, the motion readings and the actions down the
    /// right edge of a `width`-point canvas; returns how many lines it drew.
    @discardableResult
    func drawDevicePanels(on canvas: Canvas, width: Double) -> Int {
        var column = RightColumn(canvas: canvas, right: width - 4, y: 4)
        for reading in debugger.controllers.prefix(maximumControllers) {
            let name = reading.identity.map { "'\($0.name)' \($0.type)" } ?? "(connected before the debugger)"
            column.line("pad \(reading.controller) \(name)", color: Self.device)
            let buttons = reading.pressedButtons.map(\.rawValue).joined(separator: " ")
            let axes = ControllerAxis.allCases.map { "\($0.rawValue) \(InspectedValue.short(reading.value(of: $0)))" }
            column.line("  " + (buttons.isEmpty ? "no buttons" : buttons), color: Self.device)
            column.line("  " + axes.prefix(3).joined(separator: "  "), color: Self.device)
            column.line("  " + axes.dropFirst(3).joined(separator: "  "), color: Self.device)
        }
        if let motion = debugger.motion {
            var line = "motion \(motion.source.map { "\($0)" } ?? "no source")  \(motion.orientation.rawValue)"
            line += motion.isShaking ? "  SHAKING" : "  no shake"
            column.line(line, color: Self.device)
            if let attitude = motion.attitude {
                let angles = attitude.eulerAngles
                column.line("  attitude r \(degrees(angles.roll)) p \(degrees(angles.pitch)) y \(degrees(angles.yaw))", color: Self.device)
            }
            if let gravity = motion.gravity { column.line("  gravity \(vector(gravity)) g", color: Self.device) }
            if let rate = motion.rotationRate { column.line("  rotation \(vector(rate)) rad/s", color: Self.device) }
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
            column.line(line, color: snapshot.isPressed || snapshot.value != 0 ? Self.activeAction : Self.text)
        }
        if actions.count > maximumActionRows {
            column.line("+\(actions.count - maximumActionRows) more actions", color: Self.text)
        }
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
        let canvas: Canvas
        let right: Double
        var y: Double
        var lines = 0

        mutating func line(_ text: String, color: Color) {
            let size = canvas.textSize(text, scale: 1)
            let x = max(2, right - size.width)
            let origin = Point(x: x, y: y)
            InputDebugOverlay.band(behind: size, at: origin, on: canvas)
            canvas.drawText(text, at: origin, scale: 1, color: color)
            y += InputDebugOverlay.lineHeight
            lines += 1
        }
    }
}
