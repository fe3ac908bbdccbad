// What the input debugger reads from an action map: each action's snapshot
// for the frame and the bindings that made it.

extension ActionMap: ActionMapReading {
    func appendReadings(to readings: inout [ActionReading]) {
        for (index, action) in actions.enumerated() {
            var boundBy: [String] = []
            for binding in actionRanges[index] {
                let compiled = compiled[binding]
                guard compiled.isHeld || compiled.value != 0 || compiled.vector != .zero else { continue }
                boundBy.append(ActionMapFile.text(of: compiledBindings[binding]))
            }
            readings.append(ActionReading(action: "\(action)", snapshot: snapshots[index], boundBy: boundBy))
        }
    }
}
