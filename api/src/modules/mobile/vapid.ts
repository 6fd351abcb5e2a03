/**
 * VAPID keys identify this server to push services. Generated on first start and kept in DATA_DIR
 * (`vapid.json`), so subscriptions survive restarts: a new key pair would orphan every subscription.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    if (stored.publicKey && stored.privateKey) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
