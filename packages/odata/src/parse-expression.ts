import type { Expr } from './ast';
import { parseInRight, parseJsonArray, parseJsonObject } from './parse-collections';
import { parsePath } from './parse-path';
import { ODataSyntaxError } from './errors';
import { type Token, tokenize } from './lexer';
import { numberLiteral, tokenToLiteral } from './literals';
import { ARITHMETIC_OPS, BP, BUILTIN_FUNCTIONS, COMPARISON_OPS, INFIX, isInfixOp } from './operators';

const MAX_DEPTH = 100;
const MAX_OPERATORS = 100000;

/**
 * Recursive-descent parser with Pratt-style binding powers over the tokens of one decoded
 * expression. Keywords and built-in function names are case-insensitive (OData 4.01); property names
 * are case-sensitive.
 */
export class ExpressionParser {
  private i = 0;
  private depth = 0;
  private nodes = 0;
  constructor(
    private readonly toks: Token[],
    private readonly source: string,
  ) {}

  static fromText(text: string): ExpressionParser {
    return new ExpressionParser(tokenize(text), text);
  }

  peek(k = 0): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)] as Token;
  }

  next(): Token {
    const t = this.peek();
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }

  atEnd(): boolean {
    return this.peek().type === 'eof';
  }

  isPunct(c: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'punct' && t.text === c;
  }

  skipWs(): boolean {
    if (this.peek().type !== 'ws') return false;
    this.next();
    return true;
  }

  expectPunct(c: string): Token {
    if (!this.isPunct(c)) throw this.error(`Expected '${c}'`);
    return this.next();
  }

  error(message: string, tok: Token = this.peek()): ODataSyntaxError {
    const found = tok.type === 'eof' ? 'end of input' : `'${tok.text}'`;
    return new ODataSyntaxError(`${message}, found ${found}`, tok.pos);
  }

  /** Parses the whole input as one expression; nothing, not even whitespace, may follow. */
  parseComplete(): Expr {
    const e = this.parseExpr(0);
    if (!this.atEnd()) throw this.error('Unexpected text after expression');
    return e;
  }

  parseExpr(minBp: number): Expr {
    // Validation and compilation recurse over the tree; bounding it keeps hostile input a 400, not a stack overflow.
    if (++this.depth > MAX_DEPTH) throw this.error('Expression is nested too deeply');
    try {
      return this.parseInfix(minBp);
    } finally {
      this.depth--;
    }
  }

  private parseInfix(minBp: number): Expr {
    let left = this.parseUnary();
    let chain = 0;
    for (;;) {
      if (++this.nodes > MAX_OPERATORS) throw this.error('Expression has too many operators');
      if (++chain > MAX_DEPTH && left.kind !== 'logical') throw this.error('Expression is nested too deeply');
      if (this.peek().type !== 'ws' || this.peek(1).type !== 'ident') return left;
      const opTok = this.peek(1);
      const op = opTok.text.toLowerCase();
      if (isInfixOp(op) && this.peek(2).type === 'eof')
        throw this.error(`Expected an operand after '${opTok.text}'`, this.peek(2));
      if (this.peek(2).type !== 'ws') return left;
      if (!isInfixOp(op) || INFIX[op] <= minBp) return left;
      this.i += 3;
      const pos = opTok.pos;
      if (op === 'in') left = parseInRight(this, left, pos);
      else if (op === 'has') left = { kind: 'has', left, right: this.parseExpr(BP.primary), pos };
      else {
        const right = this.parseExpr(INFIX[op]);
        if (op === 'and' || op === 'or') left = this.logicalChain(op, [left, right], pos);
        else if (COMPARISON_OPS.has(op)) left = { kind: 'compare', op: op as 'eq', left, right, pos };
        else if (ARITHMETIC_OPS.has(op)) left = { kind: 'arith', op: op as 'add', left, right, pos };
      }
    }
  }

  /**
   * `a or b or c …`: BI tools fold long value lists into such chains. and/or are associative, so
   * the chain becomes a balanced tree and later recursion stays shallow.
   */
  private logicalChain(op: 'and' | 'or', operands: Expr[], pos: number): Expr {
    while (
      this.peek().type === 'ws' &&
      this.peek(1).type === 'ident' &&
      this.peek(1).text.toLowerCase() === op &&
      this.peek(2).type === 'ws'
    ) {
      if (++this.nodes > MAX_OPERATORS) throw this.error('Expression has too many operators');
      this.i += 3;
      operands.push(this.parseExpr(INFIX[op]));
    }
    const build = (from: number, to: number): Expr => {
      if (to - from === 1) return operands[from] as Expr;
      const mid = (from + to) >> 1;
      return { kind: 'logical', op, left: build(from, mid), right: build(mid, to), pos };
    };
    return build(0, operands.length);
  }

  private parseUnary(): Expr {
    const tok = this.peek();
    if (tok.type === 'punct' && tok.text === '-') {
      this.next();
      this.skipWs();
      const operand = this.parseExpr(BP.unary);
      if (
        operand.kind === 'literal' &&
        typeof operand.value === 'number' &&
        ['int', 'decimal', 'double'].includes(operand.type)
      ) {
        return { ...operand, value: -operand.value, raw: `-${operand.raw}`, pos: tok.pos };
      }
      if (operand.kind === 'literal' && typeof operand.value === 'bigint')
        return numberLiteral(tok, `-${operand.raw}`);
      return { kind: 'negate', operand, pos: tok.pos };
    }
    // `not(...)` without the required space is accepted: clients emit it and it cannot mean anything else.
    if (
      tok.type === 'ident' &&
      tok.text.toLowerCase() === 'not' &&
      (this.peek(1).type === 'ws' || this.isPunct('(', 1))
    ) {
      this.next();
      this.skipWs();
      return { kind: 'not', operand: this.parseExpr(BP.unary), pos: tok.pos };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const tok = this.peek();
    switch (tok.type) {
      case 'string':
      case 'number':
      case 'guid':
      case 'date':
      case 'dateTimeOffset':
      case 'timeOfDay':
      case 'typed':
        this.next();
        return tokenToLiteral(tok);
      case 'alias':
        if (this.isPunct('/', 1)) return parsePath(this);
        this.next();
        return { kind: 'alias', name: tok.text.slice(1), pos: tok.pos };
      case 'punct':
        if (tok.text === '(') {
          this.next();
          this.skipWs();
          const e = this.parseExpr(0);
          this.skipWs();
          this.expectPunct(')');
          return e;
        }
        if (tok.text === '[') return parseJsonArray(this);
        if (tok.text === '{') return parseJsonObject(this);
        throw this.error('Expected an expression');
      case 'ident':
        return this.parseIdentifierExpr(tok);
      default:
        throw this.error('Expected an expression');
    }
  }

  private parseIdentifierExpr(tok: Token): Expr {
    const lower = tok.text.toLowerCase();
    const followedBy = (c: string): boolean => this.isPunct(c, 1);
    if (!followedBy('/') && !followedBy('(')) {
      if (lower === 'true' || lower === 'false') {
        this.next();
        return { kind: 'literal', type: 'boolean', value: lower === 'true', raw: tok.text, pos: tok.pos };
      }
      if (lower === 'null') {
        this.next();
        return { kind: 'literal', type: 'null', value: null, raw: tok.text, pos: tok.pos };
      }
      if (tok.text === 'INF' || tok.text === 'NaN') {
        this.next();
        return {
          kind: 'literal',
          type: 'double',
          value: tok.text === 'INF' ? Infinity : NaN,
          raw: tok.text,
          pos: tok.pos,
        };
      }
    }
    if (tok.text === '$root') {
      this.next();
      this.expectPunct('/');
      const rest = parsePath(this);
      return { kind: 'root', path: rest.kind === 'member' ? rest.path : ['…'], pos: tok.pos };
    }
    if (followedBy('(') && BUILTIN_FUNCTIONS.has(lower)) return this.parseBuiltinCall(tok, lower);
    if (followedBy('(') && (lower === 'any' || lower === 'all'))
      throw this.error(`'${tok.text}' must follow a collection path`, tok);
    return parsePath(this);
  }

  private parseBuiltinCall(tok: Token, name: string): Expr {
    this.next();
    this.expectPunct('(');
    this.skipWs();
    const args: Expr[] = [];
    const typeArgs = name === 'cast' || name === 'isof';
    if (!this.isPunct(')')) {
      for (;;) {
        const t = this.peek();
        const afterIdent = this.peek(this.peek(1).type === 'ws' ? 2 : 1);
        if (
          typeArgs &&
          t.type === 'ident' &&
          afterIdent.type === 'punct' &&
          (afterIdent.text === ')' || afterIdent.text === ',') &&
          t.text.includes('.')
        ) {
          this.next();
          args.push({ kind: 'typeName', name: t.text, pos: t.pos });
        } else args.push(this.parseExpr(0));
        this.skipWs();
        if (!this.isPunct(',')) break;
        this.next();
        this.skipWs();
      }
    }
    this.expectPunct(')');
    if (typeArgs && args.length > 0) {
      const last = args[args.length - 1] as Expr;
      if (last.kind === 'member' && last.path.length === 1)
        args[args.length - 1] = { kind: 'typeName', name: last.path[0] as string, pos: last.pos };
    }
    return { kind: 'call', name, args, pos: tok.pos };
  }

  get text(): string {
    return this.source;
  }
}

/** Parses one decoded `$filter`-style expression. Throws ODataSyntaxError with a position. */
export function parseExpression(text: string): Expr {
  return ExpressionParser.fromText(text).parseComplete();
}
