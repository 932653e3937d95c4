import GPIO

/// `chips: NAME: { label: ... }` (or `path:`, or `name:`).
public struct ChipDeclaration: Hashable, Sendable {
    public var name: String
    public var locator: ChipLocator
    public var location: SourceLocation

    public init(name: String, locator: ChipLocator, location: SourceLocation) {
        self.name = name
        self.locator = locator
        self.location = location
    }
}
