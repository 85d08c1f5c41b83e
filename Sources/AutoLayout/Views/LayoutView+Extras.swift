// The settings most views leave at their defaults, kept out of line: a view allocates them
// when one is first set, and reads the defaults until then (a view is some 200 bytes smaller).

/// A view's margins, safe-area insets, safe-area and readable guides, diagnostics handler
/// and words of hosted constraints, made when one of them is first set (see ``LayoutView/extrasStorage``).
final class ViewExtras {
    @exclusivity(unchecked) var safeAreaGuide: LayoutGuide?
    @exclusivity(unchecked) var readableGuide: LayoutGuide?
    @exclusivity(unchecked) var margins = ViewExtras.defaultMargins
    @exclusivity(unchecked) var directionalMargins: DirectionalEdgeInsets?
    @exclusivity(unchecked) var safeAreaInsets = EdgeInsets.zero
    /// The words of the constraints the view hosts, once it hosts many and a subtree has
    /// left from under it (see ``HostedConstraintKeys``).
    @exclusivity(unchecked) var hostedKeys: HostedConstraintKeys?
    var diagnosticsHandler: ((LayoutDiagnostic) -> Void)?
    /// See ``LayoutView/appliedInsets``.
    @exclusivity(unchecked) var appliedInsets: (margins: EdgeInsets, safeArea: EdgeInsets)?
    // (The flags last, where they pad no field after them.)
    @exclusivity(unchecked) var preservesSuperviewMargins = false
    @exclusivity(unchecked) var insetsFromSafeArea = true

    /// The margins of a view that has not set its own: 8 on every side.
    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
}

extension LayoutView {
    /// The view's extras, made now if it had none.
    var extras: ViewExtras {
        if let extras = extrasStorage { return extras }
        let extras = ViewExtras()
        extrasStorage = extras
        return extras
    }

    var safeAreaGuideStorage: LayoutGuide? {
        get { extrasStorage?.safeAreaGuide }
        set { extras.safeAreaGuide = newValue }
    }
    var readableGuideStorage: LayoutGuide? {
        get { extrasStorage?.readableGuide }
        set { extras.readableGuide = newValue }
    }
    var marginsStorage: EdgeInsets {
        get { extrasStorage?.margins ?? ViewExtras.defaultMargins }
        set { extras.margins = newValue }
    }
    var directionalMargins: DirectionalEdgeInsets? {
        get { extrasStorage?.directionalMargins }
        set { extras.directionalMargins = newValue }
    }
    var safeAreaInsetsStorage: EdgeInsets {
        get { extrasStorage?.safeAreaInsets ?? .zero }
        set { extras.safeAreaInsets = newValue }
    }
    var preservesStorage: Bool {
        get { extrasStorage?.preservesSuperviewMargins ?? false }
        set { extras.preservesSuperviewMargins = newValue }
    }
    var insetsFromSafeAreaStorage: Bool {
        get { extrasStorage?.insetsFromSafeArea ?? true }
        set { extras.insetsFromSafeArea = newValue }
    }
    /// The margin and safe-area insets the engine's guide constraints were last made with;
    /// nil until a constraint uses the view's margins or safe area (most views never do).
    var appliedInsets: (margins: EdgeInsets, safeArea: EdgeInsets)? {
        get { extrasStorage?.appliedInsets }
        set {
            if newValue == nil && extrasStorage == nil { return }
            extras.appliedInsets = newValue
        }
    }
    var diagnosticsHandlerStorage: ((LayoutDiagnostic) -> Void)? {
        get { extrasStorage?.diagnosticsHandler }
        set { extras.diagnosticsHandler = newValue }
    }
}
