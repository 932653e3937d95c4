// The engine's snapshot (`EngineSnapshot`, `LostPulses`) and every value it takes and
// gives live in Values, below the control protocol that shows them; whoever drives an
// engine gets them with it, as before they moved down.
@_exported import Values
