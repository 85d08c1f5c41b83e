/// A mistake in an Interface Builder file, with the line it was found on.
public struct InterfaceBuilderError: Error, Sendable, CustomStringConvertible {
    /// The file, as given.
    public let file: String
    /// The line, from 1 (0 when the file could not be read at all).
    public let line: Int
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: error: message`, as compilers write it.
    public var description: String {
        line > 0 ? "\(file):\(line): error: \(message)" : "\(file): error: \(message)"
    }
}
