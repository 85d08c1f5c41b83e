// The view's rectangle: its frame, bounds and center, and the engine's frames set on it.

extension LayoutView {
    /// The view's rectangle in its superview's coordinates. Setting it on a view placed by
    /// constraints lasts until the next layout pass; on a root view it sets the size the
    /// hierarchy is laid out in; on a view that translates its autoresizing mask it moves
    /// the view's constraints. A frame beyond ``LayoutLimits`` (or not finite) is refused:
    /// the view keeps its frame and the refusal is reported
    /// (``LayoutDiagnostic/rejectedValue(view:error:)``).
    public var frame: Rect {
        get { storedFrame }
        set {
            guard newValue != storedFrame else { return }
            if let refusal = LayoutLimits.problem(with: newValue, "the frame") { return refuse(refusal) }
            storedFrame = newValue
            engineIfAny?.frameChanged(of: self)
            setNeedsLayout(placingSubviews: false)
            superview?.setNeedsLayout()  // the next pass puts a constrained view back
        }
    }

    /// The view's own rectangle: its size at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: storedFrame.size) }

    /// The center of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            frame = Rect(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
                         width: storedFrame.width, height: storedFrame.height)
        }
    }

    /// Sets the frame from the engine's result, without feeding it back as constraints.
    func applyLayoutFrame(_ rect: Rect, engine: LayoutEngine) {
        if rect.size != storedFrame.size { markNeedsLayout(in: engine) }
        storedFrame = rect
    }
}
