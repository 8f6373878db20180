import jsQR from "jsqr";

/**
 * Read a QR code back the way a phone's camera would, from the SVG path the Invite draws
 * ("M x y h w v1 h -w z" runs of dark modules on a white square): paint it into pixels and
 * let an independent decoder (jsQR) find and read it. Returns the text, or null.
 */
export function decodeQrPath(d: string, side: number, scale = 4): string | null {
  const matrix = pathModules(d, side);
  const px = side * scale;
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  for (let y = 0; y < px; y++)
    for (let x = 0; x < px; x++) {
      if (!matrix[Math.floor(y / scale)]![Math.floor(x / scale)]) continue;
      const i = (y * px + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
    }
  return jsQR(rgba, px, px)?.data ?? null;
}

/** The dark modules a path of horizontal runs paints, as rows of booleans over the whole square. */
export function pathModules(d: string, side: number): boolean[][] {
  const m = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const run of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let i = 0; i < w; i++) m[y]![x + i] = true;
  }
  return m;
}
