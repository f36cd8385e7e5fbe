import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { applyServerErrors } from '../../../components/server-errors';
import { useCreateUser } from '../queries';
import { PassOnLinkDialog, type PassOnLink } from './pass-on-link-dialog';

type Values = { username: string; password: string; role: string };
const fields = ['username', 'password', 'role'] as const;

/**
 * A new user: with a password, created at once; without one, invited by mail to choose it.
 * The invitation's link is shown to pass on (the Outbox never shows it, issue 49).
 */
export function UserCreateForm({ roles }: { roles: string[] }) {
  const { t } = useLingui();
  const create = useCreateUser();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [invitation, setInvitation] = useState<PassOnLink | null>(null);
  const form = useForm<Values>({ defaultValues: { username: '', password: '', role: 'marketer' } });
  const inviting = useWatch({ control: form.control, name: 'password' }) === '';
  const submit = form.handleSubmit(async ({ password, ...values }) => {
    setFormErrors([]);
    try {
      const user = await create.mutateAsync(password === '' ? values : { ...values, password });
      const username = user.username;
      if (user.invitation_url) {
        notifySuccess(t`${username} is invited.`);
        setInvitation({ kind: 'invitation', username: user.username, url: user.invitation_url });
      } else notifySuccess(t`User ${username} created.`);
      form.reset();
    } catch (err) {
      setFormErrors(applyServerErrors(err, form.setError, fields));
    }
  });
  const error = (name: keyof Values) => form.formState.errors[name]?.message;
  return (
    <>
      <form onSubmit={submit} noValidate aria-label={t`New user`}>
        <FormAlert messages={formErrors} />
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t`Email address`}
            required
            autoComplete="off"
            {...form.register('username', { required: t`This field is required.` })}
            error={error('username')}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="new-password"
            {...form.register('password')}
            error={error('password')}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label={t`Role`}
                data={roles}
                allowDeselect={false}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'marketer')}
                error={error('role')}
              />
            )}
          />
          <Button type="submit" mt={25} loading={form.formState.isSubmitting}>
            {inviting ? t`Invite user` : t`Create user`}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>Leave the password empty to invite them by mail: they choose their own.</Trans>
        </Text>
      </form>
      <PassOnLinkDialog link={invitation} onClose={() => setInvitation(null)} />
    </>
  );
}
