/**
 * Length of the valid UTF-8 sequence at `i` (a lead byte ≥ 0x80) ending before `end`, or 0 when it is none
 * (a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF, or cut off by `end`).
 * The repair pass and the streaming reader both read a byte that starts no valid sequence as ISO 8859-1.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number, end = bytes.length): number {
  const lead = bytes[i] ?? 0;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0 || i + length > end) return 0;
  for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return 0;
  const second = bytes[i + 1] ?? 0;
  if (length === 3 && ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second >= 0xa0))) return 0;
  if (length === 4 && ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second >= 0x90))) return 0;
  return length;
}
