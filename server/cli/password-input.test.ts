import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptNewPassword, readFirstLine, type TtyInput } from './password-input.js';

function terminal() {
  const modes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    setRawMode: (mode: boolean) => modes.push(mode),
  }) as PassThrough & TtyInput;
  let shown = '';
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, modes, shown: () => shown };
}

describe('promptNewPassword', () => {
  it('asks twice without echoing, in raw mode from before the first prompt', async () => {
    const tty = terminal();
    // Typed ahead in one go, with a typo corrected by Backspace.
    tty.input.write('secret pw\u007f\u007fpassword\rsecret password\r');
    const password = await promptNewPassword(tty.input, tty.output);
    expect(password).toBe('secret password');
    expect(tty.modes).toEqual([true, false]);
    expect(tty.shown()).toBe('Password: \nPassword (again): \n');
  });

  it('fails when the two answers differ, and on Ctrl-C', async () => {
    const differ = terminal();
    differ.input.write('one password\rtwo password\r');
    await expect(promptNewPassword(differ.input, differ.output)).rejects.toThrow(
      'The passwords do not match.',
    );
    const cancel = terminal();
    cancel.input.write('half\u0003');
    await expect(promptNewPassword(cancel.input, cancel.output)).rejects.toMatchObject({
      message: 'Cancelled.',
      exitCode: 130,
    });
    expect(cancel.modes).toEqual([true, false]);
  });
});

describe('readFirstLine', () => {
  it('reads the first line of piped input without its line ending', async () => {
    expect(await readFirstLine(Readable.from(['a long pass', 'word\r\nignored\n']))).toBe(
      'a long password',
    );
    expect(await readFirstLine(Readable.from(['no newline at all']))).toBe('no newline at all');
  });

  it('fails on empty input', async () => {
    await expect(readFirstLine(Readable.from([]))).rejects.toThrow(
      'No password on standard input.',
    );
  });
});
