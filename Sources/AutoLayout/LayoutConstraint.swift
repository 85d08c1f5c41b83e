import Cassowary

/// A linear relation between attributes of two layout items:
/// `first.attribute REL multiplier × second.attribute + constant`, at a priority.
///
/// New constraints are inactive; activate them with ``isActive``, ``activate()`` or
/// ``activate(_:)``. Only ``constant``, ``priority`` (within limits) and ``identifier`` can
/// change after creation.
open class LayoutConstraint: CustomStringConvertible {
    /// The item on the left side. A constraint does not keep its items alive (as in UIKit):
    /// this is nil once the item has gone away.
    public var firstItem: LayoutItem? { firstHandle?.item }
    let firstHandle: ItemHandle?
    /// The attribute of the first item.
    public let firstAttribute: LayoutAttribute
    /// How the two sides compare.
    public let relation: LayoutRelation
    /// The item on the right side, or nil for a constant (nil too once it has gone away).
    public var secondItem: LayoutItem? { secondHandle?.item }
    let secondHandle: ItemHandle?
    /// The attribute of the second item (``LayoutAttribute/notAnAttribute`` for a constant).
    public let secondAttribute: LayoutAttribute
    /// The factor applied to the second attribute.
    public let multiplier: Double
    /// A name shown in descriptions and logs.
    public var identifier: String?

    /// What made the constraint: the user, or the engine for a view.
    enum Origin: Equatable { case user, autoresizing, contentSize, guide, root }
    let origin: Origin
    var storedConstant: Double
    var storedPriority: LayoutPriority
    /// The view it is installed on while active (cleared by the view when it goes away).
    unowned(unsafe) var installedOn: LayoutView?
    /// Its solver constraint while it is in an engine's solver.
    var lowering: Cassowary.Constraint?
    /// An error found when an anchor made the constraint (anchor factories cannot throw);
    /// activation throws it.
    var deferredError: LayoutError?
    /// For constraints made from ``LayoutAnchor/anchorWithOffset(to:)`` dimensions: the
    /// side is `end − start` instead of an item's attribute.
    var firstSpan: AnchorSpan?
    var secondSpan: AnchorSpan?
    /// Extra terms on the right side, for constraints the engine makes (an autoresizing
    /// mask shares the superview's size change among margins and size).
    var extraTerms: [ExtraTerm] = []

