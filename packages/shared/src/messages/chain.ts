/** Tamper evidence of the attendance register (decision 0038). es first. */
export const CHAIN_MESSAGES = {
  'chain.footer': {
    es: 'Integridad: cadena de {entries} entradas, hash final {hash}, exportado el {at}. Verificable con la página de integridad del administrador o npm run verify-register.',
    en: 'Integrity: chain of {entries} entries, head hash {hash}, exported at {at}. Verifiable on the admin integrity page or with npm run verify-register.',
  },
} as const;
