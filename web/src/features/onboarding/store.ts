/**
 * Onboarding state (spec §3/§4) kept in browser storage under the keys of spec §9: a completed flag
 * ('true'), the user type it was completed for, the steps seen (JSON list) and a visit counter.
 */
import { create } from 'zustand';
import { STORAGE_KEYS } from '@onair/protocol/constants';
import type { Role } from '@onair/protocol';

export type UserType = Role;

interface OnboardingState {
  isFirstVisit: boolean;
  shouldShowTutorial: boolean;
  userType: UserType;
  completedSteps: string[];
  hasCompletedOnboarding: boolean;
  /** Called once per loaded user: counts the visit and decides whether the tour opens. */
  startSession(userType: UserType): void;
  markStep(stepId: string): void;
  /** Completing or skipping to the end stores completion for this user type and closes. */
  complete(): void;
  /** Clears the stored flags and shows the tour again (the Tutorial button). */
  reset(): void;
}

const storage = {
  get: (key: string) => window.localStorage.getItem(key),
  set: (key: string, value: string) => window.localStorage.setItem(key, value),
  remove: (key: string) => window.localStorage.removeItem(key),
};

function readSteps(): string[] {
  try {
    const parsed = JSON.parse(storage.get(STORAGE_KEYS.onboardingSteps) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export const useOnboarding = create<OnboardingState>((set, get) => ({
  isFirstVisit: false,
  shouldShowTutorial: false,
  userType: 'viewer',
  completedSteps: [],
  hasCompletedOnboarding: false,

  startSession(userType) {
    const visits = Number(storage.get(STORAGE_KEYS.visitCount) ?? '0') + 1;
    storage.set(STORAGE_KEYS.visitCount, String(visits));
    const completed = storage.get(STORAGE_KEYS.onboardingCompleted) === 'true';
    const completedFor = storage.get(STORAGE_KEYS.onboardingType);
    const isFirstVisit = visits === 1;
    set({
      userType,
      isFirstVisit,
      hasCompletedOnboarding: completed,
      completedSteps: readSteps(),
      shouldShowTutorial: (!completed && isFirstVisit) || (completed && completedFor !== userType),
    });
  },

  markStep(stepId) {
    const steps = get().completedSteps.includes(stepId) ? get().completedSteps : [...get().completedSteps, stepId];
    storage.set(STORAGE_KEYS.onboardingSteps, JSON.stringify(steps));
    set({ completedSteps: steps });
  },

  complete() {
    storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
    storage.set(STORAGE_KEYS.onboardingType, get().userType);
    set({ hasCompletedOnboarding: true, shouldShowTutorial: false });
  },

  reset() {
    storage.remove(STORAGE_KEYS.onboardingCompleted);
    storage.remove(STORAGE_KEYS.onboardingType);
    storage.remove(STORAGE_KEYS.onboardingSteps);
    set({ hasCompletedOnboarding: false, completedSteps: [], shouldShowTutorial: true });
  },
}));

/**
 * The spec's client guessed the type from the username ('admin', 'creator…'); the server's role is
 * the truth, so it wins when present and the guess is only the fallback.
 */
export function inferUserType(username: string, role?: Role | null): UserType {
  if (role) return role;
  if (username === 'admin') return 'admin';
  if (username.startsWith('creator')) return 'creator';
  return 'viewer';
}
