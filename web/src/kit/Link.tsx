import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "./navigation";

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A real anchor (middle-click and copy-link still work) that navigates in place. */
export function Link({ href, onClick, ...rest }: Props) {
  function handle(e: MouseEvent<HTMLAnchorElement>) {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  }
  return <a href={href} onClick={handle} {...rest} />;
}
