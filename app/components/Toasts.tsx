/**
 * Client-side toasts (JS only; server-rendered flash messages cover the no-JS case).
 * Each toast disappears after its duration (default 10 s, spec 1 §8).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as s from '~/styles/shell.css';

export interface Toast {
  id: string;
  text: string;
  type: 'info' | 'success' | 'error';
  durationMs?: number;
}

interface ToastApi {
  show(toast: Toast): void;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined, dismiss: () => undefined });

export function useToasts(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Toast) => {
      setToasts((list) => [...list.filter((t) => t.id !== toast.id), toast]);
      window.setTimeout(() => dismiss(toast.id), toast.durationMs ?? 10_000);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={s.toastRegion} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={s.toast} data-type={toast.type}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
