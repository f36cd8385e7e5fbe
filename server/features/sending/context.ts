import type { Db } from '../../db/client.js';
import type { Signer } from './links/tokens.js';
import type { Transport } from './message/transport.js';
import type { SendingOptions } from './options.js';

/** What every part of sending works with: built once by the plugin (index.ts). */
export type SendingContext = {
  db: Db;
  options: SendingOptions;
  transport: Transport;
  signer: Signer;
  baseUrl: () => string;
};
