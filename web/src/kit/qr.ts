import qrcode from "qrcode-generator";

/** Light modules around the code, as the QR standard asks (four), so a camera finds its edges. */
export const QUIET_ZONE = 4;

/**
 * The QR code's modules for `text` (true: dark), drawn here rather than fetched: the page
 * never asks another server for an image. Error correction M (15%) survives a smudged
 * projector or a glare on a phone screen; the version grows with the text.
 */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  // Byte mode holds UTF-8: the library reads one byte per character of the string it gets.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/**
 * One SVG path for every dark module, a horizontal run at a time ("M x y h w v1 h -w z"),
 * offset by the quiet zone: a few kilobytes where a rect per module would be ten times that.
 */
export function qrPath(matrix: boolean[][]): string {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      parts.push(`M${start + QUIET_ZONE} ${r + QUIET_ZONE}h${c - start}v1h-${c - start}z`);
    }
  });
  return parts.join("");
}
