/**
 * What both checkouts promise about a payment that did not go through: the message sits right above
 * the pay button, whole inside the viewport and below the fixed header, announced (role alert) and
 * holding the focus, so a person who just pressed the button meets it where they look.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The two screens the checkout is checked on: a laptop and a phone. */
export const CHECKOUT_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The one alert with `text`: above `payButton`, inside the viewport, below the header, focused. */
export async function expectPaymentErrorInView(page: Page, text: string | RegExp, payButton: Locator) {
  const message = page.getByRole('alert').filter({ hasText: text });
  await expect(message).toHaveCount(1);
  await expect(message).toBeVisible();
  const button = await payButton.elementHandle();
  await expect
    .poll(async () => {
      const at = await message.evaluate((element, pay) => {
        const box = element.getBoundingClientRect();
        const header = document.querySelector('.site-header');
        return {
          top: box.top,
          bottom: box.bottom,
          headerBottom: header ? header.getBoundingClientRect().bottom : 0,
          viewportHeight: window.innerHeight,
          // From the message's bottom edge to the pay button's top edge.
          gapToButton: (pay as Element).getBoundingClientRect().top - box.bottom,
          focused: element === document.activeElement || element.contains(document.activeElement),
        };
      }, button);
      return {
        belowHeader: at.top >= at.headerBottom,
        insideViewport: at.bottom <= at.viewportHeight,
        nextToPayButton: at.gapToButton >= 0 && at.gapToButton <= 48,
        focused: at.focused,
      };
    })
    .toEqual({ belowHeader: true, insideViewport: true, nextToPayButton: true, focused: true });
}
