import Testing
@testable import AutoLayout

/// Where the parts of a stack's arrangement start, counted from the nearer end of the
/// arranged views (``ArrangementParts/visibleBefore(_:besides:)``), agrees with counting
/// from the start.
@Suite struct ArrangementPartsTests {
    /// Parts over `old` hidden states; only the counts of views matter here.
    static func parts(_ old: [Bool]) -> ArrangementParts {
        ArrangementParts(along: .vertical, across: .horizontal, alignment: .fill, fillEqually: false, spanned: false,
                         baselines: false, canvas: LayoutView(), old: old, visible: old.filter { !$0 }.count,
                         counts: (2, 2), distributionStart: 0, alignmentStart: 0, spanningStart: 0, total: 0)
    }

    @Test("visible views before an index, and where the chain's rules for a view start, for every stack of up to 9 views")
    func counts() {
        for count in 0...9 {
            for pattern in 0..<(1 << count) {
                let old = (0..<count).map { pattern >> $0 & 1 == 1 }
                let parts = Self.parts(old)
                for index in 0...count {
                    let visible = old[..<index].filter { !$0 }.count
                    #expect(parts.visibleBefore(index) == visible, "\(old) \(index)")
                    let hidden = index - visible
                    #expect(parts.chainStart(index) == 2 + hidden + max(0, index - 1), "\(old) \(index)")
                    for skipped in 0..<count {
                        let expected = visible - (skipped < index && !old[skipped] ? 1 : 0)
                        #expect(parts.visibleBefore(index, besides: skipped) == expected, "\(old) \(index) \(skipped)")
                    }
                }
            }
        }
    }
}
