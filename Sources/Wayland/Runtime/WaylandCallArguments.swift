import CWaylandClient
import Glibc

/// The wire arguments of one request, with the C memory they borrow, freed after the call.
struct WaylandCallArguments: ~Copyable {
    private var arguments: UnsafeMutablePointer<wl_argument>
    private let count: Int
    private var owned: [UnsafeMutableRawPointer] = []

    init(count: Int) {
        self.count = count
        arguments = .allocate(capacity: max(count, 1))
        arguments.initialize(repeating: wl_argument(), count: max(count, 1))
    }

    deinit {
        for pointer in owned { free(pointer) }
        arguments.deallocate()
    }

    mutating func setInt(_ slot: Int, _ value: Int32) { arguments[slot].i = value }
    mutating func setUInt(_ slot: Int, _ value: UInt32) { arguments[slot].u = value }
    mutating func setFixed(_ slot: Int, _ value: Double) { arguments[slot].f = lamina_wl_fixed_from_double(value) }
    mutating func setFD(_ slot: Int, _ value: Int32) { arguments[slot].h = value }

    mutating func setString(_ slot: Int, _ value: String?) {
        guard let value, let copy = strdup(value) else {
            arguments[slot].s = nil
            return
        }
        owned.append(UnsafeMutableRawPointer(copy))
        arguments[slot].s = UnsafePointer(copy)
    }

    mutating func setArray(_ slot: Int, _ bytes: [UInt8]) {
        guard let header = malloc(MemoryLayout<wl_array>.size)?.bindMemory(to: wl_array.self, capacity: 1) else { return }
        owned.append(UnsafeMutableRawPointer(header))
        var data: UnsafeMutableRawPointer?
        if !bytes.isEmpty, let storage = malloc(bytes.count) {
            bytes.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            owned.append(storage)
            data = storage
        }
        header.initialize(to: wl_array(size: data == nil ? 0 : bytes.count, alloc: data == nil ? 0 : bytes.count, data: data))
        arguments[slot].a = header
    }

    mutating func setObject(_ slot: Int, _ proxy: WaylandProxy?, name: String) throws(WaylandError) {
        guard let proxy else {
            arguments[slot].o = nil
            return
        }
        try setRequiredObject(slot, proxy, name: name)
    }

    mutating func setRequiredObject(_ slot: Int, _ proxy: WaylandProxy, name: String) throws(WaylandError) {
        guard let handle = proxy.handle else {
            throw .invalidValue("the argument '\(name)' is an object that was already destroyed")
        }
        arguments[slot].o = handle
    }

    func withArguments<R>(_ body: (UnsafeMutablePointer<wl_argument>) -> R) -> R {
        body(arguments)
    }
}
