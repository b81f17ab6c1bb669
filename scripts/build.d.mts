// Types for scripts/build.mjs, which the server's tests import.
export const repoRoot: string;
export const serverDist: string;
export const webDist: string;
export interface BuildTarget {
  stamp: string;
  inputs: string[];
  /** The bundle differs by NODE_ENV, so the mode is part of the stamp. */
  modeMatters?: boolean;
  build(stamp: string): void | Promise<void>;
}
export const targets: Record<string, BuildTarget>;
export function hashInputs(inputs: string[]): string;
export function ensureBuilt(
  name: string,
  options?: { force?: boolean; log?: (message: string) => void },
): Promise<boolean>;
