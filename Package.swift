// swift-tools-version: 6.0
import PackageDescription

// Tactile: library products only, so that a game's package can depend on it
// whatever its own targets are called. The demos are a package of their own
// in Demos/, the benchmarks in Benchmarks/; both depend on this one by path.
let package = Package(
    name: "Tactile",
    products: [
        // The engine: input model, scene, recognizers, motion, actions,
        // traces, clocks. No SDL, so it builds and tests anywhere Swift does.
        .library(name: "Tactile", targets: ["Tactile"]),
        // The SDL2 backend: event pump, clock, setup, frame loop runner. It
        // draws nothing and re-exports SDL2's C API for the game's own calls.
        .library(name: "TactileSDL", targets: ["TactileSDL"]),
        // Optional: a debug canvas, bitmap font, layer renderer, touch
        // overlay and PNG screenshots (SDL_image, opened at run time).
        .library(name: "TactileDebugDrawing", targets: ["TactileDebugDrawing"]),
        // Optional: the shared command line (replay, record, frames,
        // screenshot, headless, timing) parsed with swift-argument-parser
        // into an SDLApp configuration.
        .library(name: "TactileOptions", targets: ["TactileOptions"]),
        // Test helpers for games' own tests: gesture scripts, a harness on a
        // manual clock, a seeded random generator, the arena's checker.
        .library(name: "TactileTestSupport", targets: ["TactileTestSupport"]),
        // SDL's side of them: a virtual game controller whose buttons and
        // sticks a test sets, through SDL's own joystick layer.
        .library(name: "TactileSDLTestSupport", targets: ["TactileSDLTestSupport"]),
    ],
    dependencies: [
        // Only TactileOptions uses it: a game that parses its own command
        // line never links it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only for `swift package generate-documentation` (the DocC
        // catalogs of Tactile, TactileSDL and TactileDebugDrawing); no
        // target links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        .target(name: "Tactile"),
        // Helpers for tests of Tactile and of games built on it.
        .target(name: "TactileTestSupport", dependencies: ["Tactile"]),
        .target(name: "TactileSDL", dependencies: ["Tactile", "CSDL2"]),
        .target(name: "TactileSDLTestSupport", dependencies: ["TactileSDL"]),
        .target(name: "TactileDebugDrawing", dependencies: ["Tactile", "TactileSDL"]),
        .target(name: "TactileOptions", dependencies: [
            "TactileSDL", "TactileDebugDrawing",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "TactileTests", dependencies: ["Tactile", "TactileTestSupport"]),
        // Copies of the built-in recognizers (links to their files) compiled
        // against Tactile's public API only, with tests that run them: the
        // proof that the built-ins use nothing a game's recognizer cannot.
        // (The linked files have no `import Tactile` of their own: the
        // frontend imports it into each file, as a game's file would.)
        .testTarget(
            name: "PublicContractTests",
            dependencies: ["Tactile"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "Tactile"])]
        ),
        .testTarget(name: "TactileSDLTests", dependencies: [
            "Tactile", "TactileSDL", "TactileDebugDrawing", "TactileOptions", "TactileTestSupport", "TactileSDLTestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ]
)
