import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, from src/ (tests) and dist/ alike. */
const REPOSITORY = join(__dirname, '..', '..', '..');
const TABLE_HEADER = /^\|\s*variable\s*\|\s*used by\s*\|\s*default\s*\|\s*meaning\s*\|$/;
/** Users of a variable that are not services: nothing reads their schema, so their rows are not checked. */
const OTHER_USERS = ['start/test scripts', 'e2e'];

export interface EnvironmentRow {
  variables: string[];
  usedBy: string[];
}

/** The services of the repository: every folder of services/. */
export function repositoryServices(): string[] {
  return readdirSync(join(REPOSITORY, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * The rows of the README's environment table (`| variable | used by | default | meaning |`): the backquoted names
 * of the first cell, the comma-separated users of the second (`all` = every service).
 */
export function environmentTable(readme: string, services: string[]): EnvironmentRow[] {
  const lines = readme.split('\n').map((line) => line.trim());
  const header = lines.findIndex((line) => TABLE_HEADER.test(line));
  if (header < 0) throw new Error('README.md has no table headed | variable | used by | default | meaning |');
  const rows: EnvironmentRow[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [names, users] = line.split('|').slice(1, 3);
    const usedBy = users.split(',').map((user) => user.trim());
    rows.push({
      variables: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]),
      usedBy: usedBy.includes('all') ? [...services, ...usedBy.filter((user) => user !== 'all')] : usedBy,
    });
  }
  return rows;
}

const rowText = (row: EnvironmentRow) => row.variables.map((name) => `\`${name}\``).join(', ');

/**
 * What the README's environment table gets wrong about one service, each problem saying which row to add or fix:
 * a variable its config reads without a row naming it, a row that names the service for a variable it does not
 * read, a user that is no service, a variable in two rows.
 */
export function environmentTableProblems(
  service: string,
  variables: string[],
  readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8'),
): string[] {
  const services = repositoryServices();
  const rows = environmentTable(readme, services);
  const problems: string[] = [];
  for (const name of variables) {
    const found = rows.filter((row) => row.variables.includes(name));
    if (found.length === 0)
      problems.push(
        `README.md environment table: add a row | \`${name}\` | ${service} | <default> | <meaning> | (${service} reads it)`,
      );
    else if (found.length > 1) problems.push(`README.md environment table: \`${name}\` has more than one row`);
    else if (!found[0].usedBy.includes(service))
      problems.push(
        `README.md environment table, row ${rowText(found[0])}: add ${service} to its "used by" (${service} reads \`${name}\`)`,
      );
  }
  for (const row of rows) {
    const unknown = row.usedBy.filter((user) => !services.includes(user) && !OTHER_USERS.includes(user));
    if (unknown.length > 0)
      problems.push(
        `README.md environment table, row ${rowText(row)}: "used by" names ${unknown.join(', ')}; ` +
          `list services (${services.join(', ')}) or ${OTHER_USERS.join(', ')}, comma-separated`,
      );
    if (!row.usedBy.includes(service)) continue;
    for (const name of row.variables.filter((variable) => !variables.includes(variable)))
      problems.push(
        `README.md environment table, row ${rowText(row)}: ${service} does not read \`${name}\`: ` +
          `take ${service} out of its "used by" (or the variable out of the row)`,
      );
  }
  return problems;
}
