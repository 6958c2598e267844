/**
 * What the API client reports for the user to see, decoupled from the UI: the client emits,
 * the shell subscribes and shows toasts and the rate-limit modal.
 */
export type ApiNotice =
  /** A body code below 1000 (not a transport status): toast its translated text or `msg`. */
  | { kind: "code"; code: number; msg: string }
  /** A transport status (400, 401, 403, 404, 500, 502, 503, 422): toast the code and status text. */
  | { kind: "status"; status: number; statusText: string }
  /** 429: the "frequency too high" modal. */
  | { kind: "rateLimited" }
  /** 430 and 507: "too frequent, try again later". */
  | { kind: "tooFrequent" }
  /** A non-OK answer that is not an envelope and not a known status. */
  | { kind: "unexpected"; status: number };

export type ApiEvents = {
  notice: ApiNotice;
  /** A screen's own confirmation ("saved"), already translated. */
  success: string;
  /** The session ended (the refresh failed): the token has been cleared. */
  logout: undefined;
};

type Listener<T> = (payload: T) => void;

export type Emitter<Events extends Record<string, unknown>> = {
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
};

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as Listener<typeof payload>)(payload);
    },
  };
}
