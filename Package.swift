// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "swift-autolayout",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .executable(name: "cassowary-bench", targets: ["cassowary-bench"]),
        .executable(name: "autolayout-bench", targets: ["autolayout-bench"]),
        .executable(name: "interface-builder-bench", targets: ["interface-builder-bench"]),
        .library(name: "LayoutDocument", targets: ["LayoutDocument"]),
        .library(name: "LayoutRendering", targets: ["LayoutRendering"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .library(name: "AutoLayoutTesting", targets: ["AutoLayoutTesting"]),
        .executable(name: "autolayout", targets: ["autolayout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Cassowary"),
        .target(name: "SeededRandom"),
        .target(name: "AutoLayout", dependencies: ["Cassowary"]),
        .target(name: "LayoutDocument", dependencies: ["AutoLayout", .product(name: "Yams", package: "Yams")]),
        .target(name: "LayoutRendering", dependencies: ["LayoutDocument", "AutoLayout"]),
        // `.xib` and `.storyboard` files as layout documents (FoundationXML's parser).
        .target(name: "InterfaceBuilder", dependencies: ["LayoutDocument", "AutoLayout"]),
        // `expectNoLayoutIssues(view)` for Swift Testing.
        .target(name: "AutoLayoutTesting", dependencies: ["AutoLayout"]),
        .executableTarget(name: "autolayout", dependencies: [
            "LayoutDocument", "LayoutRendering", "InterfaceBuilder", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "cassowary-bench", dependencies: ["Cassowary", "SeededRandom"]),
        .executableTarget(name: "autolayout-bench", dependencies: ["AutoLayout", "SeededRandom"]),
        // Interface Builder files read and laid out. Its own program: the reader links Yams,
        // whose C part's DWARF 5 debug information valgrind cannot read, and the engine
        // benchmarks are measured with callgrind.
        .executableTarget(name: "interface-builder-bench", dependencies: ["InterfaceBuilder", "LayoutDocument", "AutoLayout"]),
        // Fixture discovery and decoding, shared by the test targets.
        .target(name: "FixtureSupport", path: "Tests/FixtureSupport"),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary", "SeededRandom", "FixtureSupport"],
            resources: [.copy("Conformance/Fixtures")]
        ),
        .testTarget(
            name: "AutoLayoutTests",
            dependencies: ["AutoLayout", "SeededRandom", "FixtureSupport"],
            resources: [.copy("Conformance/Fixtures"), .copy("Conformance/StackFixtures")]
        ),
        .testTarget(
            name: "LayoutDocumentTests",
            dependencies: ["LayoutDocument", "LayoutRendering", "AutoLayout", "AutoLayoutTesting"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "AutoLayoutCLITests", dependencies: ["autolayout"]),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["InterfaceBuilder", "LayoutDocument", "LayoutRendering", "AutoLayout", "FixtureSupport", "SeededRandom"],
            resources: [.copy("Conformance/Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
