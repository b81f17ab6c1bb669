import type { Db } from '../db/client';

/**
 * Small in-process events between server modules (decision 039). A module that must tell another
 * one something, where calling it would make the lower module know the higher one, emits an event;
 * the module that owns the reaction listens. Listeners run in the order they were added, one after
 * another, and are awaited: an event emitted inside a transaction passes that transaction, and a
 * failing listener fails the emitter's transaction, exactly as the direct call did.
 *
 * Every event is listed here, with who emits it and who listens, so the flow reads in one place
 * (docs/architecture.md draws it).
 */
export interface DomainEvents {
  /** content (a terms version published) → identity (drops its cached current version). Process-wide. */
  'content.terms-published': Record<string, never>;
  /** surveys (closed before its sample was reached, in its transaction) → responses (judges speeders again). */
  'surveys.closed': { tx: Db; surveyId: string };
  /** responses (answers stored) → results (folds them into the maintained counts, in the background). */
  'responses.stored': { surveyId: string };
}

export type EventName = keyof DomainEvents;
type Listener<E extends EventName> = (payload: DomainEvents[E]) => void | Promise<void>;

export interface EventBus {
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
  emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void>;
}

export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Listener<EventName>[]>();
  return {
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener as Listener<EventName>);
      listeners.set(event, list);
      return () => {
        const at = list.indexOf(listener as Listener<EventName>);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) await listener(payload as DomainEvents[EventName]);
    },
  };
}

/**
 * Events about state the whole process shares (an in-process cache that is not any one app's):
 * listeners are added once, when their module loads. Events about one app's data go through that
 * app's bus (`app.events`, given to services as `deps.events`), so the many apps a test process
 * builds never hear each other.
 */
export const processEvents = createEventBus();
