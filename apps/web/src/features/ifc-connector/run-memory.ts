/**
 * The project this tab's connector last uploaded to, kept in sessionStorage for the page load after a reload. It is
 * only a hint of where to look first: what is read is checked (a plain id, at most 200 characters) and then looked
 * up in the user's own projects, so a stale, garbled or foreign value changes nothing.
 */
const RUN_STORAGE_KEY = 'aec.connector.lastRunProject';
const PROJECT_ID = /^[A-Za-z0-9_-]{1,200}$/;

export function readRememberedRun(): string | null {
  try {
    const value = window.sessionStorage.getItem(RUN_STORAGE_KEY);
    return value !== null && PROJECT_ID.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberRun(projectId: string): void {
  try {
    if (PROJECT_ID.test(projectId)) window.sessionStorage.setItem(RUN_STORAGE_KEY, projectId);
  } catch {
    // Storage disabled: a reload then finds only the projects still being built.
  }
}

export function forgetRun(): void {
  try {
    window.sessionStorage.removeItem(RUN_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
