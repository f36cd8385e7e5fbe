import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';
import { FormAlert } from '../../../components/form-alert';
import { notify } from '../../../components/notify';
import { useSendTest } from '../mutations';

import type { VariantOption } from '../variant-choices';

/**
 * "Send a test to…": one message of the mailing to any address, before it goes out. The
 * variant is asked for only when there is a choice; the server checks the address (400 on
 * the field) and answers 202 with the test's Message-ID.
 */
export function SendTestForm({
  mailingId,
  variants,
}: {
  mailingId: number;
  variants: VariantOption[];
}) {
  const { t } = useLingui();
  const mutation = useSendTest(mailingId);
  const [email, setEmail] = useState('');
  const [variant, setVariant] = useState(variants[0] ? String(variants[0].id) : '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [other, setOther] = useState<string[]>([]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setOther([]);
    const body = {
      email: email.trim(),
      ...(variants.length > 1 && variant ? { variant: Number(variant) } : {}),
    };
    const recipient = body.email;
    mutation.mutate(body, {
      onSuccess: ({ message_id: messageId }) =>
        notify({
          title: t`Test sent to ${recipient}`,
          message: t`Message-ID ${messageId}`,
          color: 'teal',
        }),
      onError: (err) => {
        const byField = fieldErrors(err);
        const { email: emailErrors, variant: variantErrors, ...rest } = byField;
        setErrors({ email: emailErrors ?? [], variant: variantErrors ?? [] });
        setOther(isApiError(err, 400) ? Object.values(rest).flat() : [describeError(err)]);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label={t`Send a test`} noValidate>
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          <Trans>Send a test to…</Trans>
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t`Test recipient's email`}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email?.join(' ') || undefined}
            w={280}
            maw="100%"
          />
          {variants.length > 1 && (
            <NativeSelect
              label={t`Variant`}
              value={variant}
              onChange={(e) => setVariant(e.currentTarget.value)}
              data={variants.map((v) => ({ value: String(v.id), label: v.label }))}
              error={errors.variant?.join(' ') || undefined}
              w={220}
              maw="100%"
            />
          )}
          <Button type="submit" mt={25} loading={mutation.isPending}>
            <Trans>Send test</Trans>
          </Button>
        </Group>
        <FormAlert messages={other} title={t`The test was not sent`} />
      </Stack>
    </form>
  );
}
