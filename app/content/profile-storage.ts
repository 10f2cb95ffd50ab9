/**
 * "Remember on this device": the finder's profile in this browser's local storage and nowhere
 * else. Tiny on purpose: a job page imports it up front and loads the rules only when a profile
 * is there. Storage can be blocked (private mode) or full; then nothing is remembered.
 */
const KEY = "govjobs:eligibility-profile";

export function loadProfile(): unknown {
  try {
    const saved = localStorage.getItem(KEY);
    return saved ? (JSON.parse(saved) as unknown) : null;
  } catch {
    return null;
  }
}

export function hasSavedProfile(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function saveProfile(profile: unknown): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify(profile));
    return true;
  } catch {
    return false;
  }
}

export function forgetProfile(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
