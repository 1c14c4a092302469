/**
 * Raw RGB frames -> a y4m video, the format of Chromium's --use-file-for-fake-video-capture (which loops it).
 * Planar YUV 4:2:0, BT.601 full range (C420jpeg). The e2e journeys' photo videos (e2e/support/face.ts) use the
 * same conversion.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

export interface Yuv420 {
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

/** width x height x 3 RGB (rows top to bottom; even sides) as YUV 4:2:0, chroma averaged over each 2x2 block. */
export function rgbToYuv420(rgb: Uint8Array, width: number, height: number): Yuv420 {
  const y = new Uint8Array(width * height);
  const u = new Uint8Array((width / 2) * (height / 2));
  const v = new Uint8Array((width / 2) * (height / 2));
  for (let i = 0; i < width * height; i++) y[i] = Math.round(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  for (let cy = 0; cy < height / 2; cy++)
    for (let cx = 0; cx < width / 2; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const p = ((cy * 2 + dy) * width + cx * 2 + dx) * 3;
        r += rgb[p];
        g += rgb[p + 1];
        b += rgb[p + 2];
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const c = cy * (width / 2) + cx;
      u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  return { y, u, v };
}

/** A y4m file being written frame by frame. */
export function y4mWriter(path: string, width: number, height: number, fps: number) {
  const fd = openSync(path, 'w');
  writeSync(fd, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  return {
    frame(f: Yuv420) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, f.y);
      writeSync(fd, f.u);
      writeSync(fd, f.v);
    },
    close: () => closeSync(fd),
  };
}
