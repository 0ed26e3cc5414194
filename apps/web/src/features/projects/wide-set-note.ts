import type { WideSetState } from '@aec/contracts';

export interface WideSetNote {
  text: string;
  tone: 'muted' | 'pending' | 'error';
}

const TABLE = 'Tableau table (IFCElementsWide)';
const attemptsText = (n: number) => `${n} failed attempt${n === 1 ? '' : 's'}`;

/**
 * What Data Sources says about a project's wide element set, built after the model is ready: the table Tableau users
 * pick, so a failure has to be visible with its reason, not only a feed that never answers.
 */
export function wideSetNote(wideSet: WideSetState | null | undefined): WideSetNote | null {
  if (!wideSet) return null;
  if (wideSet.status === 'ready') return { text: `${TABLE} ready`, tone: 'muted' };
  if (wideSet.status === 'failed') {
    return {
      text: `${TABLE} could not be built (${attemptsText(wideSet.attempts)}): ${wideSet.error ?? 'unknown error'}. IFCElements and IFCProperties still serve the model; upload it again to retry.`,
      tone: 'error',
    };
  }
  return {
    text:
      wideSet.attempts > 0
        ? `${TABLE} being prepared, retrying after ${attemptsText(wideSet.attempts)}: ${wideSet.error ?? 'unknown error'}`
        : `${TABLE} being prepared…`,
    tone: 'pending',
  };
}
