import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses `key` (Tab, Shift+Tab, ArrowDown…) until `target` has the focus, as a keyboard
 * user would, and fails when it is not reached within `max` presses (a control the
 * keyboard cannot reach, or a focus trap).
 */
export async function pressUntilFocused(page: Page, key: string, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reachable with ${key} within ${max} presses`).toBeFocused();
}

export const tabTo = (page: Page, target: Locator, max?: number) =>
  pressUntilFocused(page, 'Tab', target, max);

export const shiftTabTo = (page: Page, target: Locator, max?: number) =>
  pressUntilFocused(page, 'Shift+Tab', target, max);
