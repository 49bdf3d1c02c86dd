import { readFileSync } from 'node:fs';
import yauzl from 'yauzl';
import { expect, generatedHero, signInWith, signUpViaApi, test } from './fixtures';

/** Every file of a zip: name → bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test.describe('data export', () => {
  test.setTimeout(180_000);

  test('Download My Data saves a zip with the account and the heroes with their pictures', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, 'export');
    const heroId = await generatedHero(page, account, 'Orin Vale', '1988-03-14');
    await signInWith(page, account.session);
    await page.goto('/profile');

    const section = page.getByRole('region', { name: 'Your data' });
    const button = section.getByRole('button', { name: 'Download My Data' });
    await expect(button).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^starborn-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(section.getByRole('status')).toHaveText(
      `Your data was saved as ${download.suggestedFilename()}.`,
    );
    await expect(button).toBeEnabled();

    const files = await unzip(readFileSync(await download.path()));
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect(json('account.json').user).toMatchObject({ id: account.userId, email: account.email });
    const [hero] = json('heroes.json');
    expect(hero).toMatchObject({ id: heroId, name: 'Orin Vale', paymentStatus: 'unpaid' });
    // An unpaid hero's pictures are its previews, each in the zip.
    expect(hero.images).toHaveLength(3);
    for (const image of hero.images) {
      expect(image.quality).toBe('preview');
      expect(files.get(image.file)!.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect(files.get('README.txt')!.toString('utf8')).toContain('account.json');
  });

  test.describe('when the export fails', () => {
    test.use({ expectedConsoleErrors: [/status of 429/] });

    test('says so next to the button, and the button works again', async ({ page }) => {
      const account = await signUpViaApi(page, 'export-limit');
      await signInWith(page, account.session);
      // The allowance is spent (the server's answer, as the limiter gives it).
      await page.route('**/api/user/export', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '3600' },
          contentType: 'application/json',
          body: JSON.stringify({ status: 429, code: 'RATE_LIMITED', message: 'Too many', error: 'Too many' }),
        }),
      );
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Your data' });
      await section.getByRole('button', { name: 'Download My Data' }).click();
      await expect(section.getByRole('alert')).toHaveText(
        'You have downloaded your data several times in the last hour. Please try again later.',
      );
      await expect(section.getByRole('button', { name: 'Download My Data' })).toBeEnabled();
    });
  });
});
