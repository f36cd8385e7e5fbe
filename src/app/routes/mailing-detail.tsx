import { t } from '@lingui/core/macro';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { variantLanguages } from '../../../contract/mailings';
import type { Mailing } from '../../api/mailings';
import { MailingDeliveries } from '../../features/deliveries/components/mailing-deliveries';
import { MailingDetails } from '../../features/mailings/components/mailing-details';
import { languageLabel } from '../../features/mailings/language-names';
import { mailingQueries } from '../../features/mailings/queries';
import { prefetch } from '../query-client';

const mailingIdFrom = (params: { mailingId?: string }) => {
  const id = Number(params.mailingId);
  return /^\d+$/.test(params.mailingId ?? '') && Number.isSafeInteger(id) ? id : undefined;
};

export function loader({ params }: LoaderFunctionArgs) {
  const id = mailingIdFrom(params);
  return id === undefined ? null : prefetch(mailingQueries.detail(id));
}

/** The mailing's variants named by their languages, for the delivery panel. */
const variantOptions = (mailing: Mailing) =>
  mailing.variants.map((v, i) => {
    const languages = variantLanguages(v);
    const number = i + 1;
    const label = languages.length ? languages.map(languageLabel).join(', ') : t`Variant ${number}`;
    return { id: typeof v.id === 'number' ? v.id : undefined, languages, label };
  });

export function Component() {
  const id = mailingIdFrom(useParams());
  if (id === undefined) throw data('Not found', { status: 404 });
  return (
    <MailingDetails
      mailingId={id}
      extra={(mailing) => (
        <MailingDeliveries mailingId={mailing.id} variants={variantOptions(mailing)} />
      )}
    />
  );
}
