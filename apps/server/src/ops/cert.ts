// npm run cert [-- --host name|address ...]: a local certificate authority and a certificate for this machine's
// LAN addresses, so tablets on the office network open the kiosk over HTTPS (browsers give the camera only to a
// secure context). Decision 0043.
import { webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata'; // @peculiar/x509's dependency injection needs it, loaded before it
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
/** Apple refuses TLS certificates valid longer than 825 days, even from a private authority. */
export const SERVER_CERT_DAYS = 825;
const CA_YEARS = 10;

export interface TlsFiles {
  dir: string;
  caCert: string;
  caKey: string;
  cert: string;
  key: string;
}

export function tlsFiles(dataDir: string): TlsFiles {
  const dir = join(dataDir, 'tls');
  return {
    dir,
    caCert: join(dir, 'presente-ca.crt'),
    caKey: join(dir, 'presente-ca.key'),
    cert: join(dir, 'server.crt'),
    key: join(dir, 'server.key'),
  };
}

/** This machine's addresses a tablet could reach: every non-internal IPv4/IPv6 (no link-local IPv6), plus loopback. */
export function lanAddresses(): string[] {
  const found = Object.values(networkInterfaces())
    .flat()
    .filter((i): i is NonNullable<typeof i> => !!i && !i.internal && !(i.family === 'IPv6' && /^fe80:/i.test(i.address)))
    .map((i) => i.address);
  return [...new Set(['127.0.0.1', '::1', ...found])];
}

const isIp = (name: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':');

async function pemKey(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

function writePrivate(path: string, text: string) {
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

async function importKey(pem: string): Promise<CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, EC, false, ['sign']);
}

/** The authority, made once and kept: devices that trust it keep trusting every later server certificate. */
async function authority(files: TlsFiles, now: Date): Promise<{ cert: x509.X509Certificate; key: CryptoKey; created: boolean }> {
  if (existsSync(files.caCert) && existsSync(files.caKey)) {
    return { cert: new x509.X509Certificate(readFileSync(files.caCert, 'utf8')), key: await importKey(readFileSync(files.caKey, 'utf8')), created: false };
  }
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=Presente local CA (${hostname()}), O=Presente`,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + CA_YEARS * 365 * DAY),
    signingAlgorithm: SIGN,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  writeFileSync(files.caCert, `${cert.toString('pem')}\n`);
  writePrivate(files.caKey, await pemKey(keys.privateKey));
  return { cert, key: keys.privateKey, created: true };
}

function serial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] &= 0x7f; // a positive serial number
  return Buffer.from(bytes).toString('hex');
}

export interface CertResult {
  files: TlsFiles;
  names: string[];
  caCreated: boolean;
  notAfter: Date;
  /** base64 SHA-256 of the server certificate's public key (Chromium's --ignore-certificate-errors-spki-list). */
  spki: string;
}

/** Writes DATA_DIR/tls: the authority (kept if present) and a new server certificate for `names`. */
export async function makeCertificates(dataDir: string, names: string[], now = new Date()): Promise<CertResult> {
  const files = tlsFiles(dataDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const ca = await authority(files, now);
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notAfter = new Date(now.getTime() + SERVER_CERT_DAYS * DAY);
  const unique = [...new Set(names)];
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${unique.find((n) => !isIp(n)) ?? unique[0]}`,
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - DAY),
    notAfter,
    signingAlgorithm: SIGN,
    publicKey: keys.publicKey,
    signingKey: ca.key,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(unique.map((n) => ({ type: isIp(n) ? 'ip' : 'dns', value: n }))),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  writeFileSync(files.cert, `${cert.toString('pem')}\n${ca.cert.toString('pem')}\n`);
  writePrivate(files.key, await pemKey(keys.privateKey));
  const spkiDer = await webcrypto.subtle.exportKey('spki', keys.publicKey);
  const spki = Buffer.from(await webcrypto.subtle.digest('SHA-256', spkiDer)).toString('base64');
  return { files, names: unique, caCreated: ca.created, notAfter, spki };
}

/** What `npm run cert` prints: the files, the variables to set, and how each kind of device trusts the authority. */
export function certInstructions(r: CertResult, port: number, redirectPort: number): string[] {
  const lan = r.names.filter((n) => isIp(n) && n !== '127.0.0.1' && n !== '::1' && !n.includes(':'));
  const host = lan[0] ?? 'localhost';
  return [
    `Certificate for: ${r.names.join(', ')}`,
    `  valid until ${r.notAfter.toISOString().slice(0, 10)} (run npm run cert again before then, or when this machine's address changes)`,
    r.caCreated ? `New local certificate authority: ${r.files.caCert}` : `Local certificate authority (kept): ${r.files.caCert}`,
    '',
    'Start the server with:',
    `  TLS_CERT_FILE=${r.files.cert} TLS_KEY_FILE=${r.files.key} HTTP_REDIRECT_PORT=${redirectPort} PORT=${port} npm start`,
    `Kiosks then open https://${host}:${port}/ ; http://${host}:${redirectPort}/ sends them there.`,
    '',
    `Trust the authority once on each device (download it from http://${host}:${redirectPort}/presente-ca.crt):`,
    '  Android (Chrome): Ajustes > Seguridad > Más ajustes > Cifrado y credenciales > Instalar un certificado >',
    '    Certificado de CA > presente-ca.crt.',
    '  iPad / iPhone (Safari): open the link, allow the profile, then Ajustes > General > VPN y gestión de dispositivos >',
    '    install it; then Ajustes > General > Información > Ajustes de confianza de certificados > turn on "Presente local CA".',
    '  Windows (Chrome, Edge): double-click presente-ca.crt > Instalar certificado > Equipo local >',
    '    "Entidades de certificación raíz de confianza" (or, as administrator: certutil -addstore -f ROOT presente-ca.crt).',
    '  macOS: open it in Acceso a Llaveros, then "Confiar siempre" for SSL.',
    `Keep ${r.files.caKey} private: whoever has it can impersonate any site to the devices that trust it.`,
  ];
}

/** npm run cert: `--host x` adds a name or address (repeatable). */
export async function runCert(dataDir: string, argv: string[], port: number, redirectPort: number): Promise<string[]> {
  const extra = argv.flatMap((a, i) => (argv[i - 1] === '--host' ? [a] : []));
  const name = hostname();
  const names = [name, 'localhost', ...(name.includes('.') ? [] : [`${name}.local`]), ...lanAddresses(), ...extra];
  return certInstructions(await makeCertificates(dataDir, names), port, redirectPort);
}
