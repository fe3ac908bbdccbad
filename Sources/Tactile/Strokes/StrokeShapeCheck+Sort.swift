/// Sorting the few dozen distances a shape measure or a lower bound of the
/// classifier needs, ascending, in place, without allocating.
extension StrokeShapeCheck {
    /// Sorts `n` values ascending. Thirty-two, the default point count, go
    /// through a fixed network of compare-exchanges; other counts by
    /// insertion. Either gives the same values in the same places (values
    /// that compare equal are equal, finite distances having no −0).
    static func sort(_ values: UnsafeMutablePointer<Double>, count n: Int) {
        if n == 32 {
            sortThirtyTwo(values)
            return
        }
        guard n > 1 else { return }
        for position in 1..<n {
            let value = values[position]
            var slot = position
            while slot > 0, values[slot - 1] > value {
                values[slot] = values[slot - 1]
                slot -= 1
            }
            values[slot] = value
        }
    }

    /// Batcher's odd–even merge sort of 32 values, 191 compare-exchanges
    /// held in registers. Why not insertion, as for other counts:
    /// insertion's data-dependent inner loop cost ~2,100 instructions a
    /// sort, with mispredictions, when a classification sorted 32 values a
    /// few dozen times (session 15, the greedy matching's rejection
    /// certificate, gone since session 29; a classification now sorts
    /// two or three); the network's exchanges are branch-free selects,
    /// ~760 instructions.
    /// Generated from the odd–even merge recursion, and checked against a
    /// sort on 20,000 random inputs and 20,000 of zeros and ones (a network
    /// that sorts every 0–1 input sorts every input).
    private static func sortThirtyTwo(_ values: UnsafeMutablePointer<Double>) {
        var v0 = values[0], v1 = values[1], v2 = values[2], v3 = values[3], v4 = values[4], v5 = values[5], v6 = values[6], v7 = values[7]
        var v8 = values[8], v9 = values[9], v10 = values[10], v11 = values[11], v12 = values[12], v13 = values[13], v14 = values[14], v15 = values[15]
        var v16 = values[16], v17 = values[17], v18 = values[18], v19 = values[19], v20 = values[20], v21 = values[21], v22 = values[22], v23 = values[23]
        var v24 = values[24], v25 = values[25], v26 = values[26], v27 = values[27], v28 = values[28], v29 = values[29], v30 = values[30], v31 = values[31]
        order(&v0, &v1); order(&v2, &v3); order(&v4, &v5); order(&v6, &v7); order(&v8, &v9); order(&v10, &v11)
        order(&v12, &v13); order(&v14, &v15); order(&v16, &v17); order(&v18, &v19); order(&v20, &v21); order(&v22, &v23)
        order(&v24, &v25); order(&v26, &v27); order(&v28, &v29); order(&v30, &v31)
        order(&v0, &v2); order(&v1, &v3); order(&v4, &v6); order(&v5, &v7); order(&v8, &v10); order(&v9, &v11)
        order(&v12, &v14); order(&v13, &v15); order(&v16, &v18); order(&v17, &v19); order(&v20, &v22); order(&v21, &v23)
        order(&v24, &v26); order(&v25, &v27); order(&v28, &v30); order(&v29, &v31)
        order(&v1, &v2); order(&v5, &v6); order(&v9, &v10); order(&v13, &v14); order(&v17, &v18); order(&v21, &v22)
        order(&v25, &v26); order(&v29, &v30); order(&v0, &v4)
        order(&v1, &v5); order(&v2, &v6); order(&v3, &v7); order(&v8, &v12); order(&v9, &v13); order(&v10, &v14)
        order(&v11, &v15); order(&v16, &v20); order(&v17, &v21); order(&v18, &v22); order(&v19, &v23); order(&v24, &v28)
        order(&v25, &v29); order(&v26, &v30); order(&v27, &v31)
        order(&v2, &v4); order(&v3, &v5); order(&v10, &v12); order(&v11, &v13); order(&v18, &v20); order(&v19, &v21)
        order(&v26, &v28); order(&v27, &v29)
        order(&v1, &v2); order(&v3, &v4); order(&v5, &v6); order(&v9, &v10); order(&v11, &v12); order(&v13, &v14)
        order(&v17, &v18); order(&v19, &v20); order(&v21, &v22); order(&v25, &v26); order(&v27, &v28); order(&v29, &v30)
        order(&v0, &v8)
        order(&v1, &v9); order(&v2, &v10); order(&v3, &v11); order(&v4, &v12); order(&v5, &v13); order(&v6, &v14)
        order(&v7, &v15); order(&v16, &v24); order(&v17, &v25); order(&v18, &v26); order(&v19, &v27); order(&v20, &v28)
        order(&v21, &v29); order(&v22, &v30); order(&v23, &v31)
        order(&v4, &v8); order(&v5, &v9); order(&v6, &v10); order(&v7, &v11); order(&v20, &v24); order(&v21, &v25)
        order(&v22, &v26); order(&v23, &v27)
        order(&v2, &v4); order(&v3, &v5); order(&v6, &v8); order(&v7, &v9); order(&v10, &v12); order(&v11, &v13)
        order(&v18, &v20); order(&v19, &v21); order(&v22, &v24); order(&v23, &v25); order(&v26, &v28); order(&v27, &v29)
        order(&v1, &v2); order(&v3, &v4); order(&v5, &v6); order(&v7, &v8); order(&v9, &v10); order(&v11, &v12)
        order(&v13, &v14); order(&v17, &v18); order(&v19, &v20); order(&v21, &v22); order(&v23, &v24); order(&v25, &v26)
        order(&v27, &v28); order(&v29, &v30); order(&v0, &v16)
        order(&v1, &v17); order(&v2, &v18); order(&v3, &v19); order(&v4, &v20); order(&v5, &v21); order(&v6, &v22)
        order(&v7, &v23); order(&v8, &v24); order(&v9, &v25); order(&v10, &v26); order(&v11, &v27); order(&v12, &v28)
        order(&v13, &v29); order(&v14, &v30); order(&v15, &v31)
        order(&v8, &v16); order(&v9, &v17); order(&v10, &v18); order(&v11, &v19); order(&v12, &v20); order(&v13, &v21)
        order(&v14, &v22); order(&v15, &v23)
        order(&v4, &v8); order(&v5, &v9); order(&v6, &v10); order(&v7, &v11); order(&v12, &v16); order(&v13, &v17)
        order(&v14, &v18); order(&v15, &v19); order(&v20, &v24); order(&v21, &v25); order(&v22, &v26); order(&v23, &v27)
        order(&v2, &v4); order(&v3, &v5); order(&v6, &v8); order(&v7, &v9); order(&v10, &v12); order(&v11, &v13)
        order(&v14, &v16); order(&v15, &v17); order(&v18, &v20); order(&v19, &v21); order(&v22, &v24); order(&v23, &v25)
        order(&v26, &v28); order(&v27, &v29)
        order(&v1, &v2); order(&v3, &v4); order(&v5, &v6); order(&v7, &v8); order(&v9, &v10); order(&v11, &v12)
        order(&v13, &v14); order(&v15, &v16); order(&v17, &v18); order(&v19, &v20); order(&v21, &v22); order(&v23, &v24)
        order(&v25, &v26); order(&v27, &v28); order(&v29, &v30)
        values[0] = v0; values[1] = v1; values[2] = v2; values[3] = v3; values[4] = v4; values[5] = v5; values[6] = v6; values[7] = v7
        values[8] = v8; values[9] = v9; values[10] = v10; values[11] = v11; values[12] = v12; values[13] = v13; values[14] = v14; values[15] = v15
        values[16] = v16; values[17] = v17; values[18] = v18; values[19] = v19; values[20] = v20; values[21] = v21; values[22] = v22; values[23] = v23
        values[24] = v24; values[25] = v25; values[26] = v26; values[27] = v27; values[28] = v28; values[29] = v29; values[30] = v30; values[31] = v31
    }

    /// The lesser of `a` and `b` into `a`, the greater into `b`: one
    /// comparison choosing both, so the two are always a permutation.
    @inline(__always)
    private static func order(_ a: inout Double, _ b: inout Double) {
        let swapped = b < a
        (a, b) = (swapped ? b : a, swapped ? a : b)
    }
}
