/// A mistake in a layout document: the file, the line and column, and what was expected.
public struct DocumentError: Error, Sendable, CustomStringConvertible {
    /// The document's file name.
    public let file: String
    /// Where the mistake is (nil when the whole file is at fault, as when it cannot be read).
    public let position: SourcePosition?
    /// What is wrong and what was expected.
    public let message: String
    /// More lines: the format or equation with a caret under the mistake.
    public let detail: String?

    /// Creates an error.
    public init(file: String, position: SourcePosition?, message: String, detail: String? = nil) {
        self.file = file
        self.position = position
        self.message = message
        self.detail = detail
    }

    /// `file:line:column: error: message`, as compilers print it, then the detail.
    public var description: String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): error: \(message)" + (detail.map { "\n" + $0 } ?? "")
    }
}
