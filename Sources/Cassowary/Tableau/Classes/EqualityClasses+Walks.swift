// Walks of the classes' spanning trees: the two sides of a link's cut, a class's members,
// the path between two members and the links connecting several.

extension EqualityClasses {
    /// The side of a tree link's cut that moves when the link goes or changes: the side
    /// without the ground, or the smaller side when neither holds it; with the stamp its
    /// members carry and an endpoint of the other side. Both sides are walked in step, a
    /// member at a time and a member with many links a few link ends at a time (so the
    /// cost is about twice the smaller side, even when the other side holds a member with
    /// thousands of links, as the root's edge a list's rows all hang from); a side that
    /// reaches the ground stops there, and the other one is walked on to its end from
    /// where it stands.
    mutating func movingSide(of link: Int32) -> (side: [Int32], stamp: UInt32, other: Int32) {
        let l = links[Int(link)]
        let ground = Int(EqualityClasses.ground)
        nextStamp()
        let stampU = stamp
        nextStamp()
        let stampV = stamp
        return withTree { tree in
            // (Made here: walks captured from outside the closure would live in boxes.)
            var u = SideWalk(start: l.u, mark: stampU), v = SideWalk(start: l.v, mark: stampV)
            tree.members[Int(l.u)].stamp = u.mark
            tree.members[Int(l.v)].stamp = v.mark
            while true {
                if tree.members[ground].stamp == u.mark {
                    while v.step(tree, avoiding: link) {}
                    return (v.side, v.mark, l.u)
                }
                if !u.step(tree, avoiding: link) { return (u.side, u.mark, l.v) }
                if tree.members[ground].stamp == v.mark {
                    while u.step(tree, avoiding: link) {}
                    return (u.side, u.mark, l.v)
                }
                if !v.step(tree, avoiding: link) { return (v.side, v.mark, l.u) }
            }
        }
    }

    /// One side of a cut, walked a member at a time, and a member with many links a few
    /// link ends at a time (see ``movingSide(of:)``): the members found (marked with
    /// `mark`), the first not yet expanded, and the next link end of that one to read.
    private struct SideWalk {
        var side: [Int32]
        let mark: UInt32
        var next = 0
        /// The next incidence of `side[next]` to read; -1 before its first.
        var node: Int32 = -1

        /// The most link ends a step reads.
        static let stepLimit = 16

        init(start: Int32, mark: UInt32) {
            side = [start]
            self.mark = mark
        }

        /// Reads the link ends of the next member (up to ``stepLimit`` of them), adding the
        /// members across tree links (other than `avoiding`) that are not marked yet;
        /// false when the side is complete.
        @inline(__always) mutating func step(_ tree: TreeStorage, avoiding: Int32) -> Bool {
            while node < 0 {
                guard next < side.count else { return false }
                node = tree.members[Int(side[next])].firstIncidence
                if node < 0 { next += 1 }
            }
            var budget = SideWalk.stepLimit
            repeat {
                node = tree.read(node, mark, avoiding: avoiding, into: &side)
                budget -= 1
            } while node >= 0 && budget > 0
            if node < 0 { next += 1 }
            return true
        }
    }

