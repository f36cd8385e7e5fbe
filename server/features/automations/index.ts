// What other parts of the server (the demo data) may use of automations.
export { automationsRepository } from './repository.js';
export { advanceDueRuns } from './runs.js';
