import { describe, expect, it } from 'vitest';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from './state';
import { allowedStep, reachableSteps } from './steps';

const file = new File(['email\na@x.de\n'], 'a.csv');
const detected = { encoding: 'utf-8', delimiter: ',' as const, hasHeader: true };
const reduce = (actions: WizardAction[], from: WizardState = initialWizardState) =>
  actions.reduce(wizardReducer, from);

const withFile = () =>
  reduce([
    { type: 'fileChosen', file },
    {
      type: 'sampleRead',
      fileSerial: 1,
      sample: { bytes: new Uint8Array(), complete: true },
      detected,
    },
  ]);

describe('wizardReducer', () => {
  it('starts the format from the detection and keeps overrides', () => {
    const state = reduce([{ type: 'formatChanged', change: { delimiter: ';' } }], withFile());
    expect(state.detected).toEqual(detected);
    expect(state.format).toEqual({ ...detected, delimiter: ';' });
  });

  it('ignores the sample of a file that was replaced meanwhile', () => {
    const state = reduce([
      { type: 'fileChosen', file },
      { type: 'fileChosen', file },
      {
        type: 'sampleRead',
        fileSerial: 1,
        sample: { bytes: new Uint8Array(), complete: true },
        detected,
      },
    ]);
    expect(state.sample).toBeNull();
  });

  it('keeps a hand-made mapping across a format change with as many columns', () => {
    const mapped = reduce(
      [
        { type: 'mappingMade', fields: ['email', ''], basis: 'a' },
        { type: 'columnMapped', index: 1, field: 'first_name' },
        { type: 'mappingMade', fields: ['email', 'last_name'], basis: 'b' },
      ],
      withFile(),
    );
    expect(mapped.mapping).toEqual({ fields: ['email', 'first_name'], basis: 'b', touched: true });
    const wider = reduce([{ type: 'mappingMade', fields: ['email', '', ''], basis: 'c' }], mapped);
    expect(wider.mapping).toEqual({ fields: ['email', '', ''], basis: 'c', touched: false });
  });

  it('suggests a date format until the person chooses one', () => {
    const suggested = reduce(
      [{ type: 'mappingMade', fields: ['email'], basis: 'a', dateFormat: '%d.%m.%Y' }],
      withFile(),
    );
    expect(suggested.dateFormat).toBe('%d.%m.%Y');
    const chosen = reduce(
      [
        { type: 'dateFormatChanged', dateFormat: '%m/%d/%Y' },
        { type: 'columnMapped', index: 0, field: 'email', dateFormat: '%d.%m.%Y' },
      ],
      suggested,
    );
    expect(chosen.dateFormat).toBe('%m/%d/%Y');
  });

  it('forgets everything of the previous file when another is chosen', () => {
    const state = reduce(
      [
        { type: 'mappingMade', fields: ['email'], basis: 'a' },
        { type: 'fileChosen', file },
      ],
      withFile(),
    );
    expect(state).toMatchObject({
      sample: null,
      format: null,
      mapping: null,
      check: { status: 'idle' },
    });
  });
});

describe('steps', () => {
  const data = (state: WizardState) => ({
    state,
    table: { header: ['email'], rows: [], columnCount: 1 },
    targets: [],
    mapping: state.mapping,
    problems: { errors: [], warnings: [] },
    checkBasis: 'x',
  });

  it('opens each step once the earlier ones produced what it needs', () => {
    const state = withFile();
    expect(reachableSteps(data(state), null, null)).toMatchObject({ file: true, format: false });
    const mapped = reduce([{ type: 'mappingMade', fields: ['email'], basis: 'a' }], state);
    expect(reachableSteps(data(mapped), 1, null)).toEqual({
      file: true,
      format: true,
      columns: true,
      check: true,
      import: false,
      result: false,
    });
  });

  it('falls back to the last reachable step before the one asked for', () => {
    const reachable = {
      file: true,
      format: true,
      columns: false,
      check: false,
      import: false,
      result: false,
    };
    expect(allowedStep('import', reachable)).toBe('format');
    expect(allowedStep('file', reachable)).toBe('file');
  });
});
