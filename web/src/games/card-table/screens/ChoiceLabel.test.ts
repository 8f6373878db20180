import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CAH_VARIANTS, formFromDefaults } from "../settings-form";
import type { PacksState } from "../usePacks";
import { ChoiceLabel } from "./ChoiceLabel";
import { SettingsFields } from "./SettingsFields";

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const words = (name: string, description: string) =>
  `<span><strong>${name}</strong><span class="ct-choice__desc">${description.replace(/'/g, "&#x27;")}</span></span>`;

describe("ChoiceLabel: the words of a set-up choice", () => {
  it("shows the name in bold and the description below, a note beside the name when given", () => {
    expect(html(createElement(ChoiceLabel, { name: "Base", description: "The cards." }))).toBe(
      words("Base", "The cards."),
    );
    expect(html(createElement(ChoiceLabel, { name: "Base", note: "500 cards", description: "The cards." }))).toBe(
      '<span><strong>Base</strong> <span class="muted small">500 cards</span><span class="ct-choice__desc">The cards.</span></span>',
    );
  });

  it("words every variant of the settings alike, grouped ones and house rules", () => {
    const packs: PacksState = { packs: [], error: null, more: false, loadingMore: false, loadMore: () => {} };
    const form = formFromDefaults(undefined, CAH_VARIANTS);
    const out = html(createElement(SettingsFields, { form, onChange: () => {}, variants: CAH_VARIANTS, packs }));
    expect(CAH_VARIANTS.some((v) => v.group) && CAH_VARIANTS.some((v) => !v.group)).toBe(true);
    for (const v of CAH_VARIANTS) expect(out).toContain(words(v.name, v.description));
  });
});
