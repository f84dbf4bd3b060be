/**
 * Links to the rules, from the set-up's options, the log and refusals: the client's own rules page
 * (docs/rules.md, ui/Rules.svelte, loaded only when opened), at the heading of the rule, whose
 * anchor there is the rule's id ("#/rules/d-7").
 */

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

/** The anchor of a heading of the rules page: the rule's id when it starts with one. */
export function anchorOf(heading: string): string {
  const id = /^([A-Z]-\d+)\b/.exec(heading)?.[1];
  return id === undefined ? headingAnchor(heading) : ruleAnchor(id);
}

/** A link to rule `id` on the rules page. */
export const ruleLink = (id: string): RuleLink => ({
  id,
  title: `Rule ${id} in the rules reference`,
  href: `${RULES_PAGE}/${ruleAnchor(id)}`,
});
