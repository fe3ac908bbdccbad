/// Lower bounds of a matching through the samples' lookup grids ($Q's
/// look-up table, Vatavu, Anthony and Wobbrock 2018): each cell of a
/// sample's grid names the sample point nearest the cell's centre, which
/// bounds how near any point in the cell can come to the sample. The
/// candidates are ordered by these bounds and skipped once one reaches the
/// best so far (StrokeClassifier.swift), and a matching is cut short by
/// them (StrokeClassifier+Matching.swift).
extension StrokeClassifier {
    /// Each point's cell of the lookup grids (`row · grid + column`), the
    /// border cells taking the points beyond them; without branches.
    func fillCells(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                   into cells: UnsafeMutablePointer<Int32>) {
        let limit = Double(grid) - 0.5
        for index in 0..<n {
            let column = Int(min(max((x[index] + extent) * cellsPerUnit, 0), limit))
            let row = Int(min(max((y[index] + extent) * cellsPerUnit, 0), limit))
            cells[index] = Int32(truncatingIfNeeded: row * grid + column)
        }
    }

    /// Each point's cell centre and its distance from it (a hair more, for
    /// the roundings of a difference of two roots) of the drawing's cloud
    /// scaled by axes, into `cellCenterX`/`cellCenterY`/`cellOffset`: the
    /// same for every sample, so made once a drawing.
    func fillCellCenters() {
        for index in 0..<n {
            let cell = Int(aspectCell[index])
            // The centre as `fillLookup` places it.
            let centerX = (Double(cell % grid) + 0.5) / cellsPerUnit - extent
            let centerY = (Double(cell / grid) + 0.5) / cellsPerUnit - extent
            let dx = centerX - aspectX[index], dy = centerY - aspectY[index]
            cellCenterX[index] = centerX
            cellCenterY[index] = centerY
            cellOffset[index] = (dx * dx + dy * dy).squareRoot() + 1e-12
        }
    }

    /// Each drawn point's lower bound of its least squared distance to
    /// `sample`, into `pointBounds`, through the sample's lookup grid: the
    /// centre C of the point's cell lies at d(C) from the sample point the
    /// grid names (the nearest to C), so every sample point lies at least
    /// d(C) − |p − C| from p. A point beyond the grid takes a border cell:
    /// the bound holds for any C. |p − C| is taken a hair more (10⁻¹²) for
    /// the roundings of a difference of two roots. Returns their sum.
    func fillNearestBounds(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        let lookup = lookup(of: sample), stride = sampleCount
        let sx = sampleX + sample * n, sy = sampleY + sample * n
        let bounds = pointBounds
        var sum = 0.0
        if x == aspectX && y == aspectY {
            // The drawing as drawn: its cells, their centres and its offsets
            // from them made once (`fillCellCenters`; session 29: making
            // them for each sample was three fifths of a classification).
            for index in 0..<n {
                let target = Int(lookup[Int(aspectCell[index]) &* stride])
                let tx = sx[target] - cellCenterX[index], ty = sy[target] - cellCenterY[index]
                let bound = (tx * tx + ty * ty).squareRoot() - cellOffset[index]
                bounds[index] = bound > 0 ? bound * bound : 0
                sum += bounds[index]
            }
            return sum
        }
        let last = Double(grid) - 0.5
        for index in 0..<n {
            let px = x[index], py = y[index]
            // The cell and its centre as `fillCells` and `fillLookup` make them.
            let column = Int(min(max((px + extent) * cellsPerUnit, 0), last))
            let row = Int(min(max((py + extent) * cellsPerUnit, 0), last))
            let centerX = (Double(column) + 0.5) / cellsPerUnit - extent
            let centerY = (Double(row) + 0.5) / cellsPerUnit - extent
            let target = Int(lookup[(row &* grid &+ column) &* stride])
            let tx = sx[target] - centerX, ty = sy[target] - centerY
            let ox = px - centerX, oy = py - centerY
            let bound = (tx * tx + ty * ty).squareRoot() - ((ox * ox + oy * oy).squareRoot() + 1e-12)
            bounds[index] = bound > 0 ? bound * bound : 0
            sum += bounds[index]
        }
        return sum
    }

    /// The least `match` can return for the cloud `x`/`y` and `sample`
    /// that the lookup grid proves: twice the drawn points' bounds
    /// (`fillNearestBounds`) added, in its units, the same arithmetic as
    /// its own first test.
    func lowerBound(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        2 * fillNearestBounds(x: x, y: y, sample: sample) * (1 / Double(2 * n))
    }
}
