import Synchronization
import Testing
@testable import AutoLayout

/// The log: where diagnostics of hierarchies without a handler go.
@Suite(.serialized)
struct LayoutLogTests {
    /// Messages sent to a custom destination.
    final class Record: Sendable {
        let messages = Mutex<[String]>([])
        func append(_ message: String) { messages.withLock { $0.append(message) } }
        /// The messages that name a view (other suites' hierarchies log at the same time).
        func naming(_ identifier: String) -> [String] { messages.withLock { $0.filter { $0.contains(identifier) } } }
    }

    /// A root with a box whose width is asked to be 100 and 130; the box is named `name`.
    static func conflict(_ name: String) throws -> LayoutView {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let box = LayoutView(identifier: name)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        try LayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       box.topAnchor.constraint(equalTo: root.topAnchor),
                                       box.heightAnchor.constraint(equalToConstant: 40),
                                       box.widthAnchor.constraint(equalToConstant: 100)])
        try box.widthAnchor.constraint(equalToConstant: 130).activate()
        return root
    }

    @Test("an unsatisfiable constraint is logged, to standard error unless redirected, silenced or handled")
    func destinations() throws {
        let before = LayoutLog.destination
        defer { LayoutLog.destination = before }
        guard case .standardError = before else {
            Issue.record("the log goes to standard error by default")
            return
        }
        let record = Record()
        LayoutLog.destination = .custom { record.append($0) }

        let logged = try Self.conflict("loggedBox")
        logged.layoutIfNeeded()
        let messages = record.naming("loggedBox")
        #expect(messages.count == 1)
        #expect(messages.first == "[LayoutConstraints] " + (logged.layoutDiagnostics.first?.description ?? "none"))
        #expect(messages.first?.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints.\n") == true)
        #expect(messages.first?.contains("<LayoutConstraint H:[loggedBox(130)]   (active)>") == true)

        // A handler takes the hierarchy's diagnostics instead of the log.
        var handled: [LayoutDiagnostic] = []
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        root.layoutDiagnosticsHandler = { handled.append($0) }
        let box = LayoutView(identifier: "handledBox")
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        try LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 100),
                                       box.widthAnchor.constraint(equalToConstant: 130)])
        root.layoutIfNeeded()
        #expect(handled.count == 1 && record.naming("handledBox").isEmpty)

        // Silenced, nothing is logged, and the engine still keeps what happened.
        LayoutLog.destination = .silent
        let silenced = try Self.conflict("silencedBox")
        silenced.layoutIfNeeded()
        #expect(record.naming("silencedBox").isEmpty)
        #expect(silenced.layoutDiagnostics.count == 1)
    }
}
