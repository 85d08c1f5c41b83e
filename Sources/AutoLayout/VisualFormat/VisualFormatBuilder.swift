/// Turns a parsed visual format into constraints, one per predicate, plus the alignment
/// constraints the options ask for.
struct VisualFormatBuilder {
    typealias Options = LayoutConstraint.FormatOptions
    typealias Predicate = ParsedVisualFormat.Predicate

    let format: ParsedVisualFormat
    let options: Options
    let spacing: LayoutConstraint.SuperviewSpacing
    let parser: VisualFormatParser
    var result: [LayoutConstraint] = []

    init(format: ParsedVisualFormat, options: Options, spacing: LayoutConstraint.SuperviewSpacing,
         parser: VisualFormatParser) {
        self.format = format
        self.options = options
        self.spacing = spacing
        self.parser = parser
    }

    /// The attributes of alignment options, in the order of their bits.
    static let alignments: [(Options, LayoutAttribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
    ]

    /// An error about the options: the caret goes after the format, as Apple puts it.
    func optionError(_ message: String) -> VisualFormatError {
        parser.fail(message, at: parser.bytes.count)
    }

    /// The alignment attributes, checked against the format's axis.
    func alignmentAttributes() throws(VisualFormatError) -> [LayoutAttribute] {
        let known = Self.alignments.reduce(Options()) { $0.union($1.0) }
        let alignment = options.intersection(.alignmentMask)
        if !alignment.subtracting(known).isEmpty {
            throw optionError("Unknown alignment option bits 0x\(String(alignment.subtracting(known).rawValue, radix: 16))")
        }
        let attributes = Self.alignments.filter { alignment.contains($0.0) }.map(\.1)
        let along: LayoutAttribute.Kind = format.isVertical ? .vertical : .horizontal
        if attributes.contains(where: { $0.kind == along }) {
            let edge = format.isVertical ? "vertical" : "horizontal"
            throw optionError("Options mask required views to be aligned on a \(edge) edge, which is not allowed "
                              + "for layout that is also \(edge).")
        }
        return attributes
    }

    mutating func build() throws(VisualFormatError) -> [LayoutConstraint] {
        let alignment = try alignmentAttributes()
        let unknown = options.subtracting(.alignmentMask).subtracting(.directionMask).subtracting(.spacingMask)
        if !unknown.isEmpty { throw optionError("Unknown option bits 0x\(String(unknown.rawValue, radix: 16))") }
        let direction = options.intersection(.directionMask)
        if direction == .directionMask { throw optionError("Options ask for both left-to-right and right-to-left direction") }
        let baselines = options.contains(.spacingBaselineToBaseline)
        if baselines && !format.isVertical {
            throw optionError("BaselineToBaseline format option not valid for horizontal layout")
        }
        let axis = Axis(vertical: format.isVertical, direction: format.isVertical ? [] : direction, baselines: baselines)

        let views = format.views
        result.reserveCapacity(constraintBound(alignments: alignment.count))
        if let bar = format.leadingBar {
            let superview = try superview(of: views[0].view, bar: bar.position)
            connect(superview, views[0].view, bar.connection, axis.leadingBar(spacing))
        }
        for (i, entry) in views.enumerated() {
            for predicate in entry.sizePredicates { size(entry.view, predicate, axis.size) }
            guard i + 1 < views.count else { break }
            connect(entry.view, views[i + 1].view, format.connections[i], axis.siblings)
            for attribute in alignment {
                result.append(Self.constraint(views[i + 1].view, attribute, .equal, entry.view, attribute, constant: 0))
            }
        }
        if let bar = format.trailingBar, let last = views.last {
            let superview = try superview(of: last.view, bar: bar.position)
            connect(last.view, superview, bar.connection, axis.trailingBar(spacing))
        }
        return result
    }

    func superview(of view: LayoutView, bar: Int) throws(VisualFormatError) -> LayoutView {
        guard let superview = view.superview else {
            throw parser.fail("Unable to interpret '|' character, because the related view doesn't have a superview", at: bar)
        }
        return superview
    }

    /// `view.size REL constant` or `view.size REL other.size`.
    mutating func size(_ view: LayoutView, _ predicate: Predicate, _ attribute: LayoutAttribute) {
        switch predicate.object {
        case .constant(let value):
            result.append(Self.constraint(view, attribute, predicate.relation, nil, .notAnAttribute, constant: value,
                                          priority: predicate.priority))
        case .view(let other):
            result.append(Self.constraint(view, attribute, predicate.relation, other, attribute, constant: 0,
                                          priority: predicate.priority))
        }
    }

    /// `first.a REL second.b + constant` (or `first.a REL constant`) between views, made
    /// from their handles: the items are views, so no cast finds them, as one from a
    /// ``LayoutItem`` would.
    @inline(__always)
    static func constraint(_ first: LayoutView, _ a: LayoutAttribute, _ relation: LayoutRelation, _ second: LayoutView?,
                           _ b: LayoutAttribute, constant: Double, priority: LayoutPriority = .required) -> LayoutConstraint {
        LayoutConstraint(origin: .user, first.handle, a, relation, second?.handle, second == nil ? .notAnAttribute : b,
                         multiplier: second == nil ? 0 : 1, constant: constant, priority: priority)
    }

    /// The constraints of a connection from `start` to `end` along the format.
    mutating func connect(_ start: LayoutView, _ end: LayoutView, _ connection: ParsedVisualFormat.Connection,
                          _ rule: Axis.Rule) {
        switch connection.kind {
        case .flush:
            space(start, end, Predicate(relation: .equal, object: .constant(0), priority: .required), rule, standard: false)
        case .standard:
            // The standard space between baselines is the system spacing of the texts' fonts.
            let standard = rule.standardSecondAttribute == .lastBaseline
                ? LayoutView.systemSpacing(below: start, .lastBaseline, above: end, .firstBaseline) : rule.standard
            space(start, end, Predicate(relation: .equal, object: .constant(standard), priority: .required), rule, standard: true)
        case .listed:
            for predicate in connection.predicates { space(start, end, predicate, rule, standard: false) }
        }
    }

    /// The constraint of one predicate of a connection: the gap between `start` and `end`
    /// (a predicate that names a view makes none).
    mutating func space(_ start: LayoutView, _ end: LayoutView, _ predicate: Predicate, _ rule: Axis.Rule, standard: Bool) {
        guard case .constant(let gap) = predicate.object else { return }
        let (first, second) = rule.reversed ? (start, end) : (end, start)
        result.append(Self.constraint(first, standard ? rule.standardFirstAttribute : rule.firstAttribute,
                                      predicate.relation, second, standard ? rule.standardSecondAttribute : rule.secondAttribute,
                                      constant: gap, priority: predicate.priority))
    }

    /// The most constraints the format makes: one per predicate (a flush or standard
    /// connection has one), and the alignment constraints between neighbours.
    func constraintBound(alignments: Int) -> Int {
        func predicates(_ connection: ParsedVisualFormat.Connection) -> Int {
            connection.kind == .listed ? connection.predicates.count : 1
        }
        var count = alignments * max(0, format.views.count - 1)
        if let bar = format.leadingBar { count += predicates(bar.connection) }
        if let bar = format.trailingBar { count += predicates(bar.connection) }
        for view in format.views { count += view.sizePredicates.count }
        for connection in format.connections { count += predicates(connection) }
        return count
    }
}

/// The attributes a format uses along its axis, in its direction.
struct Axis {
    /// How a connection becomes a constraint `first.attribute REL second.attribute + gap`.
    struct Rule {
        var firstAttribute: LayoutAttribute
        var secondAttribute: LayoutAttribute
        /// The attributes for a standard connection (a superview's margin when `|-` means
        /// the layout margins).
        var standardFirstAttribute: LayoutAttribute
        var standardSecondAttribute: LayoutAttribute
        var standard: Double
        /// Whether the earlier item in reading order is the first item: true when reading
        /// runs against the coordinates (right to left), so the constant stays the gap.
        var reversed: Bool
    }

