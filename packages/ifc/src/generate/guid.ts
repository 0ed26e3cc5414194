const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** mulberry32: tiny, fast and deterministic, so the same seed always writes the same file. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** IFC GlobalIds: 22 characters of IFC's base-64 alphabet, the first one 0-3 (128 bits). */
export function createGuidSource(seed: number): () => string {
  const random = createRandom(seed);
  return () => {
    let guid = ALPHABET[Math.floor(random() * 4)] ?? '0';
    for (let i = 1; i < 22; i++) guid += ALPHABET[Math.floor(random() * 64)] ?? '0';
    return guid;
  };
}
