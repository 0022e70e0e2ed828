// swift-tools-version:5.9
import PackageDescription

let optimize: [SwiftSetting] = [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]

let package = Package(
    name: "lottie-render",
    products: [
        .library(name: "Lottie", targets: ["Lottie"]),
        .executable(name: "lottie-render", targets: ["lottie-render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        // Text shaping (HarfBuzz) and the Unicode bidirectional algorithm (FriBidi).
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev", "libfribidi-dev"])]),
        .systemLibrary(name: "CGzip", path: "Sources/CGzip", providers: [.apt(["zlib1g-dev"])]),
        // A C target rather than a systemLibrary: libjpeg reports errors by longjmp, which needs a C frame.
        .target(name: "CJPEG", path: "Sources/CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "LottieModel"),
        .target(name: "Raster", swiftSettings: optimize),
        .target(name: "LottieEval", dependencies: ["LottieModel", "Raster"]),
        .target(name: "Codecs", dependencies: ["CPNG", "CGIF", "CJPEG", "CGzip", "CWebP", "Raster"], swiftSettings: optimize),
        .target(name: "Fonts", dependencies: ["CFreeType", "CHarfBuzz", "LottieModel", "LottieEval"]),
        .target(name: "Lottie", dependencies: ["LottieModel", "LottieEval", "Raster", "Codecs", "Fonts",
                                              .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .target(name: "Snapshot", dependencies: ["LottieModel", "LottieEval", "Raster"], swiftSettings: optimize),
        .executableTarget(name: "lottie-render", dependencies: [
            "Lottie", "Codecs", "LottieModel", "Raster", "Snapshot",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "LottieModelTests", dependencies: ["LottieModel"]),
        .testTarget(name: "LottieEvalTests", dependencies: ["LottieEval", "LottieModel"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "Raster", "LottieModel"], exclude: ["junit.xsd"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "Codecs", "Raster", "Fonts", "LottieModel", "LottieEval"],
                    resources: []),
    ]
)
