/** Formatting of STEP (ISO 10303-21) attribute values, as IFC exporters write them. */

export const UNSET = '$';

function hex4(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A STEP string literal: quotes doubled, backslashes doubled, and every run of non-ASCII
 * characters written as one \X2\…\X0\ block of UTF-16 code units (what ArchiCAD, Revit… do).
 */
export function str(value: string): string {
  let out = "'";
  let run = '';
  const closeRun = () => {
    if (run) out += `\\X2\\${run}\\X0\\`;
    run = '';
  };
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) {
      closeRun();
      const ch = value[i] ?? '';
      out += ch === "'" ? "''" : ch === '\\' ? '\\\\' : ch;
    } else {
      run += hex4(code);
    }
  }
  closeRun();
  return `${out}'`;
}

export function optStr(value: string | null | undefined): string {
  return value === null || value === undefined ? UNSET : str(value);
}

/** STEP reals always carry a decimal point: 3000 → '3000.'. */
export function real(value: number): string {
  const text = String(value);
  return /[.eE]/.test(text) ? text : `${text}.`;
}

export function ref(id: number): string {
  return `#${id}`;
}

export function refs(ids: number[]): string {
  return `(${ids.map(ref).join(',')})`;
}

export function enumValue(value: string): string {
  return `.${value}.`;
}

export function bool(value: boolean): string {
  return value ? '.T.' : '.F.';
}

/** A typed value inside a select, e.g. IFCLABEL('x') or IFCLENGTHMEASURE(3000.). */
export function typed(typeName: string, formatted: string): string {
  return `${typeName.toUpperCase()}(${formatted})`;
}
