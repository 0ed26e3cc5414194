/**
 * C0 control characters and DEL. Invisible in a name, and a NUL ends a text where SQLite's reads and BI tools see it:
 * a name holding one would be stored whole and served cut.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/g;

export const hasControlCharacters = (text: string): boolean => text.search(CONTROL_CHARACTER) >= 0;

/** A name from elsewhere (an uploaded file's) with each control character made U+FFFD, visibly replaced. */
export const withControlCharactersReplaced = (text: string): string =>
  text.replace(CONTROL_CHARACTER, '\uFFFD');
