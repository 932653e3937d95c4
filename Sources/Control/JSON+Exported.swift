// The control protocol speaks the JSON module's values (`JSONValue`, `JSONObject`,
// `JSONError`) in its public API, so whoever imports Control gets them too, as before
// the codec had a module of its own.
@_exported import JSON
