/// What a cover's motors are told: both released, or one of them driven.
public enum MotorDrive: String, Hashable, Sendable {
    case neither
    case up
    case down
}
