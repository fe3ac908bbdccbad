import Testing
@testable import Tactile

// Control selection approximation (seed 001), driven through
// `Scene.send(_:)` with finger events. Every layout is in a 400 × 300 scene
// whose root cannot process touches; frames are given in window points
// unless a comment says otherwise. Distances were worked out by hand and are
// in the comments; `≈` values are rounded to two decimals.

@MainActor
@Suite("Control selection approximation")
struct SelectionApproximationTests {
    // MARK: Test support

    /// An ordered log of touch deliveries across every layer of a test.
    private final class ApproximationLog {
        var lines: [String] = []
    }

    /// A layer that logs each touch it gets as `name phase (x, y)`, in window
    /// points rounded to thousandths, adding `, actual (x, y)` for a virtual
    /// contact. By default it processes touches, as a game's button does.
    private final class Probe: Layer {
        let log: ApproximationLog
        /// Every touch that began here.
        private(set) var began: [Touch] = []

        init(_ name: String, frame: Rect, log: ApproximationLog, processes: Bool = true) {
            self.log = log
            super.init(frame: frame, name: name)
            handlesTouches = processes
        }

        private func record(_ phase: String, _ touches: [Touch]) {
            for touch in touches {
                var line = "\(name!) \(phase) \(SelectionApproximationTests.rounded(touch.location))"
                if touch.isApproximated { line += ", actual \(SelectionApproximationTests.rounded(touch.actualLocation))" }
                log.lines.append(line)
            }
        }

        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            began += touches
            record("began", touches)
        }

        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { record("moved", touches) }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { record("ended", touches) }
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { record("cancelled", touches) }
    }

    /// The end of the responder chain: logs the touches no layer handled.
    private final class ProbeApplication: Responder {
        let log: ApproximationLog
        init(log: ApproximationLog) { self.log = log }

        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            log.lines.append("application began \(SelectionApproximationTests.rounded(touches[0].location))")
        }

        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            log.lines.append("application ended \(SelectionApproximationTests.rounded(touches[0].location))")
        }
    }

    /// `point` rounded to thousandths, so that a virtual location a hair inside
    /// an edge reads as the edge (and -0.0 as 0.0).
    private static func rounded(_ point: Point) -> Point {
        Point(x: (point.x * 1000).rounded() / 1000 + 0, y: (point.y * 1000).rounded() / 1000 + 0)
    }

    /// A finger event for finger `index` of touch device 7.
    private func contact(_ index: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> InputEvent {
        InputEvent(timestamp: 0, .pointer(PointerEvent(phase, id: PointerID(kind: .finger, device: 7, index: index), location: Point(x: x, y: y))))
    }

    private func tap(_ scene: Scene, _ index: Int64, at x: Double, _ y: Double) {
        scene.send(contact(index, .down, x, y))
        scene.send(contact(index, .up, x, y))
    }

    /// A 400 × 300 scene with approximation set as given, its log, and a
    /// recording application at the end of the responder chain.
    private func makeScene(_ approximation: SelectionApproximation?) -> (Scene, ApproximationLog) {
        let scene = Scene(size: Size(width: 400, height: 300))
        let log = ApproximationLog()
        scene.application = ProbeApplication(log: log)
        scene.approximation = approximation
        return (scene, log)
    }

    private func isClose(_ a: Double, _ b: Double, within tolerance: Double = 0.005) -> Bool {
        abs(a - b) <= tolerance
    }

    private func isClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
        isClose(a.x, b.x, within: tolerance) && isClose(a.y, b.y, within: tolerance)
    }

    // MARK: Metrics

    /// Big B (100, 100, 100 × 100), centre (150, 150); small S
    /// (230, 140, 20 × 20), centre (240, 150). Added B then S.
    private func bigAndSmall(_ metric: SelectionApproximation.Metric) -> (Scene, ApproximationLog, big: Probe, small: Probe) {
        let (scene, log) = makeScene(SelectionApproximation(metric: metric, maximumDistance: 50))
        let big = Probe("B", frame: Rect(x: 100, y: 100, width: 100, height: 100), log: log)
        let small = Probe("S", frame: Rect(x: 230, y: 140, width: 20, height: 20), log: log)
        scene.root.addChild(big)
        scene.root.addChild(small)
        return (scene, log, big, small)
    }

    /// The layer that got the touch of a tap at (x, y) with `metric`.
    private func winner(_ metric: SelectionApproximation.Metric, at x: Double, _ y: Double) -> String? {
        let (scene, log, _, _) = bigAndSmall(metric)
        tap(scene, 1, at: x, y)
        return log.lines.first?.split(separator: " ").first.map(String.init)
    }

    /// Seed 001's order: the best candidate by the metric is identified
    /// first, then confirmed within the maximum distance; out of reach, it
    /// is ignored, not replaced by the best of those within reach.
    @Test func theBestCandidateIsIdentifiedBeforeTheLimitIsChecked() {
        // Wide W (0, 200, 400 × 20), centre (200, 210); small S (300, 100,
        // 10 × 10), centre (305, 105). Contact (300, 185), limit 22:
        //   W: centroid |(300, 185) − (200, 210)| ≈ 103.08; shortest 15
        //   S: centroid |(300, 185) − (305, 105)| ≈ 80.16; shortest 75
        // The centroid metric identifies S, which is 75 away: ignored. W is
        // within reach but was not the best candidate, so nothing is chosen.
        let (scene, log) = makeScene(SelectionApproximation(metric: .centroidDistance, maximumDistance: 22))
        scene.root.addChild(Probe("W", frame: Rect(x: 0, y: 200, width: 400, height: 20), log: log))
        scene.root.addChild(Probe("S", frame: Rect(x: 300, y: 100, width: 10, height: 10), log: log))
        tap(scene, 1, at: 300, 185)
        #expect(log.lines.isEmpty)
        // The shortest-distance metric identifies W, within reach.
        scene.approximation = SelectionApproximation(metric: .shortestDistance, maximumDistance: 22)
        tap(scene, 2, at: 300, 185)
        #expect(log.lines.first == "W began (300.0, 200.0), actual (300.0, 185.0)")
    }

    @Test func centroidDistancePicksTheNearestCentre() {
        // Contact (212, 150), level with both centres.
        //   B: |(212, 150) − (150, 150)| = 62
        //   S: |(212, 150) − (240, 150)| = 28   → S
        // (The shortest distance picks B: 12 against 18.)
        let (_, _, big, small) = bigAndSmall(.centroidDistance)
        let approximation = SelectionApproximation(metric: .centroidDistance)
        #expect(isClose(approximation.distance(from: Point(x: 212, y: 150), to: big), 62))
        #expect(isClose(approximation.distance(from: Point(x: 212, y: 150), to: small), 28))
        #expect(winner(.centroidDistance, at: 212, 150) == "S")
        #expect(winner(.shortestDistance, at: 212, 150) == "B")
    }

    @Test func shortestDistancePicksTheNearestEdge() {
        // Contact (212, 150).
        //   B: to its right edge x = 200: 12
        //   S: to its left edge x = 230: 18   → B
        let (scene, log, big, small) = bigAndSmall(.shortestDistance)
        let approximation = SelectionApproximation(metric: .shortestDistance)
        #expect(isClose(approximation.distance(from: Point(x: 212, y: 150), to: big), 12))
        #expect(isClose(approximation.distance(from: Point(x: 212, y: 150), to: small), 18))
        // Inside a layer the shortest distance is 0.
        #expect(approximation.distance(from: Point(x: 150, y: 120), to: big) == 0)
        tap(scene, 1, at: 212, 150)
        #expect(log.lines == ["B began (200.0, 150.0), actual (212.0, 150.0)", "B ended (200.0, 150.0), actual (212.0, 150.0)"])
    }

    @Test func nearestBoundaryPointMeasuresCornersAndMidpointsOnly() {
        // Long L (100, 100, 200 × 20): its eight points are the corners
        // (100|300, 100|120) and midpoints (200, 100), (200, 120), (100, 110),
        // (300, 110). Small T (140, 145, 20 × 20): top midpoint (150, 145).
        // Contact (150, 130), 10 below L's bottom edge, 15 above T's top.
        //   L: nearest points (100, 120) and (200, 120): √(50² + 10²) = √2600 ≈ 50.99
        //   T: (150, 145): 15   → T
        // (The shortest distance picks L: 10 against 15.)
        let (scene, log) = makeScene(SelectionApproximation(metric: .nearestBoundaryPoint, maximumDistance: 50))
        let long = Probe("L", frame: Rect(x: 100, y: 100, width: 200, height: 20), log: log)
        let small = Probe("T", frame: Rect(x: 140, y: 145, width: 20, height: 20), log: log)
        scene.root.addChild(long)
        scene.root.addChild(small)
        let point = Point(x: 150, y: 130)
        let eight = SelectionApproximation(metric: .nearestBoundaryPoint)
        #expect(isClose(eight.distance(from: point, to: long), 50.99))
        #expect(isClose(eight.distance(from: point, to: small), 15))
        let shortest = SelectionApproximation(metric: .shortestDistance)
        #expect(isClose(shortest.distance(from: point, to: long), 10))
        #expect(isClose(shortest.distance(from: point, to: small), 15))

        tap(scene, 1, at: 150, 130)
        #expect(log.lines.first == "T began (150.0, 145.0), actual (150.0, 130.0)")

        log.lines.removeAll()
        scene.approximation = shortest
        tap(scene, 2, at: 150, 130)
        #expect(log.lines.first == "L began (150.0, 120.0), actual (150.0, 130.0)")
    }

    @Test func weightedNearestPointsAveragesTheNearestThreeOfNine() {
        // Nine points each: corners, edge midpoints, centre. Weighted
        // distance = 0.5·d1 + 0.3·d2 + 0.2·d3 of the nearest three.
        //
        // Contact (212, 150):
        //   B: (200, 150) 12; (200, 100) and (200, 200) √(12² + 50²) = √2644 ≈ 51.42
        //      0.5·12 + 0.3·51.42 + 0.2·51.42 ≈ 31.71
        //   S: (230, 150) 18; (230, 140) and (230, 160) √(18² + 10²) = √424 ≈ 20.59
        //      0.5·18 + 0.5·20.59 ≈ 19.30   → S
        //   (Nearest boundary point picks B: 12 against 18.)
        // Contact (202, 150):
        //   B: 2; √(2² + 50²) = √2504 ≈ 50.04 twice → 1 + 25.02 ≈ 26.02
        //   S: 28; √(28² + 10²) = √884 ≈ 29.73 twice → 14 + 14.87 ≈ 28.87   → B
        //   (Centroid distance picks S: 52 against 38.)
        let (_, _, big, small) = bigAndSmall(.weightedNearestPoints)
        let weighted = SelectionApproximation(metric: .weightedNearestPoints)
        #expect(isClose(weighted.distance(from: Point(x: 212, y: 150), to: big), 31.71))
        #expect(isClose(weighted.distance(from: Point(x: 212, y: 150), to: small), 19.30))
        #expect(isClose(weighted.distance(from: Point(x: 202, y: 150), to: big), 26.02))
        #expect(isClose(weighted.distance(from: Point(x: 202, y: 150), to: small), 28.87))

        #expect(winner(.weightedNearestPoints, at: 212, 150) == "S")
        #expect(winner(.nearestBoundaryPoint, at: 212, 150) == "B")
        #expect(winner(.weightedNearestPoints, at: 202, 150) == "B")
        #expect(winner(.centroidDistance, at: 202, 150) == "S")
    }

    @Test func aRotatedLayerIsMeasuredByItsRotatedShape() throws {
        // R: frame (200, 100, 20 × 20) turned 45° about its centre (210, 110):
        // a diamond with tips (224.14, 110), (210, 124.14), (195.86, 110),
        // (210, 95.86), 10√2 ≈ 14.14 from the centre. Its right-edge midpoint
        // goes to (217.07, 117.07) and its top-edge midpoint to (217.07, 102.93).
        // Q: (256, 100, 20 × 20). Contact (240, 110).
        //   R: shortest 30 − 14.14 ≈ 15.86 (its right tip); unrotated it would be 20
        //   Q: 16   → R, and Q if R were not rotated.
        // R's other metrics: centroid 30; nearest boundary point 15.86 (the tip);
        // weighted: tip 15.86, the two midpoints √(22.93² + 7.07²) ≈ 23.99
        //   → 0.5·15.86 + 0.5·23.99 ≈ 19.93.
        let (scene, log) = makeScene(SelectionApproximation())
        let rotated = Probe("R", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log)
        let other = Probe("Q", frame: Rect(x: 256, y: 100, width: 20, height: 20), log: log)
        scene.root.addChild(rotated)
        scene.root.addChild(other)

        tap(scene, 1, at: 240, 110)
        #expect(log.lines.first == "Q began (256.0, 110.0), actual (240.0, 110.0)")

        rotated.transform = .rotation(.pi / 4)
        let point = Point(x: 240, y: 110)
        let expected: [(SelectionApproximation.Metric, Double)] = [
            (.centroidDistance, 30), (.shortestDistance, 15.86), (.nearestBoundaryPoint, 15.86), (.weightedNearestPoints, 19.93),
        ]
        for (metric, distance) in expected {
            #expect(isClose(SelectionApproximation(metric: metric).distance(from: point, to: rotated), distance), "\(metric)")
        }
        log.lines.removeAll()
        tap(scene, 2, at: 240, 110)
        #expect(log.lines.first == "R began (224.142, 110.0), actual (240.0, 110.0)")
        // The virtual location is inside the rotated layer, as the layer sees it.
        let touch = try #require(rotated.began.last)
        #expect(rotated.contains(touch.location(in: rotated)))
    }

    // MARK: Search order

    @Test func theNearestChildOfTheHitLayerWins() {
        // Panel P (50, 50, 300 × 200) cannot process touches. Its children,
        // in P's coordinates A (20, 20, 20 × 20) and B (100, 20, 20 × 20),
        // are A (70…90, 70…90) and B (150…170, 70…90) in the window.
        // Contact (110, 80) hits P.   A: 20 (to x = 90)   B: 40 (to x = 150)   → A
        let (scene, log) = makeScene(SelectionApproximation())
        let panel = Probe("P", frame: Rect(x: 50, y: 50, width: 300, height: 200), log: log, processes: false)
        panel.addChild(Probe("A", frame: Rect(x: 20, y: 20, width: 20, height: 20), log: log))
        panel.addChild(Probe("B", frame: Rect(x: 100, y: 20, width: 20, height: 20), log: log))
        scene.root.addChild(panel)

        tap(scene, 1, at: 110, 80)
        #expect(log.lines == ["A began (90.0, 80.0), actual (110.0, 80.0)", "A ended (90.0, 80.0), actual (110.0, 80.0)"])
    }

    @Test func theSearchFollowsThePatentsOrderUpTheTree() {
        // root ─ G (0, 0, 400 × 300) ─┬─ P (0, 0, 300 × 300) ─┬─ S (250, 150, 20 × 20)
        //                            │                       └─ H (100, 100, 100 × 100), cannot process
        //                            │                            └─ A (110, 110, 10 × 10 in the window)
        //                            └─ U (350, 150, 20 × 20)
        // Contact (150, 150) hits H. Shortest distances: A √(30² + 30²) ≈ 42.43,
        // P and G 0 (the contact is inside them), S 100, U 200. The limit is
        // raised to 500 so that only the order decides.
        // Turning off each winner in turn walks the patent's order: H's child
        // A, the parent P, P's other child S, the grandparent G, G's other
        // child U, then nothing: the contact is ignored.
        let (scene, log) = makeScene(SelectionApproximation(maximumDistance: 500))
        let g = Probe("G", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        let p = Probe("P", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        let s = Probe("S", frame: Rect(x: 250, y: 150, width: 20, height: 20), log: log)
        let h = Probe("H", frame: Rect(x: 100, y: 100, width: 100, height: 100), log: log, processes: false)
        let a = Probe("A", frame: Rect(x: 10, y: 10, width: 10, height: 10), log: log)
        let u = Probe("U", frame: Rect(x: 350, y: 150, width: 20, height: 20), log: log)
        scene.root.addChild(g)
        g.addChild(p)
        g.addChild(u)
        p.addChild(s)
        p.addChild(h)
        h.addChild(a)

        var began: [String] = []
        for (index, layer) in [a, p, s, g, u, nil].enumerated() {
            log.lines.removeAll()
            tap(scene, Int64(index), at: 150, 150)
            began.append(log.lines.first ?? "ignored")
            layer?.handlesTouches = false
        }
        #expect(began == [
            "A began (120.0, 120.0), actual (150.0, 150.0)",
            // The contact is inside the parent: the virtual contact is where the real one is.
            "P began (150.0, 150.0), actual (150.0, 150.0)",
            "S began (250.0, 150.0), actual (150.0, 150.0)",
            "G began (150.0, 150.0), actual (150.0, 150.0)",
            "U began (350.0, 150.0), actual (150.0, 150.0)",
            "ignored",
        ])
    }

    @Test func theHitLayersDescendantsAreSearchedALevelAtATime() {
        // H (50, 50, 300 × 200) cannot process. Its children: container C
        // (50…150, 50…150), which cannot process, and A (300…320, 70…90).
        // C's child D (in C: 60, 60, 20 × 20) is at (110…130, 110…130).
        // Contact (200, 120) hits H.   A: √(100² + 30²) ≈ 104.40   D: 70
        // A is a child and D a grandchild, so A wins although D is nearer;
        // with A turned off, D.
        let (scene, log) = makeScene(SelectionApproximation(maximumDistance: 500))
        let h = Probe("H", frame: Rect(x: 50, y: 50, width: 300, height: 200), log: log, processes: false)
        let c = Probe("C", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log, processes: false)
        let d = Probe("D", frame: Rect(x: 60, y: 60, width: 20, height: 20), log: log)
        let a = Probe("A", frame: Rect(x: 250, y: 20, width: 20, height: 20), log: log)
        scene.root.addChild(h)
        h.addChild(c)
        h.addChild(a)
        c.addChild(d)

        tap(scene, 1, at: 200, 120)
        #expect(log.lines.first == "A began (300.0, 90.0), actual (200.0, 120.0)")
        log.lines.removeAll()
        a.handlesTouches = false
        tap(scene, 2, at: 200, 120)
        #expect(log.lines.first == "D began (130.0, 120.0), actual (200.0, 120.0)")
    }

    @Test func aContactOnOneToolbarCanSelectAButtonOnTheOther() {
        // The patent's toolbar example: W (0, 200, 400 × 100) holds toolbar
        // TA (y 200…250) with buttons F, G, H (x 10…50, 60…100, 110…150,
        // y 205…245) and toolbar TB (y 250…300) with buttons I, J, K
        // (x 200…240, 250…290, 300…340, y 255…295). W, TA and TB cannot process.
        // Contact (260, 240) hits TA. F, G, H are over 22 away (H: 110), so
        // the search goes on to W (cannot process), then W's other child TB
        // (cannot process), then TB's children:
        //   I: (240, 255) √(20² + 15²) = 25, over the limit   J: 15   K: √(40² + 15²) ≈ 42.72
        //   → J.
        let (scene, log) = makeScene(SelectionApproximation())
        let w = Probe("W", frame: Rect(x: 0, y: 200, width: 400, height: 100), log: log, processes: false)
        let ta = Probe("TA", frame: Rect(x: 0, y: 0, width: 400, height: 50), log: log, processes: false)
        let tb = Probe("TB", frame: Rect(x: 0, y: 50, width: 400, height: 50), log: log, processes: false)
        scene.root.addChild(w)
        w.addChild(ta)
        w.addChild(tb)
        for (name, x) in [("F", 10.0), ("G", 60), ("H", 110)] {
            ta.addChild(Probe(name, frame: Rect(x: x, y: 5, width: 40, height: 40), log: log))
        }
        for (name, x) in [("I", 200.0), ("J", 250), ("K", 300)] {
            tb.addChild(Probe(name, frame: Rect(x: x, y: 5, width: 40, height: 40), log: log))
        }

        tap(scene, 1, at: 260, 240)
        #expect(log.lines == ["J began (260.0, 255.0), actual (260.0, 240.0)", "J ended (260.0, 255.0), actual (260.0, 240.0)"])
    }

    @Test func aContactOutsideTheRootIsSearchedFromTheTop() {
        // Nothing is hit at (405, 110), outside the 400-wide root.
        // Button N (380, 100, 20 × 20): 5 away → N.
        let (scene, log) = makeScene(SelectionApproximation())
        scene.root.addChild(Probe("N", frame: Rect(x: 380, y: 100, width: 20, height: 20), log: log))
        tap(scene, 1, at: 405, 110)
        #expect(log.lines.first == "N began (400.0, 110.0), actual (405.0, 110.0)")
    }

    @Test func onATieTheLayerOnTopWins() {
        // N (200…220) and F (240…260), y 100…120. Contact (230, 110): 10 from each.
        let (scene, log) = makeScene(SelectionApproximation())
        let near = Probe("N", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log)
        let far = Probe("F", frame: Rect(x: 240, y: 100, width: 20, height: 20), log: log)
        scene.root.addChild(near)
        scene.root.addChild(far)
        tap(scene, 1, at: 230, 110)
        #expect(log.lines.first?.hasPrefix("F began") == true)
        log.lines.removeAll()
        scene.root.bringChildToFront(near)
        tap(scene, 2, at: 230, 110)
        #expect(log.lines.first?.hasPrefix("N began") == true)
    }

    // MARK: Maximum distance

    @Test func theMaximumDistanceIsInclusiveAndBeyondItTheContactIsIgnored() {
        // Button N (200…220, 100…120), default limit 22.
        // Contact (178, 110): 22 from N's left edge → N.
        // Contact (177, 110): 23 → ignored, with its moves and lift, even
        // when it then moves onto N.
        let (scene, log) = makeScene(SelectionApproximation())
        #expect(scene.approximation?.maximumDistance == 22)
        scene.root.addChild(Probe("N", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log))

        tap(scene, 1, at: 178, 110)
        #expect(log.lines == ["N began (200.0, 110.0), actual (178.0, 110.0)", "N ended (200.0, 110.0), actual (178.0, 110.0)"])

        log.lines.removeAll()
        scene.send(contact(2, .down, 177, 110))
        scene.send(contact(2, .move, 210, 110))
        scene.send(contact(2, .up, 210, 110))
        #expect(log.lines == [])
    }

    @Test func theMaximumDistanceIsToTheShapeWhateverTheMetric() {
        // Contact (178, 110) is 22 from N's edge but 32 from its centre
        // (210, 110): the limit is measured to the shape, so N still qualifies.
        let (scene, log) = makeScene(SelectionApproximation(metric: .centroidDistance))
        scene.root.addChild(Probe("N", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log))
        tap(scene, 1, at: 178, 110)
        #expect(log.lines.first == "N began (200.0, 110.0), actual (178.0, 110.0)")
    }

    // MARK: What qualifies

    /// N (200…220) and F (240…260), y 100…120; contact (228, 110) is 8
    /// from N and 12 from F.
    private func nearAndFar() -> (Scene, ApproximationLog, near: Probe, far: Probe) {
        let (scene, log) = makeScene(SelectionApproximation())
        let near = Probe("N", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log)
        let far = Probe("F", frame: Rect(x: 240, y: 100, width: 20, height: 20), log: log)
        scene.root.addChild(near)
        scene.root.addChild(far)
        return (scene, log, near, far)
    }

    @Test func ineligibleLayersAreSkipped() {
        let (scene, log, near, far) = nearAndFar()
        tap(scene, 1, at: 228, 110)
        #expect(log.lines.first == "N began (220.0, 110.0), actual (228.0, 110.0)")

        log.lines.removeAll()
        near.isApproximationEligible = false
        tap(scene, 2, at: 228, 110)
        #expect(log.lines.first == "F began (240.0, 110.0), actual (228.0, 110.0)")

        // Eligibility is about contacts that miss: one that lands on N still goes to N.
        log.lines.removeAll()
        tap(scene, 3, at: 210, 110)
        #expect(log.lines.first == "N began (210.0, 110.0)")

        log.lines.removeAll()
        far.isApproximationEligible = false
        tap(scene, 4, at: 228, 110)
        #expect(log.lines == [])
    }

    @Test func layersThatCannotProcessTouchesAreSkipped() {
        let (scene, log, near, _) = nearAndFar()
        near.handlesTouches = false
        #expect(!near.canProcessTouches)
        tap(scene, 1, at: 228, 110)
        #expect(log.lines.first == "F began (240.0, 110.0), actual (228.0, 110.0)")
    }

    @Test(arguments: ["hidden", "transparent", "not interactive", "inside a hidden container"])
    func layersThatCannotBeHitAreSkipped(_ how: String) {
        let (scene, log, near, _) = nearAndFar()
        switch how {
        case "hidden": near.isHidden = true
        case "transparent": near.alpha = 0
        case "not interactive": near.isUserInteractionEnabled = false
        default:
            // N moves into a container that covers the window but is hidden
            // and cannot process touches.
            let container = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            container.isHidden = true
            scene.root.insertChild(container, at: 0)
            container.addChild(near)
        }
        tap(scene, 1, at: 228, 110)
        #expect(log.lines.first == "F began (240.0, 110.0), actual (228.0, 110.0)")
    }

    @Test func aBusyOneTouchLayerIsPassedOver() {
        // Finger 1 holds N, which takes one touch at a time. Finger 2 lands
        // at (228, 110), nearer N (8) than F (12): it goes to F.
        let (scene, log, _, _) = nearAndFar()
        scene.send(contact(1, .down, 210, 110))
        scene.send(contact(2, .down, 228, 110))
        #expect(log.lines == ["N began (210.0, 110.0)", "F began (240.0, 110.0), actual (228.0, 110.0)"])
    }

    // MARK: The virtual contact

    @Test func approximationIsOffByDefault() {
        // Without approximation, a contact 5 points from N goes to the layer
        // it hits, the root, and up the responder chain to the application.
        let scene = Scene(size: Size(width: 400, height: 300))
        #expect(scene.approximation == nil)
        let log = ApproximationLog()
        scene.application = ProbeApplication(log: log)
        scene.root.addChild(Probe("N", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log))
        tap(scene, 1, at: 225, 110)
        #expect(log.lines == ["application began (225.0, 110.0)", "application ended (225.0, 110.0)"])
    }

    @Test func theVirtualLocationIsClampedIntoTheLayerAndTheActualOneKept() throws {
        let (scene, _, near, _) = nearAndFar()
        scene.send(contact(1, .down, 228, 110))
        let touch = try #require(near.began.first)
        #expect(touch.isApproximated)
        #expect(touch.actualLocation == Point(x: 228, y: 110))
        // N's right edge is x = 220, which its bounds leave out: the virtual
        // contact sits a hair inside it, where N counts it as its own.
        #expect(isClose(touch.location, Point(x: 220, y: 110)))
        #expect(touch.location.x < 220)
        #expect(near.contains(touch.location(in: near)))
        #expect(touch.location(in: near).y == 10)

        // A contact that lands on a layer able to process it is left alone.
        scene.send(contact(2, .down, 250, 110))
        let direct = try #require(scene.event.allTouches.last)
        #expect(!direct.isApproximated)
        #expect(direct.location == direct.actualLocation)
    }

    @Test func anEllipticLayersVirtualContactIsInsideTheEllipse() throws {
        // Round E (200, 100, 20 × 20), centre (210, 110), radius 10. Contact
        // (225, 95): the nearest point of E's bounds is their corner (220, 100),
        // outside the circle; the virtual contact slides towards the centre to
        // the circle, at (210 + 10/√2, 110 − 10/√2) ≈ (217.07, 102.93).
        let (scene, log) = makeScene(SelectionApproximation())
        let round = Probe("E", frame: Rect(x: 200, y: 100, width: 20, height: 20), log: log)
        round.appearance.shape = .ellipse
        scene.root.addChild(round)
        scene.send(contact(1, .down, 225, 95))
        let touch = try #require(round.began.first)
        #expect(round.contains(touch.location(in: round)))
        #expect(isClose(touch.location, Point(x: 217.071, y: 102.929), within: 0.001))
    }

    @Test func theVirtualContactMovesInParallelAndStaysBoundForLife() {
        // Down at (228, 110) → N at (220, 110): offset (−8, 0). The contact
        // then moves onto F; it stays N's, 8 points to the left of the finger.
        let (scene, log, _, _) = nearAndFar()
        scene.send(contact(1, .down, 228, 110))
        scene.send(contact(1, .move, 238, 130))
        scene.send(contact(1, .move, 250, 110))
        scene.send(contact(1, .up, 252, 112))
        #expect(log.lines == [
            "N began (220.0, 110.0), actual (228.0, 110.0)",
            "N moved (230.0, 130.0), actual (238.0, 130.0)",
            "N moved (242.0, 110.0), actual (250.0, 110.0)",
            "N ended (244.0, 112.0), actual (252.0, 112.0)",
        ])

        // The offset belongs to that touch alone: the next contact, on F, is real.
        log.lines.removeAll()
        tap(scene, 2, at: 250, 110)
        #expect(log.lines == ["F began (250.0, 110.0)", "F ended (250.0, 110.0)"])
    }

    @Test func aCancelledVirtualContactIsCancelledForItsLayer() {
        let (scene, log, _, _) = nearAndFar()
        scene.send(contact(1, .down, 228, 110))
        scene.send(contact(1, .cancel, 229, 110))
        #expect(log.lines == [
            "N began (220.0, 110.0), actual (228.0, 110.0)",
            "N cancelled (221.0, 110.0), actual (229.0, 110.0)",
        ])
    }
}
