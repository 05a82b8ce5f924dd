import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the antd select whose input is `field`, then checks that the select shows it: a pick
 * that did not take fails here, not at a later step that only sees its consequence.
 */
export async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(select).toContainText(option);
}
