// swift-tools-version:6.0
import PackageDescription

// Every module carries the `LottieRender` prefix, so nothing clashes with lottie-ios (`Lottie`) or with a consumer's
// own modules. Only `LottieRender` (the library) and the command line tool are products; the other modules are
// implementation, with `package` access for what their neighbours use.
let package = Package(
    name: "lottie-render",
    products: [
        .library(name: "LottieRender", targets: ["LottieRender"]),
        .executable(name: "lottie-render", targets: ["lottie-render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        // Text shaping (HarfBuzz) and the Unicode bidirectional algorithm (FriBidi).
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfribidi-dev"])]),
        .systemLibrary(name: "CGzip", path: "Sources/CGzip", providers: [.apt(["zlib1g-dev"])]),
        // Colour management of images with an embedded ICC profile (Little CMS).
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", providers: [.apt(["liblcms2-dev"])]),
        // A C target rather than a systemLibrary: libjpeg reports errors by longjmp, which needs a C frame.
        .target(name: "CJPEG", path: "Sources/CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // Duktape, compiled from the source file Debian's duktape-dev ships, with a step budget and a memory cap.
        .target(
            name: "CDuktape", path: "Sources/CDuktape", cSettings: [.define("NDEBUG")],
            linkerSettings: [.linkedLibrary("m")]),
        .target(name: "LottieRenderModel"),
        .target(name: "LottieRenderRaster"),
        .target(name: "LottieRenderEval", dependencies: ["LottieRenderModel", "LottieRenderRaster"]),
        // After Effects expressions: the object model (a JavaScript prelude) on Duktape, bound to the model.
        .target(
            name: "LottieRenderExpressions",
            dependencies: ["CDuktape", "LottieRenderModel", "LottieRenderEval"]),
        .target(
            name: "LottieRenderCodecs",
            dependencies: ["CPNG", "CGIF", "CJPEG", "CGzip", "CWebP", "CLCMS2", "LottieRenderRaster"]),
        .target(
            name: "LottieRenderFonts",
            dependencies: ["CFreeType", "CHarfBuzz", "LottieRenderModel", "LottieRenderEval"]),
        .target(
            name: "LottieRenderSnapshot",
            dependencies: ["LottieRenderModel", "LottieRenderEval", "LottieRenderRaster"]),
        .target(
            name: "LottieRender",
            dependencies: [
                "LottieRenderModel", "LottieRenderEval", "LottieRenderRaster", "LottieRenderCodecs",
                "LottieRenderFonts", "LottieRenderExpressions",
                "LottieRenderSnapshot",
            ]),
        .executableTarget(
            name: "lottie-render",
            dependencies: [
                "LottieRender", "LottieRenderSnapshot",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Test helpers shared by the suites: the repository's folders, the built tool, small image checks.
        .target(name: "LottieRenderTestSupport", dependencies: ["LottieRender", "CGzip"], path: "Tests/TestSupport"),
        .testTarget(name: "ModelTests", dependencies: ["LottieRenderModel"]),
        .testTarget(name: "EvalTests", dependencies: ["LottieRenderEval", "LottieRenderModel", "LottieRenderRaster"]),
        .testTarget(name: "RasterTests", dependencies: ["LottieRenderRaster"]),
        .testTarget(
            name: "ExpressionTests",
            dependencies: ["LottieRenderExpressions", "LottieRenderEval", "LottieRenderModel", "LottieRender"]),
        .testTarget(
            name: "CodecsTests",
            dependencies: [
                "LottieRenderCodecs", "LottieRenderRaster", "CLCMS2",
                "LottieRenderTestSupport",
            ]),
        .testTarget(
            name: "SnapshotTests",
            dependencies: [
                "LottieRenderSnapshot", "LottieRenderRaster",
                "LottieRenderModel",
            ], exclude: ["junit.xsd"]),
        .testTarget(
            name: "LibraryTests",
            dependencies: [
                "LottieRender", "LottieRenderCodecs", "LottieRenderRaster", "LottieRenderFonts", "LottieRenderModel",
                "LottieRenderEval", "LottieRenderTestSupport",
            ]),
        .testTarget(
            name: "GoldenTests",
            dependencies: [
                "LottieRender", "LottieRenderCodecs", "LottieRenderRaster",
                "LottieRenderTestSupport",
            ]),
        // The CLI suites run the tool that SwiftPM builds beside them (the dependency makes `swift test` build it).
        .testTarget(
            name: "CLITests",
            dependencies: [
                "lottie-render", "LottieRender", "LottieRenderCodecs",
                "LottieRenderRaster", "LottieRenderTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets, only when building for `make fuzz` (LOTTIE_RENDER_FUZZ=1): they have no `main` of their own
// (libFuzzer's runtime brings it), so an ordinary build would not link them.
if Context.environment["LOTTIE_RENDER_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "LottieFuzz", dependencies: ["LottieRender", "LottieRenderCodecs"], path: "Fuzz/LottieFuzz"))
}
