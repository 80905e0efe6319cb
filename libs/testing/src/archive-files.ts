import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface OpenedArchive {
  /** `unzip -t` said every entry's CRC and structure are fine. */
  tested: boolean;
  /** Entry names in the order they were written. */
  names: string[];
  /** Compression method per entry as zipinfo names it (`stor`, `defN`, …). */
  methods: Record<string, string>;
  read(name: string): Promise<Buffer>;
  text(name: string): Promise<string>;
}

/** Opens a ZIP the way a person's tools would: `unzip -t`, then `zipinfo` and `unzip -p` for its contents. */
export async function openArchive(bytes: Buffer): Promise<OpenedArchive & { dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pixtract-zip-'));
  const file = join(dir, 'archive.zip');
  await writeFile(file, bytes);
  const test = await run('unzip', ['-t', file], { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => /No errors detected/.test(stdout),
    () => false,
  );
  const { stdout: listing } = await run('zipinfo', [file], { maxBuffer: 64 * 1024 * 1024 });
  const methods: Record<string, string> = {};
  const names: string[] = [];
  for (const line of listing.split('\n')) {
    // -rw-r--r--  2.0 unx      135 b- stor 25-Nov-21 18:40 images/001-x.png
    const match = /^\S{10}\s+\S+\s+\S+\s+\d+\s+\S+\s+(\S+)\s+\S+\s+\S+\s+(.+)$/.exec(line);
    if (match) {
      names.push(match[2]);
      methods[match[2]] = match[1];
    }
  }
  const read = async (name: string) =>
    (await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 })).stdout;
  return {
    tested: test,
    names,
    methods,
    read,
    text: async (name) => (await read(name)).toString('utf8'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
