// swift-tools-version: 6.1
import PackageDescription

// Tactile's benchmarks: a package of its own, so that the library does not
// depend on package-benchmark. One executable target per subsystem under
// Benchmarks/<Name>/, which is where package-benchmark's plugin looks.
//
//   swift package --allow-writing-to-package-directory benchmark
//
// (or scripts/bench from the repository root). The MallocInterposer trait
// counts allocations (`.mallocCountTotal`) without jemalloc.
let package = Package(
    name: "TactileBenchmarks",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder
        // name, which is whatever the repository was cloned as.
        .package(name: "Tactile", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // SDL's push+poll floor, registered by every benchmark executable.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TactileSDL", package: "Tactile"),
            ],
            path: "Support"
        ),
        // glibc's heap counts, for the memory-per-layer and per-recognizer rows.
        .target(name: "HeapStatistics", path: "HeapStatistics"),
        // The workloads a benchmark and a profiling executable share.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
                .product(name: "TactileDebugDrawing", package: "Tactile"),
            ],
            path: "Fixtures"
        ),
        .executableTarget(
            name: "InputBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
            ],
            path: "Benchmarks/InputBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SceneBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkFixtures",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
                // SplitMix64, so the scene and its points are the same every run.
                .product(name: "TactileTestSupport", package: "Tactile"),
                // The input debugger's overlay on the software renderer.
                .product(name: "TactileDebugDrawing", package: "Tactile"),
                "HeapStatistics",
            ],
            path: "Benchmarks/SceneBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "MotionBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
                // VirtualController, the sensors' source.
                .product(name: "TactileSDLTestSupport", package: "Tactile"),
            ],
            path: "Benchmarks/MotionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RollbackBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkFixtures",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
            ],
            path: "Benchmarks/RollbackBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ActionBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
            ],
            path: "Benchmarks/ActionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StrokeBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
                // The synthesized drawings classified.
                .product(name: "TactileTestSupport", package: "Tactile"),
            ],
            path: "Benchmarks/StrokeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not a benchmark: the stroke recognizer's accuracy report and the
        // built-in stroke templates' generator (scripts/evaluate-strokes).
        .executableTarget(
            name: "StrokeEvaluation",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileTestSupport", package: "Tactile"),
                // `recorded`: drawings played through SDL's event queue,
                // the stick's on a VirtualController.
                .product(name: "TactileSDL", package: "Tactile"),
                .product(name: "TactileSDLTestSupport", package: "Tactile"),
            ],
            path: "Evaluation/StrokeEvaluation"
        ),
        // Not a benchmark: fixed workloads of the scene's hot paths for
        // callgrind and perf (scripts/profile-path).
        .executableTarget(
            name: "PathProfile",
            dependencies: ["BenchmarkFixtures", .product(name: "Tactile", package: "Tactile")],
            path: "Evaluation/PathProfile"
        ),
        // Not a benchmark: the input debugger's workloads (issue 19) for
        // callgrind and perf (scripts/profile-debugger).
        .executableTarget(
            name: "DebuggerProfile",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileSDL", package: "Tactile"),
                .product(name: "TactileDebugDrawing", package: "Tactile"),
            ],
            path: "Evaluation/DebuggerProfile"
        ),
        // Not a benchmark: the shake detector's accuracy report (scripts/evaluate-shake).
        .executableTarget(
            name: "ShakeEvaluation",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileTestSupport", package: "Tactile"),
            ],
            path: "Evaluation/ShakeEvaluation"
        ),
        .executableTarget(
            name: "FormatBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
            ],
            path: "Benchmarks/FormatBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
