/**
 * JSON text as people write it (records, tile files): `JSON.parse`, plus the true place of a syntax
 * error. V8 reports some faults by offset and others ("Unexpected token …") only with a snippet of
 * the text, so on a failure the text is scanned again by a small checker of the JSON grammar
 * (RFC 8259) that stops at the first character that cannot belong there. A UTF-8 byte-order mark
 * at the start (U+FEFF, as some editors write it) is skipped.
 *
 * Lines count from 1, split at "\n" (a "\r" before it is whitespace); columns count characters
 * (code points) from 1.
 */
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';

/** A JSON syntax error: where it is (1-based line and column) and what is wrong. */
export interface JsonSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

const BOM = '\ufeff';

/** Parses JSON text (a leading byte-order mark allowed), or says where and why it is not JSON. */
export function parseJson(text: string): Result<unknown, JsonSyntaxError> {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  try {
    return ok(JSON.parse(body));
  } catch (e) {
    const fault = findFault(body) ?? { at: body.length, message: e instanceof Error ? e.message : String(e) };
    return err({ ...lineColumn(body, fault.at), message: fault.message });
  }
}

/** Line and column (1-based, columns in code points) of offset `at` in `text`. */
function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  const start = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = 0; i < start; i++) if (text.charCodeAt(i) === 10) line++;
  return { line, column: Array.from(before.slice(start)).length + 1 };
}

interface Fault {
  readonly at: number;
  readonly message: string;
}

/** The first syntax fault of `text`, or undefined when it is valid JSON. */
function findFault(text: string): Fault | undefined {
  const s = new Scanner(text);
  try {
    s.space();
    s.value();
    s.space();
    if (s.i < text.length) s.fail('Unexpected non-whitespace character after JSON');
    return undefined;
  } catch (e) {
    if (e instanceof FaultSignal) return e.fault;
    throw e;
  }
}

class FaultSignal extends Error {
  constructor(readonly fault: Fault) {
    super(fault.message);
  }
}

const NUMBER_START = /[-0-9]/;
/** A bare word, named whole in an error. */
const WORD = /^[A-Za-z_$][A-Za-z0-9_$]*/;
const WORD_CHAR = /[A-Za-z0-9_$]/;

class Scanner {
  i = 0;
  constructor(readonly text: string) {}

  fail(message: string, at = this.i): never {
    throw new FaultSignal({ at, message });
  }

  /**
   * The fault at the current character: the end of the input, or a character that cannot be here
   * (a bare word such as `triangle` or `nul` is named whole, at its first letter).
   */
  unexpected(at = this.i): never {
    if (at >= this.text.length) this.fail('Unexpected end of JSON input', at);
    const word = WORD.exec(this.text.slice(at))?.[0];
    const c = word ?? String.fromCodePoint(this.text.codePointAt(at) ?? 0);
    this.fail(`Unexpected token ${JSON.stringify(c).replace(/^"|"$/g, "'")}`, at);
  }

  space(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t[this.i];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return;
      this.i++;
    }
  }

  value(): void {
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c !== undefined && NUMBER_START.test(c)) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (c === word[0]) return this.literal(word);
    }
    this.unexpected();
  }

  private literal(word: string): void {
    const start = this.i;
    if (this.text.startsWith(word, start) && !WORD_CHAR.test(this.text[start + word.length] ?? '')) {
      this.i += word.length;
      return;
    }
    this.unexpected(start);
  }

  private object(): void {
    this.i++; // {
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      if (this.text[this.i] !== '"') {
        if (this.i >= this.text.length) this.unexpected();
        this.fail('Expected double-quoted property name');
      }
      this.string();
      this.space();
      if (this.text[this.i] !== ':') {
        if (this.i >= this.text.length) this.unexpected();
        this.fail("Expected ':' after property name");
      }
      this.i++;
      this.space();
      this.value();
      this.space();
      const c = this.text[this.i];
      if (c === '}') {
        this.i++;
        return;
      }
      if (c !== ',') {
        if (c === undefined) this.unexpected();
        this.fail("Expected ',' or '}' after property value");
      }
      this.i++;
      this.space();
    }
  }

  private array(): void {
    this.i++; // [
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.value();
      this.space();
      const c = this.text[this.i];
      if (c === ']') {
        this.i++;
        return;
      }
      if (c !== ',') {
        if (c === undefined) this.unexpected();
        this.fail("Expected ',' or ']' after array element");
      }
      this.i++;
      this.space();
    }
  }

  private string(): void {
    const t = this.text;
    this.i++; // "
    for (;;) {
      if (this.i >= t.length) this.fail('Unterminated string in JSON');
      const code = t.charCodeAt(this.i);
      if (code === 0x22) {
        this.i++;
        return;
      }
      if (code < 0x20) this.fail('Bad control character in string literal');
      if (code === 0x5c) {
        const e = t[this.i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) {
            if (!/[0-9a-fA-F]/.test(t[this.i + k] ?? '')) this.fail('Bad Unicode escape', this.i + k);
          }
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail('Bad escaped character', this.i + 1);
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private number(): void {
    const t = this.text;
    const digits = (): number => {
      const from = this.i;
      while (this.i < t.length && t[this.i] >= '0' && t[this.i] <= '9') this.i++;
      return this.i - from;
    };
    if (t[this.i] === '-') {
      this.i++;
      if (!(t[this.i] >= '0' && t[this.i] <= '9')) this.fail('No number after minus sign in JSON');
    }
    if (t[this.i] === '0') this.i++;
    else digits();
    if (t[this.i] === '.') {
      this.i++;
      if (digits() === 0) this.fail('Unterminated fractional number in JSON');
    }
    if (t[this.i] === 'e' || t[this.i] === 'E') {
      this.i++;
      if (t[this.i] === '+' || t[this.i] === '-') this.i++;
      if (digits() === 0) this.fail('Exponent part is missing a number in JSON');
    }
  }
}
