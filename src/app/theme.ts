import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  type MenuProps,
  type ModalProps,
} from '@mantine/core';
import { themeBase } from './theme-colors';

// Palette colours other than the greys, which also paint the menu's own background.
const chromaticColors = Object.keys(DEFAULT_THEME.colors).filter(
  (c) => c !== 'dark' && c !== 'gray',
);

// A close button with a name (axe button-name): Mantine's has only an icon.
// A getter: Mantine spreads the props at each render, so the name follows the active locale.
const closeButtonProps = {
  get 'aria-label'() {
    return i18n._(msg`Close`);
  },
};

/**
 * Mantine's theme: the colours and sizes of theme-colors.ts (their CSS variables are built
 * into a stylesheet, build/mantine-styles.ts) and the components' defaults.
 */
export const theme = createTheme({
  ...themeBase,
  // Plain objects, not Modal.extend() and the like: `extend` only adds types, and importing
  // the components here put Menu, Modal and Drawer (with floating-ui and
  // react-remove-scroll) into the sign-in screen's first download.
  components: {
    Modal: { defaultProps: { closeButtonProps } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps } satisfies Partial<DrawerProps> },
    Menu: {
      // Without it, Mantine puts a focusable role="presentation" element inside role="menu"
      // (aria-required-children); the focus goes to the first item instead, as in the
      // ARIA menu pattern.
      // returnFocus: after choosing an item, the keyboard continues from the menu's button.
      defaultProps: {
        withInitialFocusPlaceholder: false,
        returnFocus: true,
      } satisfies Partial<MenuProps>,
      // A coloured Menu.Item (color="red" for Delete) draws its label with shade 6, which
      // the resolver cannot reach: inside menus, shade 6 is the colour's text colour.
      styles: {
        dropdown: Object.fromEntries(
          chromaticColors.map((name) => [
            `--mantine-color-${name}-6`,
            `var(--mantine-color-${name}-text)`,
          ]),
        ),
      },
    },
  },
});
