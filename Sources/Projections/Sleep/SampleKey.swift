import Events

/// A health sample's id as the sleep ledger keys it (and an event's id as an
/// `EventReference` holds it): the id as events hold it, a UUID as its 128 bits
/// (`CompactIdentifier`); keys are equal exactly when their texts are.
package typealias SampleKey = CompactIdentifier
