import AutoLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output of `autolayout-bench shapes`: one line per measurement,
/// `shape<TAB>N<TAB>metric<TAB>value`, flushed at once so that a parent process that kills
/// a slow run still reads everything measured before it. Checks that fail print
/// `CHECK FAILED …` and are counted; the command exits 1 when any failed.
final class ShapeLog {
    /// The shape or scenario the lines are about.
    let shape: String
    /// The size the lines are about (views, variables, pairs or cycles).
    let n: Int
    /// How many checks failed in this log.
    private(set) var failures = 0

    init(shape: String, n: Int) {
        self.shape = shape
        self.n = n
    }

    /// Prints `shape N metric value`.
    func value(_ metric: String, _ value: Double) { emit(metric, "\(value)") }

    /// Prints `shape N metric value` for a count.
    func value(_ metric: String, _ value: Int) { emit(metric, "\(value)") }

    /// Prints `shape N metric text` (a reason, such as why a loop stopped).
    func note(_ metric: String, _ text: String) { emit(metric, text) }

    /// Prints `CHECK FAILED` with the message when `condition` is false.
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if condition { return }
        failures += 1
        print("CHECK FAILED: \(shape) \(n): \(message())")
        fflush(nil)
    }

    /// Checks a frame against the one the shape's definition gives, to within 1e-4 points.
    func checkFrame(_ actual: Rect, _ expected: Rect, _ what: @autoclosure () -> String) {
        let close = abs(actual.minX - expected.minX) <= 1e-4 && abs(actual.minY - expected.minY) <= 1e-4
            && abs(actual.width - expected.width) <= 1e-4 && abs(actual.height - expected.height) <= 1e-4
        check(close, "\(what()) is \(actual), expected \(expected)")
    }

    /// Checks a value against the expected one, to within 1e-4.
    func checkValue(_ actual: Double, _ expected: Double, _ what: @autoclosure () -> String) {
        check(abs(actual - expected) <= 1e-4, "\(what()) is \(actual), expected \(expected)")
    }

    private func emit(_ metric: String, _ text: String) {
        print("\(shape)\t\(n)\t\(metric)\t\(text)")
        fflush(nil)
    }
}

/// The wall-clock time `body` takes, in seconds.
func timed(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// The median of a non-empty list (the mean of the middle two for an even count).
func medianOf(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The process's resident memory, in kilobytes.
enum ResidentMemory {
    /// The largest resident set the process has had (`getrusage`'s `ru_maxrss`).
    static var peakKB: Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if os(Linux)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
        #endif
    }

    /// The resident set now (`/proc/self/statm` on Linux; the peak elsewhere, which is the
    /// same as long as memory only grows).
    static var currentKB: Int {
        #if os(Linux)
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return peakKB }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return peakKB }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return peakKB }
        return pages * Int(getpagesize()) / 1024
        #else
        return peakKB
        #endif
    }
}
