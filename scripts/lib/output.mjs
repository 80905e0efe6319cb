// Terminal output of the scripts: one-line statuses, colours only on a TTY (and never with NO_COLOR).
import { createInterface } from 'node:readline';

const colourful = process.stdout.isTTY && !process.env.NO_COLOR;
const ansi = (code) => (text) => (colourful ? `\x1b[${code}m${text}\x1b[0m` : text);

export const paint = {
  dim: ansi('2'),
  bold: ansi('1'),
  red: ansi('31'),
  green: ansi('32'),
  yellow: ansi('33'),
  blue: ansi('34'),
  magenta: ansi('35'),
  cyan: ansi('36'),
};

/** Colours given to prefixed process logs, in order of appearance. */
export const PREFIX_COLOURS = [paint.cyan, paint.magenta, paint.yellow, paint.blue, paint.green];

// Under node:test a test file's stdout carries the runner's serialised events, and Node's parser can fail a file
// on other bytes there ("Unable to deserialize cloned data", nodejs/node#66164): statuses go to stderr then.
const statusLine = process.env.NODE_TEST_CONTEXT ? console.error : console.log;
export const status = (line) => statusLine(`${paint.dim('›')} ${line}`);
export const problem = (line) => console.error(`${paint.red('✖')} ${line}`);

/** Calls onLine for every complete line of a readable stream (a child's stdout or stderr). */
export function eachLine(stream, onLine) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}
