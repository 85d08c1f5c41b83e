// Layout direction: which edges leading and trailing mean for a view.

extension LayoutView {
    /// The direction this view lays out leading and trailing in.
    /// Cached per view: a change of ``semanticContentAttribute`` or
    /// ``userInterfaceLayoutDirection``, or a move to another superview, clears the caches
    /// that depended on it.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        let cached = directionCache
        if cached != 0 { return cached == 1 ? .leftToRight : .rightToLeft }
        let direction: UserInterfaceLayoutDirection = switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: superview?.effectiveUserInterfaceLayoutDirection ?? userInterfaceLayoutDirection
        }
        directionCache = UInt8(truncatingIfNeeded: direction.rawValue) &+ 1
        return direction
    }

    /// Clears the cached direction of this view and of the views below it that follow it.
    func invalidateDirection() {
        guard directionCache != 0 else { return }
        directionCache = 0
        // A worklist rather than recursion: hierarchies can be deeper than the stack.
        var pending = subviews
        while let view = pending.popLast() {
            guard view.semanticContentAttribute == .unspecified, view.directionCache != 0 else { continue }
            view.directionCache = 0
            pending.append(contentsOf: view.subviews)
        }
    }
}
