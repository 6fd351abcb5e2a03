import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@onair/protocol/constants';
import { inferUserType, useOnboarding } from './store';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let storage: MemoryStorage;
const state = () => useOnboarding.getState();

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  useOnboarding.setState({ shouldShowTutorial: false, completedSteps: [], hasCompletedOnboarding: false });
});

describe('onboarding store', () => {
  it('opens on the first visit, counts every visit, and stays closed once completed', () => {
    state().startSession('viewer');
    expect(state().shouldShowTutorial).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.visitCount)).toBe('1');
    state().markStep('welcome');
    state().markStep('welcome');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.onboardingSteps)!)).toEqual(['welcome']);
    state().complete();
    expect(storage.getItem(STORAGE_KEYS.onboardingCompleted)).toBe('true');
    expect(storage.getItem(STORAGE_KEYS.onboardingType)).toBe('viewer');
    expect(state().shouldShowTutorial).toBe(false);

    state().startSession('viewer');
    expect(state().shouldShowTutorial).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.visitCount)).toBe('2');
  });

  it('does not open on a later visit that never completed it', () => {
    storage.setItem(STORAGE_KEYS.visitCount, '3');
    state().startSession('viewer');
    expect(state().shouldShowTutorial).toBe(false);
  });

  it('opens again for a user type other than the one it was completed for', () => {
    storage.setItem(STORAGE_KEYS.visitCount, '4');
    storage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
    storage.setItem(STORAGE_KEYS.onboardingType, 'viewer');
    state().startSession('creator');
    expect(state().shouldShowTutorial).toBe(true);
    state().complete();
    expect(storage.getItem(STORAGE_KEYS.onboardingType)).toBe('creator');
  });

  it('reset clears the stored flags and shows the tour', () => {
    state().startSession('viewer');
    state().complete();
    state().reset();
    expect(storage.getItem(STORAGE_KEYS.onboardingCompleted)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.onboardingType)).toBeNull();
    expect(state().shouldShowTutorial).toBe(true);
  });
});

describe('inferUserType', () => {
  it("prefers the server's role and falls back to the spec's username rule", () => {
    expect(inferUserType('creator_jo', 'viewer')).toBe('viewer');
    expect(inferUserType('anyone', 'admin')).toBe('admin');
    expect(inferUserType('admin')).toBe('admin');
    expect(inferUserType('creator42')).toBe('creator');
    expect(inferUserType('sam')).toBe('viewer');
  });
});
