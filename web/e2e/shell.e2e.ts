import { expect, test } from './fixtures';
import { CONTENT_PAGES } from './support/content-pages';

// /share/{id} has its own tests (web/e2e/share.e2e.ts): an unknown link is an error card by design.
const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'Your Personalized Fantasy Story'],
  ['/login', 'Sign In'],
  ['/register', 'Create Your Account'],
  ...CONTENT_PAGES,
];

const GUARDED_PAGES = [
  '/create',
  '/hero/0123456789abcdef0123456789abcdef',
  '/checkout/0123456789abcdef0123456789abcdef',
  '/profile',
  '/heroes',
  '/shared-story',
  '/shared-story/room-1',
];

test('the app is served with the strict Content-Security-Policy', async ({ page }) => {
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
});

test('every public page renders its heading with no console error or CSP violation', async ({ page }) => {
  for (const [path, heading] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(
      path === '/' ? 'Starborn — Your Personalized Fantasy Story' : `${heading} | Starborn`,
    );
  }
});

test('login-required pages send visitors to /login', async ({ page }) => {
  for (const path of GUARDED_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  }
});

test.describe('an address the app has no page for', () => {
  // The server answers it with the prerendered 404 page and a 404 status, which the browser logs.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 404/] });

  test('shows the 404 page, with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/constellation');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Lost in the Cosmic Void' })).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('visitors see Home, Blog and Sign In only', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'My Heroes' })).toHaveCount(0);
  await header.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the landing call to action leads a visitor to Register (then the wizard)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Your Hero Journey' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the header turns solid after scrolling more than 10 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 240));
  await expect(header).toHaveAttribute('data-solid', 'true');
  await expect(header).toHaveClass(/site-header--solid/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-solid', 'false');
});

test('the mobile menu has the same links and collapses on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await menu.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Browser back is a route change too.
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(menu).toBeHidden();
});

test('the footer has three social links, quick links, resources, legal links and this year', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
  await expect(social).toHaveCount(3);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(footer.getByRole('navigation', { name: 'Quick Links' })).toBeVisible();
  await expect(footer.getByRole('navigation', { name: 'Resources' })).toBeVisible();
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms-of-service',
  );
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(legal.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Starborn`);
});

test('pages set title and social tags, and restore the previous ones on leave', async ({ page }) => {
  await page.goto('/');
  const og = (property: string) => page.locator(`meta[property="${property}"]`);
  const tw = (name: string) => page.locator(`meta[name="${name}"]`);
  await expect(og('og:title')).toHaveAttribute('content', 'Starborn — Your Personalized Fantasy Story');
  await expect(og('og:image')).toHaveAttribute('content', /^http:\/\/127\.0\.0\.1:\d+\/logo\.jpg$/);
  await expect(og('og:type')).toHaveAttribute('content', 'website');
  await expect(og('og:url')).toHaveAttribute('content', /\/$/);

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveTitle('Frequently Asked Questions | Starborn');
  await expect(og('og:title')).toHaveAttribute('content', 'Frequently Asked Questions');
  await expect(tw('twitter:title')).toHaveAttribute('content', 'Frequently Asked Questions');
  await expect(og('og:url')).toHaveAttribute('content', /\/faqs$/);
  await expect(tw('twitter:image')).toHaveAttribute('content', /\/logo\.jpg$/);

  await page.goBack();
  await expect(page).toHaveTitle('Starborn — Your Personalized Fantasy Story');
  await expect(og('og:title')).toHaveAttribute('content', 'Starborn — Your Personalized Fantasy Story');
  await expect(og('og:url')).toHaveAttribute('content', /\/$/);
});

test('the star field holds one star per 6000 px² and recounts on resize', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/');
  const field = page.locator('.starfield');
  await expect(field).toHaveAttribute('data-star-count', String(Math.floor((1200 * 800) / 6000)));
  await expect(field.locator('.star')).toHaveCount(160);
  await page.setViewportSize({ width: 600, height: 500 });
  await expect(field).toHaveAttribute('data-star-count', '50');
  await expect(field.locator('.star')).toHaveCount(50);
});

test('images are requested as webp when the browser supports it', async ({ page }) => {
  await page.goto('/');
  const logo = page.getByRole('banner').locator('img.brand__logo');
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await logo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/logo-96\.webp$/);
});
