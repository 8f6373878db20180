/**
 * Rules mutate a private copy of the state, so the caller's state is never touched,
 * whether the input is accepted or refused.
 */
export function draft<S>(state: S): S {
  return structuredClone(state);
}