    /// A redundant link other than `besides` from a member of `side` (its members marked
    /// with `mark`) to a member outside it: one that crosses the cut, or nil.
    func redundantLink(leaving side: [Int32], marked mark: UInt32, besides link: Int32) -> Int32? {
        for m in side {
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let k = node >> 1
                if k != link && !links[Int(k)].inTree {
                    let far = node & 1 == 0 ? links[Int(k)].v : links[Int(k)].u
                    if members[Int(far)].stamp != mark { return k }
                }
                node = incidences[Int(node)].next
            }
        }
        return nil
    }

    /// The members of a class, its seed first (a walk of its spanning tree).
    mutating func membersOf(_ klass: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(classes[Int(klass)].count))
        walk(from: classes[Int(klass)].seed, avoiding: -1, into: &result)
        return result
    }

    /// Appends the members reached from `start` through tree links other than `avoiding`
    /// (a link index, or -1), marking them with a fresh stamp.
    mutating func walk(from start: Int32, avoiding: Int32, into result: inout [Int32]) {
        nextStamp()
        let first = result.count, mark = stamp
        members[Int(start)].stamp = mark
        result.append(start)
        withTree { $0.walkOn(&result, from: first, marking: mark, avoiding: avoiding) }
    }

    /// Runs `body` with the spanning trees' storage (the members, links and incidences)
    /// held once, so that a walk's steps check neither uniqueness nor bounds.
    @inline(__always)
    mutating func withTree<Result>(_ body: (TreeStorage) -> Result) -> Result {
        links.withUnsafeBufferPointer { links in
            incidences.withUnsafeBufferPointer { incidences in
                members.withUnsafeMutableBufferPointer { members in
                    body(TreeStorage(members: members, links: links, incidences: incidences))
                }
            }
        }
    }

    /// The spanning trees' storage during a walk (see ``withTree(_:)``): only stamps change.
    struct TreeStorage {
        let members: UnsafeMutableBufferPointer<Member>
        let links: UnsafeBufferPointer<Link>
        let incidences: UnsafeBufferPointer<Incidence>

        /// Goes on with a walk: expands `side`'s members from position `next` on (and those
        /// they add) through tree links other than `avoiding`, marking them with `mark`.
        @inline(__always) func walkOn(_ side: inout [Int32], from next: Int, marking mark: UInt32, avoiding: Int32) {
            var k = next
            while k < side.count {
                expand(side[k], mark, avoiding: avoiding, into: &side)
                k += 1
            }
        }

        /// Appends the unvisited tree neighbours of a member (through tree links other than
        /// `avoiding`), marking them.
        @inline(__always) func expand(_ m: Int32, _ mark: UInt32, avoiding: Int32, into side: inout [Int32]) {
            var node = members[Int(m)].firstIncidence
            while node >= 0 { node = read(node, mark, avoiding: avoiding, into: &side) }
        }

        /// Reads one link end of a member (incidence `node`): appends the member across it,
        /// marking it, when the link is a tree link other than `avoiding` and that member is
        /// not marked yet. Returns the member's next incidence (-1 after its last).
        @inline(__always) func read(_ node: Int32, _ mark: UInt32, avoiding: Int32, into side: inout [Int32]) -> Int32 {
            let k = node >> 1
            if k != avoiding && links[Int(k)].inTree {
                let far = node & 1 == 0 ? links[Int(k)].v : links[Int(k)].u
                if members[Int(far)].stamp != mark {
                    members[Int(far)].stamp = mark
                    side.append(far)
                }
            }
            return incidences[Int(node)].next
        }
    }

    /// The tree links on the path between two members of one class (for explanations),
    /// or nil if they are not connected by tree links.
    mutating func treePath(from start: Int32, to goal: Int32) -> [Int32]? {
        if start == goal { return [] }
        nextStamp()
        var parentLink: [Int32: Int32] = [:]
        var queue: [Int32] = [start]
        members[Int(start)].stamp = stamp
        var k = 0
        while k < queue.count {
            let m = queue[k]
            k += 1
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let l = node >> 1
                if links[Int(l)].inTree {
                    let far = node & 1 == 0 ? links[Int(l)].v : links[Int(l)].u
                    if members[Int(far)].stamp != stamp {
                        members[Int(far)].stamp = stamp
                        parentLink[far] = l
                        if far == goal {
                            var path: [Int32] = []
                            var at = goal
                            while at != start, let via = parentLink[at] {
                                path.append(via)
                                at = links[Int(via)].u == at ? links[Int(via)].v : links[Int(via)].u
                            }
                            return path
                        }
                        queue.append(far)
                    }
                }
                node = incidences[Int(node)].next
            }
        }
        return nil
    }
}

extension EqualityClasses {
    /// The tree links of the smallest subtree of a class's spanning tree that connects
    /// `ends` (members of one class): the class's tree is walked from the first end, then
    /// each other end climbs toward it until it meets a member already on the way.
    mutating func steinerLinks(connecting ends: [Int32]) -> [Int32] {
        guard let root = ends.first, ends.count > 1 else { return [] }
        var order: [Int32] = []
        walk(from: root, avoiding: -1, into: &order)
        // The link to each member's parent in the walk.
        var parent: [Int32: Int32] = [:]
        for m in order {
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let l = node >> 1
                if links[Int(l)].inTree {
                    let far = node & 1 == 0 ? links[Int(l)].v : links[Int(l)].u
                    if far != root && parent[far] == nil { parent[far] = l }
                }
                node = incidences[Int(node)].next
            }
        }
        var onPath: Set<Int32> = [root]
        var result: [Int32] = []
        for end in ends.dropFirst() {
            var at = end
            while !onPath.contains(at), let via = parent[at] {
                onPath.insert(at)
                result.append(via)
                at = links[Int(via)].u == at ? links[Int(via)].v : links[Int(via)].u
            }
        }
        return result
    }
}
