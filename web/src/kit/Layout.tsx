import type { ReactNode } from "react";
import { Link } from "./Link";
// The shared styles load with the frame, so every screen's own CSS comes after them and can refine them.
import "./base.css";
import "./kit.css";

/** Parlor's name and mark, a way home from every page. */
export const Brand = () => (
  <Link href="/" className="brand" aria-label="Parlor home">
    <span className="brand__mark" aria-hidden="true">
      ◆
    </span>
    Parlor
  </Link>
);

/** The page frame every screen shares: the brand bar, then the content column. */
export function Layout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="page">
      <header className="topbar">
        <Brand />
      </header>
      <main className={wide ? "content content--wide" : "content"}>{children}</main>
    </div>
  );
}
