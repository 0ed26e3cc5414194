/**
 * Characters a name never needs and that change what it shows:
 * - C0 control characters, DEL and C1 control characters: invisible, and a NUL ends a text where SQLite's reads and
 *   BI tools see it (a name holding one would be stored whole and served cut);
 * - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they reorder the
 *   text after them, so `report\u202Efdp.exe` shows as "reportexe.pdf" (the "Trojan Source" trick, CVE-2021-42574).
 *   The plain direction marks (U+200E, U+200F), which right-to-left text uses and which reorder nothing, stay allowed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const hasControlCharacters = (text: string): boolean => text.search(CONTROL_CHARACTER) >= 0;

/** A name from elsewhere (an uploaded file's) with each control character made U+FFFD, visibly replaced. */
export const withControlCharactersReplaced = (text: string): string =>
  text.replace(CONTROL_CHARACTER, '\uFFFD');

/**
 * Whether a text shows anything: not only white space (which String#trim leaves when it is not ASCII-like, e.g. the
 * ideographic space is removed but U+200B is not) and invisible format characters (zero-width space and joiners,
 * U+FEFF, the direction marks, the soft hyphen). A name made of them alone reads as no name.
 */
export const showsSomething = (text: string): boolean => /[^\p{White_Space}\p{Cf}]/u.test(text);
