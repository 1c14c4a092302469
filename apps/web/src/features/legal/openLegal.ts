import type { LegalKind } from './LegalContent';

/**
 * Opens Términos, Privacidad or Acerca de, loading the texts and the modal's code at the first click:
 * the landing and the register page do not carry them on their first load (decision 0026).
 */
export function openLegal(kind: LegalKind): void {
  void import('./openLegalModal').then(({ openLegalModal }) => openLegalModal(kind));
}
