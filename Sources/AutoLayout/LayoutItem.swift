import Cassowary

/// Something constraints can relate: a ``LayoutView`` or a ``LayoutGuide``.
public protocol LayoutItem: AnyObject, CustomStringConvertible {}

/// A constraint's reference to an item: the item owns its handle and clears it when it goes
/// away, so a constraint sees nil afterwards (the weak semantics of UIKit) while no view
/// needs the side table a weak reference would give it. A view's handle is its
/// ``ItemVariables`` (one object fewer per view); a guide has a plain handle.
///
/// The references are stored unretained, as `Unmanaged`: reading one to compare or to
/// follow it costs no retain (an `unowned(unsafe)` read retains and releases).
@usableFromInline class ItemHandle {
    @exclusivity(unchecked) final var viewReference: Unmanaged<LayoutView>?
    @exclusivity(unchecked) final var guideReference: Unmanaged<LayoutGuide>?

    init() {}

    /// The item: its view or its guide, nil once it has gone away.
    final var item: LayoutItem? {
        if let view { return view }
        return guide
    }
    /// The item when it is a view (set by the view): activation finds the view without a cast.
    final var view: LayoutView? { viewReference?.takeUnretainedValue() }
    /// The item when it is a guide (set by the guide), for the same reason.
    final var guide: LayoutGuide? { guideReference?.takeUnretainedValue() }
}

/// The handle of a view or guide (nil for anything else, which validation refuses).
@inlinable func handle(of item: LayoutItem?) -> ItemHandle? {
    switch item {
    case let view as LayoutView: view.handle
    case let guide as LayoutGuide: guide.handle
    default: nil
    }
}

/// The solver variables of an item: its alignment rectangle in its root view's coordinates.
/// (A class: passing one costs one retain where a struct of four references costs four.) A
/// view's variables are its handle too; a guide's variables leave the handle part unused.
@usableFromInline final class ItemVariables: ItemHandle {
    let x: Variable, y: Variable, width: Variable, height: Variable

    /// Four fresh variables. Their names only show in solver dumps, so they are fixed
    /// strings (building a name per item costs more than the rest of making the item).
    override init() {
        x = Variable("minX")
        y = Variable("minY")
        width = Variable("width")
        height = Variable("height")
    }

    /// The solved rectangle.
    var rect: Rect { Rect(x: x.value, y: y.value, width: width.value, height: height.value) }
}

/// Names for items without an identifier: the kind and the object's address, as Apple prints them.
enum ItemNames {
    static func fallback(_ kind: String, _ object: AnyObject) -> String {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        return "\(kind):0x\(String(address % 0x1_0000_0000, radix: 16))"
    }
}
