import { useCallback, useRef, type Dispatch } from 'react';
import type { ConnectorAction } from '../connector-state';
import type { LogCategory, LogEntry, LogType, ServerLogEntry } from '../types';

export type AddLog = (message: string, type: LogType, category?: LogCategory, progress?: number) => void;

/** Server entries keep their ids (so a replayed entry is not shown twice); the screen's own get a separate series. */
export const fromServer = (entry: ServerLogEntry): LogEntry => ({ ...entry, id: `s${entry.id}` });

export function useConnectorLog(dispatch: Dispatch<ConnectorAction>): AddLog {
  const next = useRef(0);
  return useCallback(
    (message, type, category, progress) => {
      next.current += 1;
      const entry: LogEntry = {
        id: `c${next.current}`,
        timestamp: new Date().toISOString(),
        message,
        type,
        ...(category ? { category } : {}),
        ...(progress !== undefined ? { progress } : {}),
      };
      dispatch({ type: 'log', entry });
    },
    [dispatch],
  );
}
