import type { Config } from '../config.js';

/**
 * The address written into mails and links (password resets, account mails, payment returns): PUBLIC_URL
 * when set. Without it, the request's own host only when it is on LINK_HOSTS (localhost by default);
 * otherwise the server's local address. A Host or X-Forwarded-Host header an attacker wrote never becomes
 * the link of a reset mail sent to someone else (decision 0025).
 */
export function linkBase(config: Pick<Config, 'PUBLIC_URL' | 'LINK_HOSTS' | 'PORT'>, req: { protocol: string; host: string }): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  const host = req.host.toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  if (config.LINK_HOSTS.includes(name)) return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
  return `http://localhost:${config.PORT}`;
}
