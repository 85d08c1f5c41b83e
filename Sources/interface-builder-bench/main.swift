import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument

// `interface-builder-bench FOLDER`: every `.xib` and `.storyboard` of a folder read and every
// root laid out at its stored size (intrinsic sizes from stored frames), each file the
// median of 7 runs; then all of them in one run, and a storyboard of about 1 MB made of
// the largest file's scenes repeated with fresh ids. Goal: the 1 MB storyboard read and laid
// out in under 50 ms. Each file's line also says how many of its roots lay out to the frames
// the file stored (a real file's roots are not all consistent: Interface Builder's
// "misplaced views"), which tests the reader's rules on any folder of files.

/// Reads a file's contents and lays out every root; returns the number of views laid out.
func readAndLayOut(_ data: Data, name: String) throws -> Int {
    let file = try InterfaceBuilderFile(data: data, file: name)
    var options = InterfaceBuilderOptions()
    options.intrinsicFromFrames = true
    var views = 0
    for root in file.roots {
        let layout = try file.layoutDocument(for: root, options: options).document.layout(at: root.size)
        views += layout.order.count
    }
    return views
}

/// How many roots of a file lay out to their stored frames (every view not hidden within
/// 0.5 points), and how many roots there are: what shows whether the reader's rules hold
/// on files beyond the conformance set.
func consistentRoots(_ data: Data, name: String) throws -> (consistent: Int, roots: Int) {
    let file = try InterfaceBuilderFile(data: data, file: name)
    var options = InterfaceBuilderOptions()
    options.intrinsicFromFrames = true
    var consistent = 0
    for root in file.roots {
        let read = file.layoutDocument(for: root, options: options)
        let matches = read.misplacedViews(in: try read.document.layout(at: root.size)).isEmpty
        if matches { consistent += 1 }
    }
    return (consistent, file.roots.count)
}

/// A storyboard of at least `bytes` bytes: `data`'s scenes repeated, each copy's
/// Interface Builder ids (`abc-de-fgh`) given a suffix so they stay unique.
func repeatedStoryboard(_ data: Data, bytes: Int) -> Data {
    let text = String(decoding: data, as: UTF8.self)
    guard let start = text.range(of: "<scenes>")?.upperBound, let end = text.range(of: "</scenes>")?.lowerBound else { return data }
    let scenes = String(text[start..<end])
    var copies = "", k = 0
    while copies.utf8.count + text.utf8.count < bytes {
        k += 1
        copies += scenes.replacing(/"([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})"/) { "\"\($0.1)-\(k)\"" }
    }
    return Data((String(text[..<end]) + copies + String(text[end...])).utf8)
}

/// Runs the benchmark on the folder in `arguments`; returns the exit status.
func runInterfaceBuilderBenchmark(_ arguments: [String]) -> Int32 {
    LayoutLog.destination = .silent
    guard let folder = arguments.first,
          let names = try? FileManager.default.contentsOfDirectory(atPath: folder).filter(InterfaceBuilderFile.isInterfaceBuilderFile).sorted(),
          !names.isEmpty else {
        print("usage: interface-builder-bench FOLDER (a folder of .xib and .storyboard files)")
        return 64
    }
    let clock = ContinuousClock()
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    func timed(_ data: Data, _ name: String, reps: Int = 7) throws -> (median: Double, views: Int) {
        var times: [Double] = [], views = 0
        for _ in 0..<reps {
            let elapsed = try clock.measure { views = try readAndLayOut(data, name: name) }
            times.append(seconds(elapsed))
        }
        return (medianOf(times), views)
    }
    print("file\tKB\tviews\tms\tconsistent roots")
    var files: [(String, Data)] = []
    do {
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
            files.append((name, data))
            let (median, views) = try timed(data, name)
            let (consistent, roots) = try consistentRoots(data, name: name)
            print("\(name)\t\(data.count / 1024)\t\(views)\t\(String(format: "%.2f", median * 1000))\t\(consistent)/\(roots)")
        }
        var all: [Double] = [], total = 0
        for _ in 0..<7 {
            let elapsed = try clock.measure { total = try files.reduce(0) { $0 + (try readAndLayOut($1.1, name: $1.0)) } }
            all.append(seconds(elapsed))
        }
        let bytes = files.reduce(0) { $0 + $1.1.count }
        print("all \(files.count) files\t\(bytes / 1024)\t\(total)\t\(String(format: "%.2f", medianOf(all) * 1000))")
        let largest = files.filter { $0.0.hasSuffix(".storyboard") }.max { $0.1.count < $1.1.count } ?? files[0]
        let big = repeatedStoryboard(largest.1, bytes: 1 << 20)
        let (median, views) = try timed(big, "1 MB storyboard")
        let met = median < 0.05 ? "met" : "MISSED"
        print("1 MB storyboard (\(largest.0) repeated)\t\(big.count / 1024)\t\(views)\t\(String(format: "%.2f", median * 1000))"
              + "\tgoal < 50 ms: \(met)")
        let phases = try phaseTimes(big).map { String(format: "%.2f", $0 * 1000) }
        print("  its phases (ms, medians): read \(phases[0]), documents \(phases[1]), layout \(phases[2]), release \(phases[3])")
    } catch {
        print("error: \(error)")
        return 1
    }
    return 0
}

/// The medians of 7 runs of each phase of reading and laying out a file: reading the XML and
/// finding the roots, making each root's document, laying them out, and releasing it all.
func phaseTimes(_ data: Data) throws -> [Double] {
    let clock = ContinuousClock()
    var times: [[Double]] = [[], [], [], []]
    var options = InterfaceBuilderOptions()
    options.intrinsicFromFrames = true
    for _ in 0..<7 {
        var start = clock.now
        func lap(_ phase: Int) {
            let now = clock.now, elapsed = (now - start).components
            times[phase].append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            start = now
        }
        var file: InterfaceBuilderFile? = try InterfaceBuilderFile(data: data, file: "1 MB storyboard")
        lap(0)
        var documents = file!.roots.map { file!.layoutDocument(for: $0, options: options) }
        lap(1)
        var layouts = try zip(file!.roots, documents).map { try $1.document.layout(at: $0.size) }
        lap(2)
        layouts.removeAll()
        documents.removeAll()
        file = nil
        lap(3)
    }
    return times.map(medianOf)
}

/// The median of some times.
func medianOf(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

exit(runInterfaceBuilderBenchmark(Array(CommandLine.arguments.dropFirst())))
