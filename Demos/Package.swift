// swift-tools-version: 6.0
import PackageDescription

// Tactile's demo games: a package of their own, so that the library package
// exports only libraries and a game's package can have targets with any
// names (an `Arcade` of its own, say). They use the library exactly as a game
// would, through its products, by path:
//
//   swift run --package-path Demos touches      (or scripts/demo touches)
//   swift test --package-path Demos             (scripts/test runs this too)
let package = Package(
    name: "TactileDemos",
    products: [
        .executable(name: "touches", targets: ["Touches"]),
        .executable(name: "gesturelab", targets: ["GestureLab"]),
        .executable(name: "airhockey", targets: ["AirHockey"]),
        .executable(name: "tiltmaze", targets: ["TiltMaze"]),
        .executable(name: "arcade", targets: ["Arcade"]),
        // A plain SDL2 game with its own loop and renderer, no SDLApp.
        .executable(name: "ownloop", targets: ["OwnLoop"]),
        // Shapes drawn over enemies: stroke gestures and hit-testing.
        .executable(name: "spells", targets: ["Spells"]),
        // Two fighters whose specials are command inputs in the arena.
        .executable(name: "brawler", targets: ["Brawler"]),
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder
        // name, which is whatever the repository was cloned as.
        .package(name: "Tactile", path: ".."),
        // The demos' own commands wrap Tactile's shared options.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "DemoSupport", dependencies: [
            .product(name: "Tactile", package: "Tactile"),
            .product(name: "TactileSDL", package: "Tactile"),
            .product(name: "TactileDebugDrawing", package: "Tactile"),
            .product(name: "TactileOptions", package: "Tactile"),
        ]),
        .executableTarget(name: "Touches", dependencies: demo),
        .executableTarget(name: "GestureLab", dependencies: demo),
        .executableTarget(name: "AirHockey", dependencies: demo),
        .executableTarget(name: "TiltMaze", dependencies: demo),
        .executableTarget(name: "Arcade", dependencies: demo),
        .executableTarget(name: "OwnLoop", dependencies: demo),
        .executableTarget(name: "Spells", dependencies: demo),
        .executableTarget(name: "Brawler", dependencies: demo),
        // Each demo headless from its recorded trace, and in a real X11
        // window under Xvfb driven by xdotool.
        .testTarget(name: "DemoTests", dependencies: demo + [
            "Touches", "GestureLab", "AirHockey", "TiltMaze", "Arcade", "OwnLoop", "Spells", "Brawler",
            // InputScript and a virtual controller, as a game's own tests use them.
            .product(name: "TactileTestSupport", package: "Tactile"),
            .product(name: "TactileSDLTestSupport", package: "Tactile"),
        ]),
    ]
)

/// What every demo links: the engine, the SDL backend, debug drawing, the
/// shared command-line options and the demos' support (trace, assets).
var demo: [Target.Dependency] {
    [
        "DemoSupport",
        .product(name: "Tactile", package: "Tactile"),
        .product(name: "TactileSDL", package: "Tactile"),
        .product(name: "TactileDebugDrawing", package: "Tactile"),
        .product(name: "TactileOptions", package: "Tactile"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]
}
