/**
 * The rules page's anchors in every language (setupRules.ts), in Node: a rule's heading has its id,
 * the other headings (title, sections) the English document's anchors by position, so a link to
 * either works whatever the reader's language; and the translations keep the English headings'
 * structure, which that relies on.
 */
import { readFileSync } from 'node:fs';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { PLAIN_HEADING_ANCHORS, anchorOf, headingAnchors, headingRule } from '../src/ui/setupRules.js';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

/** A document's headings, as the rules page reads them (marked's tokens). */
const headings = (text: string): string[] =>
  new Marked().lexer(text).flatMap((x) => (x.type === 'heading' ? [x.text] : []));

describe('the rules page’s anchors', () => {
  const english = headings(doc('rules.md'));

  it('gives the English headings GitHub’s anchors, rules their ids', () => {
    const { anchors } = headingAnchors(english);
    expect(anchors).toEqual(english.map(anchorOf));
    expect(english.filter((h) => headingRule(h) === undefined).map(anchorOf)).toEqual(PLAIN_HEADING_ANCHORS);
    expect(anchors).toContain('d-7');
    expect(anchors).toContain('o-options-and-presets');
  });

  for (const name of ['rules.nl.md', 'rules.ro.md']) {
    it(`gives ${name} the same anchors (its headings translated, its rules in the same order)`, () => {
      const translated = headings(doc(name));
      expect(translated.map(headingRule)).toEqual(english.map(headingRule));
      const { anchors, own } = headingAnchors(translated);
      expect(anchors).toEqual(headingAnchors(english).anchors);
      expect(new Set(anchors).size).toBe(anchors.length);
      // A link written with a translated heading's own anchor leads to it too.
      expect([...own.values()]).toEqual(PLAIN_HEADING_ANCHORS);
      for (const mine of own.keys()) expect(mine).not.toBe('');
    });
  }
});
