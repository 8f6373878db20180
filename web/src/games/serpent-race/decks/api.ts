import { accountApi } from "../../../kit/account";

/** The deck routes (/api/v1/decks) and the organisations a deck may be shared with, as the signed-in account. */
import type { DeckBody, DeckSummary, Org, StoredDeck } from "./types";

/** Pages read at most (100 decks each) when listing: well past what a teacher's list holds. */
const MAX_PAGES = 50;

/**
 * Every deck the account may use: GET /api/v1/decks hands them out a page at a time, and
 * `nextCursor` asks for the page after (null after the last).
 */
export async function listDecks(): Promise<DeckSummary[]> {
  const all: DeckSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const r: { decks: DeckSummary[]; nextCursor: string | null } = await accountApi(`/api/v1/decks?limit=100${q}`);
    all.push(...r.decks);
    cursor = r.nextCursor;
    if (cursor === null) break;
  }
  return all;
}

export const getDeck = (id: string) => accountApi<StoredDeck>(`/api/v1/decks/${encodeURIComponent(id)}`);

export const createDeck = (body: DeckBody) => accountApi<StoredDeck>("/api/v1/decks", { method: "POST", body });

export const updateDeck = (id: string, body: DeckBody) =>
  accountApi<StoredDeck>(`/api/v1/decks/${encodeURIComponent(id)}`, { method: "PUT", body });

export const deleteDeck = (id: string) =>
  accountApi<{ deckid: string }>(`/api/v1/decks/${encodeURIComponent(id)}`, { method: "DELETE" });

export const listOrgs = () => accountApi<{ orgs: Org[] }>("/api/v1/orgs").then((r) => r.orgs);

export const createOrg = (name: string) => accountApi<Org>("/api/v1/orgs", { method: "POST", body: { name } });

export const joinOrg = (inviteCode: string) =>
  accountApi<Org>("/api/v1/orgs/join", { method: "POST", body: { inviteCode } });
