import { type FormEvent, useEffect, useState } from "react";
import { AccountForm } from "../../../kit/AccountForm";
import { useAccount } from "../../../kit/account";
import { ApiError, errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { NameBox, Problem, TextBox } from "../../../kit/fields";
import { cleanName, savedName, saveName } from "../../../kit/identity";
import { Link } from "../../../kit/Link";
import { type GameInfo, gameInfo, joinGame, joinOrg, NAME_MAX, serpentSeats } from "../api";

/**
 * Joining by code: a PUBLIC game asks for a name; PRIVATE and ORGANIZATION games for an
 * account (sign in or register here), and an ORGANIZATION game for membership (an invite
 * code from the teacher). Or just watch: a PUBLIC game's projector needs nothing, another
 * game's the same right as joining it (or the gamemaster's projector link).
 */
export function JoinScreen({ code, onJoined, onWatch }: { code: string; onJoined(): void; onWatch(): void }) {
  const account = useAccount();
  const [info, setInfo] = useState<GameInfo | null>(null);
  const [missing, setMissing] = useState(false);
  const [name, setName] = useState(savedName);
  const [invite, setInvite] = useState("");
  const [needsOrg, setNeedsOrg] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    gameInfo(code)
      .then(setInfo)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 404) setMissing(true);
        else setProblem(errorText(e));
      });
  }, [code]);

  const withAccount = info !== null && info.gameType !== "PUBLIC";
  useEffect(() => {
    if (account && withAccount && !name) setName(account.displayName);
  }, [account, withAccount, name]);

  async function join(e?: FormEvent) {
    e?.preventDefault();
    const clean = cleanName(name, NAME_MAX);
    if (!withAccount && !clean) {
      setProblem("Type the name the others will see.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (needsOrg && invite.trim()) {
        await joinOrg(invite.trim());
        setNeedsOrg(false);
      }
      const r = await joinGame(code, clean || undefined);
      serpentSeats.save(code, { token: r.gameToken, name: r.playerName });
      if (clean) saveName(clean);
      onJoined();
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_a_member") setNeedsOrg(true);
      setProblem(errorText(err));
      setBusy(false);
    }
  }

  if (missing)
    return (
      <section className="card stack" data-testid="room-not-found">
        <h1>No game called {code}</h1>
        <p className="muted">Check the code with your teacher, or start a race of your own.</p>
        <div>
          <Link href="/serpent" className="btn btn--primary btn--md">
            SerpentRace
          </Link>
        </div>
      </section>
    );
  if (!info)
    return (
      <section className="card center">
        {problem ? (
          <p className="note note--bad" role="alert">
            {problem}
          </p>
        ) : (
          <p className="muted">Looking up game {code}…</p>
        )}
      </section>
    );

  const started = info.gamePhase !== "waiting";
  return (
    <div className="stack stack--loose" data-testid="join-screen" data-game-type={info.gameType}>
      <div className="stack stack--tight">
        <p className="eyebrow">SerpentRace · game {code}</p>
        <h1>Join the race</h1>
        <p className="muted">
          {info.playerCount} of {info.maxPlayers} players joined.{" "}
          {info.gameType === "PUBLIC"
            ? "Pick a name and you're in."
            : info.gameType === "PRIVATE"
              ? "This game is for players with an account."
              : "This game is for members of the teacher's organisation."}
        </p>
      </div>
      {started && (
        <p className="banner banner--warn" data-testid="join-started">
          {info.gamePhase === "ended"
            ? "This race is over."
            : "This race has started: new players can't join, but you can watch. Players who joined with an account can come back in."}
        </p>
      )}
      {started && !withAccount ? null : withAccount && !account ? (
        <AccountForm
          title="Sign in to join"
          why="Sign in, or create an account in a minute: your place in the race stays yours on any device."
        />
      ) : (
        <form className="card stack" onSubmit={join} noValidate data-testid="join-form">
          <label className="sr-field" htmlFor="serpent-name">
            <span className="label">
              {withAccount ? "Name in the race (your account's name if empty)" : "Your name"}
            </span>
            <NameBox id="serpent-name" value={name} maxLength={NAME_MAX} onValue={setName} testId="join-name" />
          </label>
          {needsOrg && (
            <label className="sr-field" htmlFor="serpent-invite">
              <span className="label">Your organisation's invite code (ask the teacher)</span>
              <TextBox
                id="serpent-invite"
                className="sr-mono"
                value={invite}
                maxLength={20}
                autoCapitalize="characters"
                onValue={setInvite}
                testId="join-invite"
              />
            </label>
          )}
          {account && withAccount && (
            <p className="muted small">
              Joining as <strong>{account.displayName}</strong> ({account.email}).
            </p>
          )}
          <Problem testId="join-error">{problem}</Problem>
          <div className="row row--wrap">
            <Button type="submit" variant="primary" size="lg" disabled={busy} testId="join-submit">
              {busy ? "Joining…" : needsOrg ? "Join the organisation and the race" : "Join the race"}
            </Button>
          </div>
        </form>
      )}
      <div className="card stack">
        <h2>Just watching?</h2>
        <p className="muted">
          {withAccount
            ? "Follow the race without a place in it, signed in with an account that may join it. For the projector, open the link on the gamemaster's screen."
            : "Put the board up on a projector or a TV: no account, no place in the race."}
        </p>
        <div>
          <Button onClick={onWatch} testId="watch">
            Watch this race
          </Button>
        </div>
      </div>
    </div>
  );
}
