import type { CrawlWarning } from '@pixtract/contracts';

/** What makes two warnings one: the code and its subject (host, pattern); counts add up, the rest is the newest. */
function subjectOf(warning: CrawlWarning): string {
  switch (warning.code) {
    case 'ROBOTS_DISALLOWED':
    case 'CRAWL_DELAY':
    case 'HOST_BACKOFF':
      return `${warning.code} ${warning.values.host}`;
    case 'TRAP_CAPPED':
      return `${warning.code} ${warning.values.pattern}`;
    default:
      return warning.code;
  }
}

/** The crawl's warnings with `added` merged in: one per subject, robots.txt's refusals counted together. */
export function mergeWarnings(existing: CrawlWarning[], added: CrawlWarning[]): CrawlWarning[] {
  const merged = new Map(existing.map((warning) => [subjectOf(warning), warning]));
  for (const warning of added) {
    const subject = subjectOf(warning);
    const before = merged.get(subject);
    if (before?.code === 'ROBOTS_DISALLOWED' && warning.code === 'ROBOTS_DISALLOWED')
      merged.set(subject, {
        code: 'ROBOTS_DISALLOWED',
        values: { host: warning.values.host, count: before.values.count + warning.values.count },
      });
    else merged.set(subject, warning);
  }
  return [...merged.values()];
}
