/**
 * Renders a HeadModel with raw WebGL2 in headless Chromium (playwright-core, the e2e journeys' browser):
 * perspective camera, the head rotated about its pivot, eyelids/mouth moved by the model's displacement fields,
 * the face lit by the pose's light colour, a plain wall behind, and a little per-frame sensor noise (a real
 * camera never sends two identical frames). Frames come back as raw RGB (640x480 by default) read from the GPU
 * buffer, then JPEG-encoded by sharp.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { HeadModel } from './model.js';
import { frameTimes, type Key, type Pose, poseAt } from './script.js';
import { rgbToYuv420, y4mWriter } from './y4m.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RenderOptions {
  width?: number;
  height?: number;
  /** Distance from the camera to the head's pivot, in face widths (2.9: a face ~220 px wide at 640x480, an arm's length from a tablet). */
  distance?: number;
  /** Vertical field of view in degrees (a webcam: ~40-45°). */
  fov?: number;
  /** The wall behind (RGB 0-255). */
  wall?: [number, number, number];
}

export interface Frame {
  /** Capture time in ms from the first frame. */
  t: number;
  pose: Pose;
  /** width x height x 3, rows top to bottom. */
  rgb: Buffer;
  width: number;
  height: number;
  /** Wall time of the GPU render and read-back, ms. */
  renderMs: number;
}

export interface HeadRenderer {
  render(pose: Pose, seed?: number): Promise<Frame>;
  /** The frame as a JPEG encoded in the browser (quality 0-1): several times faster than `render` + `jpegOf`. */
  renderJpeg(pose: Pose, seed?: number, quality?: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** Runs in the page: sets the WebGL2 scene up once; `window.__head(pose, seed)` then draws a frame and returns base64 RGB. */
function pageSetup(input: {
  model: { positions: number[]; uvs: number[]; blink: number[]; smile: number[]; mouth: number[]; dark: number[]; alpha: number[]; indices: number[] };
  texture: string;
  width: number;
  height: number;
  distance: number;
  fov: number;
  wall: [number, number, number];
}) {
  const { model, width, height } = input;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.appendChild(canvas);
  const gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
  if (!gl) throw new Error('no WebGL2');
  const compile = (vs: string, fs: string) => {
    const prog = gl.createProgram()!;
    for (const [type, src] of [
      [gl.VERTEX_SHADER, vs],
      [gl.FRAGMENT_SHADER, fs],
    ] as const) {
      const sh = gl.createShader(type)!;
      gl.shaderSource(sh, src);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(sh) ?? 'shader');
      gl.attachShader(prog, sh);
    }
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(prog) ?? 'link');
    return prog;
  };
  const noise = `float hash(vec2 p) { return fract(sin(dot(p, vec2(12.9898, 78.233)) + uSeed * 0.6180339) * 43758.5453); }`;
  const head = compile(
    `#version 300 es
    in vec3 aPos; in vec2 aUv; in vec3 aBlink; in vec3 aSmile; in vec3 aMouth; in float aDark; in float aAlpha;
    uniform mat4 uMvp; uniform float uBlink; uniform float uSmile; uniform float uMouth;
    out vec2 vUv; out float vDark; out float vAlpha;
    void main() {
      vec3 p = aPos + uBlink * aBlink + uSmile * aSmile + uMouth * aMouth;
      gl_Position = uMvp * vec4(p, 1.0);
      vUv = aUv; vDark = aDark * uMouth; vAlpha = aAlpha;
    }`,
    `#version 300 es
    precision highp float;
    in vec2 vUv; in float vDark; in float vAlpha;
    uniform sampler2D uTex; uniform vec3 uLight; uniform float uSeed;
    out vec4 outColor;
    ${noise}
    void main() {
      vec3 c = texture(uTex, vUv).rgb;
      c = mix(c, vec3(0.10, 0.04, 0.04), clamp(vDark, 0.0, 1.0));
      c *= uLight;
      c += (hash(gl_FragCoord.xy) - 0.5) * 7.0 / 255.0;
      outColor = vec4(c, vAlpha);
    }`,
  );
  const wall = compile(
    `#version 300 es
    in vec2 aXy; out vec2 vXy;
    void main() { vXy = aXy; gl_Position = vec4(aXy, 0.999, 1.0); }`,
    `#version 300 es
    precision highp float;
    in vec2 vXy; uniform vec3 uWall; uniform vec3 uLight; uniform float uSeed;
    out vec4 outColor;
    ${noise}
    void main() {
      // A wall a few metres behind: lit by the room, barely by the screen; darker towards the edges.
      vec3 c = uWall / 255.0 * (1.0 - 0.18 * dot(vXy, vXy)) * mix(vec3(1.0), uLight, 0.15);
      c += (hash(gl_FragCoord.xy) - 0.5) * 7.0 / 255.0;
      outColor = vec4(c, 1.0);
    }`,
  );

