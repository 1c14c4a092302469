/**
 * The fixture identities whose rendered 3-D heads (decision 0040) stand in for genuine people: bench:attacks
 * (bench/face/attack-source.ts, decision 0074) and burst-floors.ts build one head per photo.
 */

/** Frontal fixture photos whose heads the server engine enrols and identifies on every frame (head3d.e2e.ts). */
export const GENUINE_HEADS = ['stock-a/stock-emotions-a-1.jpg', 'vlado/person-vlado.jpg', '_single/stock-teen-6.jpg', '_single/person-celeste.jpg'];
