import { Anchor, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { variantLanguages, type Variant } from '../../../../contract/mailings';
import type { Mailing } from '../../../api/mailings';
import { languageLabel } from '../language-names';
import { listQueries } from '../../../api/shared-queries';
import { useAudienceNames } from '../use-audience-names';
import { buildPreviewDocument, looksLikeHtml } from '../layout/preview-document';
import { LayoutPreview } from './layout-preview';
import { DeliveryTimes, MailingFacts } from './mailing-facts';

/** Images of stored layouts are served by the service under this path (docs/decisions/api-choices.md). */
const mediaSource = () => `${window.location.origin}/media/layouts/`;

/** A mailing as the service returns it: its fields, then each variant with its layout. */
export function MailingView({ mailing }: { mailing: Mailing }) {
  const { t } = useLingui();
  const { campaignName, segmentName } = useAudienceNames(mailing.list);
  const listId = mailing.list;
  const lists = useQuery(listQueries.everyList());
  const listName = lists.data?.find((l) => l.id === mailing.list)?.name ?? t`List id ${listId}`;
  return (
    <Stack gap="lg">
      <MailingFacts
        id={mailing.id}
        name={mailing.name}
        list={
          <Anchor component={Link} to={`/lists/${mailing.list}`}>
            {listName}
          </Anchor>
        }
        campaign={campaignName(mailing.campaign) ?? t`none`}
        segments={
          mailing.segments.length ? (
            <Group gap="xs">
              {mailing.segments.map((id) => (
                <Anchor key={id} component={Link} to={`/lists/${mailing.list}/segments/${id}`}>
                  {segmentName(id)}
                </Anchor>
              ))}
            </Group>
          ) : (
            t`none`
          )
        }
      />
      {mailing.variants.map((variant, i) => (
        <VariantCard key={variant.layout.id} variant={variant} index={i} />
      ))}
    </Stack>
  );
}

function VariantCard({ variant, index }: { variant: Variant; index: number }) {
  const { t } = useLingui();
  const languages = variantLanguages(variant);
  const number = index + 1;
  const title = languages.length ? languages.map(languageLabel).join(', ') : t`Variant ${number}`;
  const source = variant.layout.source;
  const replyTo = variant.replyto_email || t`none`;
  const { subject, from_name: fromName, from_email: fromEmail } = variant;
  return (
    <Card withBorder component="section" aria-label={t`Variant ${title}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm">
          <Trans>
            <b>Subject:</b> {subject}
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            <b>From:</b> {fromName} &lt;{fromEmail}&gt;
          </Trans>
          {' · '}
          <Trans>
            <b>Reply-to:</b> {replyTo}
          </Trans>
        </Text>
        <div>
          <Text size="sm" fw={700}>
            <Trans>Deliveries</Trans>
          </Text>
          <DeliveryTimes
            dates={variant.deliveries.map((d) => new Date(d.scheduled_datetime))}
            none={t`none scheduled`}
          />
        </div>
        {looksLikeHtml(source) ? (
          <LayoutPreview
            document={buildPreviewDocument(source, { extraImageSources: [mediaSource()] })}
            title={t`Layout of ${title}`}
          />
        ) : (
          <div>
            <Text size="sm" fw={700}>
              <Trans>Text layout</Trans>
            </Text>
            <Code block>{source}</Code>
          </div>
        )}
      </Stack>
    </Card>
  );
}
