import { msg, plural } from '@lingui/core/macro';
import { formatCount } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListAccess } from '../../../../contract/permissions';
import { describeError } from '../../../api/errors';
import { listQueries } from '../../../api/shared-queries';
import type { User } from '../../../api/users';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { useUpdateUser } from '../queries';

type Choice = ListAccess | 'none';
const ACCESS_OPTIONS = [
  { value: 'none', label: msg`No access` },
  { value: 'read', label: msg`Read` },
  { value: 'manage', label: msg`Manage` },
];

/**
 * Which lists a user works on (issue 29 part 2): every list, or only some, each read-only or
 * managed. Other lists do not exist for them. Saved with PATCH /users/{id} `lists`.
 */
export function ListAccessDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const username = user.username;
  const lists = useQuery(listQueries.everyList());
  const update = useUpdateUser();
  const [every, setEvery] = useState(user.lists === null);
  const [grants, setGrants] = useState(
    () => new Map((user.lists ?? []).map((g) => [g.list, g.access as ListAccess])),
  );
  const [filter, setFilter] = useState('');
  const chosenCount = formatCount(grants.size);
  const listCount = formatCount(lists.data?.length ?? 0);

  const save = () => {
    const lists = every ? null : [...grants].map(([list, access]) => ({ list, access }));
    const count = lists?.length ?? 0;
    update.mutate(
      { id: user.id, body: { lists } },
      {
        onSuccess: () => {
          notifySuccess(
            lists === null
              ? t`${username} works on every list.`
              : plural(count, {
                  one: `${username} works on # list.`,
                  other: `${username} works on # lists.`,
                }),
          );
          onClose();
        },
      },
    );
  };
  const set = (list: number, choice: Choice) =>
    setGrants((current) => {
      const next = new Map(current);
      if (choice === 'none') next.delete(list);
      else next.set(list, choice);
      return next;
    });

  const shown = (lists.data ?? []).filter((l) =>
    l.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Modal opened onClose={onClose} title={t`Lists of ${username}`}>
      <Stack>
        <Radio.Group
          label={t`Access`}
          value={every ? 'every' : 'some'}
          onChange={(v) => setEvery(v === 'every')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="every" label={t`Every list, now and to come`} />
            <Radio value="some" label={t`Only the lists chosen below`} />
          </Stack>
        </Radio.Group>
        {!every &&
          (lists.isPending ? (
            <LinesSkeleton lines={3} label={t`Loading lists`} />
          ) : lists.error ? (
            <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
          ) : (
            <Stack gap="xs">
              <TextInput
                label={t`Find a list`}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
              <Text size="sm" c="dimmed" role="status">
                {t`${chosenCount} of ${listCount} lists chosen`}
              </Text>
              <ScrollArea.Autosize mah={320}>
                <Stack gap={6}>
                  {shown.map((list) => (
                    <NativeSelect
                      key={list.id}
                      label={list.name}
                      data={ACCESS_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                      value={grants.get(list.id) ?? 'none'}
                      onChange={(e) => set(list.id, e.currentTarget.value as Choice)}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          ))}
        <FormAlert
          messages={update.error ? [describeError(update.error)] : []}
          title={t`The lists were not changed`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={update.isPending}>
            <Trans>Save lists</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
