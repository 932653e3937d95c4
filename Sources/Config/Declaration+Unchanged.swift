// Whether a reload changed a declaration: where the file writes it is no change (a line
// added above it moves it), anything else is. The engine carries an unchanged node's
// state across a reload by it, and the MQTT bridge an unchanged remote input's value.

extension CommandInputDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}

extension RemoteInputDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        moved.topicLocation = topicLocation
        return moved == self
    }
}

extension SensorInputDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}

extension SignalDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}

extension OutputDeclaration {
    public func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        moved.lineLocation = lineLocation
        return moved == self
    }
}
