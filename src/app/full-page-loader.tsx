import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function FullPageLoader() {
  const { t } = useLingui();
  return (
    <Center mih="100vh">
      <Loader aria-label={t`Loading Mailboard`} />
    </Center>
  );
}
