import AutoLayout
import LayoutDocument

extension InterfaceBuilderDocument {
    /// A view laid out away from the frame Interface Builder stored for it: what Interface
    /// Builder calls a misplaced view ("Frame for "Title" will be different at run time").
    public struct MisplacedView: Sendable {
        /// The view's document id.
        public let name: String
        /// Its Interface Builder id.
        public let interfaceBuilderID: String
        /// What Interface Builder's outline calls it (its label, text or class).
        public let displayName: String
        /// The frame the file stored, in its superview's coordinates.
        public let stored: Rect
        /// The frame the layout gave it.
        public let laidOut: Rect
    }

    /// How far a frame may be from the stored one, on each of its four numbers: Interface
    /// Builder stores frames rounded to the pixel grid.
    public static let frameTolerance = 0.5

    /// The views of `layout` (this document laid out) more than ``frameTolerance`` from
    /// their stored frames, in document order. Hidden views, and views inside them, are not
    /// compared: their stored frames are whatever Interface Builder last drew.
    public func misplacedViews(in layout: DocumentLayout) -> [MisplacedView] {
        var found: [MisplacedView] = []
        for name in layout.order {
            guard let id = interfaceBuilderIDs[name], let stored = storedFrames[name], !layout.isHidden(name),
                  let frame = layout.frame(of: name) else { continue }
            let close = [(frame.minX, stored.minX), (frame.minY, stored.minY), (frame.width, stored.width),
                         (frame.height, stored.height)].allSatisfy { abs($0.0 - $0.1) <= Self.frameTolerance }
            guard !close else { continue }
            found.append(MisplacedView(name: name, interfaceBuilderID: id, displayName: displayNames[name] ?? name,
                                       stored: stored, laidOut: frame))
        }
        return found
    }
}
