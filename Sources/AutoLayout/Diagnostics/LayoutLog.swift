// The log: diagnostics of hierarchies without a handler go to standard error, as UIKit
// logs them to the console, unless the host silences or redirects them.
//
// The standard library cannot write to standard error, so this file alone calls the
// platform's C library (its `write`). On a platform without one the default is silence.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(ucrt)
import ucrt
#endif
import Synchronization

/// Where the engine logs what it noticed: every ``LayoutDiagnostic`` of a hierarchy whose
/// root has no ``LayoutView/layoutDiagnosticsHandler``, one message per diagnostic, each
/// starting with `[LayoutConstraints]` as UIKit's console lines do.
///
/// By default messages go to standard error, so an unsatisfiable constraint is seen
/// without any setup, as it is in Xcode's console. Set ``destination`` to
/// ``Destination/silent`` to turn the log off, or to ``Destination/custom(_:)`` to send
/// it elsewhere (a test's record, a logging framework). A hierarchy with a handler reports
/// to its handler instead; either way the engine keeps the diagnostics, which
/// ``LayoutView/layoutDiagnostics`` returns.
public enum LayoutLog {
    /// Where messages go.
    public enum Destination: Sendable {
        /// Standard error (the default).
        case standardError
        /// Nowhere.
        case silent
        /// A function called with each message, from the thread that laid the
        /// hierarchy out. The message has no trailing newline.
        case custom(@Sendable (String) -> Void)
    }

    private static let storage = Mutex<Destination>(.standardError)

    /// Where messages go, for every hierarchy in the process (``Destination/standardError``
    /// until set). Safe to read and set from any thread.
    public static var destination: Destination {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// The line logged for a diagnostic.
    static func message(for diagnostic: LayoutDiagnostic) -> String {
        "[LayoutConstraints] \(diagnostic)"
    }

    /// Logs a diagnostic where ``destination`` says.
    static func log(_ diagnostic: LayoutDiagnostic) {
        switch destination {
        case .silent: return
        case .custom(let write): write(message(for: diagnostic))
        case .standardError: writeToStandardError(message(for: diagnostic) + "\n")
        }
    }

    /// Writes text to standard error in as few `write` calls as it takes (one, usually,
    /// so that messages from two threads do not interleave).
    private static func writeToStandardError(_ text: String) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(WASILibc) || canImport(ucrt)
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(ucrt)
                let written = Int(_write(2, bytes.baseAddress! + offset, UInt32(bytes.count - offset)))
                #else
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // Standard error is closed or full: the message is dropped.
                }
            }
        }
        #endif
    }
}
