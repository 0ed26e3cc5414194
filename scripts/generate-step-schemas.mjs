#!/usr/bin/env node
/**
 * Generates the streaming STEP reader's schema knowledge (packages/ifc/src/step/ifc-schemas.generated.ts) from the
 * schema definitions web-ifc ships (node_modules/web-ifc/ifc-schema.d.ts, itself generated from the official EXPRESS
 * schemas). web-ifc is the reference extractor, so the streaming one reads every entity with exactly its attribute
 * layout: for each of web-ifc's three layouts (IFC2X3, IFC4, IFC4X3) every entity's supertype and own attributes in
 * STEP order with their declared types, and the defined types (IfcLabel, IfcLengthMeasure…).
 *
 *   node scripts/generate-step-schemas.mjs           writes the file
 *   node scripts/generate-step-schemas.mjs --stdout  prints it (the test compares that with the committed file)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'packages/ifc/src/step/ifc-schemas.generated.ts');
const LAYOUTS = ['IFC2X3', 'IFC4', 'IFC4X3'];

const requireFromIfc = createRequire(path.join(ROOT, 'packages/ifc/package.json'));
const webIfcDir = path.dirname(requireFromIfc.resolve('web-ifc'));
const webIfcVersion = JSON.parse(readFileSync(path.join(webIfcDir, 'package.json'), 'utf8')).version;
const declarations = readFileSync(path.join(webIfcDir, 'ifc-schema.d.ts'), 'utf8');

/** The text of `export declare namespace <name> { … }` (namespaces follow each other at the top level). */
function namespaceText(name) {
  const start = declarations.indexOf(`export declare namespace ${name} {`);
  if (start < 0) throw new Error(`web-ifc's ifc-schema.d.ts has no namespace ${name}`);
  const end = declarations.indexOf('\n}', start);
  return declarations.slice(start, end);
}

/** Splits a parameter list at the commas that are not inside <>, () or []. */
function splitTopLevel(list) {
  const parts = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (list.trim()) parts.push(list.slice(from).trim());
  return parts;
}

/** `(Handle<IfcNamedUnit> | IfcNamedUnit)[] | null` → IfcNamedUnit: the declared type without handle, list or null. */
function baseType(declared) {
  const names = declared
    .replace(/Handle<[^>]*>/g, '')
    .replace(/\bnull\b/g, '')
    .match(/[A-Za-z_][A-Za-z0-9_]*/g);
  const name = names?.find((n) => n !== 'Array') ?? 'any';
  return name;
}

function readLayout(name) {
  const text = namespaceText(name);
  const classes = new Map();
  const classPattern = /^ {4}class (\w+)(?: extends (\w+))? \{\n([\s\S]*?)^ {4}\}/gm;
  for (const match of text.matchAll(classPattern)) {
    const [, className, parent, body] = match;
    const constructor = /constructor\((.*)\);/.exec(body);
    const params = constructor
      ? splitTopLevel(constructor[1]).map((param) => {
          const colon = param.indexOf(':');
          return [param.slice(0, colon).trim(), baseType(param.slice(colon + 1))];
        })
      : [];
    classes.set(className, {
      parent: parent ?? null,
      params,
      isEnum: /^\s*static \w+: any;/m.test(body),
      isBoolean: /^\s*value: (boolean|logical);/m.test(body),
    });
  }
  const isEntity = (className) => {
    for (let c = classes.get(className); c; c = classes.get(c.parent))
      if (c.parent === 'IfcLineObject') return true;
    return false;
  };
  const entities = [];
  const definedTypes = [];
  const booleanTypes = [];
  // An entity's constructor lists its inherited attributes then its own, except inherited ones it redeclares as
  // DERIVE (IfcSIUnit.Dimensions): those keep their place in a STEP record (written `*`) but are not parameters.
  const stepAttributes = new Map();
  const attributesOf = (className) => {
    let list = stepAttributes.get(className);
    if (list) return list;
    const info = classes.get(className);
    const inherited = info.parent === 'IfcLineObject' ? [] : attributesOf(info.parent);
    let next = 0;
    const derived = [];
    for (const attr of inherited) {
      if (info.params[next]?.[0] === attr) next++;
      else derived.push(attr);
    }
    const own = info.params.slice(next).map(([attr]) => attr);
    list = [...inherited, ...own];
    stepAttributes.set(className, list);
    info.own = info.params.slice(next);
    info.derived = derived;
    return list;
  };
  for (const [className, info] of classes) {
    if (isEntity(className)) {
      attributesOf(className);
      const own = info.own.map(([attr, type]) => `${attr}:${type}`).join(' ');
      const parent = info.parent === 'IfcLineObject' ? null : info.parent;
      entities.push(
        info.derived.length ? [className, parent, own, info.derived.join(' ')] : [className, parent, own],
      );
    } else if (!info.isEnum) {
      definedTypes.push(className);
      if (info.isBoolean) booleanTypes.push(className);
    }
  }
  entities.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  definedTypes.sort();
  booleanTypes.sort();
  return { entities, definedTypes, booleanTypes };
}

function render() {
  const lines = [
    `// Generated by scripts/generate-step-schemas.mjs from web-ifc ${webIfcVersion}'s ifc-schema.d.ts: do not edit.`,
    '// Each entity: [name, supertype, own attributes in STEP order as "Name:DeclaredType" separated by spaces,',
    '// inherited attributes it redeclares as DERIVE (written `*` in a record) when there are any].',
    "import type { GeneratedLayout } from './schema-types';",
    '',
    `export const WEB_IFC_VERSION = '${webIfcVersion}';`,
    '',
    'export const GENERATED_LAYOUTS: Record<string, GeneratedLayout> = {',
  ];
  for (const layout of LAYOUTS) {
    const { entities, definedTypes, booleanTypes } = readLayout(layout);
    lines.push(`  ${layout}: {`);
    lines.push(`    booleanTypes: ${JSON.stringify(booleanTypes)},`);
    lines.push(`    definedTypes: ${JSON.stringify(definedTypes.join(' '))},`);
    lines.push('    entities: [');
    for (const entity of entities) lines.push(`      ${JSON.stringify(entity)},`);
    lines.push('    ],');
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

const output = render();
if (process.argv.includes('--stdout')) process.stdout.write(output);
else {
  writeFileSync(OUT, output);
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
}
