// Whether a reload changed a declaration: where the file writes it is no change (a line
// added above it moves it), anything else is. The engine carries an unchanged node's
// state across a reload by it, and the MQTT bridge an unchanged remote input's value.
// Nor is a new `name:` or `internal:`: they are what people see, and a reload republishes
// discovery anyway.

/// A declaration that knows where the file writes it.
public protocol LocatedDeclaration: Equatable {
    var location: SourceLocation { get set }
    var displayName: String? { get set }
    var isInternal: Bool { get set }
    /// Equal to `other` but for where the file writes it and what people see of it.
    func isUnchanged(from other: Self) -> Bool
}

extension LocatedDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        seenLike(other) == self
    }

    /// `other` with this declaration's location, name people read and `internal:`.
    func seenLike(_ other: Self) -> Self {
        var moved = other
        moved.location = location
        moved.displayName = displayName
        moved.isInternal = isInternal
        return moved
    }
}

extension CommandInputDeclaration: LocatedDeclaration {}
extension SensorInputDeclaration: LocatedDeclaration {}
extension SignalDeclaration: LocatedDeclaration {}
extension CoverDeclaration: LocatedDeclaration {}

extension RemoteInputDeclaration: LocatedDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = seenLike(other)
        moved.topicLocation = topicLocation
        return moved == self
    }
}

extension OutputDeclaration: LocatedDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = seenLike(other)
        moved.lineLocation = lineLocation
        return moved == self
    }
}

extension PWMOutputDeclaration: LocatedDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = seenLike(other)
        moved.channelLocation = channelLocation
        return moved == self
    }
}
