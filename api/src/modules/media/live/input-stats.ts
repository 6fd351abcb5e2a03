/**
 * What the live input really is, measured from the packets the encoder sends: bitrate over a sliding
 * window, frame rate, keyframe interval, and the codecs and size it announced. Pure: the ingest feeds it
 * packets and byte counts, the health sampler reads it.
 */
import type { StreamHealth } from '@onair/protocol';

const WINDOW_MS = 4000;

export interface InputSnapshot {
  bitrateKbps: number;
  fps: number | null;
  keyframeInterval: number | null;
  idleMs: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

export class InputStats {
  private bytes: { at: number; total: number }[] = [];
  private frames: number[] = [];
  private keyframes: number[] = [];
  private lastDataAt: number;
  hasVideo = false;
  hasAudio = false;
  firstPacketAt: number | null = null;

  constructor(now = Date.now()) {
    this.lastDataAt = now;
  }

  /** A packet's kind by node-media-server's flags (0/1 audio, 2/3/4 video). */
  packet(flags: number, now = Date.now()) {
    this.firstPacketAt ??= now;
    this.lastDataAt = now;
    if (flags === 0 || flags === 1) this.hasAudio = true;
    if (flags === 3 || flags === 4) {
      this.hasVideo = true;
      this.frames.push(now);
      if (flags === 3) this.keyframes.push(now);
    }
    this.trim(now);
  }

  /** The session's running byte counter, sampled. */
  sampleBytes(total: number, now = Date.now()) {
    this.bytes.push({ at: now, total });
    this.trim(now);
  }

  private trim(now: number) {
    const cutoff = now - WINDOW_MS;
    while (this.bytes.length > 2 && this.bytes[0]!.at < cutoff) this.bytes.shift();
    while (this.frames.length && this.frames[0]! < cutoff) this.frames.shift();
    // Keyframes are kept longer: an interval of 10 s must still be measurable.
    while (this.keyframes.length > 4) this.keyframes.shift();
  }

  snapshot(now = Date.now()): InputSnapshot {
    const first = this.bytes[0];
    const last = this.bytes[this.bytes.length - 1];
    const span = first && last ? last.at - first.at : 0;
    const bitrateKbps = span > 0 ? ((last!.total - first!.total) * 8) / span : 0;
    const frameSpan = this.frames.length > 1 ? this.frames[this.frames.length - 1]! - this.frames[0]! : 0;
    const fps = frameSpan > 0 ? ((this.frames.length - 1) * 1000) / frameSpan : null;
    let keyframeInterval: number | null = null;
    if (this.keyframes.length > 1) {
      const gaps = this.keyframes.slice(1).map((t, i) => t - this.keyframes[i]!);
      keyframeInterval = gaps.reduce((a, b) => a + b, 0) / gaps.length / 1000;
    }
    // A keyframe overdue longer than the measured interval counts too (an encoder that stopped sending them).
    const sinceKeyframe = this.keyframes.length ? (now - this.keyframes[this.keyframes.length - 1]!) / 1000 : null;
    if (this.hasVideo && sinceKeyframe !== null && (keyframeInterval === null || sinceKeyframe > keyframeInterval * 1.5)) {
      keyframeInterval = Math.max(keyframeInterval ?? 0, sinceKeyframe);
    }
    return {
      bitrateKbps: Math.round(bitrateKbps),
      fps: fps === null ? null : Math.round(fps * 10) / 10,
      keyframeInterval: keyframeInterval === null ? null : Math.round(keyframeInterval * 10) / 10,
      idleMs: Math.max(0, now - this.lastDataAt),
      hasVideo: this.hasVideo,
      hasAudio: this.hasAudio,
    };
  }
}

/** Thresholds a broadcaster can act on; each warning says what to change. */
export const HEALTH_LIMITS = {
  /** Below this fraction of the configured bitrate the picture suffers. */
  lowBitrateRatio: 0.5,
  maxKeyframeInterval: 4,
  noDataMs: 3000,
} as const;

export function healthWarnings(h: Pick<StreamHealth, 'bitrateKbps' | 'configuredKbps' | 'keyframeInterval' | 'idleMs'>, audioOnly: boolean): string[] {
  const warnings: string[] = [];
  if (h.idleMs >= HEALTH_LIMITS.noDataMs) {
    warnings.push(`No data from the encoder for ${Math.round(h.idleMs / 1000)} s: check its connection`);
    return warnings;
  }
  if (!audioOnly && h.configuredKbps > 0 && h.bitrateKbps < h.configuredKbps * HEALTH_LIMITS.lowBitrateRatio) {
    warnings.push(`Bitrate ${h.bitrateKbps} kbps is far below the configured ${h.configuredKbps} kbps: check the encoder's upload`);
  }
  if (h.keyframeInterval !== null && h.keyframeInterval > HEALTH_LIMITS.maxKeyframeInterval) {
    warnings.push(`Keyframe interval is ${h.keyframeInterval} s: set it to 2 s in the encoder (OBS: Output → Keyframe Interval)`);
  }
  return warnings;
}
