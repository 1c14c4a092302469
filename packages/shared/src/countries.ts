import type { CountryView } from './schemas/countries.js';

/**
 * Countries offered at registration: the Spanish-speaking Americas, Brazil, the United States and Spain.
 * The first timezone is the country's default. Offsets are computed for the current date (DST-aware).
 */
export interface CountryDef {
  code: string;
  name: { es: string; en: string };
  locale: string;
  timezones: { timezone: string; name: string }[];
}

export const COUNTRIES: CountryDef[] = [
  { code: 'PE', name: { es: 'Perú', en: 'Peru' }, locale: 'es-PE', timezones: [{ timezone: 'America/Lima', name: 'Lima' }] },
  {
    code: 'AR',
    name: { es: 'Argentina', en: 'Argentina' },
    locale: 'es-AR',
    timezones: [{ timezone: 'America/Argentina/Buenos_Aires', name: 'Buenos Aires' }],
  },
  {
    code: 'BO',
    name: { es: 'Bolivia', en: 'Bolivia' },
    locale: 'es-BO',
    timezones: [{ timezone: 'America/La_Paz', name: 'La Paz' }],
  },
  {
    code: 'BR',
    name: { es: 'Brasil', en: 'Brazil' },
    locale: 'pt-BR',
    timezones: [
      { timezone: 'America/Sao_Paulo', name: 'São Paulo / Brasília' },
      { timezone: 'America/Manaus', name: 'Manaus' },
      { timezone: 'America/Fortaleza', name: 'Fortaleza' },
      { timezone: 'America/Rio_Branco', name: 'Rio Branco' },
      { timezone: 'America/Noronha', name: 'Fernando de Noronha' },
    ],
  },
  {
    code: 'CL',
    name: { es: 'Chile', en: 'Chile' },
    locale: 'es-CL',
    timezones: [
      { timezone: 'America/Santiago', name: 'Santiago' },
      { timezone: 'America/Punta_Arenas', name: 'Punta Arenas' },
      { timezone: 'Pacific/Easter', name: 'Isla de Pascua' },
    ],
  },
  { code: 'CO', name: { es: 'Colombia', en: 'Colombia' }, locale: 'es-CO', timezones: [{ timezone: 'America/Bogota', name: 'Bogotá' }] },
  {
    code: 'CR',
    name: { es: 'Costa Rica', en: 'Costa Rica' },
    locale: 'es-CR',
    timezones: [{ timezone: 'America/Costa_Rica', name: 'San José' }],
  },
  { code: 'CU', name: { es: 'Cuba', en: 'Cuba' }, locale: 'es-CU', timezones: [{ timezone: 'America/Havana', name: 'La Habana' }] },
  {
    code: 'DO',
    name: { es: 'República Dominicana', en: 'Dominican Republic' },
    locale: 'es-DO',
    timezones: [{ timezone: 'America/Santo_Domingo', name: 'Santo Domingo' }],
  },
  {
    code: 'EC',
    name: { es: 'Ecuador', en: 'Ecuador' },
    locale: 'es-EC',
    timezones: [
      { timezone: 'America/Guayaquil', name: 'Quito / Guayaquil' },
      { timezone: 'Pacific/Galapagos', name: 'Galápagos' },
    ],
  },
  {
    code: 'SV',
    name: { es: 'El Salvador', en: 'El Salvador' },
    locale: 'es-SV',
    timezones: [{ timezone: 'America/El_Salvador', name: 'San Salvador' }],
  },
  {
    code: 'ES',
    name: { es: 'España', en: 'Spain' },
    locale: 'es-ES',
    timezones: [
      { timezone: 'Europe/Madrid', name: 'Madrid' },
      { timezone: 'Atlantic/Canary', name: 'Canarias' },
    ],
  },
  {
    code: 'US',
    name: { es: 'Estados Unidos', en: 'United States' },
    locale: 'en-US',
    timezones: [
      { timezone: 'America/New_York', name: 'Eastern (New York)' },
      { timezone: 'America/Chicago', name: 'Central (Chicago)' },
      { timezone: 'America/Denver', name: 'Mountain (Denver)' },
      { timezone: 'America/Phoenix', name: 'Arizona (Phoenix)' },
      { timezone: 'America/Los_Angeles', name: 'Pacific (Los Angeles)' },
      { timezone: 'America/Anchorage', name: 'Alaska (Anchorage)' },
      { timezone: 'Pacific/Honolulu', name: 'Hawaii (Honolulu)' },
    ],
  },
  {
    code: 'GT',
    name: { es: 'Guatemala', en: 'Guatemala' },
    locale: 'es-GT',
    timezones: [{ timezone: 'America/Guatemala', name: 'Ciudad de Guatemala' }],
  },
  {
    code: 'HN',
    name: { es: 'Honduras', en: 'Honduras' },
    locale: 'es-HN',
    timezones: [{ timezone: 'America/Tegucigalpa', name: 'Tegucigalpa' }],
  },
  {
    code: 'MX',
    name: { es: 'México', en: 'Mexico' },
    locale: 'es-MX',
    timezones: [
      { timezone: 'America/Mexico_City', name: 'Ciudad de México' },
      { timezone: 'America/Cancun', name: 'Cancún' },
      { timezone: 'America/Monterrey', name: 'Monterrey' },
      { timezone: 'America/Chihuahua', name: 'Chihuahua' },
      { timezone: 'America/Mazatlan', name: 'Mazatlán' },
      { timezone: 'America/Hermosillo', name: 'Hermosillo' },
      { timezone: 'America/Tijuana', name: 'Tijuana' },
    ],
  },
  { code: 'NI', name: { es: 'Nicaragua', en: 'Nicaragua' }, locale: 'es-NI', timezones: [{ timezone: 'America/Managua', name: 'Managua' }] },
  { code: 'PA', name: { es: 'Panamá', en: 'Panama' }, locale: 'es-PA', timezones: [{ timezone: 'America/Panama', name: 'Panamá' }] },
  { code: 'PY', name: { es: 'Paraguay', en: 'Paraguay' }, locale: 'es-PY', timezones: [{ timezone: 'America/Asuncion', name: 'Asunción' }] },
  {
    code: 'PR',
    name: { es: 'Puerto Rico', en: 'Puerto Rico' },
    locale: 'es-PR',
    timezones: [{ timezone: 'America/Puerto_Rico', name: 'San Juan' }],
  },
  {
    code: 'UY',
    name: { es: 'Uruguay', en: 'Uruguay' },
    locale: 'es-UY',
    timezones: [{ timezone: 'America/Montevideo', name: 'Montevideo' }],
  },
  { code: 'VE', name: { es: 'Venezuela', en: 'Venezuela' }, locale: 'es-VE', timezones: [{ timezone: 'America/Caracas', name: 'Caracas' }] },
];

export function findCountry(code: string): CountryDef | undefined {
  const upper = code.toUpperCase();
  return COUNTRIES.find((c) => c.code === upper);
}

/** UTC offset of a timezone at an instant, as "+HH:MM"/"-HH:MM". */
export function utcOffset(timezone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

/** The API shape of a country (spec §3 Country, `countryAnswer`) in a language. */
export function countryView(c: CountryDef, lang: 'es' | 'en', at: Date = new Date()): CountryView {
  return {
    code: c.code,
    name: c.name[lang],
    timezone: c.timezones[0].timezone,
    locale: c.locale,
    timezones: c.timezones.map((t) => ({ ...t, offset: utcOffset(t.timezone, at) })),
  };
}
