import type { Readable, Writable } from 'node:stream';
import { CliError } from './users-command.js';

/** A terminal input: what `process.stdin` is when it is a TTY. */
export type TtyInput = Readable & { setRawMode(mode: boolean): unknown };

/**
 * Asks for a new password twice on a terminal without echoing it. Raw mode is on for both
 * questions before the first prompt appears, so fast or pasted input is never echoed, and
 * keys typed ahead (both lines pasted at once) carry over to the second question.
 * Enter ends a line, Backspace deletes, Ctrl-C (or Ctrl-D on an empty line) cancels.
 */
export async function promptNewPassword(input: TtyInput, output: Writable): Promise<string> {
  const lines: string[] = [];
  let current = '';
  let cancelled = false;
  let wake: (() => void) | undefined;
  const onData = (chunk: Buffer | string) => {
    for (const ch of chunk.toString()) {
      if (cancelled) break;
      if (ch === '\r' || ch === '\n') {
        lines.push(current);
        current = '';
      } else if (ch === '\u0003' || (ch === '\u0004' && current === '')) cancelled = true;
      else if (ch === '\u007f' || ch === '\b') current = Array.from(current).slice(0, -1).join('');
      else if (ch >= ' ') current += ch;
    }
    wake?.();
  };
  const nextLine = async () => {
    while (lines.length === 0 && !cancelled) await new Promise<void>((r) => (wake = r));
    if (cancelled) throw new CliError('Cancelled.', 130);
    return lines.shift()!;
  };

  input.setRawMode(true);
  input.on('data', onData);
  input.resume();
  try {
    output.write('Password: ');
    const first = await nextLine();
    output.write('\nPassword (again): ');
    const second = await nextLine();
    if (first !== second) throw new CliError('The passwords do not match.');
    return first;
  } finally {
    output.write('\n');
    input.off('data', onData);
    input.setRawMode(false);
    input.pause();
  }
}

const MAX_LINE = 64 * 1024;

/** The first line of a piped input (`echo pw | …`), without its line ending. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    const end = text.search(/\r?\n/);
    if (end >= 0) {
      input.destroy();
      return text.slice(0, end);
    }
    if (text.length > MAX_LINE) break;
  }
  if (text === '') throw new CliError('No password on standard input.');
  return text.slice(0, MAX_LINE);
}
