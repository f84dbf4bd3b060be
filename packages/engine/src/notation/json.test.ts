import { describe, expect, test } from 'vitest';
import { parseJson } from './json.js';
import { parseRecord } from './record.js';

const fault = (text: string) => {
  const r = parseJson(text);
  if (r.ok) throw new Error('expected a syntax error');
  return r.error;
};

describe('JSON syntax errors give the true line and column', () => {
  test.each([
    // V8 says only "Unexpected token 'x'" with a snippet: the fault is the x.
    ['{\n  "a": 1,\n  "b": x\n}', 3, 8, "Unexpected token 'x'"],
    // A trailing comma: the fault is the closing brace.
    ['{\n  "a": 1,\n}', 3, 1, 'Expected double-quoted property name'],
    // A missing comma between array elements.
    ['{\n  "players": ["A" "B"]\n}', 2, 19, "Expected ',' or ']' after array element"],
    // A missing comma between properties: the fault is the next property's quote.
    ['{\n  "version": 1\n  "players": []\n}', 3, 3, "Expected ',' or '}' after property value"],
    // Unquoted property name.
    ['{\n  "format": "x",\n  players: []\n}', 3, 3, 'Expected double-quoted property name'],
    // Cut short: the end of the input, on its last line.
    ['{\n  "a": [1,\n    2', 3, 6, 'Unexpected end of JSON input'],
    // A word that is not true, false or null: named whole, at its first letter.
    ['[true, nul]', 1, 8, "Unexpected token 'nul'"],
    ['[tru e]', 1, 2, "Unexpected token 'tru'"],
    ['{\n  "shape": triangle\n}', 2, 12, "Unexpected token 'triangle'"],
    ['[nullx]', 1, 2, "Unexpected token 'nullx'"],
    // A raw line break inside a string.
    ['{"a": "one\ntwo"}', 1, 11, 'Bad control character in string literal'],
    ['{"a": "\\q"}', 1, 9, 'Bad escaped character'],
    ['{"a": 1.}', 1, 9, 'Unterminated fractional number in JSON'],
    ['[1] [2]', 1, 5, 'Unexpected non-whitespace character after JSON'],
    // Columns count characters: the é and the emoji are one each.
    ['["é😀", x]', 1, 8, "Unexpected token 'x'"],
    // Windows line ends.
    ['{\r\n  "a": 1,\r\n  "b": x\r\n}', 3, 8, "Unexpected token 'x'"],
    ['', 1, 1, 'Unexpected end of JSON input'],
  ])('%j: line %i, column %i', (text, line, column, message) => {
    expect(fault(text)).toEqual({ line, column, message });
  });

  test('where V8 gives an offset, it is the same place', () => {
    for (const text of ['{"a": 1,}', '[1 2]', '{"a" 1}', '{"a": 1', '  [1,,2]']) {
      let position = -1;
      try {
        JSON.parse(text);
      } catch (e) {
        position = Number(/position (\d+)/.exec(String(e))?.[1] ?? -1);
      }
      const f = fault(text);
      if (position >= 0) expect(f.column - 1, text).toBe(position);
    }
  });

  test('a UTF-8 byte-order mark at the start is accepted, and not counted in columns', () => {
    expect(parseJson('\ufeff{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(fault('\ufeff{"a": x}')).toEqual({ line: 1, column: 7, message: "Unexpected token 'x'" });
    // Anywhere else it is not whitespace.
    expect(fault('{"a": 1}\ufeff').column).toBe(9);
  });

  test('records: the place is in the error, and a byte-order mark is fine', () => {
    const r = parseRecord('{\n  "format": "carcassonne-record",\n  "version": 1,\n  "players": ["A", B]\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe("line 4, column 20 (Unexpected token 'B')");
    const ok = parseRecord(
      '\ufeff' +
        JSON.stringify({ format: 'carcassonne-record', version: 1, players: ['A', 'B'], actions: [] }),
    );
    expect(ok.ok).toBe(true);
  });
});
