import ArgumentParser
import Foundation
import LottieRender

/// `check`'s settings from a project file (`lottie-render.json`) and the settings recorded with the baselines
/// (`BASELINE/settings.json`).
extension CheckCommand {
    /// Fills what the command line left out from the project file, when there is one (``ProjectFile``), and says
    /// which file it used.
    mutating func applyProject() throws {
        guard !noConfig else { return }
        guard let p = try ProjectFile.locate(explicit: config, from: FileManager.default.currentDirectoryPath)
        else { return }
        printError("note: settings from \(relativePath(from: FileManager.default.currentDirectoryPath, to: p.path))")
        if inputs.isEmpty { inputs = p.inputs ?? [] }
        // Names are relative to the project's folder unless it says otherwise: the same from any folder.
        root = root ?? p.root ?? p.resolve(".")
        baseline = baseline ?? p.baseline
        report = report ?? p.report
        junit = junit ?? p.junit
        animation = animation ?? p.animation
        if sizeOptions.isEmpty {
            sizeOptions.size = p.size; sizeOptions.width = p.width; sizeOptions.height = p.height
            sizeOptions.scale = p.scale
        }
        if frames == nil && every == nil && !keyframes && !markers {
            frames = p.frames; every = p.every; keyframes = p.keyframes; markers = p.markers
        }
        if playerOptions.players.isEmpty {
            playerOptions.players = try (p.players ?? []).map { name in
                guard let player = Player(rawValue: name) else {
                    throw ProjectFileError(
                        "\(p.path): \"players\" takes \(Player.allCases.map(\.rawValue).joined(separator: ", ")), "
                            + "not \"\(name)\"")
                }
                return player
            }
        }
        playerOptions.androidMergePaths = playerOptions.androidMergePaths || p.androidMergePaths
        strict = strict || p.strict
        comparison.thresholdOption = comparison.thresholdOption ?? p.threshold
        comparison.maxDiffPixelsOption = comparison.maxDiffPixelsOption ?? p.maxDiffPixels
        comparison.maxDiffRatioOption = comparison.maxDiffRatioOption ?? p.maxDiffRatio
        comparison.noAntialias = comparison.noAntialias || p.noAntialias
        if fonts.folders.isEmpty { fonts.folders = p.fonts ?? [] }
        background = background ?? p.background
        if imageFit.fit == nil, let f = p.imageFit {
            guard let fit = ImageFit(rawValue: f) else {
                throw ProjectFileError("\(p.path): \"image-fit\" takes stretch, cover, contain or none, not \"\(f)\"")
            }
            imageFit.fit = fit
        }
        if expressions.setting == nil, let e = p.expressions {
            guard let setting = ExpressionsOption.Setting(rawValue: e) else {
                throw ProjectFileError("\(p.path): \"expressions\" takes on or off, not \"\(e)\"")
            }
            expressions.setting = setting
        }
        if limits.maxMemory == nil, let m = p.maxMemory {
            guard let v = ResourceLimits.parseSize(m), v > 0 else {
                throw ProjectFileError("\(p.path): \"max-memory\" takes a size such as \"2G\", not \"\(m)\"")
            }
            limits.maxMemory = v
        }
        // The file's settings pass the checks the command line's do.
        do {
            try validate(); try sizeOptions.validate(); try comparison.validate(); try playerOptions.validate()
            try fonts.validate()
        } catch let e as ValidationError {
            throw ProjectFileError("\(p.path): \(e.message)")
        }
    }

    /// The settings of this run, as recorded with baselines.
    var currentSettings: BaselineSettings {
        var size: [String] = []
        if let s = sizeOptions.size { size.append("--size \(s.lowercased())") }
        if let w = sizeOptions.width { size.append("--width \(w)") }
        if let h = sizeOptions.height { size.append("--height \(h)") }
        if let k = sizeOptions.scale { size.append("--scale \(fmtNumber(k))") }
        let frameText =
            frames.map { "--frames " + $0.filter { $0 != " " } } ?? every.map { "--every \($0)" }
            ?? (keyframes ? "--keyframes" : markers ? "--markers" : "--frames 0,25%,50%,75%,100%")
        let cwd = FileManager.default.currentDirectoryPath
        return BaselineSettings(
            size: size.isEmpty ? "the composition's size" : size.joined(separator: " "),
            background: background, imageFit: imageFit.fit?.rawValue, expressions: expressions.setting?.rawValue,
            androidMergePaths: androidMergePaths, frames: frameText,
            root: relativePath(from: baselineFolder, to: root ?? cwd),
            fonts: fonts.folders.map { relativePath(from: baselineFolder, to: $0) })
    }

    /// Compares this run's settings with those recorded with the baselines. Without `--root` (or a project
    /// file's), names are relative to the recorded root. A setting that changes pixels or names stops a check
    /// or `--record-missing` run with the setting named (`--update` records anew). Other frames do not: frames
    /// without a baseline are new, and the hint names the recorded frames (``newFramesHint(_:)``).
    mutating func checkRecordedSettings() throws {
        guard let recorded = try BaselineSettings.read(baselineFolder) else { return }
        if root == nil { root = recorded.rootPath(baselineFolder: baselineFolder) }
        guard !update else { return }
        let pixels = currentSettings.differences(from: recorded, baselineFolder: baselineFolder).pixels
        guard !pixels.isEmpty else { return }
        let file = (baselineFolder as NSString).appendingPathComponent(BaselineSettings.fileName)
        var text = "the settings differ from those the baselines were recorded with (\(file)):\n"
        text += pixels.map { "  " + $0 }.joined(separator: "\n")
        text +=
            "\ngive the recorded settings (a lottie-render.json keeps them), or record every baseline anew with --update"
        throw ProjectFileError(text)
    }

    /// What to say when `count` frames have no baseline: how to record them, and the frames the baselines were
    /// recorded with when this run selects others.
    func newFramesHint(_ count: Int) -> String {
        guard isFolder(baselineFolder) else {
            return "hint: no baselines in \(baselineFolder) yet: run again with --record-missing to record them, "
                + "then commit \(baselineFolder)"
        }
        var text = "hint: \(plural(count, "frame")) without a baseline"
        if let recorded = try? BaselineSettings.read(baselineFolder),
            let line = currentSettings.differences(from: recorded, baselineFolder: baselineFolder).frames.first
        {
            text += " (\(line))"
        }
        return text + ": --record-missing records them"
    }

    /// Records this run's settings beside the baselines it wrote (`--update`, `--record-missing`).
    func recordSettings() {
        guard update || recordMissing, isFolder(baselineFolder) else { return }
        let current = currentSettings
        if let old = try? BaselineSettings.read(baselineFolder), old == current { return }
        do { try current.write(to: baselineFolder) } catch {
            printError("cannot record the baseline settings: \(error)")
        }
    }
}
