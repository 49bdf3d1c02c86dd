import { expect, test } from './fixtures';
import { CONTENT_PAGES } from './support/content-pages';

function words(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

test('every content page renders its heading, title and social preview tags with no console error', async ({
  page,
}) => {
  for (const [path, heading] of CONTENT_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | Starborn`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', heading);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${path}$`));
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length, `${path} has its own description`).toBeGreaterThan(40);
  }
});

test('content pages are reached through the footer links without a reload', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [label, heading] of [
    ['Zodiac Guide', 'Zodiac Guide'],
    ['Privacy Policy', 'Privacy Policy'],
    ['Partner With Us', 'Partner With Starborn'],
  ]) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  // Leaving a content page restores the default title (usePageMeta cleans up).
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveTitle('Starborn — Your Personalized Fantasy Story');
});

test.describe('articles', () => {
  for (const [path, heading] of CONTENT_PAGES.filter(([p]) => p.startsWith('/blog/'))) {
    test(`${heading} is a long article with BlogPosting JSON-LD that the CSP lets through`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');

      const body = page.locator('article.prose');
      expect(words(await body.innerText())).toBeGreaterThan(1000);

      const scripts = page.locator('script[type="application/ld+json"]');
      await expect(scripts).toHaveCount(1);
      const data = JSON.parse((await scripts.textContent()) ?? '{}');
      const [posting, breadcrumbs] = data['@graph'];
      expect(data['@context']).toBe('https://schema.org');
      expect(posting['@type']).toBe('BlogPosting');
      expect(posting.headline).toContain(heading);
      expect(posting.url).toBe(new URL(path, page.url()).href);
      expect(posting.publisher.logo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/logo\.jpg$/);
      expect(posting.wordCount).toBeGreaterThan(1000);
      expect(breadcrumbs['@type']).toBe('BreadcrumbList');

      // The byline logo goes through SmartImage: webp when the browser supports it.
      await expect
        .poll(() => page.locator('.byline__avatar').evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/\/logo-96\.webp$/);

      // The other article is offered next, and the blog index links to both.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Starborn Blog' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Zodiac Hero Archetypes' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'AI Mythical Journeys' })).toBeVisible();
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    });
  }
});

test('the zodiac guide lists the twelve signs with dates, element, traits and description, and the animals', async ({
  page,
}) => {
  await page.goto('/zodiac-guide');
  const western = page.getByRole('region', { name: 'The Twelve Western Signs' });
  const signs = western.getByRole('article');
  await expect(signs).toHaveCount(12);
  const aries = western.getByRole('article', { name: 'Aries' });
  await expect(aries).toContainText('March 21 – April 19');
  await expect(aries).toContainText('Fire');
  await expect(aries).toContainText('Courageous');
  await expect(aries).toContainText('opens the zodiac year');
  await expect(western.getByRole('article', { name: 'Capricorn' })).toContainText('December 22 – January 19');

  await expect(page.getByRole('region', { name: 'The Four Elements' })).toContainText(
    'Aries, Leo, Sagittarius',
  );
  const chinese = page.getByRole('region', { name: 'The Twelve Chinese Animals' });
  await expect(chinese.getByRole('article')).toHaveCount(12);
  await expect(chinese.getByRole('article', { name: 'Sheep/Goat' })).toBeVisible();
});

test('NFT basics names Ethereum and marks the marketplace as coming soon', async ({ page }) => {
  await page.goto('/nft-basics');
  const main = page.getByRole('main');
  await expect(main).toContainText('Ethereum is the blockchain Starborn uses');
  await expect(main.locator('.fact-chip--soon')).toHaveText('Marketplace: Coming soon');
  await expect(main.getByRole('heading', { name: 'The Starborn marketplace: coming soon' })).toBeVisible();
});

test('the legal pages cover the age limit, payments, AI, sharing, rooms, retention and local storage', async ({
  page,
}) => {
  await page.goto('/terms-of-service');
  const main = page.getByRole('main');
  await expect(main).toContainText('at least 18 years old');
  await expect(main).toContainText('Stripe');
  await expect(main).toContainText('OpenAI');
  await expect(main).toContainText('Anyone who has the link can view the shared hero');
  await expect(main).toContainText('Messages are visible to every member of the room');
  await expect(main).toContainText('Last updated:');

  // The table of contents jumps to a section.
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: /Refunds/ })
    .click();
  await expect(page).toHaveURL(/#refunds$/);
  await expect(page.getByRole('heading', { level: 2, name: /Refunds/ })).toBeInViewport();

  await page.goto('/privacy-policy#retention');
  await expect(page.getByRole('heading', { level: 2, name: '6. How long we keep it' })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Retention periods' })).toContainText('Server logs');
  await expect(page.getByRole('main')).toContainText(
    'You can delete your account and data at any time yourself, under Delete Account on your Profile',
  );

  await page.goto('/cookie-policy');
  const cookies = page.getByRole('main');
  await expect(cookies).toContainText('does not use tracking, analytics or advertising cookies');
  await expect(cookies.locator('code', { hasText: 'authToken' }).first()).toBeVisible();
  await expect(cookies.getByRole('rowheader', { name: 'user', exact: true })).toBeVisible();
});

test.describe('FAQs', () => {
  test('the search filters questions and answers case-insensitively', async ({ page }) => {
    await page.goto('/faqs');
    const search = page.getByRole('searchbox', { name: 'Search the FAQs' });
    const questions = page.locator('.faq-item__button');
    await expect(questions.first()).toBeVisible();
    const total = await questions.count();
    expect(total).toBeGreaterThan(15);
    await expect(page.getByRole('status').filter({ hasText: 'questions in' })).toContainText(
      `${total} questions`,
    );

    // A word found in a question.
    await search.fill('REFUND');
    await expect(
      page.getByRole('button', { name: 'Something went wrong with my purchase. What can I do?' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'What is Starborn?' })).toHaveCount(0);

    // A word found only in answers: matches start open, so the answer is visible.
    await search.fill('ethereum');
    // The list renders from a deferred value: wait for this query's result before counting.
    const wallet = page.getByRole('button', { name: 'Why does checkout ask for a wallet address?' });
    await expect(wallet).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Something went wrong with my purchase. What can I do?' }),
    ).toHaveCount(0);
    const shown = await questions.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
      `Showing ${shown} of ${total} questions`,
    );
    await expect(wallet).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByRole('region', { name: 'Why does checkout ask for a wallet address?' }),
    ).toContainText('Ethereum address');

    // Nothing found, then cleared.
    await search.fill('dragon eggs');
    await expect(page.getByRole('heading', { name: 'No matching questions' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(search).toHaveValue('');
    await expect(questions).toHaveCount(total);
  });

  test('the grouped accordion opens and closes answers', async ({ page }) => {
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { level: 2, name: 'Premium & Payments' })).toBeVisible();
    const question = page.getByRole('button', { name: 'How much does Premium cost?' });
    const answer = page.getByRole('region', { name: 'How much does Premium cost?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toContainText('$3.99');
    await question.press('Enter');
    await expect(answer).toBeHidden();
  });
});

test('robots.txt and sitemap.xml list the public pages', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toContain('User-agent: *');
  expect(robotsText).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  expect(robotsText).toContain('Disallow: /api/');

  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const [path] of [['/'], ...CONTENT_PAGES]) {
    expect(xml).toMatch(new RegExp(`<loc>https://[^<]+${path === '/' ? '/' : path}</loc>`));
  }
});
