/**
 * Account names as compared (accounts/names.ts): case, width and Unicode's confusables (UTS #39
 * skeleton) folded into one key, so look-alikes collide in the unique column; names mixing scripts
 * refused.
 */
import { describe, expect, it } from 'vitest';
import { mixesScripts, nameKey, skeleton } from '../src/accounts/names.js';

describe('nameKey', () => {
  it('is the same for names that differ in case, width or compatibility form', () => {
    for (const [a, b] of [
      ['Ann', 'ANN'],
      ['Ann', 'ａｎｎ'],
      ['Straße', 'STRASSE'],
      ['Zoë', 'ZOË'],
      ['ﬁfi', 'FIFI'],
    ]) {
      expect(nameKey(a), `${a} / ${b}`).toBe(nameKey(b));
    }
  });

  it('is the same for look-alikes (UTS #39 confusables)', () => {
    for (const [a, b] of [
      ['Аnn', 'Ann'], // Cyrillic А
      ['Соса', 'Coca'], // all Cyrillic
      ['rn', 'm'],
      ['paypaI', 'paypal'], // a capital i for a small L
      ['IAN', 'lan'],
      ['B0B', 'BOB'],
      ['b0b', 'bob'],
      ['Ωmega', 'Ωrnega'],
    ]) {
      expect(nameKey(a), `${a} / ${b}`).toBe(nameKey(b));
    }
  });

  it('keeps apart names that do not look alike', () => {
    for (const [a, b] of [
      ['Ann', 'Anna'],
      ['bob', 'bib'],
      ['Sam', 'Sarah'],
      ['José', 'Jose'],
      ['Ωmega', 'omega'],
      ['vv', 'w'], // confusables.txt does not say so
    ]) {
      expect(nameKey(a), `${a} / ${b}`).not.toBe(nameKey(b));
    }
  });

  it('collapses spaces and keeps a stable value (the unique key in the database)', () => {
    expect(nameKey('Ann  Lee')).toBe(nameKey('Ann Lee'));
    expect(nameKey('Ann')).toBe('ann');
    expect(nameKey('Sam')).toBe('sarn');
  });
});

describe('skeleton', () => {
  it('is UTS #39’s: NFD, prototypes, NFD', () => {
    expect(skeleton('Аρρlе')).toBe('Apple'); // Cyrillic А and е, Greek ρ
    expect(skeleton('é')).toBe('e\u0301');
  });
});

describe('mixesScripts', () => {
  it('refuses Latin with Cyrillic or Greek, accepts one script and the CJK mixes', () => {
    for (const name of ['Аnn', 'Zοe', 'paypаl', 'Ωmega']) expect(mixesScripts(name), name).toBe(true);
    for (const name of ['Ann', 'Иван', 'Θεός', '山田 Taro', 'たなか 田中', 'Ann 42 !', 'Zoë']) {
      expect(mixesScripts(name), name).toBe(false);
    }
  });
});
