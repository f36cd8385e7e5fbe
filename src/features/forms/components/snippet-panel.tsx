import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { askedFields } from '../../../../contract/form-fields';
import { formSnippet, type Form } from '../../../../contract/forms';
import { describeError } from '../../../api/errors';
import { LinesSkeleton } from '../../../components/states';
import { formQueries } from '../queries';

/**
 * A form's embeddable HTML: its asked fields written as the hosted page writes them, from
 * the same custom field definitions (contract/form-fields.ts).
 */
export function SnippetPanel({
  form,
  listNames,
}: {
  form: Form;
  listNames: Record<number, string>;
}) {
  const { t } = useLingui();
  const definitions = useQuery(formQueries.fieldDefinitions(form.lists));
  if (definitions.isPending) return <LinesSkeleton />;
  if (definitions.isError) return <Alert color="red">{describeError(definitions.error)}</Alert>;
  const origin = window.location.origin;
  const hostedPath = `/f/${form.id}`;
  const hostedUrl = `${origin}${hostedPath}`;
  const snippet = formSnippet(origin, form, askedFields(form.fields, definitions.data), listNames);
  return (
    <Stack>
      <Text size="sm">
        <Trans>
          Paste this HTML into any page. It works without JavaScript; the script tag adds an
          invisible proof-of-work. The hosted page is at{' '}
          <Anchor href={hostedPath} target="_blank" rel="noopener">
            {hostedUrl}
          </Anchor>
          .
        </Trans>
      </Text>
      <Textarea
        label={t`HTML snippet`}
        readOnly
        autosize
        minRows={8}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        value={snippet}
      />
      <Group justify="flex-end">
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button onClick={copy}>{copied ? t`Copied` : t`Copy snippet`}</Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
