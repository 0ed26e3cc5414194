import { useEffect, useState } from 'react';
import { scanIfcFile, type FileScan } from '../file-scan';

export type ScanState = { status: 'scanning' } | { status: 'done'; scan: FileScan } | { status: 'failed' };

/** Scans the chosen file in the browser once per file; a new file (or leaving Preview) stops the old scan. */
export function useFileScan(file: File): ScanState {
  const [state, setState] = useState<{ file: File; scan: ScanState }>({ file, scan: { status: 'scanning' } });
  useEffect(() => {
    const controller = new AbortController();
    scanIfcFile(file, { signal: controller.signal }).then(
      (scan) => setState({ file, scan: { status: 'done', scan } }),
      () => {
        if (!controller.signal.aborted) setState({ file, scan: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [file]);
  return state.file === file ? state.scan : { status: 'scanning' };
}
