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
    /// The item on the right side, or nil for a constant (nil too once it has gone away).
    public var secondItem: LayoutItem? { secondHandle?.item }
    let secondHandle: ItemHandle?
    /// The factor applied to the second attribute.
    public var multiplier: Double {
        storedMultiplier.isNaN ? extras.unsafelyUnwrapped.multiplier : Double(storedMultiplier)
    }
    /// A name shown in descriptions and logs.
    public var identifier: String? {
        get { identifierStorage?.text }
        set {
            identifierStorage = newValue.map(ConstraintIdentifier.init)
            noteEditFromOutside()
        }
    }
    /// ``identifier``, in an object of its own: eight bytes where an optional string takes
    /// sixteen, and the constraints made by one rule or one mask share one (see
    /// ``ConstraintIdentifier``).
    @exclusivity(unchecked) var identifierStorage: ConstraintIdentifier?

    /// What made the constraint: the user, the engine for a view, or a stack view for its
    /// arrangement.
    enum Origin: Equatable { case user, autoresizing, contentSize, guide, root, arrangement }
    // The mutable fields below are only ever accessed briefly (no `inout` spans), so they
    // skip the dynamic exclusivity checks that class properties get otherwise.
    @exclusivity(unchecked) var storedConstant: Double
    /// The view it is installed on while active (cleared by the view when it goes away).
    var installedOn: LayoutView? {
        get { installedReference?.takeUnretainedValue() }
        set { installedReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// ``installedOn``, unretained: checking it costs no retain.
    @exclusivity(unchecked) var installedReference: Unmanaged<LayoutView>?
    /// Its solver constraint while it is in an engine's solver.
    @exclusivity(unchecked) var lowering: Cassowary.Constraint?
    /// An error found when an anchor made the constraint (anchor factories cannot throw);
    /// activation throws it.
    var deferredError: LayoutError? { extras?.deferredError }
    /// For constraints made from ``LayoutAnchor/anchorWithOffset(to:)`` dimensions: the
    /// side is `end − start` instead of an item's attribute.
    var firstSpan: AnchorSpan? { extras?.firstSpan }
    var secondSpan: AnchorSpan? { extras?.secondSpan }
    /// The fields few constraints use (nil when none of them is set): kept apart, making a
    /// constraint initializes one reference for them. (Not the identifier: the engine names
    /// the constraints it makes.)
    @exclusivity(unchecked) var rare: RareFields?
    /// See ``rare``: an anchor's spans and deferred error in an object, or the extra terms
    /// of an autoresizing constraint as their array alone (no object around it). One
    /// pointer either way.
    enum RareFields {
        case extras(Extras)
        case extraTerms([ExtraTerm])
    }
    /// The span and error fields of ``rare``.
    var extras: Extras? {
        if case .extras(let extras) = rare { return extras }
        return nil
    }

    /// See ``rare``.
    final class Extras {
        let deferredError: LayoutError?
        let firstSpan: AnchorSpan?
        let secondSpan: AnchorSpan?
        /// The multiplier, when a `Float` cannot hold it (see ``storedMultiplier``).
        let multiplier: Double
        /// See ``LayoutConstraint/extraTerms``.
        var extraTerms: [ExtraTerm] = []

        init(deferredError: LayoutError?, firstSpan: AnchorSpan?, secondSpan: AnchorSpan?, multiplier: Double) {
            self.deferredError = deferredError
            self.firstSpan = firstSpan
            self.secondSpan = secondSpan
            self.multiplier = multiplier
        }
    }
    /// Extra terms on the right side, for constraints the engine makes (an autoresizing
    /// mask with a flexible margin or size shares the superview's size change among
    /// margins and size). Kept in ``rare``: few constraints have any, and a field of its
    /// own would make every constraint a 128-byte block instead of a 112-byte one.
    var extraTerms: [ExtraTerm] {
        get {
            switch rare {
            case nil: []
            case .extraTerms(let terms): terms
            case .extras(let extras): extras.extraTerms
            }
        }
        set {
            if case .extras(let extras) = rare {
                extras.extraTerms = newValue
            } else {
                rare = newValue.isEmpty ? nil : .extraTerms(newValue)
            }
        }
    }
    /// For a content-size constraint that stands for both sides of an intrinsic size (an
    /// equality at the hugging priority), the compression resistance priority: the engine
    /// holds it as one two-sided solver equality, as UIKit's content-size constraints carry
    /// both priorities. Nil for every other constraint.
    var compressionPriority: LayoutPriority? {
        get { compressionRaw.isNaN ? nil : LayoutPriority(compressionRaw) }
        set { compressionRaw = newValue?.rawValue ?? .nan }
    }
    // The fields of four bytes or less come last, together: declared among the others, each
    // would be padded to eight bytes (a constraint takes a 96-byte block; it would take 128).
    /// ``multiplier`` as a `Float`, which holds every multiplier a layout usually has (0 for
    /// a constant, 1, ½, 2, 0.75) exactly; NaN when it cannot, and ``Extras`` holds it.
    @exclusivity(unchecked) let storedMultiplier: Float
    /// ``compressionPriority``'s raw value, NaN for nil (four bytes where an optional
    /// priority takes five, which would pad the constraint into the next block).
    @exclusivity(unchecked) var compressionRaw: Float = .nan
    @exclusivity(unchecked) var storedPriority: LayoutPriority
    /// The attribute of the first item.
    public let firstAttribute: LayoutAttribute
    /// How the two sides compare.
    public let relation: LayoutRelation
    /// The attribute of the second item (``LayoutAttribute/notAnAttribute`` for a constant).
    public let secondAttribute: LayoutAttribute
    /// What made the constraint (see ``Origin``).
    let origin: Origin

    /// Creates a constraint `item.attribute REL multiplier × toItem.attribute + constant`.
    /// - Throws: ``LayoutError`` for an item that is not a view or guide, attributes that
    ///   cannot be paired, a lone location, or a non-finite multiplier or constant, with
    ///   Apple's messages; ``LayoutError/valueOutOfRange(what:value:limit:)`` for a
    ///   multiplier or constant beyond ``LayoutLimits``.
    public convenience init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                            toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
                            multiplier: Double = 1, constant: Double = 0) throws {
        try LayoutConstraint.validate(item, attribute, toItem, secondAttribute, multiplier, constant)
        self.init(generated: .user, item, attribute, relation, toItem, secondAttribute, multiplier: multiplier,
                  constant: constant, identifier: nil)
    }

    /// A constraint made without validation: by the engine, by an anchor (which defers its
    /// validation to activation), or by the public initializer after validating.
    convenience init(generated origin: Origin, _ item: LayoutItem, _ attribute: LayoutAttribute,
                     _ relation: LayoutRelation, _ toItem: LayoutItem?, _ secondAttribute: LayoutAttribute,
                     multiplier: Double = 1, constant: Double, priority: LayoutPriority = .required,
                     identifier: ConstraintIdentifier?) {
        let toConstant = toItem == nil
        self.init(origin: origin, handle(of: item), attribute, relation, handle(of: toItem),
                  toConstant ? .notAnAttribute : secondAttribute, multiplier: toConstant ? 0 : multiplier,
                  constant: constant, priority: priority, identifier: identifier)
    }

    /// The designated initializer: every field as given (a constant's second attribute is
    /// ``LayoutAttribute/notAnAttribute`` and its multiplier 0 already).
    init(origin: Origin, _ firstHandle: ItemHandle?, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
         _ secondHandle: ItemHandle?, _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
         priority: LayoutPriority = .required, identifier: ConstraintIdentifier? = nil, firstSpan: AnchorSpan? = nil,
         secondSpan: AnchorSpan? = nil, deferredError: LayoutError? = nil) {
        self.firstHandle = firstHandle
        firstAttribute = attribute
        self.relation = relation
        self.secondHandle = secondHandle
        self.secondAttribute = secondAttribute
        let exact = Float(exactly: multiplier)
        storedMultiplier = exact ?? .nan
        storedConstant = constant
        storedPriority = priority
        self.origin = origin
        identifierStorage = identifier
        if deferredError != nil || firstSpan != nil || secondSpan != nil || exact == nil {
            rare = .extras(Extras(deferredError: deferredError, firstSpan: firstSpan, secondSpan: secondSpan,
                                  multiplier: multiplier))
        }
    }

    /// The designated initializer's common case: no identifier, spans or error.
    @inline(__always)
    init(origin: Origin, _ firstHandle: ItemHandle?, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
         _ secondHandle: ItemHandle?, _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
         priority: LayoutPriority = .required) {
        self.firstHandle = firstHandle
        firstAttribute = attribute
        self.relation = relation
        self.secondHandle = secondHandle
        self.secondAttribute = secondAttribute
        let exact = Float(exactly: multiplier)
        storedMultiplier = exact ?? .nan
        storedConstant = constant
        storedPriority = priority
        self.origin = origin
        if exact == nil {
            rare = .extras(Extras(deferredError: nil, firstSpan: nil, secondSpan: nil, multiplier: multiplier))
        }
    }

    /// A constraint made by an anchor factory from the two anchors' fields (`second*` nil for
    /// a constant), for anchors of views and guides without offset dimensions. Anchor
    /// factories cannot throw, so an invalid pair is kept and thrown on activation.
    @usableFromInline
    static func anchored(_ handleReference: Unmanaged<ItemHandle>, _ attribute: LayoutAttribute,
                         _ relation: LayoutRelation, _ secondReference: Unmanaged<ItemHandle>?,
                         _ secondAttribute: LayoutAttribute, _ multiplier: Double,
                         _ constant: Double) -> LayoutConstraint {
        // (Unretained: the caller keeps the items, and so their handles, alive.)
        let handle = handleReference.takeUnretainedValue(), secondHandle = secondReference?.takeUnretainedValue()
        let hasSecond = secondHandle != nil
        let storedMultiplier = hasSecond ? multiplier : 0
        // Only the pairing checks; a refused pairing goes through full validation for its
        // error and message.
        if pairingProblem(attribute, hasSecond, secondAttribute, storedMultiplier, constant) != nil,
           let item = handle.item {
            var error: LayoutError?
            do {
                try validate(item, attribute, secondHandle?.item, secondAttribute, storedMultiplier, constant)
            } catch let refusal {
                error = refusal
            }
            return LayoutConstraint(origin: .user, handle, attribute, relation, secondHandle, secondAttribute,
                                    multiplier: storedMultiplier, constant: constant, deferredError: error)
        }
        return LayoutConstraint(origin: .user, handle, attribute, relation, secondHandle, secondAttribute,
                                multiplier: storedMultiplier, constant: constant)
    }

    /// A constraint made by an anchor factory when either anchor is an offset dimension
    /// (see ``LayoutXAxisAnchor/anchorWithOffset(to:)``).
    @usableFromInline
    static func spanned(_ handle: ItemHandle, _ attribute: LayoutAttribute, _ span: AnchorSpan?,
                        _ relation: LayoutRelation, _ secondHandle: ItemHandle?, _ secondAttribute: LayoutAttribute,
                        _ secondSpan: AnchorSpan?, _ multiplier: Double, _ constant: Double) -> LayoutConstraint {
        var error: LayoutError?
        do {
            try LayoutLimits.checkMultiplier(multiplier)
            try LayoutLimits.checkConstant(constant)
        } catch let refusal {
            error = refusal
        }
        return LayoutConstraint(origin: .user, handle, attribute, relation, secondHandle, secondAttribute,
                                multiplier: secondHandle != nil ? multiplier : 0, constant: constant, firstSpan: span,
                                secondSpan: secondSpan, deferredError: error)
    }

    /// A constraint made by an anchor of an item that is neither a view nor a guide (or to
    /// one): it keeps the validation error, thrown on activation.
    @usableFromInline
    static func unsupported(_ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
                            _ secondItem: LayoutItem?, _ secondAttribute: LayoutAttribute?, _ multiplier: Double,
                            _ constant: Double) -> LayoutConstraint {
        let storedMultiplier = secondItem == nil ? 0 : multiplier
        var error: LayoutError?
        do {
            try validate(item, attribute, secondItem, secondAttribute ?? .notAnAttribute, storedMultiplier, constant)
        } catch let refusal {
            error = refusal
        }
        return LayoutConstraint(origin: .user, handle(of: item), attribute, relation, handle(of: secondItem),
                                secondAttribute ?? .notAnAttribute, multiplier: storedMultiplier, constant: constant,
                                deferredError: error)
    }

    /// Throws the error for an item that is not a view or guide, or for a pairing
    /// ``pairingProblem(_:_:_:_:_:)`` refuses, with Apple's message.
    static func validate(_ item: LayoutItem, _ attribute: LayoutAttribute, _ toItem: LayoutItem?,
                         _ secondAttribute: LayoutAttribute, _ multiplier: Double,
                         _ constant: Double) throws(LayoutError) {
        if !isSupported(item) { throw LayoutError.unsupportedItem(String(describing: item)) }
        if let toItem, !isSupported(toItem) { throw LayoutError.unsupportedItem(String(describing: toItem)) }
        if let problem = pairingProblem(attribute, toItem != nil, secondAttribute, multiplier, constant) {
            throw problem.error(item, attribute, toItem, secondAttribute)
        }
    }

    /// Whether constraints can relate the item: views and guides only.
    @inline(__always) static func isSupported(_ item: LayoutItem) -> Bool {
        item is LayoutView || item is LayoutGuide
    }

    /// What is wrong with `attribute REL multiplier × second.secondAttribute + constant`, if
    /// anything: a few number and enum checks, with no item or message involved.
    @inline(__always)
    static func pairingProblem(_ attribute: LayoutAttribute, _ hasSecond: Bool, _ secondAttribute: LayoutAttribute,
                               _ multiplier: Double, _ constant: Double) -> PairingProblem? {
        guard multiplier.isFinite else { return .nonFiniteMultiplier }
        guard constant.isFinite else { return .nonFiniteConstant }
        guard abs(multiplier) <= LayoutLimits.maximumMultiplier else { return .multiplierOutOfRange(multiplier) }
        guard LayoutLimits.contains(constant) else { return .constantOutOfRange(constant) }
        guard attribute != .notAnAttribute else { return .invalidPairing }
        if !hasSecond || secondAttribute == .notAnAttribute || multiplier == 0 {
            if hasSecond && secondAttribute == .notAnAttribute { return .invalidPairing }
            return attribute.kind == .dimension ? nil : .locationWithConstant
        }
        let kind = attribute.kind
        guard kind == secondAttribute.kind else { return .invalidPairing }
        if kind == .dimension { return nil }
        if (attribute.isDirectional && secondAttribute.isLeftOrRight)
            || (attribute.isLeftOrRight && secondAttribute.isDirectional) {
            return .mixedDirectional
        }
        return nil
    }

    /// The ways a pairing can be invalid (see ``pairingProblem(_:_:_:_:_:)``).
    enum PairingProblem {
        case nonFiniteMultiplier, nonFiniteConstant, invalidPairing, locationWithConstant, mixedDirectional
        case multiplierOutOfRange(Double), constantOutOfRange(Double)

        /// The error, with Apple's message (built here only: describing items is costly).
        func error(_ item: LayoutItem, _ attribute: LayoutAttribute, _ toItem: LayoutItem?,
                   _ secondAttribute: LayoutAttribute) -> LayoutError {
            var pair: String { "\(item).\(attribute) and \(toItem.map { "\($0).\(secondAttribute)" } ?? "a constant")" }
            return switch self {
            case .nonFiniteMultiplier: .nonFiniteMultiplier
            case .nonFiniteConstant: .nonFiniteConstant
            case .multiplierOutOfRange(let value):
                .valueOutOfRange(what: "the multiplier", value: value, limit: LayoutLimits.maximumMultiplier)
            case .constantOutOfRange(let value):
                .valueOutOfRange(what: "the constant", value: value, limit: LayoutLimits.maximumValue)
            case .invalidPairing: .invalidPairing(pair)
            case .locationWithConstant: .locationWithConstant("\(item).\(attribute)")
            case .mixedDirectional: .mixedDirectionalAttributes(pair)
            }
        }
    }

    // MARK: Mutable parts

    /// The constant added to the right side. A non-finite value, or one beyond
    /// ``LayoutLimits/maximumValue``, is refused (the constant keeps its value and the
    /// refusal is reported to the hierarchy's diagnostics); use ``setConstant(_:)`` to get
    /// the error instead.
    public var constant: Double {
        get { storedConstant }
        set {
            do { try setConstant(newValue) } catch { report(error) }
        }
    }

    /// Sets the constant; an active constraint is updated in place in the engine.
    /// - Throws: ``LayoutError/nonFiniteConstant``; ``LayoutError/valueOutOfRange(what:value:limit:)``
    ///   beyond ``LayoutLimits/maximumValue``.
    public func setConstant(_ value: Double) throws {
        try LayoutLimits.checkConstant(value)
        guard value != storedConstant else { return }
        noteEditFromOutside()
        applyConstant(value)
    }

    /// Sets the constant, with no check, and updates an active constraint in place.
    func applyConstant(_ value: Double) {
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
        noteEditFromOutside()
        applyPriority(value)
    }

    /// Sets the priority, with no check, and updates an active constraint.
    func applyPriority(_ value: LayoutPriority) {
        storedPriority = value
        installedOn?.engineIfAny?.priorityChanged(self)
    }

    /// Whether the constraint takes part in layout. Setting it to true when the items have
    /// no common ancestor is refused and reported; ``activate()`` throws instead.
    public var isActive: Bool {
        get { installedReference != nil }
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

    /// Whether this is a stack's `UISV-hiding` constraint: a hidden arranged view's size
    /// along the axis at 0.
    var isStackHiding: Bool { origin == .arrangement && identifier == ArrangementRole.hiding.identifier }

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
