import { availableParallelism, loadavg } from 'node:os';

/** The machine's load average, printed beside timings so a noisy run is recognised as one. */
export const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;
