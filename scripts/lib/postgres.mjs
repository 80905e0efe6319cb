// PostgreSQL: DATABASE_URL, else a server on 127.0.0.1:5432, else one we start from installed
// binaries under .data/postgres (installed with apt first where we may), else a one-line instruction.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { aptInstall, canInstallPackages } from './apt.mjs';
import { isExecutable, isRoot, onPath, run, tail } from './exec.mjs';
import { freePort, probe } from './net.mjs';
import { status } from './output.mjs';
import { DATA_DIR } from './paths.mjs';
import { SetupError } from './setup-error.mjs';

const INSTRUCTION =
  'PostgreSQL not found: install it (sudo apt-get install postgresql) or set DATABASE_URL=postgres://user:password@host:5432/postgres';

// An SSLRequest packet: any Postgres server answers it with the single byte 'S' or 'N'.
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

export async function isPostgres(host, port) {
  const answer = await probe(host, port, SSL_REQUEST);
  return answer !== null && answer.length === 1 && (answer[0] === 0x53 || answer[0] === 0x4e);
}

/** Directories holding initdb and pg_ctl: Debian's versioned ones (newest first), then PATH. */
export function postgresBinDirs() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const onPathDir = onPath('pg_ctl') && dirname(onPath('pg_ctl'));
  return [...versions.map((version) => join(debian, version, 'bin')), ...(onPathDir ? [onPathDir] : [])];
}

const findBinDir = (dirs) => dirs.find((dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl')));

/**
 * Resolves the Postgres server to use: { url, stop? }. `url` is a server URL (its path names the
 * maintenance database); `stop` is present when we started the server and must stop it.
 */
export async function ensurePostgres({
  env = process.env,
  dataDir = join(DATA_DIR, 'postgres'),
  binDirs = postgresBinDirs(),
  install = canInstallPackages(),
} = {}) {
  if (env.DATABASE_URL) {
    if (!URL.canParse(env.DATABASE_URL))
      throw new SetupError('DATABASE_URL is not a URL: expected postgres://user:password@host:5432/postgres');
    status(`Postgres: DATABASE_URL (${new URL(env.DATABASE_URL).host})`);
    return { url: env.DATABASE_URL };
  }
  // PIXTRACT_PG_PORT moves the probe off 5432, e.g. to try the start-from-binaries path on a busy machine.
  const port = Number(env.PIXTRACT_PG_PORT ?? 5432);
  if (await isPostgres('127.0.0.1', port)) {
    status(`Postgres: the server on 127.0.0.1:${port}`);
    return { url: `postgres://${env.PGUSER ?? 'postgres'}@127.0.0.1:${port}/postgres` };
  }
  let binDir = findBinDir(binDirs);
  if (!binDir && install) {
    await aptInstall('postgresql');
    binDir = findBinDir(postgresBinDirs());
  }
  if (!binDir) throw new SetupError(INSTRUCTION);
  return startOwnServer(binDir, dataDir);
}

/** initdb refuses to run as root: as root, the server runs as the postgres user (else nobody). */
function serverUser() {
  if (!isRoot()) return undefined;
  const users = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  const entry = users.find(([name]) => name === 'postgres') ?? users.find(([name]) => name === 'nobody');
  return { name: entry[0], uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A directory the server user owns and can reach: `dir`, unless a parent is private (e.g. /root). */
function serverDir(dir, user) {
  const prepare = (candidate) => {
    mkdirSync(candidate, { recursive: true });
    if (user) chownSync(candidate, user.uid, user.gid);
    return !user || spawnSync('runuser', ['-u', user.name, '--', 'test', '-w', candidate]).status === 0;
  };
  if (prepare(dir)) return dir;
  const fallback = join(tmpdir(), `pixtract-postgres-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  prepare(fallback);
  return fallback;
}

async function startOwnServer(binDir, wantedDir) {
  const user = serverUser();
  const dir = serverDir(wantedDir, user);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const pg = (tool, args) =>
    user ? run('runuser', ['-u', user.name, '--', join(binDir, tool), ...args]) : run(join(binDir, tool), args);

  if (!existsSync(join(data, 'PG_VERSION'))) {
    status(`Postgres: creating a server in ${dir}…`);
    const init = await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8']);
    if (init.code !== 0)
      throw new SetupError(`initdb failed in ${data} (output above).`, { details: tail(init.output) });
  }

  let port;
  if ((await pg('pg_ctl', ['status', '-D', data])).code === 0) {
    // Left running by a run that was killed: adopt it (postmaster.pid's 4th line is its port).
    port = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[3]);
  } else {
    port = await freePort();
    // TCP on 127.0.0.1 only; no Unix socket, so the socket directory's permissions never matter.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
    const start = await pg('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]);
    if (start.code !== 0) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new SetupError(`Postgres did not start from ${binDir} (log above: ${log}).`, {
        details: tail(`${start.output}\n${serverLog}`),
      });
    }
  }
  status(`Postgres: our own server on 127.0.0.1:${port} (${dir})`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
    },
  };
}
