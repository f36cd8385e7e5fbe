import { Button, Group, PasswordInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { applyServerErrors } from '../../../components/server-errors';
import { useCreateUser } from '../queries';

type Values = { username: string; password: string; role: string };
const fields = ['username', 'password', 'role'] as const;

/** A new user with a password (an invitation by mail is another screen's work). */
export function UserCreateForm({ roles }: { roles: string[] }) {
  const create = useCreateUser();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Values>({ defaultValues: { username: '', password: '', role: 'marketer' } });
  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const user = await create.mutateAsync(values);
      notifySuccess(`User ${user.username} created.`);
      form.reset();
    } catch (err) {
      setFormErrors(applyServerErrors(err, form.setError, fields));
    }
  });
  const error = (name: keyof Values) => form.formState.errors[name]?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="New user">
      <FormAlert messages={formErrors} />
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Email address"
          required
          autoComplete="off"
          {...form.register('username', { required: 'This field is required.' })}
          error={error('username')}
        />
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          {...form.register('password', { required: 'This field is required.' })}
          error={error('password')}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label="Role"
              data={roles}
              allowDeselect={false}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'marketer')}
              error={error('role')}
            />
          )}
        />
        <Button type="submit" mt={25} loading={form.formState.isSubmitting}>
          Create user
        </Button>
      </Group>
    </form>
  );
}
