export * from './users.js';
export * from './lists.js';
export * from './subscribers.js';
export * from './fields.js';
export * from './mailings.js';
export * from './statistics.js';
export * from './imports.js';
export * from './sessions.js';
