/// The weight of a font, with UIKit's names (`UIFont.Weight`).
///
/// Text is measured and drawn with two faces of DejaVu Sans: Book for the weights up to
/// ``medium`` and Bold from ``semibold`` on, so a headline (semibold in iOS) is measured bold.
public enum FontWeight: String, Sendable, CaseIterable {
    /// Ultra light.
    case ultraLight
    /// Thin.
    case thin
    /// Light.
    case light
    /// Regular, the default.
    case regular
    /// Medium.
    case medium
    /// Semibold (the headline text style).
    case semibold
    /// Bold.
    case bold
    /// Heavy.
    case heavy
    /// Black.
    case black

    /// Whether text of this weight is measured and drawn with DejaVu Sans Bold (semibold and
    /// heavier) rather than Book.
    public var isBold: Bool {
        switch self {
        case .semibold, .bold, .heavy, .black: true
        default: false
        }
    }
}
