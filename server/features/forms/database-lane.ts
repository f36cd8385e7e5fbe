import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * The database work of sign-up submissions, at most {@link LANE_WIDTH} at a time per database
 * (issue 50: a flood may not hold up the dashboard). Each waits its turn here rather than in
 * the database's own queue: PGlite runs one statement at a time in arrival order, so 64
 * submissions from 64 fresh address blocks, queued there at once, would make the subscribers
 * page wait for every one of them; here a page read waits for at most the ones under way.
 * Before its turn each yields to the event loop, so the requests already read (API reads)
 * reach the database first. The waiting submissions hold their connections (they answer
 * when done), so a flood can queue no more than its open connections.
 */
const LANE_WIDTH = 2;

type Lane = { running: number; waiting: (() => void)[] };
const lanes = new WeakMap<object, Lane>();

export async function inDatabaseLane<T>(db: object, work: () => Promise<T>): Promise<T> {
  let lane = lanes.get(db);
  if (!lane) lanes.set(db, (lane = { running: 0, waiting: [] }));
  if (lane.running >= LANE_WIDTH) await new Promise<void>((turn) => lane.waiting.push(turn));
  else lane.running++;
  try {
    await yieldToEventLoop();
    return await work();
  } finally {
    // The turn passes on without freeing the slot in between.
    const next = lane.waiting.shift();
    if (next) next();
    else lane.running--;
  }
}
