import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Alert, Anchor, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { isApiError } from '../../../api/errors';
import type { Mailing, MailingSummary } from '../../../api/mailings';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { mailingQueries } from '../queries';
import { useAudienceNames } from '../use-audience-names';
import { DuplicateMailing } from './duplicate-mailing';
import { MailingView } from './mailing-view';

/**
 * A mailing's page. GET /mailings/{id} is our extension: where the server answers 405 (or
 * 404 for a mailing the table just listed) this degrades to what the collection shows.
 */
export function MailingDetails({
  mailingId,
  extra,
}: {
  mailingId: number;
  /** Shown below a fully loaded mailing: what other features add (its deliveries). */
  extra?: (mailing: Mailing) => ReactNode;
}) {
  const { t } = useLingui();
  const { data, error } = useQuery(mailingQueries.detail(mailingId));
  const summary = (useLocation().state as { summary?: MailingSummary } | null)?.summary;
  const name = data?.supported ? data.data.name : (summary?.name ?? t`Mailing id ${mailingId}`);
  return (
    <>
      <PageHeader
        title={error && !summary ? t`Mailing id ${mailingId}` : name}
        actions={data?.supported ? <DuplicateMailing mailing={data.data} /> : undefined}
        above={<Breadcrumbs items={[{ label: t`Mailings`, to: '/mailings' }]} />}
      />
      <MailingBody mailingId={mailingId} summary={summary} extra={extra} />
    </>
  );
}

function MailingBody({
  mailingId,
  summary,
  extra,
}: {
  mailingId: number;
  summary: MailingSummary | undefined;
  extra?: (mailing: Mailing) => ReactNode;
}) {
  const { t } = useLingui();
  const { data, isPending, error, refetch } = useQuery(mailingQueries.detail(mailingId));
  if (isPending) return <DetailSkeleton />;
  const missing = isApiError(error, 404);
  if (error && !missing) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (data?.supported)
    return (
      <Stack gap="lg">
        {extra?.(data.data)}
        <MailingView mailing={data.data} />
      </Stack>
    );
  if (missing && !summary) {
    return (
      <Alert color="yellow" title={t`Mailing not found`} role="alert">
        <Trans>
          There is no mailing {mailingId} (any more), or this server does not show single mailings.{' '}
          <Anchor component={Link} to="/mailings">
            Back to the mailings
          </Anchor>
        </Trans>
      </Alert>
    );
  }
  return <SummaryOnly id={mailingId} summary={summary} />;
}

function SummaryOnly({ id, summary }: { id: number; summary: MailingSummary | undefined }) {
  const { t } = useLingui();
  const { campaignName } = useAudienceNames(undefined);
  return (
    <Stack gap="md">
      <Alert color="blue" title={t`Only the summary is available`} role="status">
        <Trans>
          This server does not offer single mailings, so variants, layouts and deliveries cannot be
          shown here. The mailings table has what the collection returns.
        </Trans>
      </Alert>
      <Table withTableBorder variant="vertical" aria-label={t`Mailing`} maw={480}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>
              <Trans>Id</Trans>
            </Table.Th>
            <Table.Td>{id}</Table.Td>
          </Table.Tr>
          {summary && (
            <>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Td>{summary.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>
                  <Trans>Campaign</Trans>
                </Table.Th>
                <Table.Td>
                  {campaignName(summary.campaign) ?? (
                    <Text span c="dimmed">
                      <Trans>none</Trans>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            </>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
