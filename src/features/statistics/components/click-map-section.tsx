import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PlainTable } from '../../../components/plain-table';
import { SandboxedFrame } from '../../../components/sandboxed-frame';
import { sandboxedDocument } from '../../../lib/sandboxed-html';
import { formatCount, shortUrl } from '../format';
import { statisticsQueries } from '../queries';

/** Layout images are served by this app under /media/; nothing else may load in the frame. */
const imageSources = () => ['data:', `${window.location.origin}/media/`];

/**
 * The click map (issue 51): the mailing's layout with each link's clicks by people over it,
 * links to the same URL told apart by their position. The layout is the user's HTML, so it
 * is shown only in the sandboxed frame (no scripts, its own CSP); the table says the same.
 * Hidden where the server has no click map.
 */
export function ClickMapSection({ mailing }: { mailing: number }) {
  const { t } = useLingui();
  const map = useQuery(statisticsQueries.clickMap(mailing));
  if (!map.data?.supported) return null;
  const { html, links } = map.data.data;
  const repeated = (url: string) => links.filter((l) => l.url === url).length > 1;
  const linkNumber = (position: number) => ` ${t`(link ${position})`}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="click-map-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="click-map-title">
          <Trans>Click map</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Each link of the layout shows how many times people clicked it. Links to the same
            address are counted apart by their position; clicks from mail sent before positions were
            recorded count for the first.
          </Trans>
        </Text>
        {html.trim() ? (
          <SandboxedFrame
            title={t`Click map of the layout`}
            document={sandboxedDocument(html, imageSources())}
            style={{ width: '100%', height: 480 }}
          />
        ) : (
          <Text c="dimmed">
            <Trans>This mailing has no layout to show.</Trans>
          </Text>
        )}
        <PlainTable aria-label={t`Clicks per link of the layout`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Link</Trans>
              </th>
              <th scope="col">
                <Trans>People</Trans>
              </th>
              <th scope="col">
                <Trans>Machines</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={`${l.position} ${l.url}`}>
                <th scope="row" title={l.url}>
                  {shortUrl(l.url, 48)}
                  {repeated(l.url) ? linkNumber(l.position) : ''}
                </th>
                <td>{formatCount(l.human)}</td>
                <td>{formatCount(l.machine)}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        {links.length === 0 && (
          <Text c="dimmed">
            <Trans>The layout has no web links.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
