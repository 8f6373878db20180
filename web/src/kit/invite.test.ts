import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { decodeQrPath, pathModules } from "../../../test/support/qr-decode";
import { Invite } from "./Invite";
import { QUIET_ZONE, qrMatrix } from "./qr";

/** The Invite's markup for a link, with its QR path and the square's side read out of the SVG. */
function rendered(url: string) {
  const html = renderToStaticMarkup(createElement(Invite, { url, label: "Link to this room", title: "A room" }));
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(html)?.[1]);
  const d = /<path d="([^"]+)" fill="#000"/.exec(html)?.[1] ?? "";
  return { html, side, d };
}

describe("Invite: the QR code encodes the join link", () => {
  const links = [
    "http://127.0.0.1:3000/trivia/K7QX2M",
    "https://parlor.example/serpent/ABCDEFGHJKLMNPQRSTUVWXYZ23456789/projector",
    "https://parlor.example/cards/ÉTÉ2027?from=qr",
  ];

  for (const url of links)
    it(`a phone's camera reads ${url} back from the drawn code`, () => {
      const { side, d } = rendered(url);
      expect(decodeQrPath(d, side)).toBe(url);
    });

  it("draws exactly the library's own modules, inside a quiet zone", () => {
    const url = links[0]!;
    const { side, d } = rendered(url);
    const matrix = qrMatrix(url);
    expect(side).toBe(matrix.length + 2 * QUIET_ZONE);
    const drawn = pathModules(d, side);
    const inner = drawn.slice(QUIET_ZONE, -QUIET_ZONE).map((row) => row.slice(QUIET_ZONE, -QUIET_ZONE));
    expect(inner).toEqual(matrix);
    // Nothing dark in the quiet zone.
    expect(drawn.slice(0, QUIET_ZONE).flat().some(Boolean)).toBe(false);
    expect(drawn.flatMap((row) => row.slice(0, QUIET_ZONE)).some(Boolean)).toBe(false);
  });

  it("shows the link to copy beside the code, and names the code for screen readers", () => {
    const url = links[0]!;
    const { html } = rendered(url);
    expect(html).toContain(`value="${url}"`);
    expect(html).toContain(`aria-label="QR code for ${url}"`);
    expect(html).toContain(`data-url="${url}"`);
  });
});
