import { useCan } from '../../../components/use-can';
import { Card, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { deliveryQueries } from '../queries';
import { DeliveryCard } from './delivery-card';
import { variantChoices, type MailingVariant } from '../variant-choices';
import { SendTestForm } from './send-test-form';

/**
 * A mailing's deliveries as they go out, live, and "send a test". Our extension: where the
 * server lacks it (proxy mode to another deployment), this renders nothing and the mailing
 * page stays as the spec alone allows.
 */
export function MailingDeliveries({
  mailingId,
  variants,
}: {
  mailingId: number;
  /** The mailing's variants, for the test's choice and the deliveries' labels. */
  variants: MailingVariant[];
}) {
  const { t } = useLingui();
  const { data, isPending, error, refetch } = useQuery(deliveryQueries.forMailing(mailingId));
  const canSend = useCan('mailings:send');
  if (isPending) return <LinesSkeleton lines={2} label={t`Loading deliveries`} />;
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data?.supported) return null;
  const options = variantChoices(variants, data.data);
  const labelOf = (id: number) => options.find((v) => v.id === id)?.label ?? t`Variant ${id}`;
  return (
    <Stack gap="md" component="section" aria-labelledby="deliveries-heading">
      <Title order={2} size="h4" id="deliveries-heading">
        <Trans>Sending</Trans>
      </Title>
      {error && (
        <ErrorState error={error} onRetry={() => void refetch()} title={t`Showing older data`} />
      )}
      {data.data.map((d) => (
        <DeliveryCard
          key={d.id}
          delivery={d}
          mailingId={mailingId}
          variantLabel={labelOf(d.variant)}
        />
      ))}
      <Card withBorder>{canSend && <SendTestForm mailingId={mailingId} variants={options} />}</Card>
    </Stack>
  );
}
