import type { FaceGuide, SeenFace } from '../camera/faceGuide';

/**
 * Stands in for Human in the face tests (jsdom cannot run it: importing its node build only prints
 * "Cannot find module @tensorflow/tfjs-node"). Tests mock '../camera/faceGuide' with `fakeFaceGuideModule`
 * and choose per test what the camera "sees":
 *   fakeGuide.mode = 'unavailable'  -> loadFaceGuide() resolves null (the pages' unguided path)
 *   fakeGuide.mode = 'ready'        -> every look returns fakeGuide.faces()
 */
export const fakeGuide: {
  mode: 'unavailable' | 'ready';
  faces: () => SeenFace[];
  looks: number;
  /** The faces each snapshot was last judged to show (a page's frames are these canvases, reused in turn). */
  judged: Map<HTMLCanvasElement, SeenFace[]>;
  loaded: Promise<void> | null;
} = {
  mode: 'unavailable',
  faces: () => [],
  looks: 0,
  judged: new Map(),
  /** When set, loadFaceGuide() answers only once it resolves (models still downloading). */
  loaded: null,
};

/** A face as Human would report it in a 640x480 frame: centred in the oval, well lit, looking straight. */
export function seenFace(over: Partial<SeenFace> = {}): SeenFace {
  return { box: [220, 132, 200, 200], yaw: 0, brightness: 120, ...over };
}

/** The yaw of each challenge step (< 0: the person's own left, as the server reads unmirrored frames). */
export const STEP_YAW = { straight: 0, left: -25, right: 25 } as const;

/**
 * A face that follows the prompt the kiosk is showing (data-step of its overlay), like a person would: turned for a
 * turn, facing the screen otherwise (a smile or a nod moves no yaw the guidance reads).
 */
export function followKioskSteps(): SeenFace[] {
  const step = document.querySelector('[data-testid="kiosk-step"]')?.getAttribute('data-step') ?? 'straight';
  return [seenFace({ yaw: (STEP_YAW as Record<string, number>)[step] ?? 0 })];
}

export function resetFakeGuide() {
  fakeGuide.mode = 'unavailable';
  fakeGuide.faces = () => [];
  fakeGuide.looks = 0;
  fakeGuide.judged = new Map();
  fakeGuide.loaded = null;
}

export const fakeFaceGuideModule = {
  async loadFaceGuide(): Promise<FaceGuide | null> {
    await fakeGuide.loaded;
    if (fakeGuide.mode !== 'ready') return null;
    return {
      async detect(frame) {
        fakeGuide.looks++;
        const faces = fakeGuide.faces();
        fakeGuide.judged.set(frame, faces);
        return faces;
      },
    };
  },
};
