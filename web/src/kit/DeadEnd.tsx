import type { ReactNode } from "react";
import { Layout } from "./Layout";
import { Link } from "./Link";

/**
 * A page that leads nowhere (a code that is no code, a room nobody made or that closed):
 * says so in a sentence, and offers the way back.
 */
export function DeadEnd({
  title,
  children,
  href,
  back,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  href: string;
  back: string;
  testId: string;
}) {
  return (
    <section className="card stack" data-testid={testId}>
      <h1>{title}</h1>
      <p className="muted">{children}</p>
      <div>
        <Link href={href} className="btn btn--primary btn--md">
          {back}
        </Link>
      </div>
    </section>
  );
}

/** The page for a room link whose code cannot be one (a typo, a cut-off link). */
export function BadRoomCode({ href, back, game = false }: { href: string; back: string; game?: boolean }) {
  return (
    <Layout>
      <DeadEnd title={`That ${game ? "game" : "room"} code looks wrong`} href={href} back={back} testId="bad-room-code">
        {game ? "Codes are letters and digits, like K7QM2D." : "Codes are 3 to 32 letters or digits, like ABC234."}
      </DeadEnd>
    </Layout>
  );
}
