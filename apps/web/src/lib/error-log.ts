import { useSyncExternalStore } from 'react';

/** docs/web.md "Error log entry": error, component, info, url. */
export interface ErrorLogEntry {
  error: { message: string; stack?: string };
  /** The component that failed (first entry of React's component stack), when known. */
  component?: string;
  /** Where the error was caught: React's component stack, or the source of a window error. */
  info?: string;
  url: string;
  /** Epoch milliseconds. */
  time: number;
}

/** A page that fails in a loop would otherwise grow the log without end: the oldest entries go. */
export const MAX_ERROR_LOG_ENTRIES = 50;

// A module-level store: errors come from outside React (window events) as well as from boundaries, and
// the log must outlive the components that failed.
let entries: readonly ErrorLogEntry[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly ErrorLogEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function describeError(error: unknown): ErrorLogEntry['error'] {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** `"\n    at Bomb (http://…)\n    at div"` → `Bomb`. */
export function firstComponent(componentStack: string | null | undefined): string | undefined {
  const line = componentStack?.split('\n').find((entry) => entry.trim() !== '');
  return line
    ?.trim()
    .replace(/^at\s+/, '')
    .split(/[\s@(]/)[0];
}

export function addErrorLog(error: unknown, details: { component?: string; info?: string } = {}): void {
  const entry: ErrorLogEntry = {
    error: describeError(error),
    ...details,
    url: window.location.href,
    time: Date.now(),
  };
  publish([...entries, entry].slice(-MAX_ERROR_LOG_ENTRIES));
}

export function clearErrorLog(): void {
  if (entries.length > 0) publish([]);
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  return entries;
}

export function subscribeErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entries, oldest first; re-renders when one is added or the log is cleared. */
export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(subscribeErrorLog, getErrorLog, getErrorLog);
}

/**
 * docs/web.md "Answer codes": unhandled errors are logged in production. In development the console and the dev
 * overlay already show them. Returns the function that removes the listeners.
 */
export function captureWindowErrors(target: EventTarget = window): () => void {
  if (!import.meta.env.PROD) return () => {};
  const onError = (event: Event) => {
    const { error, message, filename, lineno, colno } = event as ErrorEvent;
    const source = filename ? `${filename}:${lineno}:${colno}` : undefined;
    addErrorLog(error ?? message, { info: source ? `window.onerror ${source}` : 'window.onerror' });
  };
  const onRejection = (event: Event) => {
    addErrorLog((event as PromiseRejectionEvent).reason, { info: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
