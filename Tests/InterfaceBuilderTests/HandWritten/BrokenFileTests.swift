import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import SeededRandom
import Testing

/// Real files broken at random: each mutant is read and every root laid out. Errors are
/// fine; a crash or a hang is not.
@Suite("Broken Interface Builder files")
struct BrokenFileTests {
    static let badValues = ["nan", "inf", "-inf", "1e300", "-1e300", "-5", "abc", "", "1:0", "0/0", "999999999999"]

    /// A copy of `text` with one thing broken: a number made absurd, an attribute or an
    /// id dropped or duplicated, or the text cut short.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        switch random.next() % 4 {
        case 0, 1:
            // Replace the value of a random attribute.
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
            guard quotes.count >= 2 else { return text }
            let k = Int(random.next() % UInt64(quotes.count / 2)) * 2
            let value = badValues[Int(random.next() % UInt64(badValues.count))]
            bytes.replaceSubrange((quotes[k] + 1)..<quotes[k + 1], with: Array(value.utf8))
        case 2:
            // Point a reference at another element's id.
            let text = String(decoding: bytes, as: UTF8.self)
            let ids = text.matches(of: /id="([^"]+)"/).map { String($0.1) }
            guard ids.count >= 2 else { return text }
            let a = ids[Int(random.next() % UInt64(ids.count))], b = ids[Int(random.next() % UInt64(ids.count))]
            return text.replacingOccurrences(of: "\"\(a)\"", with: "\"\(b)\"")
        default:
            bytes.removeSubrange(Int(random.next() % UInt64(bytes.count))...)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("mutated files give errors, never a crash", arguments: InterfaceBuilderFixtures.files)
    func mutants(_ name: String) throws {
        let original = try String(contentsOfFile: InterfaceBuilderFixtures.folder!.appendingPathComponent(name).path, encoding: .utf8)
        var random = SplitMix64(seed: UInt64(name.utf8.count) &* 2_654_435_761)
        var read = 0, laidOut = 0
        for _ in 0..<12 {
            let mutant = Self.mutate(original, &random)
            guard let file = try? InterfaceBuilderFile(data: Data(mutant.utf8), file: name) else { continue }
            read += 1
            for root in file.roots {
                for fromFrames in [false, true] {
                    var options = InterfaceBuilderOptions()
                    options.intrinsicFromFrames = fromFrames
                    if (try? file.layoutDocument(for: root, options: options).document.layout(at: root.size)) != nil { laidOut += 1 }
                }
            }
        }
        #expect(read > 0 && laidOut > 0, "every mutant was refused: the mutations are too coarse to test the reader")
    }
}
