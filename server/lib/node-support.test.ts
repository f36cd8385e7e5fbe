import { describe, expect, it } from 'vitest';
import { endOfLifeNotice } from './node-support.js';

describe('endOfLifeNotice', () => {
  it('names Node 20 and the way forward once it has reached its end of life', () => {
    const notice = endOfLifeNotice('v20.19.0', new Date('2026-05-01T00:00:00Z'));
    expect(notice).toBe(
      'Notice: Node.js 20 reached its end of life on 2026-04-30; Mailboard still runs on it, ' +
        'but please move to Node.js 24 LTS (see "Node.js versions" in README.md).',
    );
    expect(notice).not.toContain('\n');
  });

  it('says nothing for a line before its end of life or a current LTS', () => {
    expect(endOfLifeNotice('v20.19.0', new Date('2026-04-29T12:00:00Z'))).toBeUndefined();
    expect(endOfLifeNotice('v24.21.0', new Date('2026-11-25T00:00:00Z'))).toBeUndefined();
    expect(endOfLifeNotice('v22.12.0', new Date('2026-11-25T00:00:00Z'))).toBeUndefined();
  });

  it('says nothing for a line it does not know (a newer Node)', () => {
    expect(endOfLifeNotice('v26.0.0', new Date('2026-11-25T00:00:00Z'))).toBeUndefined();
  });
});
