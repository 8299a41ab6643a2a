/**
 * The shape every aggregate shares (Emmett style): one `Decider` per aggregate, with a pure
 * `decide(command, state)` that returns the events a command produces and a pure
 * `evolve(state, event)` that folds them from `initialState`. Metadata (actor, workspace,
 * correlation) is added by the command layer, not here.
 */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/**
 * A command that is refused but still leaves a trace: a wrong one-time code must spend an
 * attempt (recorded) and still fail. The events are appended, then `error` is reported.
 */
export interface Rejection<Event extends DomainEvent> {
  events: Event[];
  error: Error;
}

export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[] | Rejection<Event>;
  evolve(state: State, event: Event): State;
  initialState: State;
}

export function fold<State, Event extends DomainEvent>(
  evolve: (state: State, event: Event) => State,
  initial: State,
  events: readonly Event[],
): State {
  return events.reduce(evolve, initial);
}
