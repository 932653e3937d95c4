import Config

// Whether a reload changed a declaration: where the file writes it is no change (a line
// added above it moves it), anything else is.

extension CommandInputDeclaration {
    func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}

extension RemoteInputDeclaration {
    func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        moved.topicLocation = topicLocation
        return moved == self
    }
}

extension SignalDeclaration {
    func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}

extension OutputDeclaration {
    func isUnchanged(from other: Self) -> Bool {
        var moved = other
        moved.location = location
        moved.lineLocation = lineLocation
        return moved == self
    }
}
