import { launchBrowser, startSite, openPage } from './harness.mjs';
const site = await startSite(); const browser = await launchBrowser(['--enable-unsafe-webgpu']);
for (const id of ['attention-learns', 'scaled-dot-product-attention', 'attention-explorable']) {
  const { page, problems, context } = await openPage(browser, site, `${id}/`, { viewport: { width: 1100, height: 1400 } });
  await page.waitForTimeout(4000);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(id, 'height', h, await problems());
  for (let y = 0, i = 0; y < h && i < 12; y += 1400, i++) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${id}-${i}.png` });
  }
  await context.close();
}
await browser.close(); await site.stop();
