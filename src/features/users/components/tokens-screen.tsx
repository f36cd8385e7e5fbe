import { formatDateTime } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  NativeSelect,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors, isApiError } from '../../../api/errors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { userQueries, useCreateToken, useRevokeToken } from '../queries';
import { EXPIRY_CHOICES, hasExpired, tokenExpiry, type ExpiryChoice } from '../token-expiry';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/**
 * API tokens of one user (one's own, or anyone's for admins): used as the Basic password by
 * integrations. A new token is shown once, here; the server keeps only its hash. Only the
 * user itself makes one (a token acts as its user, past its second factor); an admin looking
 * at another user's tokens can revoke them.
 */
export function TokensScreen({ userId, own = true }: { userId: number; own?: boolean }) {
  const { t, i18n } = useLingui();
  const tokens = useQuery(userQueries.tokens(userId));
  const create = useCreateToken(userId);
  const revoke = useRevokeToken(userId);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [dateMissing, setDateMissing] = useState(false);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const shownName = shown?.name ?? '';
  const errors = isApiError(create.error, 400) ? fieldErrors(create.error) : {};
  const expiryError = dateMissing ? t`Choose the day it expires.` : errors.expires?.join(' ');
  if (tokens.isPending) return <LinesSkeleton lines={3} label={t`Loading tokens`} />;
  if (tokens.error)
    return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />;
  return (
    <Stack gap="lg">
      {!own && (
        <Alert color="blue" title={t`Tokens are made by their user`}>
          <Trans>Only this user can make a token for itself. You can revoke its tokens here.</Trans>
        </Alert>
      )}
      <form
        hidden={!own}
        aria-label={t`New token`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const expires = tokenExpiry(expiry, date);
          setDateMissing(expires === undefined);
          if (expires === undefined) return;
          create.mutate(
            { name, expires },
            {
              onSuccess: (made) => {
                setShown({ name: made.name, token: made.token });
                setName('');
              },
            },
          );
        }}
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t`Token name`}
            description={t`What uses it, e.g. “CRM sync”`}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.join(' ')}
          />
          <NativeSelect
            label={t`Expires`}
            description={t`A token stops working then`}
            data={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: i18n._(c.label) }))}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value as ExpiryChoice)}
            error={expiry === 'date' ? undefined : expiryError}
          />
          {expiry === 'date' && (
            <TextInput
              label={t`Expiry date`}
              description={t`The token works until the end of this day`}
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={expiryError}
            />
          )}
          <Button type="submit" mt={45} loading={create.isPending}>
            <Trans>Create token</Trans>
          </Button>
        </Group>
      </form>
      {shown && (
        <Alert color="green" title={t`Token “${shownName}” created`} role="status">
          <Trans>
            Copy it now: it is not shown again. Use it as the password with this user’s name.
          </Trans>
          <Code block mt="xs" aria-label={t`New token`}>
            {shown.token}
          </Code>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={500}>
        <Table striped aria-label={t`API tokens`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Created</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Expires</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Last used</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Revoke</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => {
              const tokenName = token.name;
              return (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{when(token.created)}</Table.Td>
                  <Table.Td>
                    {token.expires ? when(token.expires) : t`Never`}
                    {hasExpired(token.expires) && (
                      <Badge color="gray" variant="light" ml={6}>
                        <Trans>expired</Trans>
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{token.last_used ? when(token.last_used) : t`Never`}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={t`Revoke ${tokenName}`}
                      onClick={() =>
                        revoke.mutate(token.id, {
                          onSuccess: () => notifySuccess(t`Token “${tokenName}” revoked.`),
                          onError: (err) => notifyError(err, t`The token was not revoked`),
                        })
                      }
                    >
                      <Trans>Revoke</Trans>
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
