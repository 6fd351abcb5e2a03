/**
 * Proving an institution owns its domain: the owner publishes `onair-verification=<token>` as a DNS
 * TXT record on the domain (or on `_onair.<domain>`); checking it marks the institution verified. The
 * resolver is an interface so tests use a fake one and never reach the network.
 */
import { resolveTxt } from 'node:dns/promises';
import type { VerificationChallenge } from '@onair/protocol';

export interface TxtResolver {
  /** The TXT records of a name, each as its joined strings; none (or an error) when there are none. */
  resolveTxt(name: string): Promise<string[]>;
}

export const systemTxtResolver: TxtResolver = {
  async resolveTxt(name) {
    const records = await resolveTxt(name);
    return records.map((chunks) => chunks.join(''));
  },
};

export const VERIFICATION_PREFIX = 'onair-verification=';

export function challengeFor(domain: string, token: string): VerificationChallenge {
  return { method: 'dns', recordName: `_onair.${domain}`, recordValue: `${VERIFICATION_PREFIX}${token}` };
}

/** True when the domain or `_onair.<domain>` carries the expected TXT value. DNS failures count as "not found". */
export async function domainHasToken(resolver: TxtResolver, domain: string, token: string): Promise<boolean> {
  const expected = `${VERIFICATION_PREFIX}${token}`;
  for (const name of [`_onair.${domain}`, domain]) {
    const records = await resolver.resolveTxt(name).catch(() => [] as string[]);
    if (records.some((r) => r.trim() === expected)) return true;
  }
  return false;
}
