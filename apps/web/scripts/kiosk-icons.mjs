/**
 * Draws the kiosk's install icons (public/kiosk-icons/*.png) from the app's mark (public/favicon.svg): 192 and 512 px,
 * a maskable 512 px (the mark inside the 80 % safe zone on the brand colour) and Apple's 180 px touch icon.
 * Run once after the mark changes: `node apps/web/scripts/kiosk-icons.mjs` (uses sharp, the server's image library).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const web = join(import.meta.dirname, '..');
const mark = readFileSync(join(web, 'public/favicon.svg'));
const out = (name) => join(web, 'public/kiosk-icons', name);
const BRAND = '#3b5bdb';

for (const size of [192, 512])
  await sharp(mark, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
await sharp(mark, { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten({ background: BRAND })
  .png()
  .toFile(out('apple-touch-icon.png'));
// Maskable: the platform crops to a circle or squircle; the check mark stays inside the central 80 %.
const inner = await sharp(mark, { density: (72 * 410) / 64 })
  .resize(410, 410)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: inner, left: 51, top: 51 }])
  .png()
  .toFile(out('maskable-512.png'));
