import { chromium } from 'playwright-core';
// crops a tall screenshot into parts by loading it in a page of the part's size
const [file, width, part] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width, height: part } });
const { readFileSync } = await import('node:fs');
const data = readFileSync(file).toString('base64');
await page.setContent(`<body style="margin:0"><img id=i src="data:image/png;base64,${data}"></body>`);
const h = await page.evaluate(() => document.getElementById('i').naturalHeight);
for (let y = 0, n = 0; y < h; y += part, n++) {
  await page.screenshot({ path: file.replace('.png', `-p${n}.png`), clip: { x: 0, y, width, height: Math.min(part, h - y) }, fullPage: true });
}
console.log(h);
await browser.close();
