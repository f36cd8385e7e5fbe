import type { Envelope } from '../../contract/common';
import type { Language } from '../../contract/languages';
import type { List } from '../../contract/lists';
import type { Region, RegionDetail } from '../../contract/regions';
import type { InferOutput, StandardSchemaV1 } from './standard-schema';

/**
 * Twins of the contract's response schemas for the screens everyone opens first (lists,
 * regions, languages). Any zod at runtime (even zod/mini, ~15 KB gzip with its core) would
 * break those screens' weight budget (issue 4), and these shapes need only a handful of
 * checks. Types still come from the contract; light-schemas.test.ts checks both accept and
 * reject the same data and give the same output. Forms keep the contract's schemas: they
 * load zod anyway.
 */
type Issue = { message: string; path: PropertyKey[] };
type Run<T> = (value: unknown, path: PropertyKey[], issues: Issue[]) => T;

export interface LightSchema<T> extends StandardSchemaV1<unknown, T> {
  readonly run: Run<T>;
  readonly optional?: true;
}

function schema<T>(run: Run<T>): LightSchema<T> {
  return {
    run,
    '~standard': {
      version: 1,
      vendor: 'mailboard-light',
      validate(value) {
        const issues: Issue[] = [];
        const output = run(value, [], issues);
        return issues.length > 0 ? { issues } : { value: output };
      },
    },
  };
}

/** A leaf check: the value itself when `ok`, else an issue at `path`. */
const leaf = <T>(expected: string, ok: (value: unknown) => boolean) =>
  schema<T>((value, path, issues) => {
    if (!ok(value)) issues.push({ message: `Expected ${expected}.`, path: [...path] });
    return value as T;
  });

const string = leaf<string>('a string', (v) => typeof v === 'string');
const boolean = leaf<boolean>('a boolean', (v) => typeof v === 'boolean');
/** zod's `int()`: a safe integer. */
const int = leaf<number>('an integer', (v) => Number.isSafeInteger(v));
/** zod's `iso.datetime()`: a real calendar date, seconds required, `Z`. */
const DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;
const datetime = leaf<string>(
  'an ISO 8601 datetime',
  (v) => typeof v === 'string' && DATETIME.test(v),
);

const nullable = <T>(inner: LightSchema<T>) =>
  schema<T | null>((value, path, issues) =>
    value === null ? null : inner.run(value, path, issues),
  );

const optional = <T>(inner: LightSchema<T>): LightSchema<T | undefined> & { optional: true } => ({
  ...schema<T | undefined>((value, path, issues) =>
    value === undefined ? undefined : inner.run(value, path, issues),
  ),
  optional: true,
});

const array = <T>(item: LightSchema<T>) =>
  schema<T[]>((value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ message: 'Expected an array.', path: [...path] });
      return [];
    }
    return value.map((v, i) => item.run(v, [...path, i], issues));
  });

type Shape = Record<string, LightSchema<unknown>>;
type Out<S extends LightSchema<unknown>> = S extends LightSchema<infer T> ? T : never;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { optional: true } ? K : never;
}[keyof S];
type ObjectOut<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Out<S[K]>;
} & { [K in OptionalKeys<S>]?: Out<S[K]> };
type Flatten<T> = { [K in keyof T]: T[K] };

/** zod's `object` (unknown members dropped) or, `loose`, `looseObject` (kept). */
function object<S extends Shape>(
  shape: S,
  loose: true,
): LightSchema<Flatten<ObjectOut<S>> & Record<string, unknown>>;
function object<S extends Shape>(shape: S): LightSchema<Flatten<ObjectOut<S>>>;
function object(shape: Shape, loose = false) {
  return schema((value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ message: 'Expected an object.', path: [...path] });
      return {};
    }
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = loose ? { ...input } : {};
    for (const [key, member] of Object.entries(shape)) {
      const parsed = member.run(input[key], [...path, key], issues);
      if (parsed !== undefined || key in input) output[key] = parsed;
    }
    return output;
  });
}

export const lightEnvelope = <T>(item: LightSchema<T>) =>
  object({
    count: int,
    next: nullable(string),
    previous: nullable(string),
    results: array(item),
  });

const counts = object({
  active: int,
  pending: int,
  bounced: int,
  unsubscribed: int,
  deleted: int,
});

export const lightList = object(
  {
    id: int,
    create_datetime: datetime,
    create_user: nullable(int),
    update_datetime: datetime,
    update_user: nullable(int),
    name: string,
    default_from_name: string,
    default_from_email: string,
    default_replyto_email: string,
    default_language: string,
    languages: array(string),
    double_opt_in: optional(boolean),
    subscriber_counts: optional(counts),
  },
  true,
);

export const lightRegion = object({ code: string, name: string }, true);
export const lightRegionDetail = object(
  {
    code: string,
    name: string,
    country: nullable(string),
    regions: array(lightRegion),
  },
  true,
);
export const lightLanguage = object({ code: string, name: string }, true);

/** zod's `number()`: the home's figures (kept counters, possibly beyond 2^31). */
const number = leaf<number>('a number', (v) => typeof v === 'number' && Number.isFinite(v));
const change = object({ days_7: number, days_30: number, days_90: number }, true);
/**
 * GET /api/v1/overview (contract/overview.ts), the first screen after signing in: each card
 * checked to the level the home reads it, unknown members kept.
 */
export const lightOverview = object(
  {
    audience: optional(
      object(
        {
          active: number,
          change,
          lists: array(
            object(
              { id: int, name: string, active: number, change, since: nullable(string) },
              true,
            ),
          ),
        },
        true,
      ),
    ),
    mailings: optional(
      array(
        object(
          {
            id: int,
            name: string,
            list: int,
            sent_datetime: nullable(datetime),
            sent: number,
            opened: number,
            clicked: number,
            bounces: number,
            human_opened: optional(number),
            human_clicked: optional(number),
            complaints: optional(number),
          },
          true,
        ),
      ),
    ),
    running: optional(
      object(
        {
          deliveries: optional(
            array(
              object(
                {
                  id: int,
                  mailing: int,
                  mailing_name: string,
                  status: string,
                  scheduled_datetime: datetime,
                  total: number,
                  sent: number,
                  failed: number,
                  pause_reason: string,
                },
                true,
              ),
            ),
          ),
          automations: optional(
            array(object({ id: int, name: string, list: int, waiting: number }, true)),
          ),
          imports: optional(
            array(
              object(
                {
                  id: int,
                  list: int,
                  file: string,
                  status: string,
                  processed_rows: number,
                  total_rows: nullable(number),
                },
                true,
              ),
            ),
          ),
        },
        true,
      ),
    ),
    warnings: optional(array(object({ kind: string, message: string, link: string }, true))),
  },
  true,
);

// Compile-time parity: what these schemas produce is what the contract's types promise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Output<S extends StandardSchemaV1> = InferOutput<S>;
const parity: [
  Same<Output<typeof lightList>, List>,
  Same<Output<typeof lightRegion>, Region>,
  Same<Output<typeof lightRegionDetail>, RegionDetail>,
  Same<Output<typeof lightLanguage>, Language>,
  Same<Output<ReturnType<typeof lightEnvelope<Region>>>, Envelope<Region>>,
] = [true, true, true, true, true];
void parity;
