import AutoLayout
import LayoutDocument

/// How an Interface Builder root becomes a layout document.
public struct InterfaceBuilderOptions: Sendable {
    /// Take each content view's intrinsic size from the frame Interface Builder stored for it
    /// (Interface Builder measured text with Apple's fonts), instead of measuring its text
    /// with the document font table. Off by default.
    public var intrinsicFromFrames = false
    /// The size classes whose variations apply; nil for those of the file's device, as
    /// Interface Builder's canvas shows it (an iPhone in portrait: compact width, regular
    /// height). `SizeClassTraits()` is any width and any height: the default configuration.
    public var traits: SizeClassTraits?
    /// Keep the constraints marked `placeholder` (removed at build time, but Interface
    /// Builder lays its canvas out with them). On by default, so a layout matches the canvas.
    public var keepsPlaceholders = true

    /// The default options.
    public init() {}
}

/// A root of an Interface Builder file as a layout document, with each document id's
/// Interface Builder id and stored frame.
public struct InterfaceBuilderDocument: Sendable {
    /// The document: it lays out, renders, checks and converts as any other.
    public var document: LayoutDocument
    /// The Interface Builder id of each view of the document, by document id (the root
    /// included; guides the reader made have none).
    public let interfaceBuilderIDs: [String: String]
    /// The frame Interface Builder stored for each view, by document id, in its superview's
    /// coordinates.
    public let storedFrames: [String: Rect]
    /// What Interface Builder's outline calls each view (its user label, text or class),
    /// by document id, as its warnings name views.
    public let displayNames: [String: String]
    /// What the reader did not understand, each said once (an unknown element read as a
    /// plain view, a constraint naming a view outside the root).
    public let warnings: [String]
}
