import { useCallback, useEffect, useRef, useState } from "react";

export interface ToastItem {
  id: number;
  message: string;
  code?: string;
}

const AUTO_DISMISS_MS = 7000;
const MAX_TOASTS = 3;

/** The notes with a new one: the newest three, a repeated one replacing its twin rather than piling up. */
export function pushToast(items: ToastItem[], item: ToastItem): ToastItem[] {
  return [...items.filter((t) => t.message !== item.message).slice(-(MAX_TOASTS - 1)), item];
}

/** Notes held by a page of its own (a room page keeps them in its state: room-state.ts). */
export function useToasts() {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);
  const toast = useCallback((message: string, code?: string) => {
    setItems((t) => pushToast(t, { id: ++next.current, message, ...(code ? { code } : {}) }));
  }, []);
  const dismiss = useCallback((id: number) => setItems((t) => t.filter((x) => x.id !== id)), []);
  return { items, toast, dismiss };
}

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
