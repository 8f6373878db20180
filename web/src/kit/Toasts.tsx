import { useEffect } from "react";

export interface ToastItem {
  id: number;
  message: string;
  code?: string;
}

const AUTO_DISMISS_MS = 7000;

/** Error notes in a corner; each can be closed, and goes away by itself after a while. */
export function Toasts({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts" aria-live="assertive">
      {items.map((t) => (
        <ToastView key={t.id} item={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastView({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const id = window.setTimeout(() => onDismiss(item.id), AUTO_DISMISS_MS);
    return () => window.clearTimeout(id);
  }, [item.id, onDismiss]);
  return (
    <div className="toast" role="alert" data-testid="toast" data-code={item.code}>
      <span className="toast__text">{item.message}</span>
      <button type="button" className="toast__close" onClick={() => onDismiss(item.id)} aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}
