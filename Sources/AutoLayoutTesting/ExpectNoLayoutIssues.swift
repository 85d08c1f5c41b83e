import AutoLayout
import Testing

/// Expects a hierarchy to lay out with no issues (see `LayoutView.layoutIssues()`): each
/// issue is recorded as a failure of the running Swift Testing test, with the views and
/// constraints involved, at the caller's line. Kinds in `allowed` are not failures (an
/// example whose optional constraints are meant to give way allows
/// `.unmetOptionalConstraint`).
///
/// ```swift
/// @Test func profileScreen() {
///     let screen = ProfileScreen(frame: Rect(x: 0, y: 0, width: 375, height: 667))
///     expectNoLayoutIssues(screen)
/// }
/// ```
/// - Returns: The issues recorded, for further checks.
@discardableResult
public func expectNoLayoutIssues(_ view: LayoutView, allowing allowed: Set<LayoutIssue.Kind> = [],
                                 sourceLocation: SourceLocation = #_sourceLocation) -> [LayoutIssue] {
    let issues = view.layoutIssues().filter { !allowed.contains($0.kind) }
    for issue in issues {
        var comment = "\(issue)"
        for constraint in issue.constraints { comment += "\n    \(constraint)" }
        Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
    }
    return issues
}
