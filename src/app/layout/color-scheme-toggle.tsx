import { useLingui } from '@lingui/react/macro';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import classes from './color-scheme-toggle.module.css';

/** Follows the OS until used; the choice is then remembered (see providers.tsx). */
export function ColorSchemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t`Switch to dark mode` : t`Switch to light mode`;
  // A title rather than Mantine's Tooltip, whose positioning library would load with every
  // screen; a plain button styled like ActionIcon, which no other part of the shell needs.
  return (
    <button
      type="button"
      className={classes.toggle}
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? (
        <IconSun size={18} stroke={1.5} />
      ) : (
        <IconMoon size={18} stroke={1.5} />
      )}
    </button>
  );
}
