/**
 * Links to the rules, from the set-up's options, the log and refusals: the client's own rules page
 * (docs/rules.md and its translations docs/rules.nl.md, docs/rules.ro.md; ui/Rules.svelte, loaded
 * only when opened, in the reader's language), at the heading of the rule, whose anchor there is the
 * rule's id ("#/rules/d-7") in every language.
 */
import { t } from '../i18n/index.svelte.js';

/** Where the rules reference opens. */
export const RULES_PAGE = '#/rules';

export interface RuleLink {
  id: string;
  /** A tooltip. */
  title: string;
  href: string;
}

/** A rule's anchor on the rules page: its id in lower case. */
export const ruleAnchor = (id: string): string => id.toLowerCase();

/** GitHub's anchor for a heading without a rule id: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** The rule id a heading of the rules page starts with ("D-7 The hunt"), if any. */
export const headingRule = (heading: string): string | undefined => /^([A-Z]-\d+)\b/.exec(heading)?.[1];

/** The anchor of a heading of the (English) rules page: the rule's id when it starts with one. */
export function anchorOf(heading: string): string {
  const id = headingRule(heading);
  return id === undefined ? headingAnchor(heading) : ruleAnchor(id);
}

/**
 * The anchors of the headings without a rule id of docs/rules.md, in their order: the title and the
 * sections. The translations keep the headings' structure and translate these, so their own anchors
 * would differ by language: the n-th such heading of every language gets the n-th anchor here (the
 * English one, as GitHub makes it, which docs/ link to: `rules.md#o-options-and-presets`). A test
 * checks it against docs/rules.md and its translations.
 */
export const PLAIN_HEADING_ANCHORS: readonly string[] = [
  'rules-reference',
  'b-the-base-game',
  'd-the-princess--the-dragon',
  't-the-tower',
  'h-halflings',
  'x-the-expansions-together',
  'o-options-and-presets',
];

/**
 * The anchors of a rules page's headings, in order, the same in every language: a rule's id, else
 * the stable anchor of PLAIN_HEADING_ANCHORS by position (its own words' anchor past their end).
 * `own` maps each heading's anchor made from its own words to the stable one, for links written in
 * a translation.
 */
export function headingAnchors(headings: readonly string[]): { anchors: string[]; own: Map<string, string> } {
  let plain = 0;
  const own = new Map<string, string>();
  const anchors = headings.map((h) => {
    const id = headingRule(h);
    if (id !== undefined) return ruleAnchor(id);
    const stable = PLAIN_HEADING_ANCHORS[plain++] ?? headingAnchor(h);
    own.set(headingAnchor(h), stable);
    return stable;
  });
  return { anchors, own };
}

/** A link to rule `id` on the rules page (its tooltip in the page's language). */
export const ruleLink = (id: string): RuleLink => ({
  id,
  title: t('setup.ruleLink', { id }),
  href: `${RULES_PAGE}/${ruleAnchor(id)}`,
});
