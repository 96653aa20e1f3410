/**
 * The one error every bad input raises: what is wrong (`problem`), at which byte (`offset`, from the first byte of the
 * input given to the call), and what to do about it (`fix`).
 */
export class AmberError extends Error {
  /** The byte offset in the input where the problem was found. */
  readonly offset: number;
  /** What is wrong with the input. */
  readonly problem: string;
  /** What to do about it. */
  readonly fix: string;

  constructor(problem: string, offset: number, fix = "The data is damaged or not Amber data.") {
    super(`${problem} (at byte offset ${offset}). ${fix}`);
    this.name = "AmberError";
    this.problem = problem;
    this.offset = offset;
    this.fix = fix;
  }
}
