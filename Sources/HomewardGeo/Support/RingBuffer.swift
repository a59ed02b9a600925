/// A fixed-capacity first-in-first-out buffer that overwrites its oldest element when full.
public struct RingBuffer<Element: Sendable & Codable & Equatable>: Sendable, Codable, Equatable {
    private var storage: [Element]
    private var head = 0
    /// The number of elements held.
    public private(set) var count = 0
    /// The most elements the buffer holds.
    public let capacity: Int

    /// Creates an empty buffer of `capacity` elements (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = []
        storage.reserveCapacity(self.capacity)
    }

    /// Whether the buffer holds nothing.
    public var isEmpty: Bool { count == 0 }

    /// Appends `element`, dropping the oldest one when the buffer is full.
    public mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
            count += 1
        } else {
            storage[head] = element
            head = (head + 1) % capacity
            count = capacity
        }
    }

    /// The element at `index`, counted from the oldest (0) to the newest (`count - 1`).
    public subscript(index: Int) -> Element {
        let position = head + index
        return storage[position < storage.count ? position : position - storage.count]
    }

    /// The newest element.
    public var last: Element? { count == 0 ? nil : self[count - 1] }

    /// The oldest element.
    public var first: Element? { count == 0 ? nil : self[0] }

    /// Removes every element, keeping the allocated storage.
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        count = 0
    }

    /// The elements from the oldest to the newest.
    public var elements: [Element] { (0..<count).map { self[$0] } }
}
