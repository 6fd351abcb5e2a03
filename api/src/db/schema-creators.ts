/**
 * Table types of the creator area (migration 0004_creators): subscriptions, the earnings ledger,
 * satellite receivers, stream configurations and streams. Kept apart from schema.ts so that the
 * areas can grow without editing one shared file; `Database` extends this interface.
 */
import type { Generated, Selectable } from 'kysely';

export interface CreatorSubscribersTable {
  creatorId: number;
  userId: number;
  createdAt: number;
}

/** What a creator earned, one row per payment, in integer cents. Written by monetization. */
export interface CreatorEarningsTable {
  id: Generated<number>;
  creatorId: number;
  source: 'subscription' | 'donation' | 'ads' | 'sponsorship' | 'merchandise';
  amountCents: number;
  currency: Generated<string>;
  /** The payment this came from, so a retried write is recognisable. */
  ref: string | null;
  createdAt: number;
}

export interface SatelliteReceiversTable {
  id: Generated<number>;
  ownerId: number;
  deviceId: string;
  deviceName: string;
  model: string;
  firmwareVersion: string | null;
  latitude: number | null;
  longitude: number | null;
  region: string | null;
  status: 'online' | 'offline' | 'error';
  lastSeen: number | null;
  createdAt: number;
}

/** One per creator: what the Studio form saves. */
export interface StreamConfigsTable {
  id: Generated<number>;
  creatorId: number;
  title: string;
  description: string;
  /** JSON array of {platform, enabled} over every destination. */
  destinations: string;
  bitrate: number;
  resolution: string;
  saveRecording: number;
  generatePodcast: number;
  /** 1: live captions while on air (issue 15). */
  liveCaptions: Generated<number>;
  contentType: 'tv' | 'radio' | 'podcast' | 'other';
  /** The stream key, AES-256-GCM encrypted (iv.tag.ciphertext, base64url): shown again to its owner. */
  streamKeyCipher: string;
  /** SHA-256 of the key: how an ingest server finds the config without decrypting every row. */
  streamKeyHash: string;
  createdAt: number;
  updatedAt: number;
}

/** One broadcast: from start to stop, with the settings it went out with. */
export interface StreamsTable {
  id: Generated<number>;
  creatorId: number;
  configId: number;
  contentId: number;
  title: string;
  /** JSON array of enabled destination ids. */
  destinations: string;
  bitrate: number;
  resolution: string;
  saveRecording: number;
  generatePodcast: number;
  /** 1: live captions while on air (issue 15). */
  liveCaptions: Generated<number>;
  startedAt: number;
  endedAt: number | null;
}

export interface CreatorTables {
  creatorSubscribers: CreatorSubscribersTable;
  creatorEarnings: CreatorEarningsTable;
  satelliteReceivers: SatelliteReceiversTable;
  streamConfigs: StreamConfigsTable;
  streams: StreamsTable;
}

export type SatelliteReceiverRow = Selectable<SatelliteReceiversTable>;
export type StreamConfigRow = Selectable<StreamConfigsTable>;
export type StreamRow = Selectable<StreamsTable>;
