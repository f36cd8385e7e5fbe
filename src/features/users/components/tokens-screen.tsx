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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * API tokens of one user (one's own, or anyone's for admins): used as the Basic password by
 * integrations. A new token is shown once, here; the server keeps only its hash. Only the
 * user itself makes one (a token acts as its user, past its second factor); an admin looking
 * at another user's tokens can revoke them.
 */
export function TokensScreen({ userId, own = true }: { userId: number; own?: boolean }) {
  const tokens = useQuery(userQueries.tokens(userId));
  const create = useCreateToken(userId);
  const revoke = useRevokeToken(userId);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [dateMissing, setDateMissing] = useState(false);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const errors = isApiError(create.error, 400) ? fieldErrors(create.error) : {};
  const expiryError = dateMissing ? 'Choose the day it expires.' : errors.expires?.join(' ');
  if (tokens.isPending) return <LinesSkeleton lines={3} label="Loading tokens" />;
  if (tokens.error)
    return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />;
  return (
    <Stack gap="lg">
      {!own && (
        <Alert color="blue" title="Tokens are made by their user">
          Only this user can make a token for itself. You can revoke its tokens here.
        </Alert>
      )}
      <form
        hidden={!own}
        aria-label="New token"
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
            label="Token name"
            description="What uses it, e.g. “CRM sync”"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.join(' ')}
          />
          <NativeSelect
            label="Expires"
            description="A token stops working then"
            data={[...EXPIRY_CHOICES]}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value as ExpiryChoice)}
            error={expiry === 'date' ? undefined : expiryError}
          />
          {expiry === 'date' && (
            <TextInput
              label="Expiry date"
              description="The token works until the end of this day"
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={expiryError}
            />
          )}
          <Button type="submit" mt={45} loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </form>
      {shown && (
        <Alert color="green" title={`Token “${shown.name}” created`} role="status">
          Copy it now: it is not shown again. Use it as the password with this user’s name.
          <Code block mt="xs" aria-label="New token">
            {shown.token}
          </Code>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={500}>
        <Table striped aria-label="API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Revoke</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.name}</Table.Td>
                <Table.Td>{when(t.created)}</Table.Td>
                <Table.Td>
                  {t.expires ? when(t.expires) : 'Never'}
                  {hasExpired(t.expires) && (
                    <Badge color="gray" variant="light" ml={6}>
                      expired
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{t.last_used ? when(t.last_used) : 'Never'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke ${t.name}`}
                    onClick={() =>
                      revoke.mutate(t.id, {
                        onSuccess: () => notifySuccess(`Token “${t.name}” revoked.`),
                        onError: (err) => notifyError(err, 'The token was not revoked'),
                      })
                    }
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
