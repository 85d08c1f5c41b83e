import AutoLayout
import LayoutDocument

/// Places captions (ids, lengths, notes) where they collide with no caption or text placed
/// before: at the spot asked for when it is free, else the nearest free spot a line above
/// or below, trying a few lines each way.
struct CaptionPlacer {
    private var taken: [Rect] = []

    /// Marks a text as taken without moving it (a view's own text).
    mutating func reserve(_ text: String, x: Double, baseline y: Double, size: Double, weight: FontWeight = .regular,
                          anchor: String? = nil) {
        taken.append(box(text, x: x, baseline: y, size: size, weight: weight, anchor: anchor))
    }

    /// The baseline to write a caption at: `y` if free, else the nearest free line.
    mutating func place(_ text: String, x: Double, baseline y: Double, size: Double, anchor: String? = nil) -> Double {
        let step = size + 1
        for k in 0..<9 {
            // 0, -1, +1, -2, +2, … lines away.
            let offset = Double((k + 1) / 2) * (k % 2 == 1 ? -step : step)
            let candidate = box(text, x: x, baseline: y + offset, size: size, anchor: anchor)
            if !taken.contains(where: { overlaps($0, candidate) }) {
                taken.append(candidate)
                return y + offset
            }
        }
        taken.append(box(text, x: x, baseline: y, size: size, anchor: anchor))
        return y
    }

    private func box(_ text: String, x: Double, baseline y: Double, size: Double, weight: FontWeight = .regular,
                     anchor: String?) -> Rect {
        let width = TextMetrics.width(of: text, fontSize: size, weight: weight)
        let left = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
        return Rect(x: left, y: y - size, width: width, height: size * 1.2)
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
