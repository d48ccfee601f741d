/**
 * The message dialog's types, apart from the provider and the lazily loaded body so that neither
 * imports the other (no import cycle).
 */
import type { ReactNode } from 'react';

export type MessageDialogType = 'info' | 'warning' | 'error' | 'question';

export interface MessageDialogButton<V> {
  /** Text of the button; with `icon` it becomes the accessible name. */
  label?: string;
  icon?: ReactNode;
  value: V;
}

export interface MessageDialogOptions<V> {
  type: MessageDialogType;
  /** Untrusted HTML is fine: it is sanitised with DOMPurify. */
  html: string;
  /** Overrides the type's translated title. */
  title?: string;
  input?: { label: string; initial?: string };
  /** Defaults to one OK button with the value 'ok'. */
  buttons?: Array<MessageDialogButton<V>>;
}

export interface MessageDialogApi {
  open<V = 'ok'>(
    options: MessageDialogOptions<V> & { input: { label: string; initial?: string } },
  ): Promise<{ value: V; input: string } | null>;
  open<V = 'ok'>(options: MessageDialogOptions<V>): Promise<V | null>;
}

export interface Pending {
  id: number;
  options: MessageDialogOptions<unknown>;
  resolve: (result: unknown) => void;
}
