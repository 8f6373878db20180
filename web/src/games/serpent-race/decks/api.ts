import { accountApi } from "../../../kit/account";
import type { DeckBody, DeckSummary, Org, StoredDeck } from "./types";

/** The deck routes (/api/v1/decks) and the organisations a deck may be shared with, as the signed-in account. */
export const listDecks = () => accountApi<{ decks: DeckSummary[] }>("/api/v1/decks").then((r) => r.decks);

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
