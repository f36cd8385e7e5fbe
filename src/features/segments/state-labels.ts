import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const stateLabels: Record<string, MessageDescriptor> = {
  active: msg`active`,
  pending: msg`pending`,
  bounced: msg`bounced`,
  unsubscribed: msg`unsubscribed`,
};

/** A subscription state for people (called while rendering); an unknown one as it came. */
export const stateLabel = (state: string) => {
  const known = stateLabels[state];
  return known ? i18n._(known) : state;
};
