/// AT-SPI's `org.a11y.atspi.Cache` interface, served at ``path``: every accessible's
/// cached fields in one reply (`GetItems`), and the signals that keep a client's copy in
/// step between snapshots (`AddAccessible` for an accessible that appeared or whose fields
/// changed, `RemoveAccessible` for one that went). A client (libatspi, and so pyatspi and
/// Orca) asks for the items once when it first meets the application, and then reads
/// names, roles, descriptions, states, parents, child counts and interfaces from its own
/// copy instead of asking each accessible over the bus.
///
/// An item has the D-Bus type ``itemSignature`` (at-spi2-core's `xml/Cache.xml`): the
/// accessible's reference, the application's, the parent's, the index in the parent, the
/// child count, the interfaces, the name, the role, the description and the states — each
/// as the Accessible interface answers it for the same snapshot.
struct ATSPICache {
    /// The object path the interface is served at.
    static let path = "/org/a11y/atspi/cache"
    static let interfaceName = "org.a11y.atspi.Cache"
    /// The type of one item.
    static let itemSignature = "((so)(so)(so)iiassusau)"
    /// The interface's `version` property: its first version (GetItems, AddAccessible,
    /// RemoveAccessible).
    static let version: UInt32 = 1

    /// The interface as D-Bus introspection data: GDBus checks calls against it.
    static let introspectionXML = """
        <node>
          <interface name="org.a11y.atspi.Cache">
            <property name="version" type="u" access="read"/>
            <method name="GetItems">
              <arg direction="out" name="nodes" type="a((so)(so)(so)iiassusau)"/>
            </method>
            <signal name="AddAccessible">
              <arg name="nodeAdded" type="((so)(so)(so)iiassusau)"/>
            </signal>
            <signal name="RemoveAccessible">
              <arg name="nodeRemoved" type="(so)"/>
            </signal>
          </interface>
        </node>
        """

    /// The answers of the snapshot the items describe.
    let answers: ATSPIAnswers

    private var snapshot: AccessibilitySnapshot { answers.snapshot }

    /// The `GetItems` reply: the application's item, then every node's, each after its
    /// parent's, children in reading order.
    func getItems() -> GVariantValue {
        var items = [item(AccessibilitySnapshot.applicationID, index: -1)]
        Self.walk(snapshot) { id, index in items.append(item(id, index: index)) }
        return .tuple([.array(elementType: Self.itemSignature, items)])
    }

    /// The item of node `id` (the application for ``AccessibilitySnapshot/applicationID``),
    /// `index` being its index in its parent (-1 for the application, which the registry
    /// holds).
    func item(_ id: UInt64, index: Int) -> GVariantValue {
        let node = snapshot.nodes[id]
        let parent: GVariantValue =
            node.map { answers.reference($0.parent) }
            ?? .tuple([.string(answers.registryRoot.name), .objectPath(answers.registryRoot.path)])
        let states = node?.states ?? []
        return .tuple([
            answers.reference(id),
            answers.reference(AccessibilitySnapshot.applicationID),
            parent,
            .int32(Int32(clamping: index)),
            .int32(Int32(clamping: snapshot.children(of: id).count)),
            .array(elementType: "s", ATSPIInterface.implemented(by: node).map { .string($0.rawValue) }),
            .string(node?.name ?? snapshot.applicationName),
            .uint32((node?.role ?? .application).rawValue),
            .string(node?.description ?? ""),
            .array(elementType: "u", states.words.map { .uint32($0) }),
        ])
    }

    /// The `AddAccessible` signal's body for node `id` at `index` in its parent.
    func addAccessible(_ id: UInt64, index: Int) -> GVariantValue {
        .tuple([item(id, index: index)])
    }

    /// The `RemoveAccessible` signal's body for node `id`.
    func removeAccessible(_ id: UInt64) -> GVariantValue {
        .tuple([answers.reference(id)])
    }

    /// What the cache signals say between two snapshots.
    struct Changes: Equatable {
        /// Nodes of the old snapshot that are gone, parents before their children.
        var removed: [UInt64] = []
        /// Nodes of the new snapshot that are new, or whose parent, role, interfaces, name,
        /// description or states changed, with their index in their parent; parents before
        /// their children. (Indices and child counts follow from the `ChildrenChanged`
        /// events sent with them.)
        var added: [(id: UInt64, index: Int)] = []

        static func == (lhs: Changes, rhs: Changes) -> Bool {
            lhs.removed == rhs.removed && lhs.added.elementsEqual(rhs.added) { $0.id == $1.id && $0.index == $1.index }
        }
    }

    /// The signals that take a client's copy from `old` to `new`.
    static func changes(from old: AccessibilitySnapshot, to new: AccessibilitySnapshot) -> Changes {
        var changes = Changes()
        walk(old) { id, _ in
            if new.nodes[id] == nil { changes.removed.append(id) }
        }
        walk(new) { id, index in
            guard let now = new.nodes[id] else { return }
            if let was = old.nodes[id], !itemChanged(from: was, to: now) { return }
            changes.added.append((id, index))
        }
        return changes
    }

    /// Whether the fields an item carries (other than the index and child count) differ.
    private static func itemChanged(from was: AccessibilitySnapshot.Node, to now: AccessibilitySnapshot.Node) -> Bool {
        was.parent != now.parent || was.role != now.role || was.name != now.name || was.description != now.description
            || was.states != now.states
            || ATSPIInterface.implemented(by: was) != ATSPIInterface.implemented(by: now)
    }

    /// Calls `body` with every node of `snapshot` and its index in its parent, each after
    /// its parent, children in reading order.
    private static func walk(_ snapshot: AccessibilitySnapshot, _ body: (UInt64, Int) -> Void) {
        var pending: [(id: UInt64, index: Int)] = snapshot.topLevels.enumerated().reversed().map { ($0.element, $0.offset) }
        while let (id, index) = pending.popLast() {
            guard let node = snapshot.nodes[id] else { continue }
            body(id, index)
            pending += node.children.enumerated().reversed().map { ($0.element, $0.offset) }
        }
    }
}
