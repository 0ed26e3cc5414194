import type { CompareNode } from './ast';

/**
 * OData URL conventions §5.1.1.1 (Part 2): NaN is not equal to anything, itself included, and every relational
 * comparison with it is false. SQLite has no NaN (a bound NaN becomes NULL, so `Height eq NaN` matched every
 * element without a height) and MongoDB finds NaN equal to NaN, so a comparison with the NaN literal is decided
 * here, for both stores: `ne` is true, the others are false. null when neither side is the NaN literal.
 */
export function nanComparison(e: CompareNode): boolean | null {
  const isNaNLiteral = (side: CompareNode['left']) =>
    side.kind === 'literal' && typeof side.value === 'number' && Number.isNaN(side.value);
  if (!isNaNLiteral(e.left) && !isNaNLiteral(e.right)) return null;
  return e.op === 'ne';
}
