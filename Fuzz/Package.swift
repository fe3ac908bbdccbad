// swift-tools-version: 6.0
import PackageDescription

// Tactile's long fuzz runs: a package of its own, like Benchmarks, so that
// the library gains no executable. The fuzzers themselves live in the
// library's TactileTestSupport, where the test suite runs them briefly.
//
//   swift run -c release format-fuzz 100000
//
// (or scripts/fuzz-formats from the repository root).
let package = Package(
    name: "TactileFuzz",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder
        // name, which is whatever the repository was cloned as.
        .package(name: "Tactile", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "format-fuzz",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileTestSupport", package: "Tactile"),
            ],
            path: "FormatFuzz"
        ),
    ]
)
