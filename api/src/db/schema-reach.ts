/**
 * Table types of the reach area (migration 0011_reach): linked phones, Web Push devices, paired TVs,
 * voice assistants and offline downloads.
 */
import type { Generated, Selectable } from 'kysely';

/** A phone number linked to an account for SMS and USSD; confirmed once its code is sent back. */
export interface PhoneLinksTable {
  id: Generated<number>;
  userId: number;
  /** E.164, e.g. +14155550100. */
  phone: string;
  /** SHA-256 of the pending confirmation code; null once confirmed. */
  codeHash: string | null;
  codeExpiresAt: number | null;
  confirmedAt: number | null;
  /** 1 after SUBSCRIBE: go-live texts for the creators the account follows. */
  subscribed: number;
  createdAt: number;
}

/** A browser or phone with a Web Push subscription (the /mobile "registered devices"). */
export interface PushDevicesTable {
  id: Generated<number>;
  userId: number;
  deviceType: 'ios' | 'android' | 'web' | 'roku' | 'androidtv' | 'firetv' | 'webos';
  deviceName: string;
  appVersion: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  notifications: number;
  lastActive: number;
  createdAt: number;
}

/** A TV running the /tv interface. Unpaired until someone enters its code (userId null). */
export interface TvDevicesTable {
  id: Generated<number>;
  userId: number | null;
  deviceName: string;
  platform: string;
  /** SHA-256 of the token the TV keeps; it proves which TV is calling. */
  tokenHash: string;
  pairingCode: string | null;
  pairingExpiresAt: number | null;
  lastUsed: number;
  createdAt: number;
}

export interface VoiceAssistantsTable {
  id: Generated<number>;
  userId: number;
  platform: 'alexa' | 'google' | 'siri';
  deviceName: string;
  enabled: number;
  /** Alexa: the code spoken to the skill to link it ("link code 123456"); null once linked. */
  linkCode: string | null;
  /** Alexa's `userId` of the linked skill. */
  externalUserId: string | null;
  lastUsed: number | null;
  createdAt: number;
}

export interface OfflineDownloadsTable {
  userId: number;
  contentId: number;
  bytes: number;
  /** Percent the browser reported stored (0..100). */
  progress: number;
  downloadedAt: number;
}

export interface ReachTables {
  phoneLinks: PhoneLinksTable;
  pushDevices: PushDevicesTable;
  tvDevices: TvDevicesTable;
  voiceAssistants: VoiceAssistantsTable;
  offlineDownloads: OfflineDownloadsTable;
}

export type PhoneLinkRow = Selectable<PhoneLinksTable>;
export type PushDeviceRow = Selectable<PushDevicesTable>;
export type TvDeviceRow = Selectable<TvDevicesTable>;
export type VoiceAssistantRow = Selectable<VoiceAssistantsTable>;
