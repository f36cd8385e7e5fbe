import { useLingui } from '@lingui/react/macro';
import { Alert, List } from '@mantine/core';

/** Messages of a failed submission that belong to no single field. */
export function FormAlert({ messages, title }: { messages: string[]; title?: string }) {
  const { t } = useLingui();
  if (messages.length === 0) return null;
  return (
    <Alert color="red" title={title ?? t`Could not save`} role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
