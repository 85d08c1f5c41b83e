/// The reader's preferred text size (Settings › Display & Brightness › Text Size, and the
/// larger accessibility sizes), as UIKit's `UIContentSizeCategory`.
public enum ContentSizeCategory: String, Sendable, CaseIterable {
    /// xSmall.
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large, the default.
    case large
    /// xLarge.
    case extraLarge
    /// xxLarge.
    case extraExtraLarge
    /// xxxLarge.
    case extraExtraExtraLarge
    /// AX1.
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// AX5.
    case accessibilityExtraExtraExtraLarge

    /// Whether it is one of the five larger accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }
}

/// A Dynamic Type text style, as UIKit's `UIFont.TextStyle`: a role whose point size follows
/// the reader's ``ContentSizeCategory``.
public enum TextStyle: String, Sendable, CaseIterable {
    /// Large title.
    case largeTitle
    /// Title 1.
    case title1
    /// Title 2.
    case title2
    /// Title 3.
    case title3
    /// Headline (semibold).
    case headline
    /// Body.
    case body
    /// Callout.
    case callout
    /// Subheadline.
    case subheadline
    /// Footnote.
    case footnote
    /// Caption 1.
    case caption1
    /// Caption 2.
    case caption2

    /// The point size at a content size category, from the iOS table of Apple's Human Interface
    /// Guidelines (Typography › Dynamic Type sizes): body is 17 at Large, 14 at xSmall and 53 at
    /// AX5.
    public func pointSize(for category: ContentSizeCategory = .large) -> Double {
        let column = ContentSizeCategory.allCases.firstIndex(of: category)!
        return Double(Self.sizes[self]![column])
    }

    /// The style's font weight: semibold for the headline, regular for the others, as iOS sets
    /// them (a semibold text is measured and drawn with DejaVu Sans Bold).
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The point sizes of each style from xSmall to AX5.
    static let sizes: [TextStyle: [Int]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
}
