// swift-tools-version: 6.0
import PackageDescription

// A game's own package that uses Tactile: the canonical skeleton of the
// Getting Started article (README and DocC), built, run and tested by
// scripts/test. Its executable target is called `Arcade`, like one of
// Tactile's demos, which a game must be free to do (the library package
// exports libraries only).
//
// Debian packages to build it: libsdl2-dev and pkg-config, and
// libsdl2-image-dev for PNG screenshots (opened at run time: without it the
// game runs and a screenshot reports what is missing).
let package = Package(
    name: "MyGame",
    dependencies: [
        // By path here; a game elsewhere names Tactile's git repository
        // instead: .package(url: <Tactile's repository URL>, branch: "main").
        .package(name: "Tactile", path: "../.."),
    ],
    targets: [
        // The game itself, a library so that its tests can import it.
        .target(name: "ArcadeGame", dependencies: [
            .product(name: "Tactile", package: "Tactile"),
            // The SDL backend; `import TactileSDL` also gives SDL2's C API.
            .product(name: "TactileSDL", package: "Tactile"),
        ]),
        // The executable: the shared command line (--replay, --record,
        // --frames, --screenshot, --headless, --timing) and the app.
        .executableTarget(name: "Arcade", dependencies: [
            "ArcadeGame",
            .product(name: "TactileOptions", package: "Tactile"),
        ]),
        .testTarget(name: "ArcadeGameTests", dependencies: [
            "ArcadeGame",
            .product(name: "TactileTestSupport", package: "Tactile"),
        ]),
    ]
)
