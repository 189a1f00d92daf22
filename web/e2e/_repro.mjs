import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { Server, launch, openSeat, tmp, log, sleep } from './lib.mjs';
copyFileSync('/tmp/e2erepro/p.db', join(tmp, 'p.db'));
execSync(`sqlite3 ${join(tmp, 'p.db')} "delete from actions where idx >= 71"`);
const server = await new Server().start();
const browser = await launch();
const p = await openSeat(browser, { origin: server.origin, table: '67889329819d', token: '7e0f14b98399d6280cfe93ba294cfdfc', name: 'Ann' });
const page = p.page;
await sleep(1000);
const picks = page.locator('.offered button.card.pickable');
log('picks', await picks.count());
await picks.nth(Number(process.argv[2] ?? 0)).click({ position: { x: 4, y: 20 } });
log('drew');
await sleep(800);
await page.screenshot({ path: '/tmp/e2erepro2/a.png' });
await page.click('button:has-text("offer")', { timeout: 5000 }).catch((e) => log('offer', e.message));
log('offered');
for (let i = 0; i < 60; i++) { const n = await picks.count(); if (n > 0) { log('picks now', n, JSON.stringify(await picks.first().boundingBox())); break; } await sleep(50); }
try { await picks.first().click({ position: { x: 4, y: 20 }, timeout: 8000 }); log('clicked'); } catch (e) { log('FAILED', e.message); }
await page.screenshot({ path: '/tmp/e2erepro2/b.png', timeout: 5000 }).catch((e) => log('shot failed', e.message));
await browser.close(); await server.kill(); process.exit(0);
