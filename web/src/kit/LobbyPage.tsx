import type { ReactNode } from "react";
import { Layout } from "./Layout";
import { useTitle } from "./useTitle";

/** A game's own page: what the game is, in a line and a paragraph, then what it offers (set up a room, join one). */
export function LobbyPage({
  title,
  eyebrow,
  intro,
  className,
  children,
}: {
  title: string;
  eyebrow: string;
  intro: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  useTitle(title);
  return (
    <Layout>
      <section className={className ? `stack stack--loose ${className}` : "stack stack--loose"}>
        <div className="stack stack--tight">
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
        </div>
        {children}
      </section>
    </Layout>
  );
}
