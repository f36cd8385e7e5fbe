import { Alert, List } from '@mantine/core';

/** Messages of a failed submission that belong to no single field. */
export function FormAlert({
  messages,
  title = 'Could not save',
}: {
  messages: string[];
  title?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" title={title} role="alert">
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
