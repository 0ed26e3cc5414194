import type { IfcAPI } from 'web-ifc';

let wasmDirectory: string | null = null;
let ready: Promise<IfcAPI> | null = null;

/**
 * Only needed when web-ifc's .wasm files do not sit next to its JS (e.g. after bundling the API):
 * web-ifc then cannot find them by itself. Must be called before the first extraction.
 */
export function configureWebIfc(options: { wasmPath: string }): void {
  wasmDirectory = options.wasmPath.endsWith('/') ? options.wasmPath : `${options.wasmPath}/`;
}

/**
 * One IfcAPI per process: Init compiles a ~2 MB wasm module, far too slow to repeat per file.
 * Callers run one model at a time per API; workers are recycled by the caller because the wasm
 * heap never shrinks.
 */
export function getIfcApi(): Promise<IfcAPI> {
  if (!ready) {
    ready = (async () => {
      // loaded on first use: the streaming extractor never needs its ~0.2 s of module loading
      const { IfcAPI, LogLevel } = await import('web-ifc');
      const api = new IfcAPI();
      if (wasmDirectory) api.SetWasmPath(wasmDirectory, true);
      // single-thread: the multi-threaded build needs SharedArrayBuffer workers we do not want here
      await api.Init(undefined, true);
      // dangling references are expected in real files; we report them as nulls, not as log noise
      api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
      return api;
    })();
    ready.catch(() => {
      ready = null;
    });
  }
  return ready;
}
