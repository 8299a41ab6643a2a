/**
 * The shape every aggregate shares (Emmett style): a pure `decide(command, state)`
 * returns the events a command produces, a pure `evolve(state, event)` folds them.
 * Metadata (actor, workspace, correlation) is added by the command layer, not here.
 */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type;
  data: Data;
}

export type Decide<Command, State, Event extends DomainEvent> = (command: Command, state: State) => Event[];
export type Evolve<State, Event extends DomainEvent> = (state: State, event: Event) => State;

export function fold<State, Event extends DomainEvent>(
  evolve: Evolve<State, Event>,
  initial: State,
  events: readonly Event[],
): State {
  return events.reduce(evolve, initial);
}
