import { sendingSettings, type SendingSettings } from '../../contract/settings';
import { extension, requestParsed } from './client';

export type { SendingSettings };

/**
 * The sending health check (extension): which parts of the sending configuration are set
 * and the DNS records to publish. Unsupported on another deployment (proxy mode).
 */
export const getSendingSettings = (signal?: AbortSignal) =>
  extension('settings-sending', () =>
    requestParsed(sendingSettings, '/settings/sending', { signal }),
  );
