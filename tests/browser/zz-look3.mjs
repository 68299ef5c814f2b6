import { launchBrowser, startSite, openPage } from './harness.mjs';
const site = await startSite(); const browser = await launchBrowser(['--enable-unsafe-webgpu']);
const shots = [
  ['index', ''],
  ['author', 'author.html'],
  ['sdpa-dev', 'scaled-dot-product-attention/#scaled-dot-product-attention.depth=developer'],
  ['sdpa-res', 'scaled-dot-product-attention/#scaled-dot-product-attention.depth=researcher'],
  ['learns-res', 'attention-learns/#attention-learns.depth=researcher'],
];
for (const [name, url] of shots) {
  const { page, problems, context } = await openPage(browser, site, url, { viewport: { width: 1100, height: 1400 } });
  await page.waitForTimeout(5000);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(name, 'height', h, await problems());
  for (let y = 0, i = 0; y < h && i < 10; y += 1400, i++) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${name}-${i}.png` });
  }
  await context.close();
}
await browser.close(); await site.stop();
