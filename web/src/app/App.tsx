import { lazy, Suspense } from "react";
import { Layout } from "../kit/Layout";
import { usePathname } from "../kit/navigation";
import { Home } from "./Home";
import { NotFound } from "./NotFound";

// Each game's screens load only when its route is opened, so the home page stays light on phones.
const TriviaLobby = lazy(() => import("../games/trivia-duel/Lobby").then((m) => ({ default: m.TriviaLobby })));
const TriviaRoom = lazy(() => import("../games/trivia-duel/Room").then((m) => ({ default: m.TriviaRoom })));
const CardsLobby = lazy(() => import("../games/card-table/Lobby").then((m) => ({ default: m.CardsLobby })));
const CardsRoom = lazy(() => import("../games/card-table/Room").then((m) => ({ default: m.CardsRoom })));
const BingoPage = lazy(() => import("../games/cricket-bingo/Bingo").then((m) => ({ default: m.BingoPage })));
const OutrankLobby = lazy(() => import("../games/outrank/Lobby").then((m) => ({ default: m.OutrankLobby })));
const OutrankRoom = lazy(() => import("../games/outrank/Room").then((m) => ({ default: m.OutrankRoom })));
const SerpentDecks = lazy(() =>
  import("../games/serpent-race/decks/SerpentDecks").then((m) => ({ default: m.SerpentDecks })),
);
const SerpentLobby = lazy(() => import("../games/serpent-race/Lobby").then((m) => ({ default: m.SerpentLobby })));
const SerpentRoom = lazy(() => import("../games/serpent-race/Room").then((m) => ({ default: m.SerpentRoom })));

/** Routing by path alone: each game owns a prefix, a room is the prefix plus its code. */
export function App() {
  return (
    <Suspense
      fallback={
        <Layout>
          <p className="muted center">Loading…</p>
        </Layout>
      }
    >
      <Route path={usePathname().replace(/\/+$/, "") || "/"} />
    </Suspense>
  );
}

function Route({ path }: { path: string }) {
  if (path === "/") return <Home />;
  if (path === "/trivia") return <TriviaLobby />;
  const trivia = /^\/trivia\/([^/]+)$/.exec(path);
  if (trivia?.[1]) return <TriviaRoom key={trivia[1]} code={decodeURIComponent(trivia[1])} />;
  if (path === "/bingo") return <BingoPage />;
  const bingo = /^\/bingo\/([^/]+)$/.exec(path);
  if (bingo?.[1]) return <BingoPage key={bingo[1]} date={decodeURIComponent(bingo[1])} />;
  if (path === "/cards") return <CardsLobby />;
  const cards = /^\/cards\/([^/]+)$/.exec(path);
  if (cards?.[1]) return <CardsRoom key={cards[1]} code={decodeURIComponent(cards[1])} />;
  if (path === "/outrank") return <OutrankLobby />;
  const outrank = /^\/outrank\/([^/]+)$/.exec(path);
  if (outrank?.[1]) return <OutrankRoom key={outrank[1]} code={decodeURIComponent(outrank[1])} />;
  const decks = /^\/serpent\/decks(?:\/([^/]+))?$/.exec(path);
  if (decks) return <SerpentDecks key={path} deckid={decks[1] && decodeURIComponent(decks[1])} />;
  if (path === "/serpent") return <SerpentLobby />;
  // "/serpent/decks…" is the deck editor's (matched above).
  const serpent = /^\/serpent\/([^/]+)(\/projector)?$/.exec(path);
  if (serpent?.[1] && serpent[1] !== "decks")
    return <SerpentRoom key={path} code={decodeURIComponent(serpent[1])} projector={serpent[2] !== undefined} />;
  return <NotFound />;
}
