import AutoLayout
import FixtureSupport
import Foundation
import InterfaceBuilder
import LayoutDocument
import Testing

/// A record of `roots.json`: one root of one file whose stored frames are consistent.
struct RootRecord: Decodable, Sendable {
    let file: String
    let root: String
    let rootKind: String
}

/// The Interface Builder files of `Conformance/Fixtures` (a copy of `shared/conformance/ib`,
/// licences included), read whole.
enum InterfaceBuilderFixtures {
    static let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

    /// Every `roots.json` record, described `FILE: ROOT`.
    static let roots: [FixtureRecord] = Fixtures.records(in: folder)

    /// Every `.xib` and `.storyboard` file of the folder, by name.
    static let files: [String] = {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter(InterfaceBuilderFile.isInterfaceBuilderFile).sorted()
    }()

    static func load(_ name: String) throws -> InterfaceBuilderFile {
        try InterfaceBuilderFile.load(contentsOf: folder!.appendingPathComponent(name).path)
    }
}

@Suite("Interface Builder conformance")
struct InterfaceBuilderConformanceTests {
    @Test("the fixtures are there")
    func fixturesFound() {
        #expect(InterfaceBuilderFixtures.roots.count >= 16)
        #expect(InterfaceBuilderFixtures.files.count >= 16)
    }

    /// Each consistent root, laid out at its stored size with intrinsic sizes from its
    /// stored frames, puts every view at its stored frame within 0.5 points (hidden views,
    /// and views inside them, excepted: their stored frames are whatever was last drawn).
    @Test("stored frames are reproduced", arguments: InterfaceBuilderFixtures.roots)
    func storedFrames(_ record: FixtureRecord) throws {
        let root = try record.decode(RootRecord.self)
        let file = try InterfaceBuilderFixtures.load(root.file)
        let found = try #require(file.root(named: root.root), "no root \(root.root) in \(root.file)")
        #expect(found.kind.rawValue == root.rootKind)
        var options = InterfaceBuilderOptions()
        options.intrinsicFromFrames = true
        let built = file.layoutDocument(for: found, options: options)
        let layout = try built.document.layout(at: found.size)
        #expect(layout.brokenConstraints.isEmpty, "broken: \(layout.brokenConstraints.map(\.equationDescription))")
        let compared = layout.order.filter { built.storedFrames[$0] != nil && !layout.isHidden($0) }
        #expect(compared.count > 0)
        for view in built.misplacedViews(in: layout) {
            Issue.record("\(root.file) \(root.root): \(view.name) (\(view.interfaceBuilderID)): laid out at \(view.laidOut), stored \(view.stored)")
        }
    }

    /// Every root of every file loads and lays out at its stored size without an error.
    @Test("every root lays out", arguments: InterfaceBuilderFixtures.files)
    func everyRoot(_ name: String) throws {
        let file = try InterfaceBuilderFixtures.load(name)
        #expect(!file.roots.isEmpty)
        for root in file.roots {
            for intrinsicFromFrames in [false, true] {
                var options = InterfaceBuilderOptions()
                options.intrinsicFromFrames = intrinsicFromFrames
                let built = file.layoutDocument(for: root, options: options)
                #expect(throws: Never.self, "\(name): \(root.id)") { _ = try built.document.layout(at: root.size) }
            }
        }
    }
}
