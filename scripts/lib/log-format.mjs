// Makes the services' pino JSON lines readable in a terminal; any other line passes through as is.
import { paint } from './output.mjs';

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_PAINT = { 40: paint.yellow, 50: paint.red, 60: paint.red };

export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number' || entry.msg === undefined) return line;
  const level = (LEVEL_PAINT[entry.level] ?? paint.dim)((LEVELS[entry.level] ?? String(entry.level)).padEnd(5));
  const request =
    entry.req && entry.res
      ? ` ${entry.req.method} ${entry.req.url} ${entry.res.statusCode} ${entry.responseTime ?? '?'}ms`
      : '';
  const context = entry.context ? paint.dim(`${entry.context}: `) : '';
  const error = entry.err?.stack ? `\n${entry.err.stack}` : '';
  return `${level} ${context}${entry.msg}${request}${error}`;
}
