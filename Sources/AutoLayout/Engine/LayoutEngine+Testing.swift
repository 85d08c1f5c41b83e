// Switches for tests, which run the same layouts both ways and compare: each turns off one
// of the engine's shortcuts. Nothing outside the tests sets them.

extension LayoutEngine {
    /// Whether translated subviews of the root are placed through frame aliases (see
    /// ``FrameAlias``); true unless a test turns it off before adding views.
    var aliasesTranslatedViews: Bool {
        get { aliasState.isEnabled }
        set { aliasState.isEnabled = newValue }
    }

    /// Whether any flagged view makes a pass scan every view, as passes did before the
    /// engine listed the flagged views (see ``FlaggedViews``); false unless a test sets it.
    var flaggedViewsAlwaysScan: Bool {
        get { layoutFlags.alwaysScans }
        set {
            layoutFlags.alwaysScans = newValue
            updateFlags.alwaysScans = newValue
        }
    }

    /// Whether views that move with their superviews are made silent in the solver (see
    /// LayoutEngine+Silence.swift); true unless a test turns it off before laying out.
    var makesLeavesSilent: Bool {
        get { tracking.silencesLeaves }
        set { tracking.silencesLeaves = newValue }
    }
}
