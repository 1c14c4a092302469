import type { Config } from '../../config.js';

/** The base of links in mails a job sends (no request to read a host from): PUBLIC_URL, else this server. */
export const jobLinkBase = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** The page of a register download link (it offers the Excel and the PDF). */
export const registerDownloadUrl = (base: string, token: string) => `${base}/api/public/register/${token}`;
