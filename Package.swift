// swift-tools-version:6.0
// Lectern: a static site generator for presentation displays.
// The targets are the stages of one pipeline (see docs/architecture.md):
// Load → Parse → Resolve → (Plan) → Render → Write, orchestrated by LecternBuild.
import PackageDescription

let package = Package(
    name: "Lectern",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // Debian's libcmark-dev, through pkg-config.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // Value types shared by every stage: the content model and diagnostics.
        .target(name: "LecternModel"),
        // Stage 1: find the site's files, read them, split front matter.
        .target(name: "LecternLoad", dependencies: ["LecternModel"]),
        // Stage 2: YAML and Markdown (cmark AST) into the content model.
        .target(name: "LecternParse", dependencies: [
            "LecternModel", "LecternLoad", "CCmark",
            .product(name: "Yams", package: "Yams"),
        ]),
        // Stage 2's memory: parsed models kept between builds, keyed by content hash.
        .target(name: "LecternCache", dependencies: ["LecternModel", "LecternLoad", "LecternParse", "LecternWrite"]),
        // Stage 3: cross-document references (service → song, list → template).
        .target(name: "LecternResolve", dependencies: ["LecternModel"]),
        // Mustache templates parsed once and rendered over typed values (see docs/themes.md).
        .target(name: "LecternTemplate"),
        // String tables, CLDR plurals, locale-aware dates.
        .target(name: "LecternLocale", dependencies: [
            "LecternModel", "LecternLoad", "LecternParse", "LecternTemplate",
            .product(name: "Yams", package: "Yams"),
        ], linkerSettings: [
            // The ICU that Foundation itself uses on Linux, for title sort keys (TitleCollation).
            .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
        ]),
        // Stages 4–5: plan the pages (each a pure function of named inputs) and render them.
        .target(name: "LecternRender", dependencies: [
            "LecternModel", "LecternLocale", "LecternLoad", "LecternResolve", "LecternTemplate",
        ]),
        // Stage 6: write outputs atomically; never touch files Lectern did not write.
        .target(name: "LecternWrite", dependencies: ["LecternModel"]),
        // The pipeline that ties the stages together.
        .target(name: "LecternBuild", dependencies: [
            "LecternModel", "LecternLoad", "LecternParse", "LecternCache", "LecternResolve",
            "LecternLocale", "LecternRender", "LecternWrite",
        ]),
        // Command-line front end, a library so tests can drive it in-process.
        .target(name: "LecternCLI", dependencies: [
            "LecternBuild",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The program links jemalloc (Debian's libjemalloc-dev) in place of glibc's malloc: the
        // build allocates and frees millions of small values from two threads, and glibc's
        // allocator spent a quarter of a cold build's user time (docs/benchmarks.md).
        .executableTarget(name: "lectern", dependencies: ["LecternCLI"], linkerSettings: [
            .linkedLibrary("jemalloc", .when(platforms: [.linux])),
        ]),
        .testTarget(name: "LecternTests", dependencies: [
            "LecternModel", "LecternLoad", "LecternParse", "LecternCache", "LecternResolve",
            "LecternLocale", "LecternRender", "LecternWrite", "LecternBuild", "LecternCLI", "LecternTemplate",
            // The reference Mustache implementation, for checking LecternTemplate against it.
            .product(name: "Mustache", package: "swift-mustache"),
        ]),
    ]
)
