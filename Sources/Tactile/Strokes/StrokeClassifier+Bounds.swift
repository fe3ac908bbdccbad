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
    /// the roundings of a difference of two roots) of the cloud `x`/`y`,
    /// whose points lie in `cells`, into `cellCenters`' slot `cloud` (see
    /// `preparedCloud`).
    func fillCellCenters(cloud: Int, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                         cells: UnsafeMutablePointer<Int32>) {
        let centerX = cellCenters + 3 * n * cloud, centerY = centerX + n, offset = centerY + n
        for index in 0..<n {
            let cell = Int(cells[index])
            // The centre as `fillLookup` places it.
            centerX[index] = (Double(cell % grid) + 0.5) / cellsPerUnit - extent
            centerY[index] = (Double(cell / grid) + 0.5) / cellsPerUnit - extent
            let dx = centerX[index] - x[index], dy = centerY[index] - y[index]
            offset[index] = (dx * dx + dy * dy).squareRoot() + 1e-12
        }
    }

    /// Which of `cellCenters`' clouds `x` is, or nil: 0 the drawing scaled
    /// by axes, 1 + r the uniform one turned by first rotation r, each made
    /// once a drawing; a cloud turned elsewhere (an aligned or refined
    /// angle) has none.
    private func preparedCloud(_ x: UnsafeMutablePointer<Double>) -> Int? {
        if x == aspectX { return 0 }
        let turned = x - turnedX
        guard turned >= 0, turned < rotationCos.count * n else { return nil }
        return 1 + turned / n
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
        if let cloud = preparedCloud(x) {
            // The drawing as drawn, or turned by a first rotation: its
            // cells, their centres and its offsets from them made once
            // (`fillCellCenters`; session 29: making them for each sample
            // was three fifths of a drawing's classification, two fifths of
            // a rotation-invariant one's).
            let cells = cloud == 0 ? aspectCell : turnedCell + (cloud - 1) * n
            let centerX = cellCenters + 3 * n * cloud, centerY = centerX + n, offset = centerY + n
            for index in 0..<n {
                let target = Int(lookup[Int(cells[index]) &* stride])
                let tx = sx[target] - centerX[index], ty = sy[target] - centerY[index]
                let bound = (tx * tx + ty * ty).squareRoot() - offset[index]
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
    /// (`fillNearestBounds`, which it leaves in `pointBounds`) added, in its
    /// units.
    func lowerBound(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, sample: Int) -> Double {
        2 * fillNearestBounds(x: x, y: y, sample: sample) * (1 / Double(2 * n))
    }
}
