// A stack view's options, with UIKit's names and raw values.

extension StackView {
    /// How a stack view sizes and places its arranged views along its axis.
    public enum Distribution: Int, Sendable, CaseIterable {
        /// The views fill the stack along its axis, each as big as its content wants; when
        /// they do not fit, the one with the lowest compression resistance shrinks, and
        /// when there is room left, the one with the lowest hugging priority grows.
        case fill = 0
        /// The views fill the stack along its axis, all the same size.
        case fillEqually = 1
        /// The views fill the stack along its axis, each in proportion to its intrinsic
        /// size.
        case fillProportionally = 2
        /// The views keep their intrinsic sizes and the gaps between them are equal (at
        /// least ``StackView/spacing``).
        ///
        /// Building such a stack, and hiding or showing one of its views, takes time that
        /// grows with the square of its arranged views: every gap's minimum depends on the
        /// common gap, which the whole stack sets, and the solver writes each minimum out in
        /// full. Hiding one of 20 labels takes about 0.2 ms, of 50 about 1 ms, of 400 60–80 ms
        /// (the fill distributions: 30–40 µs at 50, growing linearly).
        case equalSpacing = 3
        /// The views keep their intrinsic sizes and their centres are equally far apart
        /// (the gaps at least ``StackView/spacing``).
        ///
        /// Its cost grows with the square of the arranged views, as ``equalSpacing``'s does.
        case equalCentering = 4

        /// Each case by UIKit's name for it (`fillEqually`), in declaration order, as
        /// documents and test records write them.
        public static let named: KeyValuePairs<String, Distribution> = [
            "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
            "equalSpacing": .equalSpacing, "equalCentering": .equalCentering]
    }

    /// How a stack view places its arranged views across its axis.
    public enum Alignment: Int, Sendable, CaseIterable {
        /// The views fill the stack across its axis.
        case fill = 0
        /// The views' leading edges (vertical stacks) or top edges (horizontal stacks) are
        /// on the stack's; ``top`` is the same value.
        case leading = 1
        /// The views' first baselines line up (horizontal stacks; a vertical stack aligns
        /// leading edges instead).
        case firstBaseline = 2
        /// The views' centres line up with the stack's.
        case center = 3
        /// The views' trailing edges (vertical stacks) or bottom edges (horizontal stacks)
        /// are on the stack's; ``bottom`` is the same value.
        case trailing = 4
        /// The views' last baselines line up (horizontal stacks; a vertical stack aligns
        /// trailing edges instead).
        case lastBaseline = 5

        /// The top edges of a horizontal stack's views on the stack's (``leading``).
        public static let top = Alignment.leading
        /// The bottom edges of a horizontal stack's views on the stack's (``trailing``).
        public static let bottom = Alignment.trailing

        /// Each case by UIKit's names for it (`top` and `bottom` too), as documents and
        /// test records write them.
        public static let named: KeyValuePairs<String, Alignment> = [
            "fill": .fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline, "center": .center,
            "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline]
    }

    /// The spacing value that means "the stack's ``spacing``", which
    /// ``customSpacing(after:)`` returns for a view without a custom spacing, as in UIKit.
    public static let spacingUseDefault = Double.greatestFiniteMagnitude
    /// The spacing value that means "the system spacing" (8 points, as
    /// ``LayoutXAxisAnchor/constraint(equalToSystemSpacingAfter:multiplier:)`` uses).
    public static let spacingUseSystem = Double.leastNormalMagnitude
}
