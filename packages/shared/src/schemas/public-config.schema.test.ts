import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, publicConfigAnswer } from './public-config.js';

describe('public configuration', () => {
  it("the defaults are a valid answer: OpenStreetMap's tiles and the support address, no WhatsApp", () => {
    expect(publicConfigAnswer.parse({ data: DEFAULT_PUBLIC_CONFIG }).data).toEqual({
      map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') },
      support: { email: 'soporte@presente.app', whatsapp: null },
    });
  });
});
