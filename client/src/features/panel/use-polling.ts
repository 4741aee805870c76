// Moved to ui/ so the account's security page lists sessions too; the panel's imports stay.
export * from '../../ui/use-polling';
