// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Tactile",
    products: [
        // The engine: input model, traces, clocks. No SDL, so it builds and
        // tests anywhere Swift does.
        .library(name: "Tactile", targets: ["Tactile"]),
        // The SDL2 backend: event pump, clock, window and frame loop.
        .library(name: "TactileSDL", targets: ["TactileSDL"]),
        // Test helpers (a seeded random generator) for games' own tests.
        .library(name: "TactileTestSupport", targets: ["TactileTestSupport"]),
        .executable(name: "touches", targets: ["Touches"]),
        .executable(name: "gesturelab", targets: ["GestureLab"]),
        .executable(name: "airhockey", targets: ["AirHockey"]),
        .executable(name: "tiltmaze", targets: ["TiltMaze"]),
        .executable(name: "arcade", targets: ["Arcade"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "Tactile"),
        // Helpers for tests of Tactile and of games built on it.
        .target(name: "TactileTestSupport", dependencies: ["Tactile"]),
        .target(name: "TactileSDL", dependencies: ["Tactile", "CSDL2", "CZlib"]),
        .target(name: "DemoSupport", dependencies: ["Tactile", "TactileSDL", "CSDL2"], path: "Demos/DemoSupport"),
        .executableTarget(name: "Touches", dependencies: ["Tactile", "TactileSDL", "DemoSupport"], path: "Demos/Touches"),
        .executableTarget(name: "GestureLab", dependencies: ["Tactile", "TactileSDL", "DemoSupport"], path: "Demos/GestureLab"),
        .executableTarget(name: "AirHockey", dependencies: ["Tactile", "TactileSDL", "DemoSupport"], path: "Demos/AirHockey"),
        .executableTarget(name: "TiltMaze", dependencies: ["Tactile", "TactileSDL", "DemoSupport"], path: "Demos/TiltMaze"),
        .executableTarget(name: "Arcade", dependencies: ["Tactile", "TactileSDL", "DemoSupport"], path: "Demos/Arcade"),
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
        .testTarget(name: "TactileSDLTests", dependencies: ["Tactile", "TactileSDL", "CSDL2", "CZlib", "DemoSupport", "Touches", "GestureLab", "AirHockey", "Arcade", "TiltMaze", "TactileTestSupport"]),
    ]
)
