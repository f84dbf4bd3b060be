/**
 * Links from the set-up screen's options (and the log) to their rules in the client's rules page
 * (docs/rules.md, ui/Rules.svelte), at each rule's heading,
 * with the heading as the link's title. The headings are read from the document itself (bundled as
 * text by Vite), so a renamed rule keeps its link. Kept apart from setup.ts, which Node tests import.
 */
import rulesMarkdown from '../../../../docs/rules.md?raw';

/** Where the rules reference opens: the client's own page of docs/rules.md (ui/Rules.svelte). */
export const RULES_PAGE = '#/rules';

export interface RuleLink {
  id: string;
  /** The rule's heading ("D-7 The hunt"), for a tooltip. */
  title: string;
  href: string;
}

/** The rules' headings by id, read from docs/rules.md ("### D-7 The hunt"). */
const RULE_HEADINGS: ReadonlyMap<string, string> = new Map(
  [...rulesMarkdown.matchAll(/^### ([A-Z]-\d+) (.+)$/gm)].map((m) => [m[1] ?? '', `${m[1]} ${m[2]}`]),
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** A link to rule `id` in docs/rules.md, at its heading. */
export function ruleLink(id: string): RuleLink {
  const heading = RULE_HEADINGS.get(id);
  return {
    id,
    title: heading ?? id,
    href: `${RULES_PAGE}/${heading === undefined ? id.toLowerCase() : headingAnchor(heading)}`,
  };
}
