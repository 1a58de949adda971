/** A tiny toast store (spec 1 §9: 4500 ms, 150 characters, bottom right, three types). */

export type ToastType = 'default' | 'success' | 'error';
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export const TOAST_DURATION_MS = 4500;
export const TOAST_MAX_CHARS = 150;

type Listener = (toasts: readonly Toast[]) => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l(toasts);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; the message is cut to 150 characters. Returns its id. */
export function showToast(
  message: string,
  type: ToastType = 'default',
  duration = TOAST_DURATION_MS,
): number {
  const id = nextId++;
  toasts = [...toasts, { id, type, message: message.slice(0, TOAST_MAX_CHARS) }];
  emit();
  if (duration > 0) setTimeout(() => dismissToast(id), duration);
  return id;
}

export const toast = {
  show: (message: string) => showToast(message, 'default'),
  success: (message: string) => showToast(message, 'success'),
  error: (message: string) => showToast(message, 'error'),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}
