import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTour } from './runTour';

// The real driver.js (test/setup.ts replaces it with a stub for the screens' tests).
vi.unmock('driver.js');

const ariaOf = (el: Element | null) => (el ? el.getAttributeNames().filter((name) => name.startsWith('aria-')) : null);

describe('createTour', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("leaves no aria-haspopup/expanded/controls on the invisible div of a centred step (a div may not carry them: axe's aria-allowed-attr)", async () => {
    let highlighted = false;
    const tour = createTour({
      animate: false,
      steps: [{ popover: { title: 'Bienvenido', description: 'Primer paso' } }],
      onHighlighted: () => {
        highlighted = true;
      },
    });
    tour.drive();
    await waitFor(() => expect(highlighted).toBe(true));
    const dummy = document.getElementById('driver-dummy-element');
    expect(dummy).not.toBeNull();
    expect(ariaOf(dummy)).toEqual([]);
    tour.destroy();
  });

  it('keeps them on a real element the step points at (a button may say it opens the dialog)', async () => {
    document.body.innerHTML = '<button id="target" type="button">Nuevo empleado</button>';
    const tour = createTour({ animate: false, steps: [{ element: '#target', popover: { title: 'Empleados' } }] });
    tour.drive();
    await waitFor(() => expect(document.getElementById('target')?.getAttribute('aria-expanded')).toBe('true'));
    tour.destroy();
  });
});
