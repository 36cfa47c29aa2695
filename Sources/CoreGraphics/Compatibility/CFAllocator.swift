/// A Core Foundation allocator (Apple's `CFAllocator`).
///
/// Apple code passes one as the first argument of Core Foundation's `…Create` functions
/// (`CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)`). Lamina's objects are Swift's,
/// allocated and freed by Swift: the functions accept an allocator, or `nil`, and ignore it.
public final class CFAllocator: Sendable {
    /// Which of Core Foundation's allocators this stands for, for `description`.
    private let name: String

    init(_ name: String) {
        self.name = name
    }
}

extension CFAllocator: CustomStringConvertible {
    /// The allocator's Core Foundation name (`"kCFAllocatorDefault"`).
    public var description: String { name }
}

/// The default allocator (Apple's `kCFAllocatorDefault`, the same as passing `nil`).
public let kCFAllocatorDefault: CFAllocator! = CFAllocator("kCFAllocatorDefault")

/// The system's default allocator (Apple's `kCFAllocatorSystemDefault`).
public let kCFAllocatorSystemDefault: CFAllocator! = CFAllocator("kCFAllocatorSystemDefault")

/// The allocator that uses `malloc` (Apple's `kCFAllocatorMalloc`).
public let kCFAllocatorMalloc: CFAllocator! = CFAllocator("kCFAllocatorMalloc")

/// The allocator that allocates nothing and frees nothing (Apple's `kCFAllocatorNull`).
public let kCFAllocatorNull: CFAllocator! = CFAllocator("kCFAllocatorNull")
