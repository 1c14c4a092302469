import { describe, expect, it } from 'vitest';
import { kioskShellFiles, type ShellChunk } from './shell';

/** A small Vite chunk graph shaped like the real one (dist/.vite/manifest.json). */
const GRAPH: Record<string, ShellChunk> = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js', '_api-1.js'],
    css: ['assets/index-1.css'],
    dynamicImports: [
      '_esm-notifications.js',
      'src/features/face/kiosk/KioskPage.tsx',
      'src/app/ProtectedArea.tsx',
      'src/features/landing/pages/LandingPage.tsx',
    ],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_api-1.js': {
    file: 'assets/api-1.js',
    dynamicImports: [
      '_locale-es-common-1.js',
      '_locale-en-common-1.js',
      '_locale-es-employee-1.js',
      '_locale-es-settings-1.js',
      'virtual:presente-messages/es',
    ],
  },
  '_esm-notifications.js': { file: 'assets/esm-1.js', imports: ['_react-1.js'] },
  'src/features/face/kiosk/KioskPage.tsx': { file: 'assets/KioskPage-1.js', imports: ['index.html', '_useFaceWatch-1.js'] },
  '_useFaceWatch-1.js': { file: 'assets/useFaceWatch-1.js', dynamicImports: ['../../node_modules/@vladmandic/human/dist/human.esm.js'] },
  '../../node_modules/@vladmandic/human/dist/human.esm.js': { file: 'assets/human.esm-1.js' },
  'src/app/ProtectedArea.tsx': { file: 'assets/ProtectedArea-1.js', dynamicImports: ['src/features/dashboard/Layout.tsx'] },
  'src/features/dashboard/Layout.tsx': { file: 'assets/Layout-1.js' },
  'src/features/landing/pages/LandingPage.tsx': { file: 'assets/LandingPage-1.js' },
  '_locale-es-common-1.js': { file: 'assets/locale-es-common-1.js' },
  '_locale-en-common-1.js': { file: 'assets/locale-en-common-1.js' },
  '_locale-es-employee-1.js': { file: 'assets/locale-es-employee-1.js' },
  '_locale-es-settings-1.js': { file: 'assets/locale-es-settings-1.js' },
  'virtual:presente-messages/es': { file: 'assets/es-1.js' },
};

describe('kiosk app shell', () => {
  it("holds what the kiosk page opens with (entry, styles, its chunks, Human, its translations) and none of the other pages' code", () => {
    const files = kioskShellFiles(GRAPH);
    expect([...files].sort()).toEqual(
      [
        'index.html',
        'assets/index-1.js',
        'assets/index-1.css',
        'assets/react-1.js',
        'assets/api-1.js',
        'assets/esm-1.js',
        'assets/KioskPage-1.js',
        'assets/useFaceWatch-1.js',
        'assets/human.esm-1.js',
        'assets/locale-es-common-1.js',
        'assets/locale-en-common-1.js',
        'assets/locale-es-employee-1.js',
        'assets/es-1.js',
      ].sort(),
    );
  });

  it('fails the build when the kiosk page is not in the graph (a renamed file would silently cache nothing)', () => {
    const { 'src/features/face/kiosk/KioskPage.tsx': _kiosk, ...rest } = GRAPH;
    expect(() => kioskShellFiles(rest)).toThrow(/kiosk page/);
  });
});