    /// The near and far edges in reading order, and the size attribute.
    let near: LayoutAttribute, far: LayoutAttribute, size: LayoutAttribute
    let reversed: Bool
    let baselines: Bool

    init(vertical: Bool, direction: LayoutConstraint.FormatOptions, baselines: Bool) {
        self.baselines = baselines
        if vertical {
            (near, far, size, reversed) = (.top, .bottom, .height, false)
        } else if direction == .directionLeftToRight {
            (near, far, size, reversed) = (.left, .right, .width, false)
        } else if direction == .directionRightToLeft {
            (near, far, size, reversed) = (.right, .left, .width, true)
        } else {
            (near, far, size, reversed) = (.leading, .trailing, .width, false)
        }
    }

    /// Between siblings: `next.near REL previous.far + gap`, or `previous.far REL
    /// next.near + gap` reading right to left; last to first baseline when asked.
    var siblings: Rule {
        let (first, second) = baselines ? (LayoutAttribute.firstBaseline, LayoutAttribute.lastBaseline)
            : reversed ? (far, near) : (near, far)
        return Rule(firstAttribute: first, secondAttribute: second, standardFirstAttribute: first,
                    standardSecondAttribute: second, standard: LayoutConstraint.standardSiblingSpacing, reversed: reversed)
    }

    /// From the superview's near edge to the first view.
    func leadingBar(_ spacing: LayoutConstraint.SuperviewSpacing) -> Rule {
        bar(near, superviewIsFirst: reversed, margins: spacing == .layoutMargins)
    }

    /// From the last view to the superview's far edge.
    func trailingBar(_ spacing: LayoutConstraint.SuperviewSpacing) -> Rule {
        bar(far, superviewIsFirst: !reversed, margins: spacing == .layoutMargins)
    }

    private func bar(_ attribute: LayoutAttribute, superviewIsFirst: Bool, margins: Bool) -> Rule {
        let margin = margins ? attribute.margin : attribute
        return Rule(firstAttribute: attribute, secondAttribute: attribute,
                    standardFirstAttribute: superviewIsFirst ? margin : attribute,
                    standardSecondAttribute: superviewIsFirst ? attribute : margin,
                    standard: margins ? 0 : LayoutConstraint.standardSuperviewSpacing, reversed: reversed)
    }
}

extension LayoutAttribute {
    /// The margin variant of an edge (itself for anything else).
    var margin: LayoutAttribute {
        switch self {
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        default: self
        }
    }
}
