/// The compositor's globals, kept up to date, with version negotiation for binding.
///
/// Created with a roundtrip, so the initial globals are known when `init` returns — or, for a
/// main loop that must not wait on the compositor, with the question sent and the answer left
/// to the loop (``init(requestingFrom:)``).
public final class WaylandGlobals {
    /// One advertised global.
    public struct Global: Equatable, Sendable {
        /// The registry name to bind with.
        public var name: UInt32
        /// The interface, e.g. `wl_seat`.
        public var interface: String
        /// The highest version the compositor offers.
        public var version: UInt32
    }

    /// The registry object.
    public let registry: WlRegistry
    /// The connection the globals belong to.
    public let connection: WaylandConnection
    /// Globals by registry name.
    public private(set) var globals: [UInt32: Global] = [:]
    /// Called when a global appears after the first roundtrip (e.g. a seat or output is added).
    public var onGlobalAdded: ((Global) -> Void)?
    /// Called when a global goes away.
    public var onGlobalRemoved: ((Global) -> Void)?

    /// Whether the compositor announced its initial globals: true when `init(connection:timeout:)`
    /// returns; with ``init(requestingFrom:)``, once its answer was dispatched.
    public private(set) var initialGlobalsKnown = false
    /// The roundtrip that tells when the initial globals are known, while it is outstanding.
    private var initialAnswer: WlCallback?

    /// Creates the registry and waits (one roundtrip) until the initial globals are known —
    /// up to `timeout` seconds when given (then a compositor that does not answer counts as
    /// gone, see ``WaylandConnection/roundtrip(timeout:)``), else as long as it takes.
    public convenience init(connection: WaylandConnection, timeout: Double? = nil) throws(WaylandError) {
        try self.init(registryOn: connection)
        if let timeout {
            try connection.roundtrip(timeout: timeout)
        } else {
            try connection.roundtrip()
        }
        initialGlobalsKnown = true
    }

    /// Creates the registry and asks for the initial globals without waiting for them: they
    /// are known (``initialGlobalsKnown``) once the connection's events that answer were
    /// dispatched — by the caller's main loop, which a compositor that never answers cannot
    /// stall. Flush the connection to send the request.
    public convenience init(requestingFrom connection: WaylandConnection) throws(WaylandError) {
        try self.init(registryOn: connection)
        let answer = try connection.display.sync()
        // The callback is destroyed after the connection's other objects: it keeps it alive.
        answer.connection = connection
        answer.onEvent = { [weak self] _ in
            self?.initialGlobalsKnown = true
            self?.initialAnswer = nil
        }
        initialAnswer = answer
    }

    private init(registryOn connection: WaylandConnection) throws(WaylandError) {
        self.connection = connection
        registry = try connection.makeRegistry()
        registry.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .global(let name, let interface, let version):
                let global = Global(name: name, interface: interface, version: version)
                globals[name] = global
                onGlobalAdded?(global)
            case .globalRemove(let name):
                if let global = globals.removeValue(forKey: name) { onGlobalRemoved?(global) }
            }
        }
    }

    /// The first advertised global of an interface.
    public func first(_ interface: String) -> Global? {
        globals.values.filter { $0.interface == interface }.min { $0.name < $1.name }
    }

    /// Binds a global at the highest version both sides know (capped by `maxVersion`), or
    /// returns nil when the compositor does not offer it. Throws when it offers only versions
    /// below `minVersion`.
    public func bind<T: WaylandInterface>(
        _ type: T.Type, global: Global? = nil, minVersion: UInt32 = 1, maxVersion: UInt32 = .max
    ) throws(WaylandError) -> T? {
        guard let global = global ?? first(T.interfaceName) else { return nil }
        let version = Swift.min(global.version, T.interfaceVersion, maxVersion)
        guard version >= minVersion else {
            throw .missingGlobal(interface: T.interfaceName, minimumVersion: minVersion)
        }
        return try registry.bind(name: global.name, T.self, version: version)
    }

    /// Like `bind`, but a missing global is an error.
    public func require<T: WaylandInterface>(
        _ type: T.Type, minVersion: UInt32 = 1, maxVersion: UInt32 = .max
    ) throws(WaylandError) -> T {
        guard let bound = try bind(type, minVersion: minVersion, maxVersion: maxVersion) else {
            throw .missingGlobal(interface: T.interfaceName, minimumVersion: minVersion)
        }
        return bound
    }
}