  const buffer = (prog: WebGLProgram, name: string, data: number[], size: number) => {
    const loc = gl.getAttribLocation(prog, name);
    const b = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, b);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(data), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, size, gl.FLOAT, false, 0, 0);
  };
  const headVao = gl.createVertexArray();
  gl.bindVertexArray(headVao);
  buffer(head, 'aPos', model.positions, 3);
  buffer(head, 'aUv', model.uvs, 2);
  buffer(head, 'aBlink', model.blink, 3);
  buffer(head, 'aSmile', model.smile, 3);
  buffer(head, 'aMouth', model.mouth, 3);
  buffer(head, 'aDark', model.dark, 1);
  buffer(head, 'aAlpha', model.alpha, 1);
  const ib = gl.createBuffer();
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, ib);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint16Array(model.indices), gl.STATIC_DRAW);
  const wallVao = gl.createVertexArray();
  gl.bindVertexArray(wallVao);
  buffer(wall, 'aXy', [-1, -1, 1, -1, -1, 1, 1, 1], 2);
  gl.bindVertexArray(null);

  const bytes = Uint8Array.from(atob(input.texture), (c) => c.charCodeAt(0));
  const ready = createImageBitmap(new Blob([bytes], { type: 'image/jpeg' })).then((bitmap) => {
    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, tex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, bitmap);
    gl.generateMipmap(gl.TEXTURE_2D);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  });

  // Column-major 4x4 helpers.
  type M = number[];
  const mul = (a: M, b: M): M => {
    const o = new Array(16).fill(0);
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
    return o;
  };
  const rad = Math.PI / 180;
  const f = 1 / Math.tan((input.fov * rad) / 2);
  const [near, far] = [0.1, 50];
  const proj: M = [f / (width / height), 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0, (2 * far * near) / (near - far), 0];
  const rotY = (a: number): M => [Math.cos(a), 0, -Math.sin(a), 0, 0, 1, 0, 0, Math.sin(a), 0, Math.cos(a), 0, 0, 0, 0, 1];
  const rotX = (a: number): M => [1, 0, 0, 0, 0, Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1];
  const rotZ = (a: number): M => [Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const move = (p: Pose): M => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, p.x, 0.05 + p.y, -input.distance - p.back, 1];

  const rgba = new Uint8Array(width * height * 4);
  const rgb = new Uint8Array(width * height * 3);
  const draw = async (pose: Pose, seed: number) => {
    await ready;
    gl.viewport(0, 0, width, height);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.disable(gl.DEPTH_TEST);
    gl.useProgram(wall);
    gl.uniform3fv(gl.getUniformLocation(wall, 'uWall'), input.wall);
    gl.uniform3fv(gl.getUniformLocation(wall, 'uLight'), pose.light);
    gl.uniform1f(gl.getUniformLocation(wall, 'uSeed'), seed);
    gl.bindVertexArray(wallVao);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.enable(gl.DEPTH_TEST);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.useProgram(head);
    // Human's signs (script.ts): yaw > 0 moves the nose to the frame's left, pitch > 0 moves it down.
    const modelM = mul(move(pose), mul(rotZ(pose.roll * rad), mul(rotY(-pose.yaw * rad), rotX(pose.pitch * rad))));
    gl.uniformMatrix4fv(gl.getUniformLocation(head, 'uMvp'), false, mul(proj, modelM));
    gl.uniform1f(gl.getUniformLocation(head, 'uBlink'), pose.blink);
    gl.uniform1f(gl.getUniformLocation(head, 'uSmile'), pose.smile);
    gl.uniform1f(gl.getUniformLocation(head, 'uMouth'), pose.mouth);
    gl.uniform3fv(gl.getUniformLocation(head, 'uLight'), pose.light);
    gl.uniform1f(gl.getUniformLocation(head, 'uSeed'), seed + 0.5);
    gl.uniform1i(gl.getUniformLocation(head, 'uTex'), 0);
    gl.bindVertexArray(headVao);
    gl.drawElements(gl.TRIANGLES, model.indices.length, gl.UNSIGNED_SHORT, 0);
  };
  // A frame encoded by the browser itself (no raw read-back over the protocol): base64 JPEG.
  (window as unknown as Record<string, unknown>).__headJpeg = async (pose: Pose, seed: number, quality: number) => {
    await draw(pose, seed);
    // Blending left alpha under 1 where the outer ring fades; the read-back ignores it, an encoder would not.
    gl.colorMask(false, false, false, true);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.colorMask(true, true, true, true);
    return canvas.toDataURL('image/jpeg', quality).slice('data:image/jpeg;base64,'.length);
  };
  (window as unknown as Record<string, unknown>).__head = async (pose: Pose, seed: number) => {
    await draw(pose, seed);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    // GL rows are bottom-up.
    for (let y = 0; y < height; y++) {
      const src = (height - 1 - y) * width * 4;
      const dst = y * width * 3;
      for (let x = 0; x < width; x++) {
        rgb[dst + x * 3] = rgba[src + x * 4];
        rgb[dst + x * 3 + 1] = rgba[src + x * 4 + 1];
        rgb[dst + x * 3 + 2] = rgba[src + x * 4 + 2];
      }
    }
    let s = '';
    for (let i = 0; i < rgb.length; i += 0x8000) s += String.fromCharCode(...rgb.subarray(i, i + 0x8000));
    return btoa(s);
  };
}

