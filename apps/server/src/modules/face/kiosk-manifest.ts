import { type KioskManifest, translate } from '@presente/shared';
import type { Ctx } from '../../context.js';
import { checkKioskToken } from './kiosk.service.js';

/** The brand colour (index.html's theme-color) and the boot screen's background. */
const THEME = '#3b5bdb';
const BACKGROUND = '#f8f9fb';
/** Launchers cut a short name past about 12-15 characters; the full name stays in `name`. */
const SHORT_NAME_MAX = 24;

/**
 * The web manifest of one kiosk link (decision 0045): installs /attendance/{token} full screen under the company's
 * name and the link's name, with the app's icons. The token is checked as every kiosk call checks it (unknown 404,
 * inactive or expired 410, wrong tokens counted per IP); nothing else of the company leaves the server.
 */
export async function kioskManifest(ctx: Ctx, token: string): Promise<KioskManifest> {
  const { link, company } = await checkKioskToken(ctx, token);
  return presentKioskManifest(token, company.name, link.name, ctx.lang);
}

export function presentKioskManifest(token: string, companyName: string, linkName: string, lang: Ctx['lang']): KioskManifest {
  const page = `/attendance/${encodeURIComponent(token)}`;
  const short = companyName.length > SHORT_NAME_MAX ? `${companyName.slice(0, SHORT_NAME_MAX - 1).trimEnd()}…` : companyName;
  return {
    // One installed app per link: the id (and the scope) is the link's page, so two links install side by side.
    id: page,
    name: `${companyName} · ${linkName}`,
    short_name: short,
    description: translate('kiosk.manifestDescription', lang),
    lang,
    start_url: page,
    scope: page,
    display: 'fullscreen',
    display_override: ['fullscreen', 'standalone'],
    background_color: BACKGROUND,
    theme_color: THEME,
    icons: [
      { src: '/kiosk-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/kiosk-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/kiosk-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
