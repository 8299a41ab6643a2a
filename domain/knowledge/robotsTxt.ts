/**
 * robots.txt as RFC 9309 reads it: the group for our product token (`Confab`), else the `*`
 * group; the longest matching Allow or Disallow rule wins (Allow on a tie); `*` and `$` in
 * patterns. A site without a robots.txt (or one we cannot read as text) allows everything, as
 * the RFC says for a 4xx answer.
 */
export const ROBOTS_PRODUCT_TOKEN = 'confab';

interface Rule {
  allow: boolean;
  pattern: string;
}

export interface RobotsRules {
  allows(pathAndQuery: string): boolean;
}

export function parseRobotsTxt(text: string, token = ROBOTS_PRODUCT_TOKEN): RobotsRules {
  const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    // An empty Disallow allows everything: it is no rule at all.
    if ((key === 'allow' || key === 'disallow') && value !== '')
      current.rules.push({ allow: key === 'allow', pattern: value });
  }
  const ours = groups.filter((g) => g.agents.includes(token));
  const chosen = ours.length > 0 ? ours : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  return {
    allows(pathAndQuery) {
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!patternMatches(rule.pattern, pathAndQuery)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow)
        )
          best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${regex}${anchored ? '$' : ''}`).test(path);
}

export const allowEverything: RobotsRules = { allows: () => true };
