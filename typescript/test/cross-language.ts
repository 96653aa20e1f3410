/**
 * The tests that need the .NET side: the tool's dumps of every compat file (`AMBER_DOTNET_DUMPS`, a folder made by
 * `scripts/dotnet-dumps.sh`) and the interop cases (`AMBER_INTEROP_DIR`, set by `tests/interop/run.sh`). A plain
 * `npm test` skips them and says how to run them; inside the cross-language check (`AMBER_INTEROP_DIR` set, as
 * `run-tests.sh` runs `npm test`) nothing is skipped: dumps that are missing fail the run.
 */
export const dotnetDumps: string | undefined = process.env.AMBER_DOTNET_DUMPS;
export const interopDir: string | undefined = process.env.AMBER_INTEROP_DIR;

/** Whether this run is the cross-language check, where the .NET side must be there. */
export const crossLanguage = interopDir !== undefined;

/** How to run the tests a plain `npm test` skips. */
export const howToRun = "run `bash typescript/run-tests.sh` from the repository root (it builds the .NET side, makes the dumps and runs npm test inside the cross-language check)";

/** The skip reason of a test that needs the .NET dumps, or false when it runs (and fails without them). */
export function withoutDumps(): string | false {
  return dotnetDumps === undefined && !crossLanguage ? `needs the .NET dumps (AMBER_DOTNET_DUMPS): ${howToRun}` : false;
}
