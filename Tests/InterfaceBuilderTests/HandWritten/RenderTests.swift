import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import LayoutRendering
import Testing

@Suite("Interface Builder pictures")
struct RenderTests {
    /// `docs/renders/ib`, the README's pictures of Interface Builder roots.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/renders/ib")

    /// Each picture (`FILE-ROOTID-WxH.svg`, drawn with intrinsic sizes from stored frames)
    /// is what its root of the test files draws now.
    @Test("the README's pictures of Interface Builder roots are what they render to now")
    func readmePictures() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".svg") }
        #expect(files.count == 2)
        for picture in files {
            let name = try #require(InterfaceBuilderFixtures.files.first { picture.hasPrefix(($0 as NSString).deletingPathExtension + "-") })
            let file = try InterfaceBuilderFixtures.load(name)
            let rest = picture.dropFirst((name as NSString).deletingPathExtension.count + 1).dropLast(4)
            let root = try #require(file.roots.first { rest.hasPrefix($0.id + "-") })
            var options = InterfaceBuilderOptions()
            options.intrinsicFromFrames = true
            let read = file.layoutDocument(for: root, options: options)
            let svg = SVGRenderer(title: read.document.name).render(try read.document.layout(at: root.size))
            let expected = try String(contentsOf: Self.folder.appendingPathComponent(picture), encoding: .utf8)
            #expect(svg == expected, "\(picture) differs from what its root draws")
        }
    }
}
