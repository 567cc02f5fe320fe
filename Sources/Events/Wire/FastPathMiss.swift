/// Thrown inside `FastEventLineDecoder` when its fast path meets something it does not
/// handle exactly as `EventLineDecoder` does (an escape in a key, an unknown key, a value of the
/// wrong type, any error at all). It carries nothing: the line is then decoded again by
/// the reference decoder, whose result (or error) is the answer.
struct FastPathMiss: Error {}
