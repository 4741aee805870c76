/** The navigation state in-site links pass to guarded pages (spec §2 "Route guard"). */
export interface InsideState {
  fromInside?: boolean;
  /** Where login sends the user back to (spec §4: checkout without login returns to the cart). */
  from?: string;
}

export function readInsideState(state: unknown): InsideState {
  return typeof state === 'object' && state !== null ? (state as InsideState) : {};
}
