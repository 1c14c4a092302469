/// <reference types="vite/client" />

declare module 'altcha/i18n/es-419';

/** The shared MESSAGES catalogue in one language (apps/web/shared-messages.ts). */
declare module 'virtual:presente-messages/*' {
  const words: Record<string, string>;
  export default words;
}