/** Opens a page with the head loaded; `browser` may be shared, else one is launched (and closed by `close`). */
export async function headRenderer(model: HeadModel, opts: RenderOptions & { browser?: Browser } = {}): Promise<HeadRenderer> {
  const width = opts.width ?? 640;
  const height = opts.height ?? 480;
  const own = !opts.browser;
  const browser = opts.browser ?? (await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] }));
  const page: Page = await browser.newPage();
  // tsx and vitest (esbuild with keepNames) wrap named functions in `__name(...)`, which the page lacks.
  await page.evaluate('globalThis.__name = (f) => f');
  await page.evaluate(pageSetup, {
    model: {
      positions: Array.from(model.positions),
      uvs: Array.from(model.uvs),
      blink: Array.from(model.blink),
      smile: Array.from(model.smile),
      mouth: Array.from(model.mouth),
      dark: Array.from(model.dark),
      alpha: Array.from(model.alpha),
      indices: Array.from(model.indices),
    },
    texture: model.texture.toString('base64'),
    width,
    height,
    distance: opts.distance ?? 2.9,
    fov: opts.fov ?? 42,
    wall: opts.wall ?? [176, 170, 160],
  });
  let frames = 0;
  return {
    async render(pose, seed = ++frames) {
      const started = performance.now();
      const b64 = await page.evaluate(([p, s]) => (window as unknown as { __head: (p: Pose, s: number) => Promise<string> }).__head(p, s), [
        pose,
        seed,
      ] as const);
      return { t: 0, pose, rgb: Buffer.from(b64, 'base64'), width, height, renderMs: performance.now() - started };
    },
    async renderJpeg(pose, seed = ++frames, quality = 0.9) {
      const b64 = await page.evaluate(
        ([p, s, q]) => (window as unknown as { __headJpeg: (p: Pose, s: number, q: number) => Promise<string> }).__headJpeg(p, s, q),
        [pose, seed, quality] as const,
      );
      return Buffer.from(b64, 'base64');
    },
    async close() {
      await page.close();
      if (own) await browser.close();
    },
  };
}

/** Renders the script at `fps`: one frame per capture time, with its time. */
export async function renderScript(renderer: HeadRenderer, keys: readonly Key[], times: readonly number[]): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const t of times) frames.push({ ...(await renderer.render(poseAt(keys, t))), t });
  return frames;
}

/** A frame as the JPEG a kiosk page would send. */
export const jpegOf = (frame: Frame, quality = 90) =>
  sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/**
 * Renders `keys` at `fps` straight into a y4m fake-camera video (Chromium loops it); returns the path and the
 * frame count. Frames are rendered one at a time, so a long video never sits in memory.
 */
export async function writeHeadY4m(
  renderer: HeadRenderer,
  keys: readonly Key[],
  ms: number,
  path: string,
  fps = 10,
): Promise<{ path: string; frames: number }> {
  const times = frameTimes(ms, fps);
  let out: ReturnType<typeof y4mWriter> | undefined;
  try {
    for (const t of times) {
      const frame = await renderer.render(poseAt(keys, t));
      out ??= y4mWriter(path, frame.width, frame.height, fps);
      out.frame(rgbToYuv420(frame.rgb, frame.width, frame.height));
    }
  } finally {
    out?.close();
  }
  return { path, frames: times.length };
}
