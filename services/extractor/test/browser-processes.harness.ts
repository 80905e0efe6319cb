import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  nice: number;
  /** R running, S sleeping, T stopped… (proc(5)). */
  state: string;
  args: string;
}

/** Every process now, from /proc: state, parent and nice value (stat fields 3, 4 and 19) and command line. */
export function processes(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(entry), ppid: Number(fields[1]), nice: Number(fields[16]), state: fields[0], args }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** Each Chromium this process started, with every process under it. */
export function browsersOfThisProcess(): ProcessInfo[][] {
  const all = processes();
  const under = (root: ProcessInfo) => {
    const tree = [root];
    for (let i = 0; i < tree.length; i++) tree.push(...all.filter((info) => info.ppid === tree[i].pid));
    return tree;
  };
  return all.filter((info) => info.ppid === process.pid && /chrom/i.test(info.args)).map(under);
}
