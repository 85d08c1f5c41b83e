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
    ],
    targets: [
        .target(name: "Cassowary"),
        .target(name: "SeededRandom"),
        .target(name: "AutoLayout", dependencies: ["Cassowary"]),
        .executableTarget(name: "cassowary-bench", dependencies: ["Cassowary", "SeededRandom"]),
        .executableTarget(name: "autolayout-bench", dependencies: ["AutoLayout", "SeededRandom"]),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary", "SeededRandom"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "AutoLayoutTests",
            dependencies: ["AutoLayout", "SeededRandom"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
