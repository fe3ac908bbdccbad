// swift-tools-version: 6.0
import PackageDescription

// A game's own package that uses Tactile: the shape every game's Package.swift
// takes. It is also a check, run by scripts/test: its executable target is
// called `Arcade`, like one of Tactile's demos, which a game must be free to
// do (the library package exports libraries only).
//
// Debian packages to build it: libsdl2-dev and pkg-config (add
// libsdl2-image-dev if you take TactileDebugDrawing for PNG screenshots).
let package = Package(
    name: "MyGame",
    dependencies: [
        // By path here; a game elsewhere names Tactile's git repository
        // instead: .package(url: <Tactile's repository URL>, branch: "main").
        .package(name: "Tactile", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Arcade", dependencies: [
            .product(name: "Tactile", package: "Tactile"),
            // The SDL backend; `import TactileSDL` also gives SDL2's C API.
            .product(name: "TactileSDL", package: "Tactile"),
        ]),
    ]
)
