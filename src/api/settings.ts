import { domainChecks, sendingSettings, type SendingSettings } from '../../contract/settings';
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

/**
 * What DNS answers today for each sender domain (extension, issue 52): SPF, DKIM, DMARC and
 * alignment. Asked apart from the settings, as DNS may take a few seconds.
 */
export const getDomainChecks = (signal?: AbortSignal) =>
  extension('settings-sending-domains', () =>
    requestParsed(domainChecks, '/settings/sending/domains', { signal, timeoutMs: 60_000 }),
  );
