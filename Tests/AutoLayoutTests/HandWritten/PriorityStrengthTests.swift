import Cassowary
import Testing
@testable import AutoLayout

/// Priorities become solver strengths; the common levels come from a cache and must equal
/// freshly made ones.
@Suite struct PriorityStrengthTests {
    @Test func strengthsMatchTheirLevels() {
        #expect(LayoutPriority.required.strength == .required)
        #expect(LayoutPriority(1000).strength.isRequired)
        for value: Float in [1, 50, 249, 250, 251, 500, 749, 750, 751, 999, 999.5] {
            let strength = LayoutPriority(value).strength
            #expect(strength == .level(Double(value)), "\(value)")
            #expect(!strength.isRequired)
        }
        #expect(LayoutPriority.defaultHigh.strength > LayoutPriority.defaultLow.strength)
        #expect(LayoutPriority(749).strength < LayoutPriority.defaultHigh.strength)
    }
}
