import { CardsLobby } from "../games/card-table/Lobby";
import { CardsRoom } from "../games/card-table/Room";
import { TriviaLobby } from "../games/trivia-duel/Lobby";
import { TriviaRoom } from "../games/trivia-duel/Room";
import { usePathname } from "../kit/navigation";
import { Home } from "./Home";
import { NotFound } from "./NotFound";

/** Routing by path alone: each game owns a prefix, a room is the prefix plus its code. */
export function App() {
  const path = usePathname().replace(/\/+$/, "") || "/";
  if (path === "/") return <Home />;
  if (path === "/trivia") return <TriviaLobby />;
  const trivia = /^\/trivia\/([^/]+)$/.exec(path);
  if (trivia?.[1]) return <TriviaRoom key={trivia[1]} code={decodeURIComponent(trivia[1])} />;
  if (path === "/cards") return <CardsLobby />;
  const cards = /^\/cards\/([^/]+)$/.exec(path);
  if (cards?.[1]) return <CardsRoom key={cards[1]} code={decodeURIComponent(cards[1])} />;
  return <NotFound />;
}
