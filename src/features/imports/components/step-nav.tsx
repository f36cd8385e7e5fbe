import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Back and Next at the bottom of a step; Next says where it goes. */
export function StepNav({
  onBack,
  onNext,
  nextLabel,
  nextDisabled = false,
  children,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" mt="xl">
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {children}
        {onNext && nextLabel && (
          <Button
            rightSection={<IconArrowRight size={16} />}
            onClick={onNext}
            disabled={nextDisabled}
          >
            {nextLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
