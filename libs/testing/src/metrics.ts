type Labels = Record<string, string>;

/** A Prometheus series `name{a="x",b="y"} value` as its name, labels and value. */
function parseSeries(line: string): { name: string; labels: Labels; value: number } | undefined {
  const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
  if (!match) return undefined;
  const labels = Object.fromEntries(
    [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
  );
  return { name: match[1], labels, value: Number(match[3]) };
}

/**
 * The value of one series of a Prometheus text exposition: the first of metric `name` carrying every label given
 * (whatever the order the service prints them in); undefined when there is none.
 */
export function metricValue(exposition: string, name: string, labels: Labels = {}): number | undefined {
  for (const line of exposition.split('\n')) {
    const series = parseSeries(line);
    if (series?.name === name && Object.entries(labels).every(([key, value]) => series.labels[key] === value))
      return series.value;
  }
  return undefined;
}

/** Scrapes a /metrics URL and reads one series (0 when it is not there yet). */
export async function scrapeMetric(url: string, name: string, labels: Labels = {}): Promise<number> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return metricValue(await res.text(), name, labels) ?? 0;
}
