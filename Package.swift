// swift-tools-version:6.0
import PackageDescription

// Every module carries the `LottieRender` prefix, so nothing clashes with lottie-ios (`Lottie`) or with a consumer's
// own modules. Only `LottieRender` (the library) and the command line tool are products; the other modules are
// implementation, with `package` access for what their neighbours use.
/// Where Duktape's single-file source is, when not at Debian's path (cduktape.c).
let duktapeSource: [CSetting] =
    Context.environment["DUKTAPE_SOURCE_DIR"].map { dir in
        [
            .define("LR_DUKTAPE_C", to: "\"\(dir)/duktape.c\""),
            .define("LR_DUKTAPE_CONFIG", to: "\"\(dir)/duk_config.h\""),
        ]
    } ?? []

let package = Package(
    name: "lottie-render",
    // Synchronization (Mutex, Atomic) needs macOS 15. Tested on Linux only (README: what is tested where).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LottieRender", targets: ["LottieRender"]),
        .executable(name: "lottie-render", targets: ["lottie-render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // System libraries: pkg-config finds them where it can (Debian, Homebrew); `providers` name the packages.
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", path: "Sources/CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "fontconfig",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"]), .brew(["freetype", "fontconfig"])]),
        // Text shaping (HarfBuzz) and the Unicode bidirectional algorithm (FriBidi).
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfribidi-dev"]), .brew(["harfbuzz", "fribidi"])]),
        .systemLibrary(
            name: "CGzip", path: "Sources/CGzip", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Whole-buffer DEFLATE (libdeflate): the compressed data of the PNGs we write.
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // Colour management of images with an embedded ICC profile (Little CMS).
        .systemLibrary(
            name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // A C target rather than a systemLibrary: libjpeg reports errors by longjmp, which needs a C frame.
        .target(name: "CJPEG", path: "Sources/CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // The same for libpng's read API, through which PNGCodec reads palette and 8-bit RGB(A) images as stored.
        .target(name: "CPNGShim", path: "Sources/CPNGShim", linkerSettings: [.linkedLibrary("png16")]),
        // Duktape, compiled from its single-file source (Debian's duktape-dev ships it in /usr/share/duktape; elsewhere
        // set DUKTAPE_SOURCE_DIR to a folder holding duktape.c and duk_config.h, as Duktape's release archive has
        // them), with a step budget and a memory cap.
        .target(
            name: "CDuktape", path: "Sources/CDuktape", cSettings: [.define("NDEBUG")] + duktapeSource,
            linkerSettings: [.linkedLibrary("m")]),
        .target(name: "LottieRenderModel"),
        // The C library's wchar.h, for wmemset (long runs of one 32-bit colour); nothing to link beyond libc.
        .systemLibrary(name: "CWchar", path: "Sources/CWchar"),
        .target(name: "LottieRenderRaster", dependencies: ["CWchar"]),
        .target(name: "LottieRenderEval", dependencies: ["LottieRenderModel", "LottieRenderRaster"]),
        // After Effects expressions: the object model (a JavaScript prelude) on Duktape, bound to the model.
        .target(
            name: "LottieRenderExpressions",
            dependencies: ["CDuktape", "LottieRenderModel", "LottieRenderEval"]),
        .target(
            name: "LottieRenderCodecs",
            dependencies: [
                "CPNG", "CPNGShim", "CDeflate", "CGIF", "CJPEG", "CGzip", "CWebP", "CLCMS2", "LottieRenderRaster",
            ]),
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