    /// Creates a constraint `item.attribute REL multiplier × toItem.attribute + constant`.
    /// - Throws: ``LayoutError`` for an item that is not a view or guide, attributes that
    ///   cannot be paired, a lone location, or a non-finite multiplier or constant, with
    ///   Apple's messages.
    public convenience init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                            toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
                            multiplier: Double = 1, constant: Double = 0) throws {
        try LayoutConstraint.validate(item, attribute, toItem, secondAttribute, multiplier, constant)
        self.init(generated: .user, item, attribute, relation, toItem, secondAttribute, multiplier: multiplier,
                  constant: constant, identifier: nil)
    }

    /// A constraint made without validation: by the engine, by an anchor (which defers its
    /// validation to activation), or by the public initializer after validating.
    init(generated origin: Origin, _ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
         _ toItem: LayoutItem?, _ secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double,
         priority: LayoutPriority = .required, identifier: String?) {
        firstHandle = handle(of: item)
        firstAttribute = attribute
        self.relation = relation
        secondHandle = handle(of: toItem)
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = toItem == nil ? 0 : multiplier
        storedConstant = constant
        storedPriority = priority
        self.origin = origin
        self.identifier = identifier
    }

    static func validate(_ item: LayoutItem, _ attribute: LayoutAttribute, _ toItem: LayoutItem?,
                         _ secondAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double) throws {
        for candidate in [item, toItem].compactMap({ $0 }) where !(candidate is LayoutView || candidate is LayoutGuide) {
            throw LayoutError.unsupportedItem(String(describing: candidate))
        }
        guard multiplier.isFinite else { throw LayoutError.nonFiniteMultiplier }
        guard constant.isFinite else { throw LayoutError.nonFiniteConstant }
        // Built only for an error: describing the items costs more than the checks.
        var pair: String { "\(item).\(attribute) and \(toItem.map { "\($0).\(secondAttribute)" } ?? "a constant")" }
        guard attribute != .notAnAttribute else { throw LayoutError.invalidPairing(pair) }
        if toItem == nil || secondAttribute == .notAnAttribute || multiplier == 0 {
            if toItem != nil && secondAttribute == .notAnAttribute { throw LayoutError.invalidPairing(pair) }
            if attribute.kind != .dimension { throw LayoutError.locationWithConstant("\(item).\(attribute)") }
            return
        }
        if attribute.kind == .dimension || secondAttribute.kind == .dimension {
            guard attribute.kind == secondAttribute.kind else { throw LayoutError.invalidPairing(pair) }
            return
        }
        guard attribute.kind == secondAttribute.kind else { throw LayoutError.invalidPairing(pair) }
        if (attribute.isDirectional && secondAttribute.isLeftOrRight)
            || (attribute.isLeftOrRight && secondAttribute.isDirectional) {
            throw LayoutError.mixedDirectionalAttributes(pair)
        }
    }

    // MARK: Mutable parts

    /// The constant added to the right side. A non-finite value is refused (the constant
    /// keeps its value and the refusal is reported to the hierarchy's diagnostics); use
    /// ``setConstant(_:)`` to get the error instead.
    public var constant: Double {
        get { storedConstant }
        set {
            do { try setConstant(newValue) } catch { report(error) }
        }
    }

    /// Sets the constant; an active constraint is updated in place in the engine.
    /// - Throws: ``LayoutError/nonFiniteConstant``.
    public func setConstant(_ value: Double) throws {
        guard value.isFinite else { throw LayoutError.nonFiniteConstant }
        guard value != storedConstant else { return }
        storedConstant = value
        installedOn?.engineIfAny?.constantChanged(self)
    }

    /// How much the constraint matters (``LayoutPriority/required`` by default). Changing
    /// an active constraint between required and optional is refused and reported; use
    /// ``setPriority(_:)`` to get the error instead.
    public var priority: LayoutPriority {
        get { storedPriority }
        set {
            do { try setPriority(newValue) } catch { report(error) }
        }
    }

    /// Sets the priority.
    /// - Throws: ``LayoutError/invalidPriority(_:)`` outside 1...1000;
    ///   ``LayoutError/requiredPriorityChange(_:)`` between required and optional while active.
    public func setPriority(_ value: LayoutPriority) throws {
        guard value.isValid else { throw LayoutError.invalidPriority(value.rawValue) }
        guard value != storedPriority else { return }
        if isActive && value.isRequired != storedPriority.isRequired {
            throw LayoutError.requiredPriorityChange(description)
        }
        storedPriority = value
        installedOn?.engineIfAny?.priorityChanged(self)
    }

    /// Whether the constraint takes part in layout. Setting it to true when the items have
    /// no common ancestor is refused and reported; ``activate()`` throws instead.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue {
                do { try activate() } catch { report(error) }
            } else {
                deactivate()
            }
        }
    }

    /// Whether this is one of the constraints a view's autoresizing mask becomes.
    public var isAutoresizingConstraint: Bool { origin == .autoresizing }

    func report(_ error: Error) {
        guard let error = error as? LayoutError else { return }
        let view = (firstItem as? LayoutView) ?? (firstItem as? LayoutGuide)?.owningView
        view?.engine.report(.rejected(constraint: self, error: error))
    }

    // MARK: Description

    /// Apple's shape: `<LayoutConstraint:0x… 'identifier' H:[a]-(8)-[b]   (active)>`, with
    /// the body in the Visual Format Language where a format would make the constraint
    /// (``visualFormatDescription``), else as an equation (``equationDescription``).
    open var description: String { appleDescription }
}

/// A term the engine adds to a constraint's right side (the item is not kept alive).
struct ExtraTerm {
    let itemHandle: ItemHandle?
    let attribute: LayoutAttribute
    let coefficient: Double
    var item: LayoutItem? { itemHandle?.item }

    init(item: LayoutItem, attribute: LayoutAttribute, coefficient: Double) {
        itemHandle = handle(of: item)
        self.attribute = attribute
        self.coefficient = coefficient
    }
}
