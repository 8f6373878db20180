import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "md" | "lg" | "xl";
  testId?: string;
}

export function Button({ variant = "secondary", size = "md", testId, className, type = "button", ...rest }: Props) {
  const cls = ["btn", `btn--${variant}`, `btn--${size}`, className].filter(Boolean).join(" ");
  return <button type={type} className={cls} data-testid={testId} {...rest} />;
}
