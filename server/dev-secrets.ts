import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface SecretSource {
  dataDir: string;
  jwtSecret?: string;
  encryptionKey?: string;
}

/**
 * Development only: a secret that is not set is generated once and kept in DATA_DIR/secrets.json
 * (mode 0600), so sessions and encrypted VPS passwords survive a restart. Production requires both
 * (config.ts refuses to start without them).
 */
export function resolveDevSecrets(source: SecretSource): { jwtSecret: string; encryptionKey: string } {
  if (source.jwtSecret && source.encryptionKey) {
    return { jwtSecret: source.jwtSecret, encryptionKey: source.encryptionKey };
  }
  const file = join(source.dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<SecretSource>) : {};
  const kept = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
  };
  // Only generated values are written: a secret given in the environment never lands on disk.
  if (stored.jwtSecret !== kept.jwtSecret || stored.encryptionKey !== kept.encryptionKey) {
    mkdirSync(source.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: source.jwtSecret ?? kept.jwtSecret,
    encryptionKey: source.encryptionKey ?? kept.encryptionKey,
  };
}
